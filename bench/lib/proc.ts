/** Process helpers of the bench: peak memory from /proc, child processes, free ports, waiting for HTTP. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Node's flags for the server, as `npm start` and the systemd unit of docs/deploy.md give them: a
 * young generation of 8 MB semi-spaces (docs/decisions/111).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/**
 * The server's start in a checkout, as `npm start` runs it: start.mjs (its TypeScript stripped
 * ahead, docs/decisions/118), or index.ts in a checkout from before it.
 */
export function serverEntry(root: string): string {
  return existsSync(join(root, 'src/server/start.mjs'))
    ? 'src/server/start.mjs'
    : 'src/server/index.ts';
}

/** A "Name:  N kB" field of a /proc file of a live process, in bytes; null when it is gone. */
function procBytes(pid: number, file: 'status' | 'smaps_rollup', field: string): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(
      readFileSync(`/proc/${pid}/${file}`, 'utf8'),
    );
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null; // gone
  }
}

/** Peak resident set size (VmHWM) of a live process in bytes, or null when it is gone. */
export const peakRss = (pid: number): number | null => procBytes(pid, 'status', 'VmHWM');

/** Resident set size (VmRSS) of a live process in bytes, 0 when it is gone. */
export const rssOf = (pid: number): number => procBytes(pid, 'status', 'VmRSS') ?? 0;

/**
 * Proportional set size (Pss of smaps_rollup) of a live process in bytes, 0 when it is gone: its
 * own pages, and each page it shares with others divided by their number. Summed over processes
 * that share pages (the server and its renderers map the same node binary, about 55 MB resident
 * in each), it counts each page once, where summed resident sizes count it in every process.
 */
export const pssOf = (pid: number): number => procBytes(pid, 'smaps_rollup', 'Pss') ?? 0;

/** A process and all its descendants together, by `size` (rssOf or pssOf), in bytes. */
const groupOf = (pid: number, size: (pid: number) => number) =>
  [pid, ...descendants(pid)].reduce((sum, p) => sum + size(p), 0);

/** Resident set size (VmRSS) now of a process and all its descendants together, in bytes. */
export const groupRss = (pid: number): number => groupOf(pid, rssOf);

/** The memory a process and all its descendants take together (summed Pss), in bytes. */
export const groupPss = (pid: number): number => groupOf(pid, pssOf);

export function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(entry), ppid);
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const frontier = [pid];
  while (frontier.length > 0) {
    const p = frontier.pop()!;
    for (const [child, pp] of parent)
      if (pp === p) {
        out.push(child);
        frontier.push(child);
      }
  }
  return out;
}

/**
 * Watches the descendants of a process while they run and keeps each one's peak RSS; `stop()`
 * returns the largest single peak (a build is one Node process; its threads share it).
 */
export function watchChildrenPeak(rootPid: number, intervalMs = 100) {
  const peaks = new Map<number, number>();
  const sample = () => {
    for (const pid of descendants(rootPid)) {
      const rss = peakRss(pid);
      if (rss !== null && rss > (peaks.get(pid) ?? 0)) peaks.set(pid, rss);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop(): { maxBytes: number; processes: number } {
      clearInterval(timer);
      sample();
      return { maxBytes: Math.max(0, ...peaks.values()), processes: peaks.size };
    },
  };
}

export { freePort } from '../../tests/helpers/free-port.ts';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls a URL until the check accepts the response or the time is up. */
export async function waitForHttp(
  url: string,
  accept: (res: Response) => boolean | Promise<boolean>,
  timeoutMs: number,
  isAlive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`process behind ${url} exited`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (await accept(res)) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(200);
  }
  throw new Error(`${url} not ready after ${Math.round(timeoutMs / 1000)} s (${last})`);
}

export const mb = (bytes: number | null) =>
  bytes === null ? 'n/a' : `${Math.round(bytes / 1048576)} MB`;

/** CPU seconds (user + system) a process has used so far, or null when it is gone. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11] and [12] are utime and stime (fields 14 and 15 of proc(5)), in clock ticks
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until a process and its children use under `share` of one core over a second: after a
 * publish the server still deletes old builds and collects the old one's memory, which must not
 * fall into a load run. Gives up after `timeoutMs`; returns how long it waited.
 */
export async function waitQuiet(pid: number, share = 0.05, timeoutMs = 30_000): Promise<number> {
  const start = Date.now();
  const total = () => [pid, ...descendants(pid)].reduce((sum, p) => sum + (cpuSeconds(p) ?? 0), 0);
  let before = total();
  while (Date.now() - start < timeoutMs) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = total();
    if (now - before < share) break;
    before = now;
  }
  return Date.now() - start;
}
