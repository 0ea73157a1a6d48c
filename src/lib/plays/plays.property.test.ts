import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveBox } from './derive-box.ts';
import type { GameEvent } from './derive-box.ts';
import { gameToEventFile, readEventFile } from './event-file.ts';
import type { GameRules } from './game-state.ts';
import { nineASide, randomGame } from './random-game.ts';

const lineup = nineASide();
const rules: GameRules = {
  innings: 7,
  runAhead: [{ afterInning: 5, runs: 7 }],
  tiebreakFrom: 8,
};

/** A game of random valid plays, its choices drawn from the seed in turn. */
function randomGameOf(seed: number[]): GameEvent[] {
  let i = 0;
  return randomGame(lineup, rules, () => seed[i++ % seed.length]);
}

const games = fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), {
  minLength: 50,
  maxLength: 200,
});

describe('a game of random valid plays', () => {
  it('adds up: runs, plate appearances, batters faced, outs', () => {
    fc.assert(
      fc.property(games, (seed) => {
        const events = randomGameOf(seed);
        const box = deriveBox(lineup, events, rules);
        expect(box.final.over).not.toBeNull();
        for (const side of [0, 1] as const) {
          const bat = box.batting[side];
          const total = (k: 'pa' | 'ab' | 'bb' | 'hbp' | 'sh' | 'sf' | 'r') =>
            bat.reduce((n, l) => n + l[k], 0);
          // runs equal the line score and the opponent's pitchers' runs
          expect(box.innings[side].reduce((a, b) => a + b, 0)).toBe(box.runs[side]);
          expect(total('r')).toBe(box.runs[side]);
          expect(box.pitching[1 - side].reduce((n, l) => n + l.r, 0)).toBe(box.runs[side]);
          // PA = AB + BB + HBP + SH + SF; BF = the PA the pitchers faced
          expect(total('pa')).toBe(
            total('ab') + total('bb') + total('hbp') + total('sh') + total('sf'),
          );
          expect(box.pitching[1 - side].reduce((n, l) => n + l.bf, 0)).toBe(total('pa'));
          for (const p of box.pitching[1 - side]) expect(p.er).toBeLessThanOrEqual(p.r);
        }
        // three outs for each half played but the last
        const halves = box.innings[0].length + box.innings[1].length;
        const last = box.final.outs;
        expect(box.outsPlayed).toBe(
          3 * (halves - 1) +
            (box.final.over === 'walkOff' || box.final.over === 'runRule' ? last : 3),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('exports to an event file that imports to the same box score', () => {
    fc.assert(
      fc.property(games, (seed) => {
        const events = randomGameOf(seed);
        const box = deriveBox(lineup, events, rules);
        const names = Object.fromEntries(
          [...box.batting.flat(), ...box.pitching.flat()].map((l) => [
            l.player,
            `선수 ${l.player}`,
          ]),
        );
        const text = gameToEventFile(
          { id: 'SBS202604050', info: [['visteam', 'AWY']], lineup, events },
          box,
          names,
        );
        const file = readEventFile(text);
        expect(file.lineup).toEqual(lineup);
        const again = deriveBox(file.lineup, file.events, rules);
        const strip = (b: typeof box) => ({ ...b, results: [], final: null });
        expect(strip(again)).toEqual(strip(box));
      }),
      { numRuns: 100 },
    );
  });
});
