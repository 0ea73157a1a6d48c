import { describe, expect, it } from 'vitest';
import { createRng, hashLabel } from './random.ts';

describe('createRng', () => {
  it('repeats the same sequence for the same seed and differs between seeds', () => {
    const a = createRng('demo');
    const b = createRng('demo');
    const c = createRng('other');
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(hashLabel('demo')).toBe(hashLabel('demo'));
  });

  it('stays within the asked ranges', () => {
    const rng = createRng(42);
    for (let i = 0; i < 1000; i++) {
      const n = rng.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
    expect(rng.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(rng.weighted([['only', 1]])).toBe('only');
  });
});
