import type { DatabaseSync } from 'node:sqlite';
import { logger } from '../logger.ts';

/**
 * Readings of notices, counted in memory and added to the database now and then, so that reading
 * a notice writes nothing: a burst of readers costs no writes, no WAL growth and no lost cached
 * answers. What a reader is shown is the stored count plus the readings not yet stored. A crash
 * loses at most one interval's readings; a normal shutdown stores them (`stop`).
 */
export class NoticeViews {
  readonly #pending = new Map<number, number>();
  readonly #sqlite: DatabaseSync;
  readonly #wrap: (write: () => void) => void;
  #timer: NodeJS.Timeout | undefined;

  /**
   * `wrap` runs the store of the counts; the read cache uses it to know that these writes change
   * none of its answers (counts are not kept in them).
   */
  constructor(sqlite: DatabaseSync, wrap: (write: () => void) => void = (write) => write()) {
    this.#sqlite = sqlite;
    this.#wrap = wrap;
  }

  /** Counts one reading. */
  add(wrId: number): void {
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
  flush(): void {
    if (this.#pending.size === 0 || this.#sqlite.isTransaction) return;
    const counts = [...this.#pending];
    this.#pending.clear();
    try {
      this.#wrap(() => {
        const update = this.#sqlite.prepare('UPDATE notices SET views = views + ? WHERE wr_id = ?');
        this.#sqlite.exec('BEGIN IMMEDIATE');
        try {
          for (const [wrId, n] of counts) update.run(n, wrId);
          this.#sqlite.exec('COMMIT');
        } catch (err) {
          this.#sqlite.exec('ROLLBACK');
          throw err;
        }
      });
    } catch (err) {
      // kept for the next round (a busy or full disk passes)
      for (const [wrId, n] of counts) this.#pending.set(wrId, (this.#pending.get(wrId) ?? 0) + n);
      logger.warn('notice views not stored', { error: (err as Error).message });
    }
  }

  /** Stores the counts every `intervalMs`. */
  start(intervalMs = 60_000): void {
    this.#timer ??= setInterval(() => this.flush(), intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and stores what is left. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.flush();
  }
}
