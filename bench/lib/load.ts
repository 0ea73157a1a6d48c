/**
 * Bounded HTTP load runs: wrk (Debian's) when present, else a small keep-alive load generator on
 * node:http. Both give requests/s and latency percentiles; the same tool serves every target of a run.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoadSpec {
  /** http://127.0.0.1:port */
  origin: string;
  /** paths requested in turn (one path for a fixed URL) */
  paths: readonly string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  tool: 'wrk' | 'node';
  requests: number;
  rps: number;
  p50Ms: number | null;
  p99Ms: number | null;
  /** non-2xx/3xx answers plus socket errors */
  errors: number;
}

export interface LoadTool {
  name: 'wrk' | 'node';
  run(spec: LoadSpec): Promise<LoadResult>;
}

/** wrk with one thread (the second core is left to the server under test), a Lua script rotating the paths. */
export function wrkTool(wrkPath: string, tmpDir: string): LoadTool {
  let scripts = 0;
  return {
    name: 'wrk',
    async run(spec) {
      const script = join(tmpDir, `paths-${++scripts}.lua`);
      writeFileSync(
        script,
        [
          'local paths = {',
          ...spec.paths.map((p) => `  ${JSON.stringify(p)},`),
          '}',
          'local i = 0',
          'request = function()',
          '  i = i + 1',
          '  return wrk.format("GET", paths[(i % #paths) + 1])',
          'end',
          '',
        ].join('\n'),
      );
      const args = [
        '-t1',
        `-c${spec.connections}`,
        `-d${spec.seconds}s`,
        '--latency',
        '--timeout',
        '5s',
        '-s',
        script,
      ];
      for (const [k, v] of Object.entries(spec.headers ?? {})) args.push('-H', `${k}: ${v}`);
      args.push(spec.origin + spec.paths[0]);
      const out = await new Promise<string>((resolve, reject) => {
        const child = spawn(wrkPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (c: Buffer) => {
          text += c.toString();
        });
        child.stderr.on('data', (c: Buffer) => {
          text += c.toString();
        });
        const killer = setTimeout(() => child.kill('SIGKILL'), (spec.seconds + 30) * 1000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(killer);
          if (code === 0) resolve(text);
          else reject(new Error(`wrk exited with ${code}: ${text.slice(-500)}`));
        });
      });
      return parseWrk(out);
    },
  };
}

const unitMs: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Reads requests/s, the 50th and 99th latency percentiles and the errors from wrk --latency output. */
export function parseWrk(out: string): LoadResult {
  const pct = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    return m ? Number(m[1]) * unitMs[m[2]] : null;
  };
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = sock ? sock.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk output:\n${out}`);
  return {
    tool: 'wrk',
    requests,
    rps,
    p50Ms: pct('50'),
    p99Ms: pct('99'),
    errors: non2xx + socketErrors,
  };
}

/** The fallback: `connections` keep-alive loops on node:http for the given time, latencies kept in memory. */
export function nodeTool(): LoadTool {
  return {
    name: 'node',
    async run(spec) {
      const url = new URL(spec.origin);
      const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
      const latencies: number[] = [];
      let errors = 0;
      let next = 0;
      const started = performance.now();
      const end = started + spec.seconds * 1000;
      const once = (path: string) =>
        new Promise<void>((resolve) => {
          const req = request(
            {
              host: url.hostname,
              port: url.port,
              path,
              agent,
              headers: spec.headers,
              timeout: 5000,
            },
            (res) => {
              if ((res.statusCode ?? 500) >= 400) errors++;
              res.resume();
              res.on('end', resolve);
              res.on('error', () => {
                errors++;
                resolve();
              });
            },
          );
          req.on('timeout', () => req.destroy(new Error('timeout')));
          req.on('error', () => {
            errors++;
            resolve();
          });
          req.end();
        });
      const loop = async () => {
        while (performance.now() < end) {
          const path = spec.paths[next++ % spec.paths.length];
          const t = performance.now();
          await once(path);
          latencies.push(performance.now() - t);
        }
      };
      await Promise.all(Array.from({ length: spec.connections }, loop));
      const elapsed = (performance.now() - started) / 1000;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        latencies.length
          ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
          : null;
      return {
        tool: 'node',
        requests: latencies.length,
        rps: latencies.length / elapsed,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        errors,
      };
    },
  };
}
