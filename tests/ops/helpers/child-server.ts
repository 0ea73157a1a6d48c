import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const nodeBin = join(root, 'node_modules/.bin/node');
export const adminLogin = { email: 'admin@sbsa.kr', password: 'admin-password-1' };

/** Environment of a test server: its own data folder, a random port, no site build, the demo seed; `extra` may unset a key with undefined. */
export function serverEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    BUILD_SITE: '0',
    SEED_DEMO: '1',
    ADMIN_EMAIL: adminLogin.email,
    ADMIN_PASSWORD: adminLogin.password,
    JWT_SECRET: 'ops-test-secret-'.padEnd(48, 'x'),
    LOG_LEVEL: 'info',
    BACKUP_INTERVAL_HOURS: '0',
    ...extra,
  };
}

export interface ChildServer {
  url: string;
  proc: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait until the process is gone. */
  kill(): Promise<void>;
}

/** What `npm start` runs. */
export const SERVER_ENTRY = 'src/server/start.mjs';

/** Starts `node src/server/start.mjs` (with `nodeArgs` before it) and resolves once it listens. */
export function startServer(
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
  timeoutMs = 120_000,
  nodeArgs: string[] = [],
): Promise<ChildServer> {
  const proc = spawn(nodeBin, [...nodeArgs, SERVER_ENTRY], {
    cwd: root,
    env: serverEnv(dataDir, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: string) => {
      out += chunk;
      const m = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"listening"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          proc,
          exited,
          output: () => out,
          async stop() {
            if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
            await exited;
          },
          async kill() {
            if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
            await exited;
          },
        });
      }
    };
    proc.stdout!.setEncoding('utf8').on('data', onData);
    proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
}

/** Runs a command of the project (a script, or the server expected to refuse) to its end. */
export function runToExit(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(nodeBin, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    // decoded as UTF-8 streams: a Korean character split across two chunks stays whole
    proc.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
    });
    proc.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not finish:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
