/**
 * A game's events replayed from the lineups: every state in turn, and the box score derived from
 * them (batting and pitching lines, the line score with hits, errors and left on base, the
 * pitchers of record the rules propose). Throws PlayError naming the event that does not fit.
 */
import { emptyBatting } from '../stats/batting.ts';
import type { BattingLine as BattingCounts } from '../stats/batting.ts';
import { emptyPitching } from '../stats/pitching.ts';
import type { PitchingLine as PitchingCounts } from '../stats/pitching.ts';
import { BATTER_PLAYS, hasModifier } from './notation.ts';
import type { PlayKind } from './notation.ts';
import { PlayError, applyPlay, applySub, startGame } from './game-state.ts';
import type { EventResult, GameRules, GameState, LineupEntry, Side } from './game-state.ts';

export type GameEvent =
  | { type: 'play'; text: string; batter?: string }
  | { type: 'sub'; entry: LineupEntry }
  | { type: 'comment'; text: string };

/** A batter's line of one game: the counts of stats/batting.ts and where he batted and played. */
export interface BattingLine extends BattingCounts {
  player: string;
  side: Side;
  battingOrder: number;
  /** 1 for the starter of a slot, 2 for the first to replace him… */
  seq: number;
  position: number;
  gidp: number;
  /** reached on catcher's interference: a plate appearance without an at-bat */
  ci: number;
  hrInnings: number[];
  b2Innings: number[];
  b3Innings: number[];
  sbInnings: number[];
  eInnings: number[];
  gidpInnings: number[];
}

/** A pitcher's line of one game: the counts of stats/pitching.ts and the decision proposed. */
export interface PitchingLine extends Omit<PitchingCounts, 'w' | 'l' | 'sv' | 'hld'> {
  player: string;
  side: Side;
  seq: number;
  decision: 'W' | 'L' | 'S' | null;
}

export interface DerivedBox {
  batting: [BattingLine[], BattingLine[]];
  pitching: [PitchingLine[], PitchingLine[]];
  /** runs of each half-inning played, per side */
  innings: [number[], number[]];
  runs: [number, number];
  hits: [number, number];
  errors: [number, number];
  leftOnBase: [number, number];
  outsPlayed: number;
  final: GameState;
  /** each play's state before it and its result, in order (null for a substitution or a comment) */
  results: ({ before: GameState; result: EventResult } | null)[];
}

const HITS: ReadonlySet<PlayKind> = new Set([
  'single',
  'double',
  'groundRuleDouble',
  'triple',
  'homeRun',
]);
const NO_AT_BAT: ReadonlySet<PlayKind> = new Set([
  'walk',
  'intentionalWalk',
  'hitByPitch',
  'interference',
]);

