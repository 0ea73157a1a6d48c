import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChildServer, SERVER_ENTRY, nodeBin, startServer } from './helpers/child-server.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function started(extra: NodeJS.ProcessEnv, envFile?: string): Promise<ChildServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-arenas-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const flags = ['--max-semi-space-size=8'];
  if (envFile !== undefined) {
    const file = join(dataDir, '.env');
    writeFileSync(file, envFile);
    flags.push(`--env-file=${file}`);
  }
  const server = await startServer(dataDir, extra, 120_000, flags);
  cleanups.unshift(() => server.stop());
  return server;
}

/** The environment and command line a running process has now (Linux's /proc). */
function processOf(pid: number): { env: Map<string, string>; argv: string[] } {
  const list = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0');
  const env = new Map<string, string>();
  for (const pair of list('environ')) {
    const at = pair.indexOf('=');
    if (at > 0) env.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return { env, argv: list('cmdline').slice(0, -1) };
}

describe("the server's malloc arenas (start.mjs, docs/decisions/133)", () => {
  it('a server started without MALLOC_ARENA_MAX runs with two, in the same process and with the same flags', async () => {
    const server = await started({});
    const running = processOf(server.proc.pid!);
    expect(running.env.get('MALLOC_ARENA_MAX')).toBe('2');
    expect(running.argv).toEqual([nodeBin, '--max-semi-space-size=8', SERVER_ENTRY]);
    // and it serves: the pid a process manager was given is the server's
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it("an operator's own MALLOC_ARENA_MAX is kept", async () => {
    const server = await started({ MALLOC_ARENA_MAX: '4' });
    expect(processOf(server.proc.pid!).env.get('MALLOC_ARENA_MAX')).toBe('4');
  });

  it('a MALLOC_ARENA_MAX from the .env file reaches glibc: the process starts again with it', async () => {
    const server = await started({}, 'MALLOC_ARENA_MAX=4\n');
    // node reads the file after glibc has started: only the process that replaced it has the value
    expect(processOf(server.proc.pid!).env.get('MALLOC_ARENA_MAX')).toBe('4');
  });
});
