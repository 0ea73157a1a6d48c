/**
 * The state of a game scored by plays and what one event does to it (DESIGN.md §5a): the inning
 * and half, outs, who is on each base and which pitcher is responsible for him, both batting
 * orders and defensive alignments, the score. `applyEvent` refuses what the state does not allow
 * with a Korean message and never changes the state it was given.
 */
import { BATTER_PLAYS, NotationError, hasModifier, parsePlay } from './notation.ts';
import type { Advance, Base, Dest, Play } from './notation.ts';

export type Side = 0 | 1; // 0: away (bats first), 1: home

/** The rules of the league that decide when a game ends. */
export interface GameRules {
  /** innings of a regulation game (7 in softball) */
  innings: number;
  /** the run-ahead rule: after `afterInning` innings, a lead of `runs` or more ends the game */
  runAhead: readonly { afterInning: number; runs: number }[];
  /** the international tiebreaker: from this inning each half starts with a runner on 2nd */
  tiebreakFrom: number | null;
}

export const SOFTBALL_RULES: GameRules = {
  innings: 7,
  runAhead: [
    { afterInning: 3, runs: 15 },
    { afterInning: 4, runs: 10 },
    { afterInning: 5, runs: 7 },
  ],
  tiebreakFrom: 8,
};

/** One player of a lineup: who bats in a slot and where he plays (10 DH/DP, 11 PH, 12 PR). */
export interface LineupEntry {
  player: string;
  side: Side;
  /** batting order 1–9; 0 for a player who does not bat (the pitcher with a DH, the FLEX) */
  slot: number;
  position: number;
}

export interface Runner {
  player: string;
  /** the pitcher charged with him if he scores */
  pitcher: string;
  /** his run cannot be earned: he reached on an error, interference, or was placed (tiebreaker) */
  unearned: boolean;
}

export interface GameState {
  inning: number;
  half: Side;
  outs: number;
  bases: [Runner | null, Runner | null, Runner | null];
  score: [number, number];
  /** player in each batting slot 1–9 (index 0–8), per side */
  order: [string[], string[]];
  /** player at each position 1–10 (index 1–10), per side */
  defense: [Record<number, string>, Record<number, string>];
  /** the slot (0–8) due up next, per side */
  due: [number, number];
  /** outs the inning would have had without errors and passed balls (OBR 9.16), team and pitcher */
  phantom: { team: number; pitcher: Record<string, number> };
  /** the starters, who may come back once into their own slot (re-entry, WBSC) */
  starters: string[];
  /** players who left the game, with the slot they left (0: a fielder who did not bat) */
  left: Record<string, number>;
  /** starters who came back already */
  reentered: string[];
  over: null | 'innings' | 'runRule' | 'walkOff';
}

/** What an event did, for the box score and the Korean sentence. */
export interface EventResult {
  state: GameState;
  play: Play | null;
  batter: string | null;
  pitcher: string;
  side: Side;
  inning: number;
  /** runners who scored, with the pitcher charged, whether earned for him and for the team */
  runs: { player: string; pitcher: string; earned: boolean; teamEarned: boolean; rbi: boolean }[];
  /** every runner who moved: where from and where he ended up (0: out) */
  moves: { player: string; from: Base; to: Dest | 0 }[];
  /** the positions charged with an error */
  errors: number[];
  outsMade: number;
}

export class PlayError extends Error {
  /** the event of a game's list the message is about (deriveBox), and the message without it */
  readonly index: number | null;
  readonly reason: string;
  constructor(message: string, at?: { index: number; reason: string }) {
    super(message);
    this.index = at?.index ?? null;
    this.reason = at?.reason ?? message;
  }
}

const fail = (why: string): never => {
  throw new PlayError(why);
};

export const BASE_NAMES = ['타자', '1루', '2루', '3루', '홈'] as const;

