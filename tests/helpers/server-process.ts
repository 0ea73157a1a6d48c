import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const nodeBin = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));

export interface ServerRun {
  /** set once the server logs that it listens */
  url: Promise<string>;
  /** everything printed so far, stdout and stderr */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code */
  stop(): Promise<number | null>;
}

/** Starts `node src/server/index.ts` with exactly the given environment (nothing inherited but PATH and HOME). */
export function runServer(env: Record<string, string>, timeoutMs = 60_000): ServerRun {
  const proc = spawn(nodeBin, ['src/server/index.ts'], {
    cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => { proc.kill('SIGKILL'); reject(new Error(`the server did not listen in time:\n${out}`)); }, timeoutMs);
    const onData = (chunk: string) => {
      out += chunk;
      const listening = /"msg":"listening","url":"(http:\/\/[^"]+)"/.exec(out);
      if (listening) { clearTimeout(timer); resolve(listening[1]); }
    };
    proc.stdout.setEncoding('utf8').on('data', onData);
    proc.stderr.setEncoding('utf8').on('data', onData);
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}) before listening:\n${out}`)); });
  });
  url.catch(() => undefined);
  return {
    url, exited, output: () => out,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      return exited;
    },
  };
}