/** Replays the events; the error names the event (1-based) that the state refused. */
export function deriveBox(
  lineup: LineupEntry[],
  events: readonly GameEvent[],
  rules: GameRules,
): DerivedBox {
  let state = startGame(lineup);
  const batting = new Map<string, BattingLine>();
  const pitching = new Map<string, PitchingLine>();
  const slotSeq = new Map<string, number>();
  const pitcherSeq = [0, 0];
  const enteredWith = new Map<string, { lead: number; tyingClose: boolean }>();
  const innings: [number[], number[]] = [[], []];
  const leftOnBase: [number, number] = [0, 0];
  const results: DerivedBox['results'] = [];
  /** when each side's runs passed each total, and who pitched for both sides then */
  const runLog: { side: Side; total: number; pitcher: string; winnerPitcher: string }[] = [];

  const batLine = (player: string, side: Side, slot: number, position: number) => {
    let line = batting.get(player);
    if (!line) {
      const key = `${side}:${slot}`;
      const seq = (slotSeq.get(key) ?? 0) + 1;
      slotSeq.set(key, seq);
      line = {
        player,
        side,
        battingOrder: slot,
        seq,
        position,
        ...zeroBatting(),
      };
      batting.set(player, line);
    }
    return line;
  };
  const pitchLine = (player: string, side: Side, s: GameState) => {
    let line = pitching.get(player);
    if (!line) {
      pitcherSeq[side]++;
      line = { player, side, seq: pitcherSeq[side], ...zeroPitching(), decision: null };
      pitching.set(player, line);
      const lead = s.score[side] - s.score[(1 - side) as Side];
      const onBase = s.bases.filter(Boolean).length;
      enteredWith.set(player, { lead, tyingClose: lead > 0 && lead <= onBase + 2 });
    }
    return line;
  };
  for (const side of [0, 1] as const) {
    for (let slot = 1; slot <= 9; slot++) {
      const player = state.order[side][slot - 1];
      const pos = Number(
        Object.entries(state.defense[side]).find(([, p]) => p === player)?.[0] ?? 10,
      );
      batLine(player, side, slot, pos);
    }
    pitchLine(state.defense[side][1], side, state);
  }

  for (const [i, event] of events.entries()) {
    try {
      if (event.type === 'comment') {
        results.push(null);
        continue;
      }
      if (event.type === 'sub') {
        state = applySub(state, event.entry);
        const { player, side, slot, position } = event.entry;
        if (slot >= 1) batLine(player, side, slot, position);
        if (position === 1) pitchLine(player, side, state);
        results.push(null);
        continue;
      }
      const before = state;
      const result = applyPlay(before, rules, event.text, event.batter);
      results.push({ before, result });
      state = result.state;
      count(before, result);
    } catch (err) {
      if (err instanceof PlayError)
        throw new PlayError(`${i + 1}번째 기록: ${err.message}`, { index: i, reason: err.message });
      throw err;
    }
  }

  function count(before: GameState, result: EventResult) {
    const play = result.play!;
    const side = result.side;
    const fielding = (1 - side) as Side;
    const inning = result.inning;
    innings[side][inning - 1] = (innings[side][inning - 1] ?? 0) + result.runs.length;
    const pitcher = pitchLine(result.pitcher, fielding, before);
    pitcher.outs += result.outsMade;
    const kinds = [play.kind, ...(play.also ? [play.also.kind] : [])];
    if (kinds.includes('wildPitch')) pitcher.wp++;
    if (BATTER_PLAYS.has(play.kind) && result.batter) {
      const batter = batting.get(result.batter)!;
      batter.pa++;
      pitcher.bf++;
      const sacrifice = hasModifier(play, 'SH') || hasModifier(play, 'SF');
      if (!NO_AT_BAT.has(play.kind) && !sacrifice) batter.ab++;
      if (HITS.has(play.kind)) {
        batter.h++;
        pitcher.h++;
      }
      if (play.kind === 'double' || play.kind === 'groundRuleDouble') {
        batter.b2++;
        batter.b2Innings.push(inning);
      }
      if (play.kind === 'triple') {
        batter.b3++;
        batter.b3Innings.push(inning);
      }
      if (play.kind === 'homeRun') {
        batter.hr++;
        batter.hrInnings.push(inning);
        pitcher.hr++;
      }
      if (play.kind === 'walk' || play.kind === 'intentionalWalk') {
        batter.bb++;
        pitcher.bb++;
      }
      if (play.kind === 'interference') batter.ci++;
      if (play.kind === 'hitByPitch') {
        batter.hbp++;
        pitcher.hbp++;
      }
      if (play.kind === 'strikeout') {
        batter.so++;
        pitcher.so++;
      }
      if (hasModifier(play, 'SH')) batter.sh++;
      if (hasModifier(play, 'SF')) batter.sf++;
      if (hasModifier(play, 'GDP')) {
        batter.gidp++;
        batter.gidpInnings.push(inning);
      }
      batter.rbi += result.runs.filter((r) => r.rbi).length;
    }
    for (const p of [play, ...(play.also ? [play.also] : [])])
      for (const s of p.steals) {
        const runner = before.bases[s.from - 1];
        if (!runner) continue;
        const line = batting.get(runner.player);
        if (!line) continue;
        if (s.out) line.cs++;
        else if (p.kind === 'stolenBase') {
          line.sb++;
          line.sbInnings.push(inning);
        }
      }
    for (const run of result.runs) {
      const line = batting.get(run.player);
      if (line) line.r++;
      const charged = pitching.get(run.pitcher);
      if (charged) {
        charged.r++;
        if (run.earned) charged.er++;
      }
    }
    for (const position of result.errors) {
      const fielder = before.defense[fielding][position];
      const line = fielder ? batting.get(fielder) : undefined;
      if (line) {
        line.e++;
        line.eInnings.push(inning);
      }
    }
    // runs in order, for the pitchers of record
    let total = before.score[side];
    for (const run of result.runs) {
      total++;
      runLog.push({ side, total, pitcher: run.pitcher, winnerPitcher: before.defense[side][1] });
    }
    // runners still on base when the half (or the game) ended
    if (result.state.over || result.state.half !== before.half)
      leftOnBase[side] += stranded(before, result);
  }

  const lines = (side: Side) => [...batting.values()].filter((l) => l.side === side);
  const pitchers = (side: Side) => [...pitching.values()].filter((l) => l.side === side);
  const box: DerivedBox = {
    batting: [lines(0), lines(1)],
    pitching: [pitchers(0), pitchers(1)],
    innings,
    runs: [state.score[0], state.score[1]],
    hits: [sum(lines(0), 'h'), sum(lines(1), 'h')],
    errors: [sum(lines(0), 'e'), sum(lines(1), 'e')],
    leftOnBase,
    outsPlayed: [...pitching.values()].reduce((n, l) => n + l.outs, 0),
    final: state,
    results,
  };
  proposeDecisions(box, runLog, enteredWith, rules);
  return box;
}