/** The state before the first pitch, from both lineups; throws when a lineup is not whole. */
export function startGame(lineup: LineupEntry[]): GameState {
  const state: GameState = {
    inning: 1,
    half: 0,
    outs: 0,
    bases: [null, null, null],
    score: [0, 0],
    order: [[], []],
    defense: [{}, {}],
    due: [0, 0],
    phantom: { team: 0, pitcher: {} },
    starters: [],
    left: {},
    reentered: [],
    over: null,
  };
  for (const e of lineup) {
    state.starters.push(e.player);
    if (e.slot >= 1 && e.slot <= 9) state.order[e.side][e.slot - 1] = e.player;
    if (e.position >= 1 && e.position <= 10) state.defense[e.side][e.position] = e.player;
  }
  for (const side of [0, 1] as const) {
    const team = side === 0 ? '원정' : '홈';
    for (let s = 0; s < 9; s++)
      if (!state.order[side][s]) fail(`${team} 팀 ${s + 1}번 타자가 없습니다.`);
    for (let pos = 1; pos <= 9; pos++)
      if (!state.defense[side][pos]) fail(`${team} 팀 ${POSITION_NAMES[pos]}가 없습니다.`);
  }
  return state;
}

export const POSITION_NAMES = [
  '',
  '투수',
  '포수',
  '1루수',
  '2루수',
  '3루수',
  '유격수',
  '좌익수',
  '중견수',
  '우익수',
  '지명타자',
  '대타',
  '대주자',
] as const;

/** A copy to change: every part a play or substitution changes is copied, the rest shared. */
const clone = (s: GameState): GameState => ({
  ...s,
  bases: [
    s.bases[0] && { ...s.bases[0] },
    s.bases[1] && { ...s.bases[1] },
    s.bases[2] && { ...s.bases[2] },
  ],
  score: [s.score[0], s.score[1]],
  order: [[...s.order[0]], [...s.order[1]]],
  defense: [{ ...s.defense[0] }, { ...s.defense[1] }],
  due: [s.due[0], s.due[1]],
  phantom: { team: s.phantom.team, pitcher: { ...s.phantom.pitcher } },
  left: { ...s.left },
  reentered: [...s.reentered],
});

/** The batter due up and the pitcher on the mound now. */
export function atBat(state: GameState): { batter: string; pitcher: string; side: Side } {
  const side = state.half;
  return {
    batter: state.order[side][state.due[side]],
    pitcher: state.defense[(1 - side) as Side][1],
    side,
  };
}

/**
 * Applies one play in event notation; `batter`, when given (an event file's play record), must be
 * the batter due up. Throws PlayError with a Korean message when the state does not allow it.
 */
