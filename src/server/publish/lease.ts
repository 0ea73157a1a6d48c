import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database.ts';
import { logger } from '../logger.ts';

/** The lease of the node that publishes the site (the only one today). */
export const PUBLISHER_LEASE = 'publisher';

/** Default lifetime of a lease without renewal, and how often its holder renews it. */
export const DEFAULT_LEASE_MS = 6_000;

export interface LeaseOptions {
  db: Db;
  /** the lease's row (default 'publisher') */
  name?: string;
  /** who takes it: unique per process (default host, process id and a random tail) */
  holder?: string;
  /** how long a lease lasts without renewal (default 6 s) */
  ttlMs?: number;
  /** how often its holder renews it, and how often another node tries to take it (default ttl / 3) */
  renewMs?: number;
  /** told when this node gains (true) or loses (false) the lease */
  onChange?: (held: boolean) => void;
  /**
   * told of the rows each renewal wrote: a write other readers of the database need not see
   * (read-cache.ts `absorbed`, so the node's kept API answers outlive its renewals)
   */
  absorbed?: (rows: number) => void;
  /** the clock (tests) */
  now?: () => number;
}

/** A name for this process among the nodes of one database. */
export const nodeName = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * A lease in the database that at most one node holds at a time (decision 152): a row naming its
 * holder and until when it holds. The holder renews it every `renewMs`; any node takes it once
 * that time has passed, so a node killed without a word loses it after `ttlMs`, and a clean stop
 * gives it up at once. Taking and renewing are one statement (an upsert whose update applies only
 * for the same holder or an expired lease), so of two nodes trying at once exactly one wins, on
 * SQLite and PostgreSQL alike.
 *
 * A holder counts itself the holder only until its last successful renewal's time plus `ttlMs`
 * less a margin: the row may be taken from the moment it expires, so a node whose renewals fail
 * (the database unreachable, its thread stalled) stops counting itself the holder before another
 * node can take the lease. The margin (a sixth of the lifetime) covers clocks of several machines
 * that differ by less than it.
 */
export class Lease {
  readonly name: string;
  readonly holder: string;
  readonly #o: LeaseOptions;
  readonly #ttlMs: number;
  readonly #renewMs: number;
  readonly #marginMs: number;
  readonly #now: () => number;
  #held = false;
  /** until when this node counts itself the holder */
  #heldUntil = 0;
  #timer: NodeJS.Timeout | null = null;
  #lossTimer: NodeJS.Timeout | null = null;
  #stopped = true;
  #tick: Promise<void> = Promise.resolve();

  constructor(options: LeaseOptions) {
    this.#o = options;
    this.name = options.name ?? PUBLISHER_LEASE;
    this.holder = options.holder ?? nodeName();
    this.#ttlMs = options.ttlMs ?? DEFAULT_LEASE_MS;
    this.#renewMs = options.renewMs ?? Math.round(this.#ttlMs / 3);
    this.#marginMs = Math.round(this.#ttlMs / 6);
    this.#now = options.now ?? Date.now;
  }

  /** Whether this node holds the lease now. */
  isHeld(): boolean {
    return this.#held && this.#now() < this.#heldUntil;
  }

  /** Tries to take the lease at once, then keeps trying (or renewing) every `renewMs`. */
  start(): Promise<void> {
    if (!this.#stopped) return this.#tick;
    this.#stopped = false;
    this.#tick = this.#attempt();
    return this.#tick;
  }

  /** Stops renewing and gives the lease up when held, so another node takes it at once. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#tick;
    const held = this.isHeld();
    this.#set(false);
    if (!held) return;
    try {
      await this.#o.db
        .deleteFrom('publisher_lease')
        .where('name', '=', this.name)
        .where('holder', '=', this.holder)
        .execute();
    } catch (err) {
      // it expires by itself
      logger.warn('lease not given up', { lease: this.name, error: (err as Error).message });
    }
  }

  async #attempt(): Promise<void> {
    const at = this.#now();
    try {
      const row = await this.#o.db
        .insertInto('publisher_lease')
        .values({ name: this.name, holder: this.holder, expires_ms: at + this.#ttlMs })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder: this.holder, expires_ms: at + this.#ttlMs })
            .where((eb) =>
              eb.or([
                eb('publisher_lease.holder', '=', this.holder),
                eb('publisher_lease.expires_ms', '<', at),
              ]),
            ),
        )
        .returning('holder')
        .executeTakeFirst();
      if (row) this.#o.absorbed?.(1);
      if (this.#stopped) return;
      if (row) {
        this.#heldUntil = at + this.#ttlMs - this.#marginMs;
        this.#set(true);
      } else this.#set(false);
    } catch (err) {
      // still the holder until the last renewal runs out (the loss timer says when)
      if (!this.#stopped)
        logger.warn('lease not renewed', { lease: this.name, error: (err as Error).message });
    }
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#tick = this.#attempt();
    }, this.#renewMs);
    this.#timer.unref();
  }

  /** Records whether the lease is held, telling of a change; a held lease is lost when its time runs out. */
  #set(held: boolean): void {
    if (this.#lossTimer) clearTimeout(this.#lossTimer);
    this.#lossTimer = null;
    if (held && !this.#stopped) {
      this.#lossTimer = setTimeout(
        () => {
          this.#lossTimer = null;
          if (this.#held && !this.isHeld()) this.#set(false);
        },
        Math.max(0, this.#heldUntil - this.#now()),
      );
      this.#lossTimer.unref();
    }
    if (held === this.#held) return;
    this.#held = held;
    if (!held) this.#heldUntil = 0;
    this.#o.onChange?.(held);
  }
}
