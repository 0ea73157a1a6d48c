import { runAheadMargin } from '../../../lib/plays/game-state.ts';
import type { Rng } from './random.ts';
import type { BattingCounts, PitchingCounts, PitchingDecision } from '../schema.ts';
import type { InningEvent } from '../../../lib/schemas/box-score.ts';

/** A batter's hidden abilities; 1.0 is an average player of the association. */
export interface SimBatter {
  playerId: number;
  position: string;
  contact: number;
  power: number;
  eye: number;
  speed: number;
}
/** A pitcher's hidden abilities; stamina is the batters faced before tiring. */
export interface SimPitcher {
  playerId: number;
  stuff: number;
  control: number;
  stamina: number;
}
/** One team as it takes the field: the batting order (9 or 10), the bench and the pitchers in order of use. */
export interface SimTeam {
  lineup: readonly SimBatter[];
  bench: readonly SimBatter[];
  pitchers: readonly SimPitcher[];
}

export interface RunAheadRule {
  afterInning: number;
  runs: number;
}
export interface SimRules {
  innings: number;
  runAhead: readonly RunAheadRule[];
  tiesAllowed: boolean;
  /** first inning that starts with a runner on second (international tiebreaker); default innings + 1 */
  tiebreakFrom?: number;
}

export interface SimBattingLine extends BattingCounts {
  playerId: number;
  battingOrder: number;
  seq: number;
  position: string;
  /** grounded into double plays */
  gidp: number;
  /** drove in the run that gave the winners the lead for good */
  gwrbi: boolean;
  /** the inning of each listed event, one entry per event */
  innings: Record<InningEvent, number[]>;
}
export interface SimPitchingLine extends PitchingCounts {
  playerId: number;
  seq: number;
  decision: PitchingDecision | null;
}
export interface SimSide {
  runs: number;
  hits: number;
  errors: number;
  earnedRuns: number;
  /** outs the other team's pitchers recorded while this team batted */
  outsBatted: number;
  batting: SimBattingLine[];
  pitching: SimPitchingLine[];
}
export interface SimHalf {
  inning: number;
  half: 'top' | 'bottom';
  runs: number;
  outs: number;
}
export type SimEnding = 'regulation' | 'walk-off' | 'run-ahead' | 'tie';
export interface SimResult {
  away: SimSide;
  home: SimSide;
  /** half-innings played, in order; an unplayed bottom half is absent */
  halves: SimHalf[];
  inningsPlayed: number;
  ending: SimEnding;
  winPitcherId: number | null;
  lossPitcherId: number | null;
  savePitcherId: number | null;
  mvpPlayerId: number;
}

/** The default WBSC-style run-ahead (mercy) rule: 15 after 3, 10 after 4, 7 after 5 innings. */
export const DEFAULT_RUN_AHEAD: readonly RunAheadRule[] = [
  { afterInning: 3, runs: 15 },
  { afterInning: 4, runs: 10 },
  { afterInning: 5, runs: 7 },
];

/** Innings after which a tied game may stop when ties are allowed (one tiebreak inning). */
const TIE_LIMIT_EXTRA = 1;
/** Innings after which a game stops even if ties are not allowed; never reached in practice. */
const HARD_LIMIT = 20;

/** The run-ahead margin in force after `inning` innings, or null before the first rule applies. */
export { runAheadMargin };

const FIELD_POSITIONS = new Set(['포', '1루', '2루', '3루', '유', '좌', '중', '우', '투']);

