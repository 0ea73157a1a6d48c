import { writeTx } from '../db/database.ts';
import type { Db } from '../db/database.ts';

/**
 * Slows password guessing without locking the owner out (OWASP ASVS V6.3): failed sign-ins are
 * counted per account *and* client address, per address, and per account over all addresses.
 * Each counter allows some failures, then asks for a wait that doubles with every further failure
 * (1 s, 2 s, 4 s … up to 15 minutes). Someone guessing from one address soon waits minutes, while
 * the owner signing in from elsewhere is not held up; only a guess from very many addresses slows
 * the account itself. Counters forget after a quiet hour. The same answer is given whether or
 * not the account exists.
 */
export const throttlePolicy = {
  /** failures allowed before waits start, per counter */
  free: { pair: 3, address: 20, account: 50 },
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
};

type Kind = keyof typeof throttlePolicy.free;

interface CounterKey {
  kind: Kind;
  account: string;
  address: string;
}

/**
 * The counters live in the table login_failures (decision 148): a wait outlasts a restart and
 * holds on every app node of the same database. A successful sign-in with no failures behind it
 * only reads; rows quiet for an hour are deleted on the next failure, so the table holds at most
 * three rows per failure of the last hour, whatever e-mails are tried.
 */
export class LoginThrottle {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Seconds to wait before another try, or 0 when allowed. */
  async retryAfter(email: string, address: string, now = Date.now()): Promise<number> {
    const rows = await this.#live(keysOf(email, address), now);
    let until = 0;
    for (const row of rows)
      until = Math.max(until, row.last_ms + delayAfter(row.kind, row.failures));
    return Math.max(0, Math.ceil((until - now) / 1000));
  }

  /** Counts a failure; true when it starts (or lengthens) a wait, worth an audit entry. */
  async fail(email: string, address: string, now = Date.now()): Promise<boolean> {
    const forgotten = now - throttlePolicy.forgetAfterMs;
    // one transaction, one commit: two app nodes counting at once never lose a failure
    return writeTx(this.#db, async (tx) => {
      // random e-mails must not grow the table without bound: what is forgotten goes now
      await tx.deleteFrom('login_failures').where('last_ms', '<=', forgotten).execute();
      let waits = false;
      for (const key of keysOf(email, address)) {
        const row = await tx
          .insertInto('login_failures')
          .values({ ...key, failures: 1, last_ms: now })
          .onConflict((oc) =>
            oc.columns(['kind', 'account', 'address']).doUpdateSet((eb) => ({
              failures: eb
                .case()
                .when('login_failures.last_ms', '<=', forgotten)
                .then(1)
                .else(eb('login_failures.failures', '+', 1))
                .end(),
              last_ms: now,
            })),
          )
          .returning('failures')
          .executeTakeFirstOrThrow();
        if (delayAfter(key.kind, row.failures) > 0) waits = true;
      }
      return waits;
    });
  }

  /** A right password clears the account's counter from this address (a write only if there is one). */
  async succeed(email: string, address: string): Promise<void> {
    const [pair] = keysOf(email, address);
    const held = await this.#db
      .selectFrom('login_failures')
      .select('failures')
      .where('kind', '=', pair.kind)
      .where('account', '=', pair.account)
      .where('address', '=', pair.address)
      .executeTakeFirst();
    if (!held) return;
    await this.#db
      .deleteFrom('login_failures')
      .where('kind', '=', pair.kind)
      .where('account', '=', pair.account)
      .where('address', '=', pair.address)
      .execute();
  }

  /** The site admin lets an account in again at once, from everywhere; the count of counters cleared. */
  async unlock(email: string): Promise<number> {
    const result = await this.#db
      .deleteFrom('login_failures')
      .where('account', '=', email.toLowerCase())
      .where('kind', 'in', ['pair', 'account'])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async #live(keys: CounterKey[], now: number) {
    const rows = await this.#db
      .selectFrom('login_failures')
      .select(['kind', 'account', 'address', 'failures', 'last_ms'])
      .where((eb) =>
        eb.or(
          keys.map((k) =>
            eb.and([
              eb('kind', '=', k.kind),
              eb('account', '=', k.account),
              eb('address', '=', k.address),
            ]),
          ),
        ),
      )
      .execute();
    return rows.filter((row) => now - row.last_ms < throttlePolicy.forgetAfterMs);
  }
}

/** The three counters a sign-in of this account from this address counts on; the pair first. */
function keysOf(email: string, address: string): CounterKey[] {
  const account = email.toLowerCase();
  return [
    { kind: 'pair', account, address },
    { kind: 'address', account: '', address },
    { kind: 'account', account, address: '' },
  ];
}

/** The wait after the given number of failures on one counter. */
export function delayAfter(kind: Kind, failures: number): number {
  const over = failures - throttlePolicy.free[kind];
  if (over <= 0) return 0;
  return Math.min(throttlePolicy.maxDelayMs, throttlePolicy.firstDelayMs * 2 ** (over - 1));
}

/** "12초" or "3분": the wait as the Korean message says it. */
export function koreanWait(seconds: number): string {
  return seconds < 60 ? `${seconds}초` : `${Math.ceil(seconds / 60)}분`;
}
