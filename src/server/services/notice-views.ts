import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { seoulToday } from '../../lib/seoul-date.ts';
import { logger } from '../logger.ts';

/** Readers remembered in one day; past it a new reader is counted but not remembered (memory). */
const maxReadersPerDay = 200_000;

/**
 * Readings of notices, counted in memory and added to the database now and then, so that reading
 * a notice writes nothing: a burst of readers costs no writes, no WAL growth and no lost cached
 * answers. What a reader is shown is the stored count plus the readings not yet stored. A crash
 * loses at most one interval's readings; a normal shutdown stores them (`stop`).
 *
 * A reader counts once per notice and day (Asia/Seoul), as boards do: he is known by a hash of his
 * address, user agent, the notice and the day, kept in memory until the day ends, so neither the
 * address nor a table of readers is stored (decision 145). A restart forgets who read today.
 */
export class NoticeViews {
  readonly #pending = new Map<number, number>();
  #day = '';
  readonly #readers = new Set<string>();
  /** the SQLite connection, written synchronously; or, on PostgreSQL, the Kysely database */
  readonly #store: DatabaseSync | Db;
  readonly #wrap: (write: () => void) => void;
  #timer: NodeJS.Timeout | undefined;

  /**
   * `wrap` runs the store of the counts; the read cache uses it to know that these writes change
   * none of its answers (counts are not kept in them).
   */
  constructor(store: DatabaseSync | Db, wrap: (write: () => void) => void = (write) => write()) {
    this.#store = store;
    this.#wrap = wrap;
  }

  /** Counts a reading of the notice, unless the same reader (address and user agent) read it today. */
  add(wrId: number, reader: string, now = new Date()): void {
    const day = seoulToday(now);
    if (day !== this.#day) {
      this.#day = day;
      this.#readers.clear();
    }
    const key = createHash('sha256')
      .update(`${day}\n${wrId}\n${reader}`)
      .digest('base64url')
      .slice(0, 22); // 132 bits: no two readers of a day alike, in half the memory
    if (this.#readers.has(key)) return;
    if (this.#readers.size < maxReadersPerDay) this.#readers.add(key);
    this.#pending.set(wrId, (this.#pending.get(wrId) ?? 0) + 1);
  }

  /** Readings of the notice not yet in the database. */
  pending(wrId: number): number {
    return this.#pending.get(wrId) ?? 0;
  }

  /**
   * Adds the counted readings to the database in one transaction, synchronously so that no other
   * write of this connection runs in between. Skipped while another transaction is open on the
   * connection (its rows could still be rolled back with ours); the next round stores them.
   */
  flush(): Promise<void> {
    const store = this.#store;
    if (this.#pending.size === 0) return Promise.resolve();
    if (store instanceof DatabaseSync && store.isTransaction) return Promise.resolve();
    const counts = [...this.#pending];
    this.#pending.clear();
    const keep = (err: unknown) => {
      // kept for the next round (a busy or full disk passes)
      for (const [wrId, n] of counts) this.#pending.set(wrId, (this.#pending.get(wrId) ?? 0) + n);
      logger.warn('notice views not stored', { error: (err as Error).message });
    };
    if (!(store instanceof DatabaseSync)) {
      // PostgreSQL: a transaction of its own on a pooled connection, nothing else to wait for
      return store
        .transaction()
        .execute(async (tx) => {
          for (const [wrId, n] of counts)
            await tx
              .updateTable('notices')
              .set({ views: sql<number>`views + ${n}` })
              .where('wr_id', '=', wrId)
              .execute();
        })
        .catch(keep);
    }
    try {
      this.#wrap(() => {
        const update = store.prepare('UPDATE notices SET views = views + ? WHERE wr_id = ?');
        store.exec('BEGIN IMMEDIATE');
        try {
          for (const [wrId, n] of counts) update.run(n, wrId);
          store.exec('COMMIT');
        } catch (err) {
          store.exec('ROLLBACK');
          throw err;
        }
      });
    } catch (err) {
      keep(err);
    }
    return Promise.resolve();
  }

  /** Stores the counts every `intervalMs`. */
  start(intervalMs = 60_000): void {
    this.#timer ??= setInterval(() => void this.flush(), intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and stores what is left. */
  stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    return this.flush();
  }
}
