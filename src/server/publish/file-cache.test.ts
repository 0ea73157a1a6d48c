import { describe, expect, it } from 'vitest';
import { FileCache } from './file-cache.ts';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('FileCache', () => {
  it('keeps at most its size, the least recently used out first', () => {
    const cache = new FileCache(8 * 1024); // files of up to 1 KB are kept
    for (let i = 0; i < 8; i++) cache.set(`f${i}`, bytes(1000, i));
    expect(cache.bytes).toBe(8000);
    expect(cache.get('f0')?.[0]).toBe(0); // f0 is now the most recently used
    cache.set('f8', bytes(1000, 8));
    expect(cache.get('f1')).toBeUndefined();
    expect(cache.get('f0')?.[0]).toBe(0);
    expect(cache.size).toBe(8);
    expect(cache.bytes).toBeLessThanOrEqual(8 * 1024);
  });

  it('never keeps a file it streams, and replaces a key without counting it twice', () => {
    const cache = new FileCache(8 * 1024);
    expect(cache.streams(1025)).toBe(true);
    cache.set('large', bytes(1025));
    expect(cache.get('large')).toBeUndefined();
    cache.set('a', bytes(500));
    cache.set('a', bytes(700));
    expect(cache.bytes).toBe(700);
    expect(cache.get('a')?.length).toBe(700);
  });
});
