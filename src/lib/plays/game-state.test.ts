import { describe, expect, it } from 'vitest';
import { PlayError, applyPlay, applySub, atBat, startGame } from './game-state.ts';
import type { GameRules, GameState, LineupEntry } from './game-state.ts';

const POSITIONS = [8, 6, 3, 5, 7, 9, 4, 2, 1];
const nine = (t: string, side: 0 | 1): LineupEntry[] =>
  POSITIONS.map((position, i) => ({ player: `${t}${i + 1}`, side, slot: i + 1, position }));
const rules: GameRules = {
  innings: 7,
  runAhead: [{ afterInning: 5, runs: 7 }],
  tiebreakFrom: 8,
};
const run = (state: GameState, ...plays: string[]) =>
  plays.reduce((s, p) => applyPlay(s, rules, p).state, state);
const threeOuts = ['K', 'K', 'K'];

describe('the game state', () => {
  it('plays the DP/FLEX: the DP bats as position 10, the FLEX fields without batting', () => {
    // home: h3 is the DP (bats 3rd), hf the FLEX at first base
    const home = nine('h', 1).map((e) => (e.slot === 3 ? { ...e, position: 10 } : e));
    const state = startGame([
      ...nine('a', 0),
      ...home,
      { player: 'hf', side: 1, slot: 0, position: 3 },
    ]);
    expect(state.defense[1][3]).toBe('hf');
    expect(state.defense[1][10]).toBe('h3');
    const bottom = run(state, ...threeOuts, 'K', 'K');
    expect(atBat(bottom).batter).toBe('h3');
  });

  it('lets a starter re-enter once, into his own slot', () => {
    let s = startGame([...nine('a', 0), ...nine('h', 1)]);
    s = applySub(s, { player: 'a10', side: 0, slot: 2, position: 11 });
    expect(() => applySub(s, { player: 'a2', side: 0, slot: 3, position: 6 })).toThrow(
      '원래 타순(2번)으로만',
    );
    s = applySub(s, { player: 'a2', side: 0, slot: 2, position: 6 });
    expect(s.order[0][1]).toBe('a2');
    s = applySub(s, { player: 'a11', side: 0, slot: 2, position: 6 });
    expect(() => applySub(s, { player: 'a2', side: 0, slot: 2, position: 6 })).toThrow(PlayError);
    // a substitute who left does not come back
    expect(() => applySub(s, { player: 'a10', side: 0, slot: 2, position: 6 })).toThrow(PlayError);
  });

  it('ends the game by the run-ahead rule after the fifth, and skips the bottom half when the home team leads', () => {
    let s = startGame([...nine('a', 0), ...nine('h', 1)]);
    for (let inning = 1; inning <= 4; inning++) s = run(s, ...threeOuts, ...threeOuts);
    s = run(s, ...threeOuts, 'HR', 'HR', 'HR', 'HR', 'HR', 'HR');
    expect(s.over).toBeNull();
    s = run(s, 'HR');
    expect(s.over).toBe('runRule');
    expect(s.score).toEqual([0, 7]);

    let t = startGame([...nine('a', 0), ...nine('h', 1)]);
    t = run(t, ...threeOuts, 'HR', ...threeOuts);
    for (let inning = 2; inning <= 6; inning++) t = run(t, ...threeOuts, ...threeOuts);
    t = run(t, ...threeOuts);
    expect(t.over).toBe('innings');
    expect(t.inning).toBe(7);
    expect(t.half).toBe(0);
  });

  it('places the previous batter on second from the 8th, and his run is unearned', () => {
    let s = startGame([...nine('a', 0), ...nine('h', 1)]);
    for (let inning = 1; inning <= 7; inning++) s = run(s, ...threeOuts, ...threeOuts);
    expect(s.inning).toBe(8);
    // 21 batters in seven innings: a4 is due up, a3 (the batter before him) starts on second
    expect(atBat(s).batter).toBe('a4');
    const placed = s.bases[1]!;
    expect(placed).toMatchObject({ player: 'a3', unearned: true });
    const r = applyPlay(s, rules, 'D8.2-H');
    expect(r.runs).toEqual([expect.objectContaining({ player: placed.player, earned: false })]);
  });

  it('ends on a walk-off with the runs that count', () => {
    let s = startGame([...nine('a', 0), ...nine('h', 1)]);
    for (let inning = 1; inning <= 6; inning++) s = run(s, ...threeOuts, ...threeOuts);
    s = run(s, ...threeOuts, 'W', 'W', 'W');
    const r = applyPlay(s, rules, 'S9.3-H;2-H;1-3');
    expect(r.state.over).toBe('walkOff');
    expect(r.state.score).toEqual([0, 2]);
  });

  it('refuses a fourth out and a runner from an empty base', () => {
    const s = startGame([...nine('a', 0), ...nine('h', 1)]);
    expect(() => applyPlay(s, rules, 'SB2')).toThrow('1루에 주자가 없습니다');
    const two = run(s, 'S7', 'K', 'K');
    expect(() => applyPlay(two, rules, '64(1)3/GDP')).toThrow('한 이닝에는 아웃이 3개뿐입니다');
  });
});
