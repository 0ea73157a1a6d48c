/**
 * At most `max` calls per address in any `windowMs`: a call over that is refused with the seconds
 * until the oldest counted call leaves the window. For endpoints anyone may call with a secret
 * (the publish webhook), so guessing the secret or starting builds in a loop stays slow.
 */
export class CallWindow {
  readonly #calls = new Map<string, number[]>();
  readonly #max: number;
  readonly #windowMs: number;

  constructor(max: number, windowMs: number) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Counts a call; 0 when it may go on, else the seconds to wait. */
  take(address: string, now = Date.now()): number {
    const since = now - this.#windowMs;
    const calls = (this.#calls.get(address) ?? []).filter((t) => t > since);
    if (calls.length >= this.#max) {
      this.#calls.set(address, calls);
      return Math.max(1, Math.ceil((calls[0] - since) / 1000));
    }
    calls.push(now);
    this.#calls.set(address, calls);
    // addresses seen once long ago are forgotten, so the map stays small
    if (this.#calls.size > 10_000)
      for (const [key, times] of this.#calls) if (times.at(-1)! <= since) this.#calls.delete(key);
    return 0;
  }
}
