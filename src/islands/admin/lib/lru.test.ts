import { describe, expect, it } from 'vitest';
import { touchLru } from './lru.ts';

describe('touchLru', () => {
  it('puts the visited key first without duplicates', () => {
    expect(touchLru(['a', 'b', 'c'], 'b', 10)).toEqual(['b', 'a', 'c']);
    expect(touchLru([], 'a', 10)).toEqual(['a']);
  });

  it('keeps at most max keys, dropping the least recently used', () => {
    let keys: number[] = [];
    for (let i = 1; i <= 12; i++) keys = touchLru(keys, i, 10);
    expect(keys).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    keys = touchLru(keys, 5, 10);
    expect(keys[0]).toBe(5);
    expect(keys).toHaveLength(10);
  });
});
