import { describe, expect, it } from 'vitest';
import { rawHeader, rawHeaderIndex } from './raw-headers.ts';

describe('raw headers', () => {
  const raw = ['Host', 'a', 'Accept-Encoding', 'br', 'accept-encoding', 'gzip', 'X-Id', 'x'];

  it('finds a header whatever its case, the first when sent twice', () => {
    expect(rawHeader(raw, 'accept-encoding')).toBe('br');
    expect(rawHeaderIndex(raw, 'x-id')).toBe(7);
    expect(rawHeader(raw, 'host')).toBe('a');
  });

  it('finds no header of another name, even one of the same length or a value that matches', () => {
    expect(rawHeader(raw, 'authorization')).toBeUndefined();
    expect(rawHeader(raw, 'x-ie')).toBeUndefined();
    expect(rawHeaderIndex(raw, 'br')).toBe(-1);
  });
});
