import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveBox } from './derive-box.ts';
import type { GameEvent } from './derive-box.ts';
import { gameToEventFile, readEventFile } from './event-file.ts';
import { applyPlay, applySub, atBat, startGame } from './game-state.ts';
import type { GameRules, GameState, LineupEntry } from './game-state.ts';

const POSITIONS = [8, 6, 3, 5, 7, 9, 4, 2, 1];
const lineup: LineupEntry[] = (['a', 'h'] as const).flatMap((t, side) =>
  POSITIONS.map((position, i) => ({
    player: `${t}${i + 1}`,
    side: side as 0 | 1,
    slot: i + 1,
    position,
  })),
);
const rules: GameRules = {
  innings: 7,
  runAhead: [{ afterInning: 5, runs: 7 }],
  tiebreakFrom: 8,
};

/** Runner advances written out for every runner on base: each goes `extra` bases, none passes. */
function advances(state: GameState, batterTo: number, extra: (b: number) => number): string {
  const parts: string[] = [];
  let ahead = 5;
  for (const b of [3, 2, 1]) {
    if (!state.bases[b - 1]) continue;
    let to = Math.min(4, b + extra(b));
    if (to < 4 && to >= ahead) to = ahead - 1;
    if (to <= batterTo && batterTo < 4) to = Math.min(4, batterTo + 1);
    if (to < 4 && to >= ahead) to = 4;
    ahead = to;
    if (to !== b) parts.push(`${b}-${to === 4 ? 'H' : to}`);
  }
  return parts.length ? `.${parts.join(';')}` : '';
}

/** A play the state allows, chosen by `pick` (0–1 numbers from fast-check). */
function nextPlay(state: GameState, pick: () => number, subAllowed: boolean): GameEvent {
  const on = (b: number) => state.bases[b - 1] !== null;
  const roll = pick();
  const extra = () => (pick() < 0.6 ? 1 : 2);
  if (roll < 0.05 && on(1) && !on(2))
    return { type: 'play', text: pick() < 0.7 ? 'SB2' : 'CS2(26)' };
  if (roll < 0.08 && (on(1) || on(2) || on(3)))
    return { type: 'play', text: `${pick() < 0.5 ? 'WP' : 'PB'}${advances(state, 0, () => 1)}` };
  if (roll < 0.1 && subAllowed) return { type: 'sub', entry: relief(state) };
  const r = pick();
  if (r < 0.16) return { type: 'play', text: `S7${advances(state, 1, extra)}` };
  if (r < 0.22) return { type: 'play', text: `D8${advances(state, 2, () => 2)}` };
  if (r < 0.24) return { type: 'play', text: `T9${advances(state, 3, () => 3)}` };
  if (r < 0.27) return { type: 'play', text: 'HR/F7' };
  if (r < 0.45) return { type: 'play', text: 'K' };
  if (r < 0.53) return { type: 'play', text: 'W' };
  if (r < 0.55) return { type: 'play', text: 'HP' };
  if (r < 0.58) return { type: 'play', text: `E6${advances(state, 1, () => 1)}` };
  if (r < 0.62 && on(3) && state.outs < 2) return { type: 'play', text: '9/SF.3-H' };
  if (r < 0.65 && on(1) && !on(2) && state.outs < 2) return { type: 'play', text: '13/SH.1-2' };
  if (r < 0.7 && on(1) && state.outs < 2) return { type: 'play', text: `64(1)3/GDP` };
  if (r < 0.74 && on(1) && !on(2)) return { type: 'play', text: 'FC6.1X2(64)' };
  if (r < 0.87) return { type: 'play', text: '63/G' };
  return { type: 'play', text: '8/F' };
}

let reliefCount = 0;
/** A new pitcher for the fielding side, batting in the pitcher's slot. */
function relief(state: GameState): LineupEntry {
  const side = (1 - state.half) as 0 | 1;
  reliefCount++;
  return { player: `${side ? 'h' : 'a'}p${reliefCount}`, side, slot: 9, position: 1 };
}

/** A whole game of random valid events, and its plate appearances by the replayed state. */
function randomGame(seed: number[]): GameEvent[] {
  let i = 0;
  const pick = () => seed[i++ % seed.length];
  let state = startGame(lineup);
  const events: GameEvent[] = [];
  while (!state.over) {
    // a long game is brought to its end: strikeouts, and home runs for the home team from the
    // last inning; no two substitutions in a row
    if (events.length > 2000) throw new Error('the game does not end');
    const event: GameEvent =
      events.length > 400
        ? { type: 'play', text: state.half === 1 && state.inning >= rules.innings ? 'HR' : 'K' }
        : nextPlay(state, pick, events.at(-1)?.type !== 'sub');
    if (event.type === 'sub') state = applySub(state, event.entry);
    else state = applyPlay(state, rules, event.text).state;
    events.push(event);
  }
  return events;
}

const games = fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), {
  minLength: 50,
  maxLength: 200,
});

describe('a game of random valid plays', () => {
  it('adds up: runs, plate appearances, batters faced, outs', () => {
    fc.assert(
      fc.property(games, (seed) => {
        const events = randomGame(seed);
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
        const events = randomGame(seed);
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

void atBat;
