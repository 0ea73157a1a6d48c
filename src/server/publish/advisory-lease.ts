import pg from 'pg';
import { pgClientOptions } from '../db/open-postgres.ts';
import { logger } from '../logger.ts';
import { DEFAULT_LEASE_MS } from './lease.ts';

/** The advisory lock of the publishing node on PostgreSQL (write-order.ts's is 4_215_150). */
export const PUBLISHER_LOCK = 4_215_152;

export interface AdvisoryLeaseOptions {
  /** the postgres:// URL of the nodes' database */
  url: string;
  /** the lock's key (default PUBLISHER_LOCK) */
  key?: number;
  /**
   * how long a holder cut off from the database still counts itself the holder, and about how
   * long the server takes to drop a vanished holder's connection (default 6 s)
   */
  ttlMs?: number;
  /** told when this node gains (true) or loses (false) the lease */
  onChange?: (held: boolean) => void;
}

/**
 * The publisher lease on PostgreSQL (decisions 151 and 152): a session-level advisory lock held on
 * a connection of its own. The row lease of lease.ts writes its row every 2 s, and on PostgreSQL
 * every write moves the write-ahead log, which is how the API read cache tells that the data
 * changed (data-version.ts): each renewal would drop every node's kept answers. A lock is held
 * without writing. The server releases it the moment the holder's connection closes (a process
 * killed), or once TCP keepalives find the connection dead (a machine gone: about 4/3 `ttlMs`);
 * the holder checks its connection every third of `ttlMs` and stops counting itself the holder as
 * soon as a check fails or takes half as long again, before the server can give the lock away.
 */
export class AdvisoryLease {
  readonly #o: AdvisoryLeaseOptions;
  readonly #key: number;
  readonly #everyMs: number;
  #client: pg.Client | null = null;
  #held = false;
  #stopped = true;
  #timer: NodeJS.Timeout | null = null;
  #tick: Promise<void> = Promise.resolve();

  constructor(options: AdvisoryLeaseOptions) {
    this.#o = options;
    this.#key = options.key ?? PUBLISHER_LOCK;
    this.#everyMs = Math.round((options.ttlMs ?? DEFAULT_LEASE_MS) / 3);
  }

  /** Whether this node holds the lock now. */
  isHeld(): boolean {
    return this.#held;
  }

  /** Tries to take the lock at once, then keeps trying (or checking it) every third of its time. */
  start(): Promise<void> {
    if (!this.#stopped) return this.#tick;
    this.#stopped = false;
    this.#tick = this.#attempt();
    return this.#tick;
  }

  /** Gives the lock up (its connection closed), so another node takes it at once. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#tick;
    this.#set(false);
    await this.#drop();
  }

  async #attempt(): Promise<void> {
    try {
      const client = await this.#connection();
      if (this.#held) await client.query('SELECT 1');
      else {
        const { rows } = await client.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock($1) AS ok',
          [this.#key],
        );
        if (rows[0]?.ok && !this.#stopped) this.#set(true);
      }
    } catch (err) {
      // the connection, and with it the lock, is gone (or soon will be): not the holder any more
      if (!this.#stopped)
        logger.warn('publisher lock not checked', { error: (err as Error).message });
      this.#set(false);
      await this.#drop();
    }
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#tick = this.#attempt();
    }, this.#everyMs);
    this.#timer.unref();
  }

  async #connection(): Promise<pg.Client> {
    if (this.#client) return this.#client;
    const seconds = Math.max(1, Math.round(this.#everyMs / 1000));
    const client = new pg.Client({
      ...pgClientOptions(this.#o.url),
      // the server drops a vanished holder's connection (and lock) about four checks after its last
      options: `-c timezone=UTC -c tcp_keepalives_idle=${seconds} -c tcp_keepalives_interval=${seconds} -c tcp_keepalives_count=3`,
      keepAlive: true,
      // a check slower than this counts as failed: still well before the keepalives give up
      query_timeout: Math.round(this.#everyMs * 1.5),
      // connecting is never done while holding the lock: a slow connect costs only a late take
      connectionTimeoutMillis: this.#everyMs * 3,
    });
    client.on('error', () => {
      if (this.#client === client) {
        this.#set(false);
        void this.#drop();
      }
    });
    this.#client = client;
    try {
      await client.connect();
    } catch (err) {
      this.#client = null;
      throw err;
    }
    return client;
  }

  async #drop(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  #set(held: boolean): void {
    if (held === this.#held) return;
    this.#held = held;
    this.#o.onChange?.(held);
  }
}
