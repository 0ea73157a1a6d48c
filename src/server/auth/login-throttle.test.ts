import { describe, expect, it } from 'vitest';
import { delayAfter, koreanWait, LoginThrottle, throttlePolicy } from './login-throttle.ts';

const t0 = Date.UTC(2026, 2, 1, 9, 0, 0);

describe('LoginThrottle', () => {
  it('lets the first failures through, then doubles the wait with each failure, up to 15 minutes', () => {
    expect(delayAfter('pair', 3)).toBe(0);
    expect(delayAfter('pair', 4)).toBe(1000);
    expect(delayAfter('pair', 5)).toBe(2000);
    expect(delayAfter('pair', 8)).toBe(16_000);
    expect(delayAfter('pair', 40)).toBe(throttlePolicy.maxDelayMs);
  });

  it('slows the guessing address on that account, not the owner elsewhere', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 5; i++) throttle.fail('admin@sbsa.kr', '10.0.0.1', t0);
    expect(throttle.retryAfter('admin@sbsa.kr', '10.0.0.1', t0)).toBe(2);
    expect(throttle.retryAfter('ADMIN@sbsa.kr', '10.0.0.1', t0 + 1000)).toBe(1);
    expect(throttle.retryAfter('admin@sbsa.kr', '10.0.0.2', t0)).toBe(0);
  });

  it('slows an address guessing over many accounts, and an account guessed from many addresses', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 21; i++) throttle.fail(`u${i}@sbsa.kr`, '10.0.0.9', t0);
    expect(throttle.retryAfter('new@sbsa.kr', '10.0.0.9', t0)).toBe(1);
    for (let i = 0; i < 51; i++) throttle.fail('coach@sbsa.kr', `10.1.0.${i}`, t0);
    expect(throttle.retryAfter('coach@sbsa.kr', '10.2.0.1', t0)).toBe(1);
  });

  it('says when a failure starts a wait, forgets after a quiet hour, and unlocks on demand', () => {
    const throttle = new LoginThrottle();
    expect(throttle.fail('a@sbsa.kr', '10.0.0.1', t0)).toBe(false);
    throttle.fail('a@sbsa.kr', '10.0.0.1', t0);
    throttle.fail('a@sbsa.kr', '10.0.0.1', t0);
    expect(throttle.fail('a@sbsa.kr', '10.0.0.1', t0)).toBe(true);
    expect(throttle.retryAfter('a@sbsa.kr', '10.0.0.1', t0 + throttlePolicy.forgetAfterMs)).toBe(0);
    throttle.fail('a@sbsa.kr', '10.0.0.1', t0);
    throttle.fail('a@sbsa.kr', '10.0.0.1', t0);
    expect(throttle.unlock('A@sbsa.kr')).toBe(2);
    expect(throttle.retryAfter('a@sbsa.kr', '10.0.0.1', t0)).toBe(0);
  });

  it('says the wait in Korean', () => {
    expect(koreanWait(12)).toBe('12초');
    expect(koreanWait(61)).toBe('2분');
  });
});
