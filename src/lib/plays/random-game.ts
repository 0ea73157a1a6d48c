/**
 * A whole game of random plays the state allows, for property tests and the bench: hits with
 * runners taking one or two bases, outs, walks, errors, sacrifices, double plays, steals, wild
 * pitches and passed balls, now and then a new pitcher (after a play, never two in a row). `pick`
 * gives numbers in [0, 1).
 */
import type { GameEvent } from './derive-box.ts';
import { applyPlay, applySub, startGame } from './game-state.ts';
import type { GameRules, GameState, LineupEntry, Side } from './game-state.ts';

/** Runner advances written out for every runner on base: each goes `extra` bases, none passes. */
function advances(state: GameState, batterTo: number, extra: () => number): string {
  const parts: string[] = [];
  let ahead = 5;
  for (const b of [3, 2, 1]) {
    if (!state.bases[b - 1]) continue;
    let to = Math.min(4, b + extra());
    if (to < 4 && to >= ahead) to = ahead - 1;
    if (to <= batterTo && batterTo < 4) to = Math.min(4, batterTo + 1);
    if (to < 4 && to >= ahead) to = 4;
    ahead = to;
    if (to !== b) parts.push(`${b}-${to === 4 ? 'H' : to}`);
  }
  return parts.length ? `.${parts.join(';')}` : '';
}

function nextPlay(state: GameState, pick: () => number): string {
  const on = (b: number) => state.bases[b - 1] !== null;
  const roll = pick();
  const extra = () => (pick() < 0.6 ? 1 : 2);
  if (roll < 0.05 && on(1) && !on(2)) return pick() < 0.7 ? 'SB2' : 'CS2(26)';
  if (roll < 0.08 && (on(1) || on(2) || on(3)))
    return `${pick() < 0.5 ? 'WP' : 'PB'}${advances(state, 0, () => 1)}`;
  const r = pick();
  if (r < 0.16) return `S7${advances(state, 1, extra)}`;
  if (r < 0.22) return `D8${advances(state, 2, () => 2)}`;
  if (r < 0.24) return `T9${advances(state, 3, () => 3)}`;
  if (r < 0.27) return 'HR/F7';
  if (r < 0.45) return 'K';
  if (r < 0.53) return 'W';
  if (r < 0.55) return 'HP';
  if (r < 0.58) return `E6${advances(state, 1, () => 1)}`;
  if (r < 0.62 && on(3) && state.outs < 2) return '9/SF.3-H';
  if (r < 0.65 && on(1) && !on(2) && state.outs < 2) return '13/SH.1-2';
  if (r < 0.7 && on(1) && state.outs < 2) return '64(1)3/GDP';
  if (r < 0.74 && on(1) && !on(2)) return 'FC6.1X2(64)';
  if (r < 0.87) return '63/G';
  return '8/F';
}

/**
 * Plays a game to its end. After 400 events it is brought to an end: strikeouts, and home runs for
 * the home team from the last inning. Relief pitchers are named `{a|h}p{n}` and bat ninth.
 */
export function randomGame(
  lineup: LineupEntry[],
  rules: GameRules,
  pick: () => number,
): GameEvent[] {
  let state = startGame(lineup);
  const events: GameEvent[] = [];
  let relievers = 0;
  while (!state.over) {
    if (events.length > 2000) throw new Error('the game does not end');
    let event: GameEvent;
    if (events.length > 400)
      event = {
        type: 'play',
        text: state.half === 1 && state.inning >= rules.innings ? 'HR' : 'K',
      };
    else if (pick() < 0.02 && events.at(-1)?.type === 'play') {
      const side = (1 - state.half) as Side;
      relievers++;
      event = {
        type: 'sub',
        entry: { player: `${side ? 'h' : 'a'}p${relievers}`, side, slot: 9, position: 1 },
      };
    } else event = { type: 'play', text: nextPlay(state, pick) };
    state =
      event.type === 'sub'
        ? applySub(state, event.entry)
        : applyPlay(state, rules, event.type === 'play' ? event.text : '').state;
    events.push(event);
  }
  return events;
}

/** A batting order of nine a side: away a1–a9, home h1–h9, the pitcher batting ninth. */
export function nineASide(): LineupEntry[] {
  const positions = [8, 6, 3, 5, 7, 9, 4, 2, 1];
  return (['a', 'h'] as const).flatMap((t, side) =>
    positions.map((position, i) => ({
      player: `${t}${i + 1}`,
      side: side as Side,
      slot: i + 1,
      position,
    })),
  );
}