export function applyPlay(
  before: GameState,
  rules: GameRules,
  text: string,
  batter?: string,
): EventResult {
  if (before.over) fail('경기가 이미 끝났습니다.');
  let play: Play;
  try {
    play = parsePlay(text);
  } catch (err) {
    if (err instanceof NotationError) fail(`플레이 표기를 읽을 수 없습니다: ${err.message}`);
    throw err;
  }
  const state = clone(before);
  const now = atBat(state);
  const fielders = state.defense[(1 - now.side) as Side];
  for (let pos = 1; pos <= 9; pos++)
    if (!fielders[pos])
      fail(`수비 팀의 ${POSITION_NAMES[pos]} 자리가 비어 있습니다. 수비 교체를 먼저 기록하세요.`);
  if (batter !== undefined && batter !== now.batter && BATTER_PLAYS.has(play.kind))
    fail(
      `타순이 맞지 않습니다: 지금은 ${now.side === 0 ? '원정' : '홈'} 팀 ${state.due[now.side] + 1}번 타자 차례입니다.`,
    );
  const result: EventResult = {
    state,
    play,
    batter: now.batter,
    pitcher: now.pitcher,
    side: now.side,
    inning: state.inning,
    runs: [],
    moves: [],
    errors: [...play.errors, ...play.advances.flatMap((a) => a.errors)],
    outsMade: 0,
  };
  if (play.kind === 'noPlay') return result;

  const batterRunner: Runner = { player: now.batter, pitcher: now.pitcher, unearned: false };
  // where each runner (0: the batter) ends up: a base, home (4) or out (0); absent: stays
  const dest = new Map<Base, Dest | 0>();
  const advanceOf = (from: Base) => play.advances.find((a) => a.from === from);
  const occupied = (b: Base) => b === 0 || before.bases[b - 1] !== null;

  // the basic play's own moves
  const put = (from: Base, to: Dest | 0) => {
    if (!occupied(from)) fail(`${BASE_NAMES[from]}에 주자가 없습니다.`);
    dest.set(from, to);
  };
  const runnerPlays = [play, ...(play.also ? [play.also] : [])];
  for (const p of runnerPlays) {
    for (const out of p.outs) put(out.runner, 0);
    for (const s of p.steals) put(s.from, s.out ? 0 : s.to);
  }
  const forceAll = () => {
    // the batter to first; forced runners one base ahead
    if (before.bases[0]) {
      if (before.bases[1]) {
        if (before.bases[2] && !dest.has(3)) dest.set(3, 4);
        if (!dest.has(2)) dest.set(2, 3);
      }
      if (!dest.has(1)) dest.set(1, 2);
    }
  };
  switch (play.kind) {
    case 'single':
      dest.set(0, 1);
      break;
    case 'double':
    case 'groundRuleDouble':
      dest.set(0, 2);
      break;
    case 'triple':
      dest.set(0, 3);
      break;
    case 'homeRun':
      dest.set(0, 4);
      for (const b of [1, 2, 3] as const) if (before.bases[b - 1] && !advanceOf(b)) dest.set(b, 4);
      break;
    case 'walk':
    case 'intentionalWalk':
    case 'hitByPitch':
    case 'interference':
      dest.set(0, 1);
      forceAll();
      break;
    case 'error':
    case 'fieldersChoice':
      dest.set(0, 1);
      break;
    case 'out':
      // 54(1): a force at second, the batter safe at first
      if (!dest.has(0)) dest.set(0, 1);
      break;
    case 'strikeout':
      if (!dest.has(0)) dest.set(0, 0);
      break;
    case 'balk':
      for (const b of [3, 2, 1] as const)
        if (before.bases[b - 1] && !advanceOf(b)) dest.set(b, (b + 1) as Dest);
      break;
    default:
      break;
  }
  // the explicit advances decide last: B-2 after S7, 1X3(95), K+WP.B-1
  for (const a of play.advances) {
    if (!occupied(a.from))
      fail(`${BASE_NAMES[a.from]}에 주자가 없습니다 (${a.from === 0 ? 'B' : a.from}-${a.to}).`);
    dest.set(a.from, a.out ? 0 : a.to);
  }
  // a batter who does not bat (a runner's play) stays where he is: nowhere
  if (!BATTER_PLAYS.has(play.kind)) dest.delete(0);

  // every runner ends on a base of his own, no one passes the runner ahead
  const after: [Runner | null, Runner | null, Runner | null] = [null, null, null];
  const runnerAt = (b: Base) => (b === 0 ? batterRunner : before.bases[b - 1]!);
  let outs = 0;
  const order: Base[] = [3, 2, 1, 0];
  let last = 5;
  for (const b of order) {
    if (b !== 0 && !before.bases[b - 1]) continue;
    if (b === 0 && !dest.has(0)) continue;
    const to = dest.has(b) ? dest.get(b)! : (b as Dest);
    const runner = runnerAt(b);
    if (to === 0) {
      outs++;
      result.moves.push({ player: runner.player, from: b, to: 0 });
      continue;
    }
    if (to !== 4) {
      if (after[to - 1]) fail(`${BASE_NAMES[to]}에 주자가 둘입니다.`);
      if (to >= last) fail(`주자가 앞 주자를 앞지를 수 없습니다 (${BASE_NAMES[b]} 주자).`);
      last = to;
    }
    if (to !== b) result.moves.push({ player: runner.player, from: b, to });
    if (to === 4) result.runs.push(scored(runner, b, play, advanceOf(b)));
    else after[to - 1] = runner;
  }
  const outsAfter = before.outs + outs;
  if (outsAfter > 3) fail(`아웃이 ${outsAfter}개가 됩니다. 한 이닝에는 아웃이 3개뿐입니다.`);
  if (outsAfter === 3) {
    // no run scores on the third out when the batter is put out before reaching first, or on a force
    const batterOutBeforeFirst = dest.get(0) === 0;
    const forceOut =
      play.kind === 'out' &&
      play.outs.some((o) => o.runner !== 0) &&
      batterOutBeforeFirst === false;
    if (batterOutBeforeFirst || (forceOut && hasModifier(play, 'FO', 'GDP', 'DP')))
      result.runs = [];
  }
  result.outsMade = outs;

  // the batter who reached: on an error or interference, his run cannot be earned
  if (dest.has(0) && dest.get(0) !== 0) {
    if (play.kind === 'error' || play.kind === 'interference') batterRunner.unearned = true;
    // reached on a fielder's choice that retired a runner: that runner's pitcher is charged (9.16(g))
    const retired =
      play.outs.find((o) => o.runner !== 0)?.runner ??
      play.advances.find((a) => a.out && a.from !== 0)?.from;
    if (retired) batterRunner.pitcher = before.bases[retired - 1]!.pitcher;
  }
  // an error that let the batter reach, or interference: an out in the inning without errors.
  // Runs on a play after which that inning would have had three outs are unearned (OBR 9.16(a));
  // a relief pitcher does not get the chances for outs missed before he came in (9.16(i)).
  const phantomOut = play.kind === 'error' || play.kind === 'interference' ? 1 : 0;
  const pitcherPhantom = state.phantom.pitcher[now.pitcher] ?? 0;
  const teamOutsAfter = before.outs + outs + state.phantom.team + phantomOut;
  const pitcherOutsAfter = before.outs + outs + pitcherPhantom + phantomOut;
  const teamOver = teamOutsAfter >= 3 && phantomOut + state.phantom.team > 0;
  const pitcherOver = pitcherOutsAfter >= 3 && phantomOut + pitcherPhantom > 0;
  for (const run of result.runs) {
    if (teamOver) run.teamEarned = false;
    // an inherited runner's run is judged by the inning as a whole
    if (run.pitcher === now.pitcher ? pitcherOver : teamOver) run.earned = false;
  }
  state.phantom.team += phantomOut;
  state.phantom.pitcher[now.pitcher] = pitcherPhantom + phantomOut;

  state.bases = after;
  state.outs = outsAfter;
  state.score[now.side] += result.runs.length;
  if (BATTER_PLAYS.has(play.kind)) state.due[now.side] = (state.due[now.side] + 1) % 9;

  endOfHalf(state, rules);
  return result;

  function scored(runner: Runner, from: Base, p: Play, adv: Advance | undefined) {
    const basesLoaded = before.bases.every((r) => r !== null);
    const onError = (adv?.errors.length ?? 0) > 0 || adv?.unearned === true;
    const onPassedBall = p.kind === 'passedBall' || p.also?.kind === 'passedBall';
    const earned = !runner.unearned && !onError && !onPassedBall;
    const rbiPlay =
      BATTER_PLAYS.has(p.kind) &&
      // on an error, only the runner from third with fewer than two outs is batted in (9.04(a)(2)),
      // and on a walk only a runner forced home (9.04(a)(1)), as the Chadwick tools read it
      (p.kind !== 'error' || (from === 3 && before.outs < 2)) &&
      (!['walk', 'intentionalWalk'].includes(p.kind) || from !== 3 || basesLoaded) &&
      !hasModifier(p, 'GDP') &&
      p.kind !== 'strikeout';
    const rbi = adv?.rbi === true || (rbiPlay && !adv?.noRbi && !(adv && adv.errors.length > 0));
    return {
      player: runner.player,
      pitcher: runner.pitcher,
      earned,
      teamEarned: earned && !adv?.teamUnearned,
      rbi,
    };
  }
}

