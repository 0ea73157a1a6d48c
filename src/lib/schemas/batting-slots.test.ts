import { describe, expect, it } from 'vitest';
import { battingSlots } from './batting-slots.ts';

describe('battingSlots', () => {
  it('numbers starters 1, 2, 3 and puts a substitute in the place of the line above', () => {
    expect(battingSlots([false, false, true, true, false])).toEqual([
      { battingOrder: 1, seq: 1 },
      { battingOrder: 2, seq: 1 },
      { battingOrder: 2, seq: 2 },
      { battingOrder: 2, seq: 3 },
      { battingOrder: 3, seq: 1 },
    ]);
  });

  it('opens order 1 with the first line, marked or not', () => {
    expect(battingSlots([true, false])).toEqual([
      { battingOrder: 1, seq: 1 },
      { battingOrder: 2, seq: 1 },
    ]);
    expect(battingSlots([])).toEqual([]);
  });
});
