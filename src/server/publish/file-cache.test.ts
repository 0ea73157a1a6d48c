import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileCache } from './file-cache.ts';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('FileCache', () => {
  it('keeps at most its size, the least recently used out first', () => {
    const cache = new FileCache(8 * 1024); // files of up to 1 KB are kept
    for (let i = 0; i < 8; i++) cache.set(`f${i}`, 'br', bytes(1000, i));
    expect(cache.bytes).toBe(8000);
    expect(cache.get('f0', 'br')?.[0]).toBe(0); // f0 is now the most recently used
    cache.set('f8', 'br', bytes(1000, 8));
    expect(cache.get('f1', 'br')).toBeUndefined();
    expect(cache.get('f0', 'br')?.[0]).toBe(0);
    expect(cache.size).toBe(8);
    expect(cache.bytes).toBeLessThanOrEqual(8 * 1024);
  });

  it("counts a file's forms together, and each form once", () => {
    const cache = new FileCache(8 * 1024);
    cache.set('a', 'identity', bytes(900, 1));
    cache.set('a', 'br', bytes(300, 2));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(1200);
    expect(cache.get('a', 'identity')?.[0]).toBe(1);
    expect(cache.get('a', 'br')?.[0]).toBe(2);
    expect(cache.get('a', 'gz')).toBeUndefined();
    cache.set('a', 'br', bytes(200, 3));
    expect(cache.bytes).toBe(1100);
    expect(cache.get('a', 'br')?.[0]).toBe(3);
  });

  it('never keeps a file it streams', () => {
    const cache = new FileCache(8 * 1024);
    expect(cache.streams(1025)).toBe(true);
    cache.set('large', 'identity', bytes(1025));
    expect(cache.get('large', 'identity')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('reads a cold file once for a burst of requests, and keeps it from its second ask', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbsa-file-cache-'));
    const file = join(dir, 'blob');
    writeFileSync(file, 'first');
    const cache = new FileCache(8 * 1024);
    const burst = [cache.load('h', 'identity', file), cache.load('h', 'identity', file)];
    expect(burst[0]).toBe(burst[1]);
    expect(String(await burst[0])).toBe('first');
    expect(cache.get('h', 'identity')).toBeUndefined(); // one ask, however many requests
    expect(String(await cache.load('h', 'identity', file))).toBe('first');
    writeFileSync(file, 'second'); // a blob never changes: the kept bytes are served
    expect(String(cache.get('h', 'identity'))).toBe('first');
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps its hot files through a crawl that asks for every other file once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbsa-file-cache-'));
    const write = (name: string, size: number) => {
      const path = join(dir, name);
      writeFileSync(path, bytes(size));
      return path;
    };
    const cache = new FileCache(8 * 1024);
    const hot = write('hot', 1000);
    await cache.load('hot', 'br', hot);
    await cache.load('hot', 'br', hot);
    expect(cache.get('hot', 'br')).toBeDefined();
    for (let i = 0; i < 50; i++) await cache.load(`page${i}`, 'br', write(`page${i}`, 1000));
    expect(cache.get('hot', 'br')).toBeDefined();
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(1000);
    rmSync(dir, { recursive: true, force: true });
  });
});
