import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { createMiddleware } from 'hono/factory';
import { LRUCache } from 'lru-cache';
import { seoulToday } from '../../lib/seoul-date.ts';
import { negotiateEncoding } from './accept-encoding.ts';
import { MIN_COMPRESS_BYTES, compressSync } from './compress-json.ts';
import { API_HEADERS, withApiHeaders } from './api-headers.ts';
import { rawHeader, rawHeaderIndex } from './raw-headers.ts';
import { SecondAsk } from './second-ask.ts';
import { writeAheadPosition } from '../db/data-version.ts';
import type { Db } from '../db/database.ts';

/**
 * Default bound of the kept answers (`API_CACHE_MB`). The answers asked for over and over (this
 * week's schedule, the standings, the latest box scores) take a few megabytes; a crawl of every
 * league, team and player of ten seasons fills any bound and then only pushes them out
 * (docs/decisions/118).
 */
export const DEFAULT_API_CACHE_MB = 16;

/**
 * Anonymous GET answers of the API, kept in memory until the data changes.
 *
 * What anyone may read without signing in is the association's public data, the same for every
 * caller; fans' phones and the schedule widgets of club sites ask for the same few answers over
 * and over, and computing a box score or a standings table costs milliseconds of the one thread
 * that also takes the writes. So an anonymous 200 is kept and given again until the database
 * changes, which SQLite tells exactly: `total_changes()` counts every row this connection has
 * changed (every write of the server goes through it), and `PRAGMA data_version` moves when
 * another connection commits. An answer is kept only if neither moved while it was being made, and
 * answers depending on "today" are kept per Asia/Seoul date. An answer is kept from its second
 * ask on (SecondAsk), so a crawl of every player does not push out this week's schedule; one that
 * was kept and went stale is kept again at once.
 *
 * Signed-in requests (an Authorization header) are never cached: what they see depends on who asks.
 *
 * On PostgreSQL (`postgres` given) the state of the data is the position of the write-ahead log
 * (data-version.ts), which every node's writes move: it is asked once per batch of requests, by one
 * query started after each of them arrived, so an answer kept is never older than its request
 * (decision 151). Its writes that change no answer cannot be told apart there: a notice view
 * counted, a sign-in's last use, the publisher lease renewed every 2 s each drop the kept answers.
 */
export class ReadCache {
  readonly #version: StatementSync | null;
  readonly #dataVersion: StatementSync | null;
  /** least recently used out first, bounded in entries and bytes (lru-cache: see file-cache.ts) */
  readonly #entries: LRUCache<string, CachedAnswer>;
  readonly #secondAsk = new SecondAsk();
  /** the bound of `bytes` (API_CACHE_MB) */
  readonly maxBytes: number;
  #today = { day: '', until: 0 };
  /** rows changed by writes known to change no kept answer (see absorb) */
  #absorbed = 0;
  readonly sqlite: DatabaseSync | null;
  readonly #postgres: Db | null;
  /** the position query running now, and whether requests arrived after it started */
  #asking: Promise<string | null> | null = null;
  #askAgain: Promise<string | null> | null = null;