/** Three outs, the run rule, a walk-off, the last inning: moves to the next half or ends the game. */
function endOfHalf(state: GameState, rules: GameRules): void {
  const [away, home] = state.score;
  const last = state.inning >= rules.innings;
  const margin = runAheadMargin(rules.runAhead, state.inning);
  if (state.half === 1) {
    // the home team ahead in its last half ends the game at once (the walk-off), as does its
    // lead by the run-ahead margin
    if (last && home > away) state.over = 'walkOff';
    else if (margin !== null && home - away >= margin) state.over = 'runRule';
    if (state.over || state.outs < 3) return;
    if (margin !== null && away - home >= margin) state.over = 'runRule';
    else if (last && away > home) state.over = 'innings';
    else nextHalf(state, rules);
    return;
  }
  if (state.outs < 3) return;
  // no bottom half when the home team leads after the top of the last inning, or by the margin
  if (last && home > away) state.over = 'innings';
  else if (margin !== null && home - away >= margin) state.over = 'runRule';
  else nextHalf(state, rules);
}

/** The lead that ends a game after `inning` innings by a run-ahead rule; null before it applies. */
export function runAheadMargin(runAhead: GameRules['runAhead'], inning: number): number | null {
  let margin: number | null = null;
  let best = -1;
  for (const rule of runAhead)
    if (rule.afterInning <= inning && rule.afterInning > best) {
      best = rule.afterInning;
      margin = rule.runs;
    }
  return margin;
}

