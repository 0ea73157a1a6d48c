import { describe, expect, it } from 'vitest';
import { SecondAsk } from './second-ask.ts';

describe('SecondAsk', () => {
  it('says yes on the second ask of a key, then starts over', () => {
    const asks = new SecondAsk();
    expect(asks.again('/a')).toBe(false);
    expect(asks.again('/b')).toBe(false);
    expect(asks.again('/a')).toBe(true);
    expect(asks.again('/a')).toBe(false);
    expect(asks.size).toBe(2);
  });

  it('forgets the keys asked for once longest ago, never holding more than it may', () => {
    const asks = new SecondAsk(3);
    for (const key of ['/1', '/2', '/3', '/4']) asks.again(key);
    expect(asks.size).toBe(3);
    expect(asks.again('/1')).toBe(false); // forgotten
    expect(asks.again('/4')).toBe(true);
  });

  it('takes a remembered key as asked once', () => {
    const asks = new SecondAsk();
    asks.remember('/kept');
    expect(asks.again('/kept')).toBe(true);
  });
});