interface PitcherState {
  line: SimPitchingLine;
  skill: SimPitcher;
  entryLead: number;
  exitLead: number | null;
}
interface TeamState {
  slots: SimBattingLine[];
  skills: Map<SimBattingLine, SimBatter>;
  batting: SimBattingLine[];
  bench: SimBatter[];
  pitchersLeft: SimPitcher[];
  pitching: PitcherState[];
  current: PitcherState;
  nextSlot: number;
  pinchPlan: Map<number, number>;
  runs: number;
}
interface Runner {
  line: SimBattingLine;
  speed: number;
  earned: boolean;
  pitcher: PitcherState;
}
interface RunEvent {
  team: TeamState;
  /** the batter credited with the RBI, if the run earned one */
  rbiBy?: SimBattingLine;
  scoreAfter: number;
  charged: PitcherState;
  ofRecord: PitcherState;
}

type Outcome = 'hbp' | 'bb' | 'so' | 'hr' | 'b3' | 'b2' | 'b1' | 'roe' | 'ground' | 'fly';

const zeroBatting = (): BattingCounts => ({
  pa: 0,
  ab: 0,
  r: 0,
  h: 0,
  b2: 0,
  b3: 0,
  hr: 0,
  rbi: 0,
  bb: 0,
  hbp: 0,
  so: 0,
  sb: 0,
  cs: 0,
  sh: 0,
  sf: 0,
  e: 0,
});
const noEvents = () => ({
  gidp: 0,
  gwrbi: false,
  innings: { hr: [], b2: [], b3: [], sb: [], e: [], gidp: [] } as Record<InningEvent, number[]>,
});
const zeroPitching = (): PitchingCounts => ({
  outs: 0,
  bf: 0,
  h: 0,
  r: 0,
  er: 0,
  bb: 0,
  hbp: 0,
  so: 0,
  hr: 0,
  wp: 0,
});

function newTeam(team: SimTeam, rng: Rng, innings: number): TeamState {
  if (team.lineup.length < 9 || team.pitchers.length === 0)
    throw new Error('a team needs 9 batters and a pitcher');
  const skills = new Map<SimBattingLine, SimBatter>();
  const slots = team.lineup.map((b, i) => {
    const line: SimBattingLine = {
      playerId: b.playerId,
      battingOrder: i + 1,
      seq: 1,
      position: b.position,
      ...zeroBatting(),
      ...noEvents(),
    };
    skills.set(line, b);
    return line;
  });
  const [starter, ...rest] = team.pitchers;
  const current: PitcherState = {
    line: { playerId: starter.playerId, seq: 1, decision: null, ...zeroPitching() },
    skill: starter,
    entryLead: 0,
    exitLead: null,
  };
  const pinchPlan = new Map<number, number>();
  const pinchHitters = Math.min(team.bench.length, rng.int(0, 2));
  for (let i = 0; i < pinchHitters; i++)
    pinchPlan.set(rng.int(4, slots.length - 1), rng.int(Math.min(5, innings), innings));
  return {
    slots,
    skills,
    batting: [...slots],
    bench: [...team.bench],
    pitchersLeft: rest,
    pitching: [current],
    current,
    nextSlot: 0,
    pinchPlan,
    runs: 0,
  };
}