/** Runners on base after the play that ended a half: those who neither scored nor were put out. */
function stranded(before: GameState, result: EventResult): number {
  const off = result.moves.filter((m) => m.from !== 0 && (m.to === 0 || m.to === 4)).length;
  const batterOn = result.moves.some((m) => m.from === 0 && m.to !== 0 && m.to !== 4) ? 1 : 0;
  return before.bases.filter(Boolean).length - off + batterOn;
}

const sum = <T>(rows: T[], key: keyof T) => rows.reduce((n, r) => n + (r[key] as number), 0);

/**
 * Proposes W, L and S (OBR 9.17, 9.19), for the scorer to confirm: the loser's pitcher charged
 * with the go-ahead run the winner never gave back; the winner's pitcher of record then, unless
 * he is a starter short of four innings (three in a game shorter than six), when the reliever
 * with the most outs gets it; a save for the winner's last pitcher who did not win, got an out and
 * entered with a lead of three or less and pitched an inning, or with the tying run close, or
 * pitched three innings.
 */
function proposeDecisions(
  box: DerivedBox,
  runLog: { side: Side; total: number; pitcher: string; winnerPitcher: string }[],
  enteredWith: Map<string, { lead: number; tyingClose: boolean }>,
  rules: GameRules,
): void {
  const [away, home] = box.runs;
  if (away === home) return;
  const winner: Side = away > home ? 0 : 1;
  const loser = (1 - winner) as Side;
  const goAhead = runLog.find((r) => r.side === winner && r.total === box.runs[loser] + 1);
  if (!goAhead) return;
  const lossLine = box.pitching[loser].find((l) => l.player === goAhead.pitcher);
  if (lossLine) lossLine.decision = 'L';
  const winners = box.pitching[winner];
  let win = winners.find((l) => l.player === goAhead.winnerPitcher) ?? winners[0];
  const inningsPlayed = Math.ceil(box.outsPlayed / 6);
  const starterOuts = inningsPlayed >= Math.min(6, rules.innings) ? 12 : 9;
  if (win.seq === 1 && win.outs < starterOuts && winners.length > 1)
    win = winners.slice(1).reduce((best, l) => (l.outs > best.outs ? l : best));
  win.decision = 'W';
  const last = winners[winners.length - 1];
  if (last === win || last.outs === 0) return;
  const entered = enteredWith.get(last.player);
  if (!entered || entered.lead <= 0) return;
  if ((entered.lead <= 3 && last.outs >= 3) || entered.tyingClose || last.outs >= 9)
    last.decision = 'S';
}

function zeroBatting() {
  return {
    ...emptyBatting(),
    gidp: 0,
    ci: 0,
    hrInnings: [] as number[],
    b2Innings: [] as number[],
    b3Innings: [] as number[],
    sbInnings: [] as number[],
    eInnings: [] as number[],
    gidpInnings: [] as number[],
  };
}

/** The counts of a pitching line; the decision is the game's, not a count. */
function zeroPitching(): Omit<PitchingCounts, 'w' | 'l' | 'sv' | 'hld'> {
  const { w: _w, l: _l, sv: _sv, hld: _hld, ...counts } = emptyPitching();
  return counts;
}
