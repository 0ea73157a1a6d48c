import { describe, expect, it } from 'vitest';
import { battingStats, pitchingStats } from './player-stats.ts';
import { emptyBatting } from '../../lib/stats/index.ts';

describe('stat lines', () => {
  it('sums batting lines and gives raw and formatted rates', () => {
    const game = (h: number, bb: number) => ({ ...emptyBatting(), pa: 3 + bb, ab: 3, h, bb });
    const line = battingStats([game(1, 0), game(2, 1)]);
    expect(line).toMatchObject({
      g: 2,
      pa: 7,
      ab: 6,
      h: 3,
      avg: 0.5,
      avgText: '0.500',
      obpText: '0.571',
      slgText: '0.500',
      opsText: '1.071',
    });
    expect(battingStats([emptyBatting()])).toMatchObject({ avg: null, avgText: '-' });
  });

  it("sums pitching lines in outs and uses the league's ERA basis", () => {
    const p = { outs: 10, bf: 15, h: 4, r: 3, er: 2, bb: 2, hbp: 0, so: 5, hr: 0, wp: 0 };
    const line = pitchingStats(
      [
        { ...p, w: 1 },
        { ...p, l: 1 },
      ],
      7,
    );
    expect(line).toMatchObject({
      g: 2,
      outs: 20,
      ipText: '6⅔',
      w: 1,
      l: 1,
      er: 4,
      eraText: '4.20',
      whipText: '1.80',
    });
    expect(line.era).toBeCloseTo(4.2);
    expect(pitchingStats([{ ...p, outs: 0 }], 7)).toMatchObject({ era: null, eraText: '∞' });
    expect(pitchingStats([p], 9).eraText).toBe('5.40');
  });
});