/** Plays one softball game plate appearance by plate appearance and returns a box score that adds up. */
export function simulateGame(
  rng: Rng,
  awayTeam: SimTeam,
  homeTeam: SimTeam,
  rules: SimRules,
): SimResult {
  const away = newTeam(awayTeam, rng, rules.innings);
  const home = newTeam(homeTeam, rng, rules.innings);
  const tiebreakFrom = rules.tiebreakFrom ?? rules.innings + 1;
  const lastInning = rules.tiesAllowed ? rules.innings + TIE_LIMIT_EXTRA : HARD_LIMIT;
  const halves: SimHalf[] = [];
  const events: RunEvent[] = [];
  let ending: SimEnding | null = null;

  const margin = (inning: number) => runAheadMargin(rules.runAhead, inning);

  function changePitcher(def: TeamState, bat: TeamState): void {
    const next = def.pitchersLeft.shift();
    if (!next) return;
    const lead = def.runs - bat.runs;
    def.current.exitLead = lead;
    const state: PitcherState = {
      line: {
        playerId: next.playerId,
        seq: def.pitching.length + 1,
        decision: null,
        ...zeroPitching(),
      },
      skill: next,
      entryLead: lead,
      exitLead: null,
    };
    def.pitching.push(state);
    def.current = state;
  }

  function maybeChangePitcher(def: TeamState, bat: TeamState, halfRuns: number): void {
    const p = def.current;
    const stamina = p.line.seq === 1 ? p.skill.stamina : Math.round(p.skill.stamina * 0.6);
    const tired = p.line.bf >= stamina;
    const shelled = halfRuns >= 4 && rng.chance(0.5);
    const beaten = p.line.r >= 8;
    if (tired || shelled || beaten) changePitcher(def, bat);
  }

  function playHalf(inning: number, half: 'top' | 'bottom'): void {
    const bat = half === 'top' ? away : home;
    const def = half === 'top' ? home : away;
    const n = bat.slots.length;
    const bases: (Runner | null)[] = [null, null, null];
    let outs = 0;
    let halfRuns = 0;
    const walkOffPossible = half === 'bottom' && inning >= rules.innings;

    const isOver = (): boolean => {
      if (half !== 'bottom') return false;
      if (walkOffPossible && home.runs > away.runs) {
        ending = 'walk-off';
        return true;
      }
      const m = margin(inning);
      if (m !== null && home.runs - away.runs >= m) {
        ending = 'run-ahead';
        return true;
      }
      return false;
    };
    // Once the winning run of a walk-off is in, later runners do not count (a home run is the exception).
    const stopScoring = (homeRun: boolean) => walkOffPossible && home.runs > away.runs && !homeRun;

    const score = (runner: Runner, earned: boolean, homeRun = false): boolean => {
      if (stopScoring(homeRun)) return false;
      runner.line.r++;
      bat.runs++;
      halfRuns++;
      runner.pitcher.line.r++;
      if (runner.earned && earned) runner.pitcher.line.er++;
      events.push({
        team: bat,
        scoreAfter: bat.runs,
        charged: runner.pitcher,
        ofRecord: bat.current,
      });
      return true;
    };
    const out = (count = 1) => {
      outs += count;
      def.current.line.outs += count;
    };
    const fielders = () => def.slots.filter((l) => FIELD_POSITIONS.has(l.position));
    const chargeError = () => {
      const candidates = fielders();
      if (candidates.length === 0) return;
      const fielder = rng.pick(candidates);
      fielder.e++;
      fielder.innings.e.push(inning);
    };

    maybeChangePitcher(def, bat, 0);
    if (inning >= tiebreakFrom) {
      const line = bat.slots[(bat.nextSlot + n - 1) % n];
      bases[1] = { line, speed: bat.skills.get(line)!.speed, earned: false, pitcher: def.current };
    }

    while (outs < 3) {
      maybeChangePitcher(def, bat, halfRuns);
      const pitcher = def.current;
      const slot = bat.nextSlot;
      const plannedInning = bat.pinchPlan.get(slot);
      if (plannedInning !== undefined && inning >= plannedInning && bat.bench.length > 0) {
        bat.pinchPlan.delete(slot);
        const sub = bat.bench.shift()!;
        const line: SimBattingLine = {
          playerId: sub.playerId,
          battingOrder: slot + 1,
          seq: bat.slots[slot].seq + 1,
          position: '대타',
          ...zeroBatting(),
          ...noEvents(),
        };
        bat.skills.set(line, sub);
        bat.batting.push(line);
        bat.slots[slot] = line;
      }
      const batterLine = bat.slots[slot];
      const batter = bat.skills.get(batterLine)!;

      // Before the pitch: a wild pitch or a steal attempt.
      if ((bases[0] || bases[1] || bases[2]) && rng.chance(0.012 / pitcher.skill.control)) {
        pitcher.line.wp++;
        if (bases[2]) score(bases[2], true);
        bases[2] = bases[1];
        bases[1] = bases[0];
        bases[0] = null;
        if (isOver()) break;
      }
      if (bases[0] && !bases[1] && outs < 2 && rng.chance(0.06 * bases[0].speed)) {
        const runner = bases[0];
        bases[0] = null;
        if (rng.chance(Math.min(0.92, 0.68 * runner.speed))) {
          runner.line.sb++;
          runner.line.innings.sb.push(inning);
          bases[1] = runner;
        } else {
          runner.line.cs++;
          out();
          if (outs >= 3) break;
        }
      }

      batterLine.pa++;
      pitcher.line.bf++;
      bat.nextSlot = (slot + 1) % n;
      const runner: Runner = { line: batterLine, speed: batter.speed, earned: true, pitcher };
      let rbi = 0;
      const scoreRbi = (r: Runner, homeRun = false) => {
        if (!score(r, true, homeRun)) return;
        rbi++;
        events[events.length - 1].rbiBy = batterLine;
      };

      // Sacrifice bunt with a runner on first and nobody out, mostly by the bottom of the order.
      if (
        outs === 0 &&
        bases[0] &&
        !bases[2] &&
        batter.contact < 1 &&
        slot >= 6 &&
        rng.chance(0.3)
      ) {
        if (rng.chance(0.8)) {
          batterLine.sh++;
          out();
          bases[2] = bases[1];
          bases[1] = bases[0];
          bases[0] = null;
        } else {
          batterLine.ab++;
          out();
          // Fielder's choice: the lead runner is forced out, the batter is safe at first.
          if (bases[1]) bases[1] = bases[0];
          bases[0] = runner;
        }
        if (isOver()) break;
        continue;
      }

      const result = pickOutcome(rng, batter, pitcher.skill);
      switch (result) {
        case 'hbp':
        case 'bb': {
          if (result === 'bb') {
            batterLine.bb++;
            pitcher.line.bb++;
          } else {
            batterLine.hbp++;
            pitcher.line.hbp++;
          }
          if (bases[0]) {
            if (bases[1]) {
              if (bases[2]) scoreRbi(bases[2]);
              bases[2] = bases[1];
            }
            bases[1] = bases[0];
          }
          bases[0] = runner;
          break;
        }
        case 'so':
          batterLine.ab++;
          batterLine.so++;
          pitcher.line.so++;
          out();
          break;
        case 'hr':
        case 'b3':
        case 'b2':
        case 'b1': {
          batterLine.ab++;
          batterLine.h++;
          pitcher.line.h++;
          if (result === 'hr') {
            batterLine.hr++;
            batterLine.innings.hr.push(inning);
            pitcher.line.hr++;
            for (const r of [bases[2], bases[1], bases[0], runner]) if (r) scoreRbi(r, true);
            bases[0] = bases[1] = bases[2] = null;
          } else if (result === 'b3') {
            batterLine.b3++;
            batterLine.innings.b3.push(inning);
            for (const r of [bases[2], bases[1], bases[0]]) if (r) scoreRbi(r);
            bases[0] = bases[1] = null;
            bases[2] = runner;
          } else if (result === 'b2') {
            batterLine.b2++;
            batterLine.innings.b2.push(inning);
            if (bases[2]) scoreRbi(bases[2]);
            if (bases[1]) scoreRbi(bases[1]);
            const first = bases[0];
            bases[0] = bases[2] = null;
            if (first && rng.chance(0.35 * first.speed)) scoreRbi(first);
            else bases[2] = first;
            bases[1] = runner;
          } else {
            if (bases[2]) scoreRbi(bases[2]);
            bases[2] = null;
            const second = bases[1];
            bases[1] = null;
            if (second) {
              if (rng.chance(Math.min(0.9, 0.55 * second.speed))) scoreRbi(second);
              else bases[2] = second;
            }
            const first = bases[0];
            if (first) {
              if (!bases[2] && rng.chance(0.25 * first.speed)) bases[2] = first;
              else bases[1] = first;
            }
            bases[0] = runner;
          }
          break;
        }
        case 'roe': {
          batterLine.ab++;
          chargeError();
          // Everyone moves up a base; runs on the error are unearned and earn no RBI.
          if (bases[2]) score(bases[2], false);
          bases[2] = bases[1];
          bases[1] = bases[0];
          bases[0] = { ...runner, earned: false };
          break;
        }
        case 'ground': {
          batterLine.ab++;
          if (bases[0] && outs < 2 && rng.chance(0.35)) {
            // Double play: no RBI even if a run scores.
            out(2);
            batterLine.gidp++;
            batterLine.innings.gidp.push(inning);
            bases[0] = null;
            if (outs < 3) {
              if (bases[2] && rng.chance(0.6)) {
                score(bases[2], true);
                bases[2] = null;
              }
              if (bases[1] && !bases[2]) {
                bases[2] = bases[1];
                bases[1] = null;
              }
            }
            break;
          }
          out();
          if (outs >= 3) break;
          if (bases[2] && rng.chance(0.5)) {
            scoreRbi(bases[2]);
            bases[2] = null;
          }
          if (bases[1] && !bases[2] && rng.chance(0.6)) {
            bases[2] = bases[1];
            bases[1] = null;
          }
          if (bases[0] && !bases[1] && rng.chance(0.7)) {
            bases[1] = bases[0];
            bases[0] = null;
          }
          break;
        }
        case 'fly': {
          if (bases[2] && outs < 2 && rng.chance(0.55)) {
            batterLine.sf++;
            out();
            scoreRbi(bases[2]);
            bases[2] = null;
          } else {
            batterLine.ab++;
            out();
          }
          if (outs < 3 && bases[1] && !bases[2] && rng.chance(0.25)) {
            bases[2] = bases[1];
            bases[1] = null;
          }
          break;
        }
      }
      batterLine.rbi += rbi;
      if (isOver()) break;
    }
    halves.push({ inning, half, runs: halfRuns, outs });
  }

  let inning = 0;
  while (ending === null) {
    inning++;
    playHalf(inning, 'top');
    const topMargin = margin(inning);
    if (inning >= rules.innings && home.runs > away.runs) {
      ending = 'regulation';
      break;
    }
    if (topMargin !== null && home.runs - away.runs >= topMargin) {
      ending = 'run-ahead';
      break;
    }
    playHalf(inning, 'bottom');
    if (ending !== null) break;
    if (inning >= rules.innings && home.runs !== away.runs) ending = 'regulation';
    else if (topMargin !== null && away.runs - home.runs >= topMargin) ending = 'run-ahead';
    else if (inning >= lastInning) ending = 'tie';
  }

  const endingValue = ending as SimEnding;
  // 결승타: the RBI of the winners' run that put them ahead for good (one more than the losers' final score).
  if (away.runs !== home.runs) {
    const [winners, losers] = away.runs > home.runs ? [away, home] : [home, away];
    const deciding = events.find((e) => e.team === winners && e.scoreAfter === losers.runs + 1);
    if (deciding?.rbiBy) deciding.rbiBy.gwrbi = true;
  }
  const decisions = decide(away, home, events, inning);
  const side = (team: TeamState, other: TeamState, top: boolean): SimSide => ({
    runs: team.runs,
    hits: team.batting.reduce((s, l) => s + l.h, 0),
    errors: team.batting.reduce((s, l) => s + l.e, 0),
    earnedRuns: other.pitching.reduce((s, p) => s + p.line.er, 0),
    outsBatted: halves.filter((h) => (h.half === 'top') === top).reduce((s, h) => s + h.outs, 0),
    batting: team.batting,
    pitching: team.pitching.map((p) => p.line),
  });
  const result: SimResult = {
    away: side(away, home, true),
    home: side(home, away, false),
    halves,
    inningsPlayed: inning,
    ending: endingValue,
    ...decisions,
    mvpPlayerId: 0,
  };
  result.mvpPlayerId = pickMvp(result);
  return result;
}

