/**
 * Debian's wrk and nginx for the bench: found on the PATH, or installed with apt-get when missing
 * (root only; the bench says so and carries on without them when that fails).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

export interface Tools {
  wrk: string | null;
  nginx: string | null;
  /** nginx's brotli_static module (.so), when installed */
  brotliModule: string | null;
  notes: string[];
}

const BROTLI_SO = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function which(name: string): string | null {
  for (const dir of (process.env.PATH ?? '')
    .split(':')
    .concat(['/usr/sbin', '/usr/bin', '/sbin'])) {
    if (dir && existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  }
  return null;
}

function apt(args: string[], log: (line: string) => void): boolean {
  const res = spawnSync('apt-get', args, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (res.status !== 0)
    log(
      `    apt-get ${args.join(' ')} failed: ${(res.stderr || res.error?.message || '').trim().split('\n').slice(-2).join(' / ')}`,
    );
  return res.status === 0;
}

/** Finds wrk, nginx and the brotli module; installs the missing ones with apt-get when allowed. */
export function ensureTools(install: boolean, log: (line: string) => void): Tools {
  const notes: string[] = [];
  const wanted: [pkg: string, present: () => boolean][] = [
    ['wrk', () => which('wrk') !== null],
    ['nginx', () => which('nginx') !== null],
    ['libnginx-mod-http-brotli-static', () => existsSync(BROTLI_SO)],
  ];
  const missing = wanted.filter(([, present]) => !present()).map(([pkg]) => pkg);
  const canApt = install && process.getuid?.() === 0 && which('apt-get') !== null;
  if (missing.length > 0 && !canApt) {
    notes.push(
      `not installed: ${missing.join(', ')} (${install ? 'apt-get needs root' : '--no-install'})`,
    );
  } else if (missing.length > 0) {
    log(`  installing Debian packages with apt-get: ${missing.join(' ')}`);
    // Debian starts services on install; a policy-rc.d that says 101 keeps a system nginx from starting on :80.
    const policy = '/usr/sbin/policy-rc.d';
    const madePolicy = !existsSync(policy);
    if (madePolicy)
      writeFileSync(
        policy,
        '#!/bin/sh\n# temporary, written by bench/run.ts while it installs packages\nexit 101\n',
        { mode: 0o755 },
      );
    try {
      let updated = false;
      for (const pkg of missing) {
        let ok = apt(['install', '-y', '--no-install-recommends', pkg], () => undefined);
        if (!ok && !updated) {
          updated = true;
          apt(['update'], log);
          ok = apt(['install', '-y', '--no-install-recommends', pkg], log);
        }
        if (!ok) notes.push(`apt-get could not install ${pkg}`);
      }
    } finally {
      if (madePolicy) rmSync(policy, { force: true });
    }
  }
  const tools: Tools = {
    wrk: which('wrk'),
    nginx: which('nginx'),
    brotliModule: existsSync(BROTLI_SO) ? BROTLI_SO : null,
    notes,
  };
  if (!tools.wrk) notes.push('wrk missing: load runs use the node:http load generator');
  if (!tools.nginx) notes.push('nginx missing: no nginx comparison');
  else if (!tools.brotliModule)
    notes.push(
      'nginx without brotli_static: nginx sends the pages uncompressed where ours sends .br',
    );
  return tools;
}
