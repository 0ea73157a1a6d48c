import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

const minute = 60_000;
const t0 = Date.UTC(2026, 2, 1, 9, 0, 0);

describe('LoginThrottle per client address', () => {
  it('blocks an address after its limit of failures over any accounts, and only that address', () => {
    const throttle = new LoginThrottle({
      windowMs: 15 * minute,
      maxPerAccount: 5,
      maxPerAddress: 3,
    });
    throttle.fail('a@sbsa.kr', '10.0.0.1', t0);
    throttle.fail('b@sbsa.kr', '10.0.0.1', t0 + minute);
    expect(throttle.retryAfter('c@sbsa.kr', '10.0.0.1', t0 + minute)).toBe(0);
    throttle.fail('c@sbsa.kr', '10.0.0.1', t0 + 2 * minute);
    // the oldest of the last three failures (t0) leaves the window at t0 + 15 min
    expect(throttle.retryAfter('d@sbsa.kr', '10.0.0.1', t0 + 2 * minute)).toBe(13 * 60);
    expect(throttle.retryAfter('d@sbsa.kr', '10.0.0.2', t0 + 2 * minute)).toBe(0);
  });

  it('lets the address in again as failures slide out of the window', () => {
    const throttle = new LoginThrottle({ windowMs: 15 * minute, maxPerAddress: 2 });
    throttle.fail('a@sbsa.kr', '10.0.0.1', t0);
    throttle.fail('b@sbsa.kr', '10.0.0.1', t0 + 5 * minute);
    expect(throttle.retryAfter('c@sbsa.kr', '10.0.0.1', t0 + 15 * minute - 1)).toBe(1);
    expect(throttle.retryAfter('c@sbsa.kr', '10.0.0.1', t0 + 15 * minute)).toBe(0);
    // one failure is still inside the window: the next one blocks again, until it too has slid out
    throttle.fail('c@sbsa.kr', '10.0.0.1', t0 + 16 * minute);
    expect(throttle.retryAfter('c@sbsa.kr', '10.0.0.1', t0 + 16 * minute)).toBe(4 * 60);
    expect(throttle.retryAfter('c@sbsa.kr', '10.0.0.1', t0 + 20 * minute)).toBe(0);
  });

  it('keeps counting the address after a successful sign-in, which clears only the account', () => {
    const throttle = new LoginThrottle({ maxPerAccount: 2, maxPerAddress: 3 });
    throttle.fail('a@sbsa.kr', '10.0.0.1', t0);
    throttle.fail('a@sbsa.kr', '10.0.0.1', t0 + 1000);
    expect(throttle.retryAfter('a@sbsa.kr', '10.0.0.9', t0 + 1000)).toBeGreaterThan(0);
    throttle.succeed('A@sbsa.kr');
    expect(throttle.retryAfter('a@sbsa.kr', '10.0.0.9', t0 + 2000)).toBe(0);
    throttle.fail('b@sbsa.kr', '10.0.0.1', t0 + 3000);
    expect(throttle.retryAfter('a@sbsa.kr', '10.0.0.1', t0 + 3000)).toBeGreaterThan(0);
  });

  it('uses the real clock when none is given', () => {
    const throttle = new LoginThrottle({ maxPerAddress: 1 });
    throttle.fail('a@sbsa.kr', '10.0.0.1');
    const wait = throttle.retryAfter('b@sbsa.kr', '10.0.0.1');
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  });
});
