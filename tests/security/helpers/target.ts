import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ChildServer } from '../../ops/helpers/child-server.ts';
import { adminLogin, startServer } from '../../ops/helpers/child-server.ts';
import { call, login } from '../../ops/helpers/http.ts';

export { adminLogin, call, login };

/** The real server as a child process on the demo data, with a way to look into its database. */
export interface Target {
  url: string;
  server: ChildServer;
  dataDir: string;
  /** Runs a read-only query against the server's database file (a separate connection). */
  query<T = Record<string, unknown>>(sql: string, ...params: (string | number | null)[]): T[];
  /** Stops the server process (SIGTERM) and starts it again on the same data folder; `url` changes. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTarget(env: NodeJS.ProcessEnv = {}): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-security-'));
  const server = await startServer(dataDir, { LOG_LEVEL: 'info', ...env });
  const target: Target = {
    url: server.url,
    server,
    dataDir,
    query<T>(sql: string, ...params: (string | number | null)[]) {
      const db = new DatabaseSync(join(dataDir, 'sbsa.sqlite'), { readOnly: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    async restart() {
      await target.server.stop();
      target.server = await startServer(dataDir, { LOG_LEVEL: 'info', ...env });
      target.url = target.server.url;
    },
    async stop() {
      await target.server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return target;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  ms: number;
}

/**
 * One HTTP/1.1 request written by hand on its own socket, as an attacker would: a body of chunks
 * goes chunked (no Content-Length) unless `contentLength` is set. Whatever the server answered
 * counts, even when it answered before the whole body was sent and then closed the connection.
 */
export function rawRequest(
  url: string,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer | Buffer[];
    contentLength?: number;
  },
): Promise<RawAnswer> {
  const started = performance.now();
  const { hostname, port } = new URL(url);
  // sent in pieces of at most 64 KB, reading between them: an early answer is seen at once
  const chunks = (options.body === undefined ? [] : [options.body].flat()).flatMap((c) => {
    const b = Buffer.from(c);
    const out: Buffer[] = [];
    for (let i = 0; i < b.length; i += 64 * 1024) out.push(b.subarray(i, i + 64 * 1024));
    return out;
  });
  const chunked = options.body !== undefined && options.contentLength === undefined;
  const head = [
    `${options.method} ${options.path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    ...Object.entries(options.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ...(options.contentLength !== undefined ? [`Content-Length: ${options.contentLength}`] : []),
    ...(chunked ? ['Transfer-Encoding: chunked'] : []),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    let closed = false;
    socket.on('data', (d) => received.push(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      const raw = Buffer.concat(received).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      if (!status) return reject(new Error(`no answer: ${raw.slice(0, 200)}`));
      const headers: Record<string, string> = {};
      for (const line of raw.slice(0, split).split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = raw.slice(split + 4);
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
        let out = '';
        let rest = Buffer.from(body);
        for (;;) {
          const nl = rest.indexOf('\r\n');
          const size = Number.parseInt(rest.subarray(0, nl).toString(), 16);
          if (!size) break;
          out += rest.subarray(nl + 2, nl + 2 + size).toString('utf8');
          rest = rest.subarray(nl + 2 + size + 2);
        }
        body = out;
      }
      resolve({ status, headers, text: body, ms: performance.now() - started });
    });
    socket.on('connect', async () => {
      socket.write(`${head}\r\n\r\n`);
      // with a declared length, a server may answer from the headers alone (as with curl's
      // Expect: 100-continue): wait a moment for that before sending the body
      if (options.contentLength !== undefined)
        for (let i = 0; i < 30 && received.length === 0 && !closed; i++)
          await new Promise((r) => setTimeout(r, 10));
      for (const chunk of chunks) {
        if (closed || socket.destroyed || received.length > 0) break;
        const frame = chunked
          ? Buffer.concat([
              Buffer.from(`${chunk.length.toString(16)}\r\n`),
              chunk,
              Buffer.from('\r\n'),
            ])
          : chunk;
        if (!socket.write(frame))
          await new Promise((r) => socket.once('drain', r).once('close', r));
        else await new Promise((r) => setTimeout(r, 1));
      }
      if (chunked && !closed && !socket.destroyed && received.length === 0)
        socket.write('0\r\n\r\n');
    });
  });
}

/**
 * Runs `attack` while another client asks for /api/health back to back on its own connection; the
 * slowest of those answers tells whether the attack held up everyone else.
 */
export async function whileWatchingHealth<T>(
  url: string,
  attack: () => Promise<T>,
): Promise<{ result: T; worstHealthMs: number; healthChecks: number }> {
  let running = true;
  let worst = 0;
  let checks = 0;
  const watcher = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      // the first answer opens the connection; what counts is the answers during the attack
      if (checks > 0) worst = Math.max(worst, ms);
      checks++;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  while (checks < 2) await new Promise((r) => setTimeout(r, 10));
  try {
    const result = await attack();
    // and it goes on a little after the answer, for work the server left running
    await new Promise((r) => setTimeout(r, 200));
    return { result, worstHealthMs: worst, healthChecks: checks - 1 };
  } finally {
    running = false;
    await watcher;
  }
}

/**
 * The attack (which must be repeatable) under watch, up to `tries` times until no health answer
 * took longer than the budget. The test machine is shared with other work, so one slow answer can
 * be noise; a stall the attack causes shows in every try.
 */
export async function withoutStall<T>(
  url: string,
  budgetMs: number,
  attack: () => Promise<T>,
  tries = 10,
): Promise<{ result: T; worstHealthMs: number; healthChecks: number; tries: number }> {
  let last: Awaited<ReturnType<typeof whileWatchingHealth<T>>> | undefined;
  for (let i = 1; i <= tries; i++) {
    last = await whileWatchingHealth(url, attack);
    if (last.worstHealthMs < budgetMs) return { ...last, tries: i };
  }
  return { ...last!, tries };
}

/** `[[[[…]]]]` of the given depth: JSON that is costly to parse and small to send. */
export function deepJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}
