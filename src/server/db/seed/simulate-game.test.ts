import { describe, expect, it } from 'vitest';
import { createRng } from './random.ts';
import { DEFAULT_RUN_AHEAD, runAheadMargin, simulateGame } from './simulate-game.ts';
import type { SimBatter, SimResult, SimRules, SimTeam } from './simulate-game.ts';

const POSITIONS = ['포', '1루', '2루', '3루', '유', '좌', '중', '우', 'DP', 'EP'];

function team(base: number, strength: number, batters: 9 | 10 = 9): SimTeam {
  const batter = (i: number, position: string): SimBatter => ({
    playerId: base + i,
    position,
    contact: strength * (0.9 + (i % 4) * 0.05),
    power: 0.6 + (i % 5) * 0.25,
    eye: 1,
    speed: 0.7 + (i % 3) * 0.25,
  });
  return {
    lineup: POSITIONS.slice(0, batters).map((p, i) => batter(i, p)),
    bench: [batter(20, '대타'), batter(21, '대타')],
    pitchers: [30, 31, 32].map((i) => ({
      playerId: base + i,
      stuff: strength,
      control: 1,
      stamina: 28,
    })),
  };
}

const RULES: SimRules = { innings: 7, runAhead: DEFAULT_RUN_AHEAD, tiesAllowed: false };
const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((s, r) => s + pick(r), 0);

/** Every invariant a box score must satisfy, checked on the simulator's own output. */
function expectConsistent(result: SimResult, rules: SimRules): void {
  const tops = result.halves.filter((h) => h.half === 'top');
  const bottoms = result.halves.filter((h) => h.half === 'bottom');
  expect(tops).toHaveLength(result.inningsPlayed);
  expect(
    bottoms.length === result.inningsPlayed || bottoms.length === result.inningsPlayed - 1,
  ).toBe(true);
  expect(sum(tops, (h) => h.runs)).toBe(result.away.runs);
  expect(sum(bottoms, (h) => h.runs)).toBe(result.home.runs);
  if (bottoms.length < result.inningsPlayed)
    expect(result.home.runs).toBeGreaterThan(result.away.runs);
  for (const h of tops) expect(h.outs).toBe(3);
  for (const h of bottoms.slice(0, -1)) expect(h.outs).toBe(3);

  for (const [bat, field] of [
    [result.away, result.home],
    [result.home, result.away],
  ] as const) {
    expect(sum(bat.batting, (l) => l.r)).toBe(bat.runs);
    expect(sum(field.pitching, (p) => p.r)).toBe(bat.runs);
    expect(sum(field.pitching, (p) => p.er)).toBe(bat.earnedRuns);
    for (const key of ['h', 'bb', 'hbp', 'so', 'hr'] as const)
      expect(sum(field.pitching, (p) => p[key])).toBe(sum(bat.batting, (l) => l[key]));
    expect(sum(field.pitching, (p) => p.bf)).toBe(sum(bat.batting, (l) => l.pa));
    expect(sum(field.pitching, (p) => p.outs)).toBe(bat.outsBatted);
    for (const l of bat.batting) {
      expect(l.pa).toBe(l.ab + l.bb + l.hbp + l.sh + l.sf);
      expect(l.h).toBeLessThanOrEqual(l.ab);
      expect(l.b2 + l.b3 + l.hr).toBeLessThanOrEqual(l.h);
    }
    for (const p of field.pitching) expect(p.er).toBeLessThanOrEqual(p.r);
  }
  expect(result.away.outsBatted).toBe(3 * tops.length);
  const last = result.halves[result.halves.length - 1];
  if (result.home.outsBatted < 3 * bottoms.length) {
    expect(last.half).toBe('bottom');
    expect(['walk-off', 'run-ahead']).toContain(result.ending);
  }

  const winner =
    result.away.runs > result.home.runs
      ? result.away
      : result.home.runs > result.away.runs
        ? result.home
        : null;
  if (winner === null) {
    expect(rules.tiesAllowed).toBe(true);
    expect(result.ending).toBe('tie');
    expect(result.winPitcherId).toBeNull();
  } else {
    const loser = winner === result.away ? result.home : result.away;
    expect(winner.pitching.filter((p) => p.decision === 'W').map((p) => p.playerId)).toEqual([
      result.winPitcherId,
    ]);
    expect(loser.pitching.filter((p) => p.decision === 'L').map((p) => p.playerId)).toEqual([
      result.lossPitcherId,
    ]);
    expect(loser.pitching.some((p) => p.decision === 'W' || p.decision === 'S')).toBe(false);
    if (result.savePitcherId !== null)
      expect(winner.pitching.at(-1)!.playerId).toBe(result.savePitcherId);
  }
  const everyone = [
    ...result.away.batting,
    ...result.home.batting,
    ...result.away.pitching,
    ...result.home.pitching,
  ].map((l) => l.playerId);
  expect(everyone).toContain(result.mvpPlayerId);
}

