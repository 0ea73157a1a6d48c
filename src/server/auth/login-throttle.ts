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

interface Counter {
  failures: number;
  last: number;
}

type Kind = keyof typeof throttlePolicy.free;

export class LoginThrottle {
  readonly #counters = new Map<string, Counter>();

  /** Seconds to wait before another try, or 0 when allowed. */
  retryAfter(email: string, address: string, now = Date.now()): number {
    let until = 0;
    for (const [kind, key] of this.#keys(email, address)) {
      const c = this.#get(key, now);
      if (c) until = Math.max(until, c.last + delayAfter(kind, c.failures));
    }
    return Math.max(0, Math.ceil((until - now) / 1000));
  }

  /** Counts a failure; true when it starts (or lengthens) a wait, worth an audit entry. */
  fail(email: string, address: string, now = Date.now()): boolean {
    // Random e-mails must not grow the map without bound: drop forgotten keys now and then.
    if (this.#counters.size > 10_000)
      for (const key of [...this.#counters.keys()]) this.#get(key, now);
    let waits = false;
    for (const [kind, key] of this.#keys(email, address)) {
      const c = this.#get(key, now) ?? { failures: 0, last: now };
      c.failures += 1;
      c.last = now;
      this.#counters.set(key, c);
      if (delayAfter(kind, c.failures) > 0) waits = true;
    }
    return waits;
  }

  /** A right password clears the account's counters from this address. */
  succeed(email: string, address: string): void {
    this.#counters.delete(`p:${email.toLowerCase()}|${address}`);
  }

  /** The site admin lets an account in again at once, from everywhere. */
  unlock(email: string): number {
    const account = email.toLowerCase();
    let cleared = 0;
    for (const key of [...this.#counters.keys()]) {
      if (key === `a:${account}` || key.startsWith(`p:${account}|`)) {
        this.#counters.delete(key);
        cleared++;
      }
    }
    return cleared;
  }

  #keys(email: string, address: string): [Kind, string][] {
    const account = email.toLowerCase();
    return [
      ['pair', `p:${account}|${address}`],
      ['address', `i:${address}`],
      ['account', `a:${account}`],
    ];
  }

  #get(key: string, now: number): Counter | undefined {
    const c = this.#counters.get(key);
    if (c && now - c.last >= throttlePolicy.forgetAfterMs) {
      this.#counters.delete(key);
      return undefined;
    }
    return c;
  }
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