  constructor(
    sqlite: DatabaseSync | null,
    options: { maxEntries?: number; maxBytes?: number; postgres?: Db } = {},
  ) {
    this.sqlite = sqlite;
    this.#postgres = sqlite ? null : (options.postgres ?? null);
    this.#version = sqlite?.prepare('SELECT total_changes() AS n') ?? null;
    this.#dataVersion = sqlite?.prepare('PRAGMA data_version') ?? null;
    this.maxBytes = options.maxBytes ?? DEFAULT_API_CACHE_MB * 1024 * 1024;
    this.#entries = new LRUCache({
      max: options.maxEntries ?? 5000,
      maxSize: Math.max(1, this.maxBytes),
      sizeCalculation: answerBytes,
    });
  }

  /** The state of the data now; null while a transaction is open (its rows may yet be rolled back). */
  version(): string | null {
    if (!this.sqlite || !this.#version || !this.#dataVersion || this.sqlite.isTransaction)
      return null;
    const changes = (this.#version.get() as { n: number }).n - this.#absorbed;
    const other = Object.values(this.#dataVersion.get() as Record<string, number>)[0];
    return `${changes}:${other}:${this.#day()}`;
  }

  /**
   * The state of the data now, on either database: on SQLite `version()`; on PostgreSQL the
   * write-ahead log's position from a query that started after this call (one query for all the
   * calls that came while the one before it ran), with the date. Null when it cannot be told.
   */
  async currentVersion(): Promise<string | null> {
    const db = this.#postgres;
    if (!db) return this.version();
    let asked: Promise<string | null>;
    if (!this.#asking) {
      asked = this.#asking = this.#ask(db);
    } else {
      // the running query may have read the position before this call: the next one is ours
      this.#askAgain ??= this.#asking.then(() => {
        const next = this.#ask(db);
        this.#asking = next;
        this.#askAgain = null;
        return next;
      });
      asked = this.#askAgain;
    }
    const at = await asked;
    return at === null ? null : `${at}:${this.#day()}`;
  }

  #ask(db: Db): Promise<string | null> {
    const asking = writeAheadPosition(db)
      .catch(() => null)
      .finally(() => {
        if (this.#asking === asking) this.#asking = null;
      });
    return asking;
  }

  /**
   * Runs a synchronous write of this connection that changes nothing a kept answer shows (stored
   * notice view counts, which are never kept: see NEVER), without dropping the kept answers.
   */
  absorb(write: () => void): void {
    const counter = this.#version;
    if (!counter) {
      write();
      return;
    }
    const before = (counter.get() as { n: number }).n;
    try {
      write();
    } finally {
      this.#absorbed += (counter.get() as { n: number }).n - before;
    }
  }

  /**
   * Counts rows an asynchronous write of this connection made that change nothing a kept answer
   * shows (the access record of personal data); measured inside its transaction, when no other
   * write of the connection can come between.
   */
  absorbed(rows: number): void {
    this.#absorbed += rows;
  }

  get(key: string, version: string): CachedAnswer | undefined {
    const hit = this.#entries.get(key);
    if (hit?.version === version) return hit;
    if (hit) {
      this.#entries.delete(key);
      this.#secondAsk.remember(key);
    }
    return undefined;
  }

  /** Whether an answer made now for `key` is to be kept: from its second ask on. */
  keeps(key: string): boolean {
    return this.#secondAsk.again(key);
  }

  set(key: string, answer: CachedAnswer): void {
    if (answer.body.byteLength > this.maxBytes / 16) return;
    this.#entries.set(key, answer);
  }

  /**
   * A kept answer's body in an encoding, made on the first request that accepts it. The answer is
   * kept again with it, so that its size counts the variant: the bound is on all the bytes kept.
   */
  encoded(key: string, answer: CachedAnswer, encoding: 'br' | 'gzip'): Buffer {
    const made = answer.compressed?.[encoding];
    if (made) return made;
    const body = compressSync(answer.nodeBody, encoding);
    // a new value: lru-cache counts a value's size again only when the value is another one
    if (this.#entries.peek(key) === answer)
      this.#entries.set(key, { ...answer, compressed: { ...answer.compressed, [encoding]: body } });
    return body;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** bytes of the kept answers, their compressed variants included */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  // Formatting a date in Asia/Seoul costs more than the rest of a hit: done at most once a second.
  #day(): string {
    const now = Date.now();
    if (now >= this.#today.until)
      this.#today = { day: seoulToday(new Date(now)), until: now + 1000 };
    return this.#today.day;
  }
}

export interface CachedAnswer {
  version: string;
  body: ArrayBuffer;
  headers: [string, string][];
  /** the same for node's ServerResponse, with the API's own headers */
  nodeHeaders: Record<string, string>;
  nodeBody: Buffer;
  /** the body compressed, made on the first request that accepts each encoding */
  compressed?: { br?: Buffer; gzip?: Buffer };
}

const answerBytes = (answer: CachedAnswer) =>
  Math.max(
    1,
    answer.body.byteLength +
      (answer.compressed?.br?.length ?? 0) +
      (answer.compressed?.gzip?.length ?? 0),
  );

// Answers that change without a write: the server's clock, readiness, metrics, the build running
// right now, and a notice with its view count (each reading counts, in memory).
const NEVER = [
  /^\/api\/(health|ready|metrics)$/,
  /^\/api\/publish\//,
  /^\/api\/auth\//,
  /^\/api\/notice\/[^/]+$/,
];
const cacheable = (path: string) => !NEVER.some((re) => re.test(path));

/** Serves and keeps anonymous GET answers of the API (see ReadCache). */
export function readCache(cache: ReadCache) {
  return createMiddleware(async (c, next) => {
    if (
      c.req.method !== 'GET' ||
      c.req.header('authorization') !== undefined ||
      !cacheable(c.req.path)
    )
      return next();
    const url = new URL(c.req.url);
    const key = url.pathname + url.search;
    const version = await cache.currentVersion();
    if (version !== null) {
      const hit = cache.get(key, version);
      if (hit) {
        const etag = hit.nodeHeaders.etag;
        if (etag !== undefined && c.req.header('if-none-match') === etag)
          return new Response(null, {
            status: 304,
            headers: { etag, 'cache-control': hit.nodeHeaders['cache-control'] ?? '' },
          });
        return new Response(hit.body, { status: 200, headers: hit.headers });
      }
    }
    await next();
    if (
      version === null ||
      c.res.status !== 200 ||
      c.res.headers.has('set-cookie') ||
      (await cache.currentVersion()) !== version ||
      !cache.keeps(key)
    )
      return;
    // the API's own headers are put on every answer as it goes out; a cache-control the route
    // chose (a public live score) is the answer's own and is kept with it
    const headers = [...c.res.headers].filter(
      ([name, value]) =>
        !(name in API_HEADERS) || (name === 'cache-control' && value !== API_HEADERS[name]),
    );
    const body = await c.res.clone().arrayBuffer();
    cache.set(key, {
      version,
      body,
      headers,
      nodeHeaders: withApiHeaders(Object.fromEntries(headers)),
      nodeBody: Buffer.from(body),
    });
  });
}

/**
 * The same answers straight on node's request, before Hono: a kept answer costs a map lookup
 * instead of a trip through the app. Anything not kept (or signed in) returns false and goes on to
 * Hono, whose middleware above keeps it for next time. The key is the path as sent: one Hono
 * would spell differently (dot segments, raw non-ASCII) misses here and is answered there.
 */
export function readCacheFastPath(cache: ReadCache) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !url.startsWith('/api/') || !cacheable(url.split('?')[0]))
      return false;
    if (rawHeaderIndex(req.rawHeaders, 'authorization') !== -1) return false;
    const version = cache.version();
    if (version === null) return false;
    const hit = cache.get(url, version);
    if (!hit) return false;
    // a poller asking again for an answer it has (the live score's ETag) gets 304 and no body
    const etag = hit.nodeHeaders.etag;
    if (etag !== undefined && rawHeader(req.rawHeaders, 'if-none-match') === etag) {
      res.writeHead(304, { etag, 'cache-control': hit.nodeHeaders['cache-control'] ?? '' });
      res.end();
      return true;
    }
    // as compressJson would answer; each encoding is made once per kept answer
    const encoding =
      hit.nodeBody.byteLength >= MIN_COMPRESS_BYTES
        ? negotiateEncoding(rawHeader(req.rawHeaders, 'accept-encoding'))
        : 'identity';
    if (encoding === 'identity') {
      res.writeHead(200, { ...hit.nodeHeaders, vary: 'Accept-Encoding' });
      res.end(hit.nodeBody);
    } else {
      const body = cache.encoded(url, hit, encoding);
      res.writeHead(200, {
        ...hit.nodeHeaders,
        vary: 'Accept-Encoding',
        'content-encoding': encoding,
      });
      res.end(body);
    }
    return true;
  };
}
