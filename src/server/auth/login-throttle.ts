/**
 * Counts failed sign-ins per account and per client address in a sliding window. The same answer
 * is given whether or not the account exists.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();
  readonly #windowMs: number;
  readonly #maxPerAccount: number;
  readonly #maxPerAddress: number;

  constructor(options: { windowMs?: number; maxPerAccount?: number; maxPerAddress?: number } = {}) {
    this.#windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.#maxPerAccount = options.maxPerAccount ?? 5;
    this.#maxPerAddress = options.maxPerAddress ?? 30;
  }

  /** Seconds to wait before another try, or 0 when allowed. */
  retryAfter(email: string, address: string, now = Date.now()): number {
    const a = this.#recent(`a:${email.toLowerCase()}`, now);
    const b = this.#recent(`i:${address}`, now);
    const blocked = (list: number[], max: number) =>
      list.length >= max ? list[list.length - max] + this.#windowMs - now : 0;
    return Math.ceil(
      Math.max(blocked(a, this.#maxPerAccount), blocked(b, this.#maxPerAddress), 0) / 1000,
    );
  }

  fail(email: string, address: string, now = Date.now()): void {
    // Random emails must not grow the map without bound: drop stale keys now and then.
    if (this.#failures.size > 10_000)
      for (const key of [...this.#failures.keys()]) this.#recent(key, now);
    for (const key of [`a:${email.toLowerCase()}`, `i:${address}`]) {
      const list = this.#recent(key, now);
      list.push(now);
      this.#failures.set(key, list);
    }
  }

  succeed(email: string): void {
    this.#failures.delete(`a:${email.toLowerCase()}`);
  }

  #recent(key: string, now: number): number[] {
    const list = (this.#failures.get(key) ?? []).filter((t) => now - t < this.#windowMs);
    if (list.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, list);
    return list;
  }
}