function nextHalf(state: GameState, rules: GameRules): void {
  state.outs = 0;
  state.bases = [null, null, null];
  state.phantom = { team: 0, pitcher: {} };
  if (state.half === 0) state.half = 1;
  else {
    state.half = 0;
    state.inning++;
  }
  if (rules.tiebreakFrom !== null && state.inning >= rules.tiebreakFrom) {
    // WBSC: the batter before the one due up starts on second; his run cannot be earned
    const side = state.half;
    const slot = (state.due[side] + 8) % 9;
    state.bases[1] = {
      player: state.order[side][slot],
      pitcher: state.defense[(1 - side) as Side][1],
      unearned: true,
    };
  }
}

/** A substitution (an event file's `sub` record): a player into a batting slot and a position. */
export function applySub(before: GameState, entry: LineupEntry): GameState {
  if (before.over) fail('경기가 이미 끝났습니다.');
  const state = clone(before);
  const { side, slot, position, player } = entry;
  if (!Number.isInteger(slot) || slot < 0 || slot > 9) fail('타순은 0–9 사이여야 합니다.');
  if (!Number.isInteger(position) || position < 1 || position > 12)
    fail('수비 위치는 1–12 사이여야 합니다.');
  if (player in state.left) {
    // a starter comes back once, into his own slot (WBSC re-entry)
    if (!state.starters.includes(player) || state.reentered.includes(player))
      fail(
        '경기에서 빠진 선수는 다시 나올 수 없습니다 (선발 선수만 한 번, 원래 타순으로 다시 나옵니다).',
      );
    if (slot !== state.left[player])
      fail(`다시 나오는 선발 선수는 원래 타순(${state.left[player]}번)으로만 나올 수 있습니다.`);
    state.reentered.push(player);
    delete state.left[player];
  }
  const defense = state.defense[side];
  if (slot >= 1) {
    const out = state.order[side][slot - 1];
    if (out !== player) {
      if (state.order[side].includes(player)) fail('이미 다른 타순에 있는 선수입니다.');
      state.left[out] = slot;
      // a pinch runner takes the base of the runner he replaces, and that runner's pitcher
      for (const r of state.bases) if (r && r.player === out) r.player = player;
      for (const pos of Object.keys(defense).map(Number))
        if (defense[pos] === out) delete defense[pos];
    }
    state.order[side][slot - 1] = player;
  }
  if (position <= 10) {
    const out = defense[position];
    // a fielder who does not bat (a pitcher with a DH, the FLEX) leaves when replaced
    if (out && out !== player && !state.order[side].includes(out)) state.left[out] ??= 0;
    for (const pos of Object.keys(defense).map(Number))
      if (defense[pos] === player) delete defense[pos];
    defense[position] = player;
  }
  return state;
}