function pickOutcome(rng: Rng, b: SimBatter, p: SimPitcher): Outcome {
  const weights: [Outcome, number][] = [
    ['hbp', 0.012],
    ['bb', (0.075 * b.eye) / p.control],
    ['so', (0.13 * p.stuff) / b.contact],
    ['hr', (0.018 * b.power) / p.stuff],
    ['b3', 0.009 * b.speed],
    ['b2', (0.05 * Math.sqrt(b.power)) / p.stuff],
    ['b1', (0.175 * b.contact) / p.stuff],
    ['roe', 0.04],
  ];
  const reached = weights.reduce((s, [, w]) => s + w, 0);
  const outs = Math.max(0.2, 1 - reached);
  weights.push(['ground', outs * 0.55], ['fly', outs * 0.45]);
  return rng.weighted(weights);
}

/** W, L, S (and holds) by the scoring rules: the lead taken for good decides W and L. */
function decide(
  away: TeamState,
  home: TeamState,
  events: readonly RunEvent[],
  inningsPlayed: number,
) {
  const none = { winPitcherId: null, lossPitcherId: null, savePitcherId: null };
  if (away.runs === home.runs) return none;
  const [winner, loser] = away.runs > home.runs ? [away, home] : [home, away];
  const decisive = events.find((e) => e.team === winner && e.scoreAfter === loser.runs + 1)!;
  const starter = winner.pitching[0];
  let win = decisive.ofRecord;
  const required = inningsPlayed >= 6 ? 12 : 9;
  if (win === starter && starter.line.outs < required && winner.pitching.length > 1) {
    win = winner.pitching.slice(1).reduce((best, p) => (p.line.outs > best.line.outs ? p : best));
  }
  win.line.decision = 'W';
  decisive.charged.line.decision = 'L';
  const last = winner.pitching[winner.pitching.length - 1];
  let save: PitcherState | null = null;
  if (
    last !== win &&
    last.entryLead >= 1 &&
    last.line.outs >= 3 &&
    (last.entryLead <= 3 || last.line.outs >= 9)
  ) {
    last.line.decision = 'S';
    save = last;
  }
  for (const team of [away, home]) {
    team.pitching.forEach((p, i) => {
      const isLast = i === team.pitching.length - 1;
      if (i === 0 || isLast || p.line.decision !== null) return;
      if (p.entryLead >= 1 && p.entryLead <= 3 && (p.exitLead ?? 0) >= 1 && p.line.outs >= 1)
        p.line.decision = 'H';
    });
  }
  return {
    winPitcherId: win.line.playerId,
    lossPitcherId: decisive.charged.line.playerId,
    savePitcherId: save?.line.playerId ?? null,
  };
}

/** The player of the game: the best batting or pitching line of the winners (of both teams after a tie). */
function pickMvp(result: SimResult): number {
  const sides =
    result.away.runs > result.home.runs
      ? [result.away]
      : result.home.runs > result.away.runs
        ? [result.home]
        : [result.away, result.home];
  let best = { id: 0, value: -Infinity };
  for (const side of sides) {
    for (const l of side.batting) {
      const tb = l.h + l.b2 + 2 * l.b3 + 3 * l.hr;
      const value = tb + l.r + l.rbi + 0.5 * (l.bb + l.hbp + l.sb);
      if (value > best.value) best = { id: l.playerId, value };
    }
    for (const p of side.pitching) {
      const value =
        p.outs / 3 +
        0.4 * p.so -
        1.2 * p.er -
        0.3 * (p.h + p.bb) +
        (p.decision === 'W' ? 2 : p.decision === 'S' ? 1 : 0);
      if (value > best.value) best = { id: p.playerId, value };
    }
  }
  return best.id;
}
