import type { IncomingMessage, ServerResponse } from 'node:http';
import { logger } from '../logger.ts';

/** The full collection of node's `--expose-gc` that also empties V8's page pool. */
type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export interface IdleMemoryRelease {
  /** the server's request listener, counting the requests: a server that had one is not quiet */
  counting(
    listener: (req: IncomingMessage, res: ServerResponse) => void,
  ): (req: IncomingMessage, res: ServerResponse) => void;
  /** gives memory back now; what the process held before and after, or null without `--expose-gc` */
  release(): { beforeBytes: number; afterBytes: number; ms: number } | null;
  stop(): void;
}

/**
 * Gives the memory the server's JavaScript no longer uses back to the system once it is quiet.
 *
 * V8 13.6 (Node 24) keeps the pages its collector has freed in a pool, resident, for its own
 * reuse; only a last-resort collection empties it. So after a burst — a publish, a crawler
 * reading every page — the server's resident memory stayed at its peak for good: on the bench
 * association, 826 pages of 256 KB (206 MB) while its heap held 71 MB. That collection blocks the
 * thread for about 120 ms there, so it runs only when the process has grown by `growthBytes`
 * since the last one and no request came in since the check before (`checkMs`), and not while
 * `busy` (a publish running). It needs node's `--expose-gc` (`npm start`, the systemd unit of docs/deploy.md); a
 * server started without it keeps its memory as before.
 */
export function startIdleMemoryRelease({
  checkMs = 5_000,
  growthBytes = 32 * 1024 * 1024,
  busy = () => false,
}: {
  checkMs?: number;
  growthBytes?: number;
  busy?: () => boolean;
} = {}): IdleMemoryRelease {
  const collect = (globalThis as { gc?: Collect }).gc;
  // counted, not timed: a request costs an increment
  let requests = 0;
  let seen = -1;
  let baseline = process.memoryUsage.rss();
  const release = () => {
    if (typeof collect !== 'function') return null;
    const beforeBytes = process.memoryUsage.rss();
    const started = performance.now();
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const afterBytes = process.memoryUsage.rss();
    baseline = afterBytes;
    return { beforeBytes, afterBytes, ms: Math.round(performance.now() - started) };
  };
  const timer = setInterval(() => {
    const quiet = requests === seen;
    seen = requests;
    if (typeof collect !== 'function' || !quiet || busy()) return;
    if (process.memoryUsage.rss() < baseline + growthBytes) return;
    const done = release()!;
    logger.info('idle memory released', {
      beforeMb: Math.round(done.beforeBytes / 1048576),
      afterMb: Math.round(done.afterBytes / 1048576),
      ms: done.ms,
    });
  }, checkMs);
  timer.unref();
  return {
    counting: (listener) => (req, res) => {
      requests++;
      listener(req, res);
    },
    release,
    stop: () => clearInterval(timer),
  };
}
