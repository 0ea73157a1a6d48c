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

  it('bounds the characters of the keys it holds: long addresses push out more', () => {
    const asks = new SecondAsk(4); // 4 keys, 512 characters
    for (const key of ['/1', '/2', '/3']) asks.again(key);
    asks.again(`/${'x'.repeat(508)}`); // 515 characters in all: /1 and /2 go
    expect(asks.size).toBe(2);
    expect(asks.again('/3')).toBe(true);
    expect(asks.again(`/${'y'.repeat(600)}`)).toBe(false); // longer than all it may hold: never kept
    expect(asks.again(`/${'y'.repeat(600)}`)).toBe(false);
  });
});