describe('runAheadMargin', () => {
  it('applies the rule of the latest inning reached', () => {
    expect(runAheadMargin(DEFAULT_RUN_AHEAD, 2)).toBeNull();
    expect(runAheadMargin(DEFAULT_RUN_AHEAD, 3)).toBe(15);
    expect(runAheadMargin(DEFAULT_RUN_AHEAD, 4)).toBe(10);
    expect(runAheadMargin(DEFAULT_RUN_AHEAD, 5)).toBe(7);
    expect(runAheadMargin(DEFAULT_RUN_AHEAD, 9)).toBe(7);
  });
});

describe('simulateGame', () => {
  it('gives the same game for the same seed', () => {
    const a = simulateGame(createRng('same'), team(100, 1), team(200, 1), RULES);
    const b = simulateGame(createRng('same'), team(100, 1), team(200, 1), RULES);
    expect(a).toEqual(b);
  });

  it('produces box scores that add up, over many games and every ending', () => {
    const endings = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const rules: SimRules = { ...RULES, tiesAllowed: i % 2 === 0 };
      const result = simulateGame(
        createRng(`game-${i}`),
        team(100, 0.8 + (i % 5) * 0.1, i % 3 === 0 ? 10 : 9),
        team(200, 1),
        rules,
      );
      expectConsistent(result, rules);
      endings.add(result.ending);
    }
    expect([...endings].sort()).toEqual(['regulation', 'run-ahead', 'tie', 'walk-off']);
  });

  it('ends a lopsided game by the run-ahead rule', () => {
    let found = false;
    for (let i = 0; i < 50 && !found; i++) {
      const result = simulateGame(createRng(`mercy-${i}`), team(100, 0.6), team(200, 1.4), RULES);
      if (result.ending !== 'run-ahead') continue;
      found = true;
      const diff = Math.abs(result.home.runs - result.away.runs);
      expect(diff).toBeGreaterThanOrEqual(runAheadMargin(DEFAULT_RUN_AHEAD, result.inningsPlayed)!);
      expect(result.inningsPlayed).toBeLessThan(7);
    }
    expect(found).toBe(true);
  });

  it('starts extra innings with a runner on second and never ties when ties are not allowed', () => {
    let extra = 0;
    for (let i = 0; i < 300; i++) {
      const result = simulateGame(createRng(`extra-${i}`), team(100, 1), team(200, 1), RULES);
      expect(result.ending).not.toBe('tie');
      if (result.inningsPlayed > 7) {
        extra++;
        expect(result.home.runs).not.toBe(result.away.runs);
      }
    }
    expect(extra).toBeGreaterThan(0);
  });

  it('uses the bench and the bullpen', () => {
    let subs = 0;
    let relievers = 0;
    for (let i = 0; i < 100; i++) {
      const result = simulateGame(createRng(`subs-${i}`), team(100, 1), team(200, 1), RULES);
      subs += result.home.batting.filter((l) => l.seq > 1).length;
      relievers += result.home.pitching.length - 1;
      expect(
        new Set(result.home.batting.filter((l) => l.seq === 1).map((l) => l.battingOrder)).size,
      ).toBe(9);
    }
    expect(subs).toBeGreaterThan(0);
    expect(relievers).toBeGreaterThan(0);
  });
});
