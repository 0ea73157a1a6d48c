import { describe, expect, it } from 'vitest';
import { decisionCounts, emptyPitching, pitchingRates, sumPitching } from './pitching.ts';
import type { PitchingLine } from './pitching.ts';

const line = (counts: Partial<PitchingLine>): PitchingLine => ({ ...emptyPitching(), ...counts });

describe('sumPitching', () => {
  it('adds outs and counts, treating missing decisions as 0', () => {
    const a: PitchingLine = {
      outs: 20,
      bf: 27,
      h: 6,
      r: 3,
      er: 2,
      bb: 2,
      hbp: 1,
      so: 5,
      hr: 1,
      wp: 0,
      w: 1,
    };
    const b: PitchingLine = {
      outs: 2,
      bf: 4,
      h: 1,
      r: 1,
      er: 1,
      bb: 1,
      hbp: 0,
      so: 1,
      hr: 0,
      wp: 1,
    };
    expect(sumPitching([a, b])).toEqual({
      outs: 22,
      bf: 31,
      h: 7,
      r: 4,
      er: 3,
      bb: 3,
      hbp: 1,
      so: 6,
      hr: 1,
      wp: 1,
      w: 1,
      l: 0,
      sv: 0,
      hld: 0,
    });
  });

  it('gives zeros for no lines', () => {
    expect(sumPitching([])).toEqual(emptyPitching());
  });
});

describe('decisionCounts', () => {
  it('turns a decision into counts', () => {
    expect(decisionCounts('W')).toEqual({ w: 1, l: 0, sv: 0, hld: 0 });
    expect(decisionCounts('S')).toEqual({ w: 0, l: 0, sv: 1, hld: 0 });
    expect(decisionCounts('H')).toEqual({ w: 0, l: 0, sv: 0, hld: 1 });
    expect(decisionCounts(null)).toEqual({ w: 0, l: 0, sv: 0, hld: 0 });
  });
});

describe('pitchingRates', () => {
  it('uses the 7-inning basis by default', () => {
    // 21 outs = 7 IP, 2 ER → ERA 2 × 7 / 7 = 2.00; (1 BB + 6 H) / 7 = 1.00
    expect(pitchingRates(line({ outs: 21, er: 2, bb: 1, h: 6 }))).toEqual({
      ip: 7,
      era: 2,
      whip: 1,
    });
  });

  it('works thirds of an innings', () => {
    // 20 outs = 6⅔ IP, 3 ER → 3 × 7 / (20/3) = 63/20 = 3.15; (2 BB + 8 H) / (20/3) = 1.5
    const rates = pitchingRates(line({ outs: 20, er: 3, bb: 2, h: 8 }));
    expect(rates.ip).toBeCloseTo(20 / 3, 10);
    expect(rates.era).toBeCloseTo(3.15, 10);
    expect(rates.whip).toBeCloseTo(1.5, 10);
  });

  it('takes the league ERA basis', () => {
    // 9 IP, 1 ER → 1 × 9 / 9
    expect(pitchingRates(line({ outs: 27, er: 1 }), 9).era).toBe(1);
  });

  it('has no rates without outs, and Infinity when runs scored without an out', () => {
    expect(pitchingRates(line({}))).toEqual({ ip: 0, era: null, whip: null });
    expect(pitchingRates(line({ er: 2, h: 2 }))).toEqual({ ip: 0, era: Infinity, whip: Infinity });
  });
});
