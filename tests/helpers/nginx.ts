/**
 * Debian's nginx with a config of ours, as a throw-away: its prefix (pid, logs, temporary files)
 * in a folder of the caller, in the foreground and in a process group of its own, so that stop()
 * ends exactly the master and workers it started.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RunningNginx {
  port: number;
  pid: number;
  /** the error log's last lines */
  errors(): string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** nginx on the PATH or where Debian puts it; null when it is not installed. */
export function nginxBinary(): string | null {
  const dirs = (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin', '/sbin']);
  for (const dir of dirs) if (dir && existsSync(`${dir}/nginx`)) return `${dir}/nginx`;
  return null;
}

/** Starts nginx with `conf` (a whole nginx.conf) in `dir`, and waits until `port` answers. */
export async function startNginx(o: {
  conf: string;
  dir: string;
  port: number;
  nginx?: string;
}): Promise<RunningNginx> {
  const nginx = o.nginx ?? nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx)');
  mkdirSync(o.dir, { recursive: true });
  const confFile = join(o.dir, 'nginx.conf');
  const errorLog = join(o.dir, 'error.log');
  writeFileSync(confFile, o.conf);
  const child = spawn(nginx, ['-p', o.dir, '-c', confFile, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const errors = () =>
    existsSync(errorLog)
      ? readFileSync(errorLog, 'utf8').trim().split('\n').slice(-5).join('\n')
      : '';
  const pid = child.pid!;
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      /* gone already */
    }
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) throw new Error(`nginx did not start: ${stderr.trim()}\n${errors()}`);
    const res = await fetch(`http://127.0.0.1:${o.port}/`, {
      method: 'HEAD',
      signal: AbortSignal.timeout(1000),
    }).catch(() => null);
    if (res) break;
    if (Date.now() > deadline) {
      group('SIGKILL');
      throw new Error(`nginx did not answer within 10 s\n${errors()}`);
    }
    await sleep(100);
  }
  return {
    port: o.port,
    pid,
    errors,
    async stop() {
      if (exited) return;
      // a graceful end first: the workers finish what they answer
      group('SIGQUIT');
      await Promise.race([gone, sleep(5000)]);
      group('SIGKILL');
    },
  };
}
