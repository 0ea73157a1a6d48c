/**
 * node bench/demo-visible.ts — saved record → its public box score, standings and player page on
 * the demo association (median of --runs, default 5): a real server (`src/server/start.mjs`) on a
 * fresh data folder seeded with the demo, after its first build. `--root DIR` runs another
 * checkout's server (to compare with an earlier version on the same machine). `--npm` starts it
 * the way an operator does, with `npm start` (npm's own process is then counted in the group);
 * `--serve N` serves N pages of the site after the saves, found by following its links, before
 * the memory is read.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import { projectRoot } from '../src/server/publish/run-astro-build.ts';
import { scheduledGames } from './lib/game-record.ts';
import {
  SERVER_NODE_FLAGS,
  serverEntry,
  freePort,
  groupPss,
  descendants,
  groupRss,
  pssOf,
  rssOf,
  sleep,
  waitForHttp,
  waitQuiet,
} from './lib/proc.ts';
import { saveToVisible } from './lib/save-visible.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    root: { type: 'string', default: projectRoot },
    npm: { type: 'boolean', default: false },
    serve: { type: 'string', default: '0' },
  },
});
const SERVE = Math.max(0, Number(args.serve) || 0);
const RUNS = Math.max(1, Math.min(20, Number(args.runs)));
const root = resolve(args.root);
const ADMIN = { email: 'bench-admin@sbsa.kr', password: 'bench-password-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-demo-visible-'));
const logFile = join(dataDir, 'server.log');
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const out = createWriteStream(logFile);
const [command, commandArgs] = args.npm
  ? ['npm', ['start', '--silent']]
  : [process.execPath, [...SERVER_NODE_FLAGS, serverEntry(root)]];
const server = spawn(command, commandArgs, {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    BACKUP_INTERVAL_HOURS: '0',
    LOG_LEVEL: 'info',
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  // its own process group, stopped whole at the end: npm does not stop the server it started
  detached: args.npm,
});
server.stdout!.pipe(out);
server.stderr!.pipe(out);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  await waitForHttp(`${origin}/api/health`, (res) => res.ok, 5 * 60_000);
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  // the first build: every page
  for (;;) {
    const res = await fetch(`${origin}/api/publish/status?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await res.json()) as {
      data: { running: boolean; lastSuccess: unknown | null };
    };
    if (!data.running && data.lastSuccess) break;
    await sleep(1000);
  }
  await sleep(2000);
  const sqlite = new DatabaseSync(join(dataDir, 'sbsa.sqlite'), { readOnly: true });
  const games = scheduledGames(sqlite, RUNS);
  const visible: number[] = [];
  for (const game of games) {
    const r = await saveToVisible(origin, token, sqlite, game, 2 * 60_000);
    if (r.error) throw new Error(`game ${game.gameId}: ${r.error}`);
    visible.push(Math.max(...r.pages));
    process.stdout.write(
      `game ${game.gameId}: visible after ${secs(Math.max(...r.pages))} (box ${secs(r.pages[0])}, standings ${secs(r.pages[1])}, player ${secs(r.pages[2])}); load ${loadavg()[0].toFixed(1)}\n`,
    );
    await sleep(1500); // the publish after the next save starts from a quiet publisher
  }
  sqlite.close();
  if (SERVE > 0) {
    const served = await servePages(origin, SERVE);
    process.stdout.write(`served ${served} pages\n`);
  }
  const rss = rssOf(server.pid!);
  // the renderer processes are the server's children: the server's process group
  const group = groupRss(server.pid!);
  const afterServing = groupPss(server.pid!);
  process.stdout.write(`after serving: ${eachProcess(server.pid!)}\n`);
  // a renderer gives the memory V8 keeps for reuse back after 5 s without a job (docs/decisions/115)
  await waitQuiet(server.pid!);
  await sleep(11_000);
  const [quietRss, quietGroup, quietOnce] = [
    rssOf(server.pid!),
    groupRss(server.pid!),
    groupPss(server.pid!),
  ];
  const mbOf = (bytes: number) => Math.round(bytes / 1048576);
  process.stdout.write(`quiet: ${eachProcess(server.pid!)}\n`);
  process.stdout.write(
    `save → visible on the demo, median of ${visible.length}: ${secs(median(visible))} (min ${secs(Math.min(...visible))}, max ${secs(Math.max(...visible))}); server RSS ${mbOf(rss)} MB, with its renderers ${mbOf(group)} MB; quiet 11 s later ${mbOf(quietRss)} MB, with its renderers ${mbOf(quietGroup)} MB (each shared page counted once: ${mbOf(quietOnce)} MB); load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}\n`,
  );
  const field = (line: string, name: string) => new RegExp(`"${name}":(\\d+)`).exec(line)?.[1];
  const published = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes('site published'))
    .slice(-RUNS)
    .map(
      (l) =>
        `${field(l, 'rendered')} pages, render ${field(l, 'renderMs')} ms (pick ${field(l, 'pickMs')}, assemble ${field(l, 'assembleMs')}, write ${field(l, 'writeMs')}, tree ${field(l, 'treeMs')}, switch ${field(l, 'switchMs')}), first pages live after ${field(l, 'firstLiveMs')} ms, all after ${field(l, 'visibleMs')} ms`,
    );
  process.stdout.write(`each publish: ${published.join('; ')}\n`);
  if (args.npm || SERVE > 0)
    process.stdout.write(
      `group of ${args.npm ? 'npm start' : 'the server'} after ${SERVE} pages, each shared page counted once: ${mbOf(afterServing)} MB\n`,
    );
} catch (err) {
  process.stdout.write(
    `${(err as Error).message}\n${readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => !l.includes('"msg":"request"'))
      .join('\n')
      .slice(-3000)}\n`,
  );
  process.exitCode = 1;
} finally {
  const exited = new Promise((r) => server.once('exit', r));
  if (args.npm) process.kill(-server.pid!, 'SIGTERM');
  else server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

/** Serves `count` pages of the public site as visitors would: from /sbsa, following its links. */
async function servePages(base: string, count: number): Promise<number> {
  const seen = new Set<string>(['/sbsa']);
  const queue = ['/sbsa'];
  let served = 0;
  while (served < count && queue.length > 0) {
    const path = queue.shift()!;
    const res = await fetch(base + path);
    served++;
    if (!(res.headers.get('content-type') ?? '').includes('text/html')) {
      await res.arrayBuffer();
      continue;
    }
    for (const [, href] of (await res.text()).matchAll(/href="(\/sbsa[^"#?]*)"/g)) {
      if (seen.has(href)) continue;
      seen.add(href);
      queue.push(href);
    }
  }
  return served;
}

/** Each process of the group: what it runs, its resident size and its share counted once. */
function eachProcess(pid: number): string {
  return [pid, ...descendants(pid)]
    .map((p) => {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      const what = cmd.find((a) => /\.(ts|mjs|js)$/.test(a) || a === 'start') ?? cmd[0];
      return `${p} ${what.split('/').slice(-2).join('/')} RSS ${Math.round(rssOf(p) / 1048576)} PSS ${Math.round(pssOf(p) / 1048576)} MB`;
    })
    .join('; ');
}
