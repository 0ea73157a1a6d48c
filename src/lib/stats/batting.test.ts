import { describe, expect, it } from 'vitest';
import { battingRates, emptyBatting, sumBatting, totalBases } from './batting.ts';
import type { BattingLine } from './batting.ts';

const line = (counts: Partial<BattingLine>): BattingLine => ({ ...emptyBatting(), ...counts });

describe('sumBatting', () => {
  it('adds every count', () => {
    const a = line({ pa: 4, ab: 3, h: 2, b2: 1, bb: 1, rbi: 2, sf: 0, e: 1 });
    const b = line({ pa: 5, ab: 4, h: 1, hr: 1, so: 2, sf: 1, sb: 1, cs: 1 });
    expect(sumBatting([a, b])).toEqual(
      line({ pa: 9, ab: 7, h: 3, b2: 1, hr: 1, bb: 1, rbi: 2, so: 2, sf: 1, sb: 1, cs: 1, e: 1 }),
    );
  });

  it('gives zeros for no lines', () => {
    expect(sumBatting([])).toEqual(emptyBatting());
  });

  it('recomputes rates from totals instead of averaging them', () => {
    // 1/1 (1.000) and 0/3 (.000): the mean of averages would be .500, the real average is .250.
    const total = sumBatting([line({ ab: 1, h: 1 }), line({ ab: 3 })]);
    expect(battingRates(total).avg).toBe(0.25);
  });
});

describe('battingRates', () => {
  it('works a full line by hand', () => {
    // 10 AB, 4 H (1 2B, 1 3B, 1 HR, so 1 1B), 2 BB, 1 HBP, 1 SF
    // TB = 1 + 2 + 3 + 4 = 10; AVG = 4/10; OBP = 7/14; SLG = 10/10; OPS = 1.5
    const rates = battingRates(line({ ab: 10, h: 4, b2: 1, b3: 1, hr: 1, bb: 2, hbp: 1, sf: 1 }));
    expect(rates).toEqual({ tb: 10, avg: 0.4, obp: 0.5, slg: 1, ops: 1.5 });
  });

  it('is null where the denominator is 0', () => {
    expect(battingRates(emptyBatting())).toEqual({
      tb: 0,
      avg: null,
      obp: null,
      slg: null,
      ops: null,
    });
  });

  it('keeps OBP for a batter with only walks but leaves SLG and OPS empty', () => {
    expect(battingRates(line({ pa: 2, bb: 2 }))).toEqual({
      tb: 0,
      avg: null,
      obp: 1,
      slg: null,
      ops: null,
    });
  });

  it('computes total bases from hit types', () => {
    expect(totalBases({ h: 5, b2: 1, b3: 1, hr: 2 })).toBe(1 + 2 + 3 + 8);
  });
});
