import { josa } from '../validation/index.ts';
import { formatInningsFraction } from '../stats/format.ts';
import { plateAppearances } from '../stats/plate-appearances.ts';
import {
  FORFEIT_SCORE,
  inningEventLabels,
  inningEvents,
  inningsField,
  sideLabels,
} from './box-score.ts';
import type { BoxScoreValues, Side } from './box-score.ts';

/**
 * The checks a box score must pass (DESIGN.md §4 invariants and the scoring rules), shared by the
 * API and the scorer's record form so both show the same Korean messages. Every problem is found
 * in one round: errors are impossible records that are never saved; warnings are unusual records
 * that save but are shown to the scorer to look at again.
 */

/** One problem, on the field it concerns. */
export interface BoxScoreProblem {
  /** exact field path, as the form names its fields: 'home.batting.2.pa', 'innings.home.6', 'winPitcherId' */
  path: string;
  /** the team it concerns, when it concerns one */
  side: Side | null;
  /** the row of that team's batting or pitching list, when it concerns one line */
  row: number | null;
  /**
   * the field of that row (or the top-level field), when it concerns one; for a problem of a whole
   * team's batting or pitching ('home.pitching'), the field of every line it adds up ('outs', 'r')
   */
  field: string | null;
  message: string;
}

/** What the checks need to know about the game besides the record itself. */
export interface BoxScoreContext {
  homeTeamId: number;
  awayTeamId: number;
  /** false when the league has no draws */
  tiesAllowed: boolean;
  /** the league's scheduled innings: from this one on, a home side already ahead does not bat */
  inningsPerGame: number;
  /** why a player may not play for that side in this game, or null when he may */
  ineligibleReason?: (side: Side, playerId: number) => string | null;
}

/** The record after the checks: scores, the winner, and decisions filled in from the pitchers of record. */
export interface CheckedBoxScore {
  record: BoxScoreValues;
  awayScore: number;
  homeScore: number;
  /** null for a forfeit */
  inningsPlayed: number | null;
  winner: Side | null;
}

export interface BoxScoreValidation {
  /** impossible: the record may not be saved while there is one */
  errors: BoxScoreProblem[];
  /** unusual: saved anyway, shown to the scorer */
  warnings: BoxScoreProblem[];
  result: CheckedBoxScore;
}

/** A warning threshold: this many steals by one batter in one game is more likely a typo. */
export const STEALS_WARNING = 5;

const other = (side: Side): Side => (side === 'away' ? 'home' : 'away');

const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/**
 * The parts of a path: 'home.batting.2.pa' → home, row 2, field pa; 'winPitcherId' → field; a
 * team-wide path takes the field of the lines it adds up from `column`.
 */
function problem(path: string, message: string, column: string | null = null): BoxScoreProblem {
  const parts = path.split('.');
  const side = parts[0] === 'home' || parts[0] === 'away' ? parts[0] : null;
  const row = side && parts.length >= 3 && /^\d+$/.test(parts[2]) ? Number(parts[2]) : null;
  const field =
    side === null
      ? parts.length === 1
        ? parts[0]
        : null
      : row !== null
        ? (parts[3] ?? null)
        : column;
  return { path, side, row, field, message };
}

/** Problems by path (messages of one path joined), the shape of the API's 400 `errors`. */
export function problemsByPath(problems: readonly BoxScoreProblem[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const p of problems)
    byPath[p.path] = byPath[p.path] ? `${byPath[p.path]} ${p.message}` : p.message;
  return byPath;
}

type Report = (path: string, message: string, column?: string) => void;

/**
 * Every check of a box score, all at once. An empty `errors` means the record may be saved; the
 * `warnings` are saved with it. `result` holds the scores and the pitchers of record either way.
 */
export function validateBoxScore(input: BoxScoreValues, ctx: BoxScoreContext): BoxScoreValidation {
  const errors: BoxScoreProblem[] = [];
  const warnings: BoxScoreProblem[] = [];
  const seen = new Set<string>();
  const fail: Report = (path, message, column) => {
    const key = `${path}\n${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    errors.push(problem(path, message, column));
  };
  const warn: Report = (path, message) => {
    warnings.push(problem(path, message));
  };
  const record: BoxScoreValues = structuredClone(input);

  if (record.status === 'forfeit') return checkForfeit(record, ctx, fail, errors);
  if (record.forfeitWinnerTeamId !== null)
    fail('forfeitWinnerTeamId', '몰수 경기가 아니면 몰수승 팀을 비워 두세요.');

  // Line score: away bats every top half; home may skip the last bottom half.
  const away = record.innings.away;
  const home = [...record.innings.home];
  const n = away.length;
  if (n === 0) fail('innings.away', '1회 초부터 이닝별 득점을 입력해 주세요.');
  if (home.length > n || home.length < n - 1) {
    fail('innings.home', `홈 팀 이닝 수(${home.length})가 원정 팀 이닝 수(${n})와 맞지 않습니다.`);
  }
  home.forEach((runs, i) => {
    if (runs === null && i !== n - 1)
      fail(
        `innings.home.${i}`,
        `${i + 1}회 말 득점을 입력해 주세요. 비워 둘 수 있는 것은 마지막 이닝 말뿐입니다.`,
      );
  });
  while (home.length > 0 && home.length >= n && home[home.length - 1] === null) home.pop();
  const homeHalves = home.filter((runs) => runs !== null).length;
  const awayScore = sum(away, (r) => r);
  const homeScore = sum(home, (r) => r ?? 0);
  const homeBattedLast = n > 0 && home.length === n;
  record.innings = { away: [...away], home: home.map((r) => r ?? 0) };

  const final = record.status === 'final';
  if (final && n > 0 && !homeBattedLast && homeScore <= awayScore) {
    fail(`innings.home.${n - 1}`, `홈 팀이 앞서 있지 않았다면 ${n}회 말 득점을 입력해야 합니다.`);
  }
  // From the last scheduled inning on, the bottom half is not played when the home side already
  // leads after the top. Before it, a leading home side bats on (and may end it by the run-ahead rule).
  const homeBeforeLast = sum(home.slice(0, n - 1), (r) => r ?? 0);
  if (homeBattedLast && n >= ctx.inningsPerGame && homeBeforeLast > awayScore) {
    fail(
      `innings.home.${n - 1}`,
      `홈 팀은 ${n}회 초까지 ${josa(`${homeBeforeLast}:${awayScore}`, '으로/로')} 앞서 있었으므로 ${n}회 말 공격을 하지 않습니다. ${n}회 말 칸을 비워 주세요.`,
    );
  }
  if (final && n > 0 && homeScore === awayScore && !ctx.tiesAllowed) {
    fail('innings', '이 리그에는 무승부가 없습니다. 승부가 난 이닝까지의 득점을 입력해 주세요.');
  }
  const winner: Side | null =
    !final || homeScore === awayScore ? null : homeScore > awayScore ? 'home' : 'away';

  const scores: Record<Side, number> = { away: awayScore, home: homeScore };
  const halves: Record<Side, number> = { away: n, home: homeHalves };
  // The last half may be short when the game stopped in it: a walk-off, or a suspended game.
  const mayEndShort: Record<Side, boolean> = {
    away: record.status === 'suspended' && !homeBattedLast,
    home: record.status === 'suspended' || (winner === 'home' && homeBattedLast),
  };

  const seenPlayers = new Map<number, Side>();
  let gwrbiSeen = false;
  for (const side of ['away', 'home'] as const) {
    const team = record[side];
    const opp = other(side);
    const name = sideLabels[side];
    const oppName = sideLabels[opp];

    // Team totals against the line score and the opposing pitchers.
    if (halves[side] > 0 && team.batting.length === 0)
      fail(`${side}.batting`, `${name} 타격 기록을 입력해 주세요.`, 'playerId');
    if (halves[opp] > 0 && team.pitching.length === 0)
      fail(`${side}.pitching`, `${name} 투수 기록을 입력해 주세요.`, 'playerId');
    const batR = sum(team.batting, (l) => l.r);
    if (batR !== scores[side]) {
      fail(
        `${side}.batting`,
        `${name} 타자 득점 합계(${batR})가 ${josa(`이닝별 득점 합계(${scores[side]})`, '과/와')} 다릅니다.`,
        'r',
      );
    }
    // A run batted in is a run scored; runs can score without an RBI (errors, wild pitches), never the other way.
    const rbi = sum(team.batting, (l) => l.rbi);
    if (rbi > scores[side]) {
      fail(
        `${side}.batting`,
        `${name} 타점 합계(${rbi})는 팀 득점(${scores[side]})보다 많을 수 없습니다.`,
        'rbi',
      );
    }
    const oppPitching = record[opp].pitching;
    const pairs = [
      ['r', 'r', '실점 합계', '득점'],
      ['h', 'h', '피안타 합계', '안타 합계'],
      ['bb', 'bb', '볼넷 합계', '볼넷 합계'],
      ['so', 'so', '탈삼진 합계', '삼진 합계'],
      ['hbp', 'hbp', '사구 합계', '사구 합계'],
    ] as const;
    for (const [pitchKey, batKey, pitchText, batText] of pairs) {
      const pitched = sum(oppPitching, (l) => l[pitchKey]);
      const batted = pitchKey === 'r' ? scores[side] : sum(team.batting, (l) => l[batKey]);
      if (pitched !== batted) {
        fail(
          `${opp}.pitching`,
          `${oppName} 투수 ${pitchText}(${pitched})가 ${name} ${josa(`${batText}(${batted})`, '과/와')} 다릅니다.`,
          pitchKey,
        );
      }
    }
    const outs = sum(oppPitching, (l) => l.outs);
    const full = halves[side] * 3;
    const least = mayEndShort[side] ? Math.max(0, full - 3) : full;
    if (outs < least || outs > full) {
      // Innings as the scorer typed them (8이닝, 6⅔이닝), never the outs they are kept as.
      const ip = (o: number) => formatInningsFraction(o);
      const range = least === full ? `${ip(full)}이닝` : `${ip(least)}~${ip(full)}이닝`;
      fail(
        `${opp}.pitching`,
        `${oppName} 투수 이닝 합계(${ip(outs)}이닝)가 ${name} 공격 이닝(${range})과 맞지 않습니다.`,
        'outs',
      );
    }

    // Each batter.
    const slots = new Set<string>();
    const batters = new Set<number>();
    team.batting.forEach((l, i) => {
      const at = `${side}.batting.${i}`;
      const parts = plateAppearances(l);
      if (l.pa !== parts)
        fail(
          `${at}.pa`,
          `타석(${l.pa})은 타수+볼넷+사구+희생번트+희생플라이(${parts})와 같아야 합니다.`,
        );
      if (l.h > l.ab) fail(`${at}.h`, `안타(${l.h})는 타수(${l.ab})보다 많을 수 없습니다.`);
      const extra = l.b2 + l.b3 + l.hr;
      if (l.h < extra)
        fail(`${at}.h`, `안타(${l.h})는 2루타+3루타+홈런(${extra})보다 적을 수 없습니다.`);
      if (l.so > l.ab) fail(`${at}.so`, `삼진(${l.so})은 타수(${l.ab})보다 많을 수 없습니다.`);
      if (l.r < l.hr) fail(`${at}.r`, `홈런을 친 타자는 홈런 수(${l.hr})만큼 득점해야 합니다.`);
      if (l.rbi < l.hr)
        fail(`${at}.rbi`, `타점(${l.rbi})은 홈런 수(${l.hr})보다 적을 수 없습니다.`);
      if (l.sb >= STEALS_WARNING)
        warn(
          `${at}.sb`,
          `도루 ${l.sb}개는 한 경기 기록으로 드뭅니다. 잘못 입력하지 않았는지 확인해 주세요.`,
        );
      // Only when the hits fit the at-bats: otherwise the 안타 message says what is wrong.
      if (l.h <= l.ab && l.gidp > l.ab - l.h)
        fail(
          `${at}.gidp`,
          `병살타(${l.gidp})는 타수에서 안타를 뺀 수(${l.ab - l.h})보다 많을 수 없습니다.`,
        );
      for (const event of inningEvents) {
        const field = inningsField(event);
        const innings = l[field];
        const what = inningEventLabels[event];
        const times = l[event];
        if (innings.length > 0 && innings.length !== times)
          fail(
            `${at}.${field}`,
            `${josa(`${what} 이닝`, '은/는')} ${what} 수(${times})만큼 적어 주세요. 이닝을 모르면 비워 두세요.`,
          );
        // A batter's events happen in his side's turns at bat, an error in the other side's.
        const fielding = event === 'e';
        const last = halves[fielding ? opp : side];
        const wrong = innings.find((inning) => inning > last);
        if (wrong !== undefined)
          fail(
            `${at}.${field}`,
            `${what} 이닝 ${wrong}회는 ${josa(name, '이/가')} ${fielding ? '수비한' : '공격한'} 이닝(1~${last}회) 밖입니다.`,
          );
      }
      if (l.gwrbi) {
        if (gwrbiSeen) fail(`${at}.gwrbi`, '결승타는 한 경기에 한 타자에게만 줄 수 있습니다.');
        else if (winner === null)
          fail(`${at}.gwrbi`, '승부가 나지 않은 경기에는 결승타가 없습니다.');
        else if (winner !== side)
          fail(`${at}.gwrbi`, '결승타는 이긴 팀 타자에게만 줄 수 있습니다.');
        else if (l.rbi === 0) fail(`${at}.gwrbi`, '결승타를 친 타자는 타점이 1 이상이어야 합니다.');
        gwrbiSeen = true;
      }
      const slot = `${l.battingOrder}:${l.seq}`;
      if (slots.has(slot))
        fail(`${at}.seq`, `타순 ${l.battingOrder}번의 ${l.seq}번째 선수가 두 번 입력되었습니다.`);
      slots.add(slot);
      checkPlayer(`${at}.playerId`, side, l.playerId, batters);
    });
    checkOrders(
      `${side}.batting`,
      team.batting.map((l) => l.battingOrder),
      'battingOrder',
      (o) => `타순 ${o}번 타자가 없습니다. 타순은 1번부터 빠짐없이 이어져야 합니다.`,
      fail,
    );
    for (const order of new Set(team.batting.map((l) => l.battingOrder)))
      checkOrders(
        `${side}.batting`,
        team.batting.map((l) => (l.battingOrder === order ? l.seq : null)),
        'seq',
        (s) =>
          `타순 ${order}번의 ${s}번째 선수가 없습니다. 교체 선수는 2번째, 3번째로 이어서 적습니다.`,
        fail,
      );

    // Each pitcher.
    const pitchers = new Set<number>();
    const turns = new Set<number>();
    team.pitching.forEach((l, i) => {
      const at = `${side}.pitching.${i}`;
      if (l.er > l.r) fail(`${at}.er`, `자책점(${l.er})은 실점(${l.r})보다 많을 수 없습니다.`);
      if (l.hr > l.h) fail(`${at}.hr`, `피홈런(${l.hr})은 피안타(${l.h})보다 많을 수 없습니다.`);
      const reached = l.h + l.bb + l.hbp;
      if (reached > l.bf)
        fail(`${at}.bf`, `상대 타자(${l.bf})는 피안타+볼넷+사구(${reached})보다 적을 수 없습니다.`);
      // Double plays and pick-offs can add outs without a batter, so this saves; but rarely by much.
      if (l.outs > l.bf)
        warn(
          `${at}.outs`,
          `아웃 수(${l.outs})가 상대 타자 수(${l.bf})보다 많습니다. 병살·견제사가 아니라면 다시 확인해 주세요.`,
        );
      if (turns.has(l.seq)) fail(`${at}.seq`, `등판 순서 ${l.seq}번이 두 번 입력되었습니다.`);
      turns.add(l.seq);
      checkPlayer(`${at}.playerId`, side, l.playerId, pitchers);
    });
    checkOrders(
      `${side}.pitching`,
      team.pitching.map((l) => l.seq),
      'seq',
      (s) => `등판 순서 ${s}번 투수가 없습니다. 등판 순서는 1번부터 빠짐없이 이어져야 합니다.`,
      fail,
    );
  }

  function checkPlayer(path: string, side: Side, id: number, inList: Set<number>) {
    if (inList.has(id)) fail(path, '같은 선수가 두 번 입력되었습니다.');
    inList.add(id);
    const seenOn = seenPlayers.get(id);
    if (seenOn !== undefined && seenOn !== side)
      fail(path, '같은 선수가 두 팀에 모두 입력되었습니다.');
    seenPlayers.set(id, side);
    const reason = ctx.ineligibleReason?.(side, id) ?? null;
    if (reason) fail(path, `출장할 수 없는 선수입니다 (${reason}).`);
  }

  checkDecisions(record, winner, fail);

  if (record.mvpPlayerId !== null && !seenPlayers.has(record.mvpPlayerId)) {
    fail('mvpPlayerId', 'MVP는 이 경기에 출전한 선수여야 합니다.');
  }

  return {
    errors,
    warnings,
    result: { record, awayScore, homeScore, inningsPlayed: n > 0 ? n : null, winner },
  };
}

/**
 * Numbers that must run 1, 2, 3 … without a gap (batting orders, a place's turns, pitchers' turns;
 * null for lines that do not take part): the first missing one is named on the first line past it,
 * so a record never keeps an order of 2 … 10.
 */
function checkOrders(
  lines: string,
  numbers: ReadonlyArray<number | null>,
  field: string,
  missing: (n: number) => string,
  fail: Report,
) {
  const present = new Set(numbers.filter((n) => n !== null));
  for (let n = 1; n <= present.size; n++) {
    if (present.has(n)) continue;
    const past = numbers.findIndex((m) => m !== null && m > n);
    fail(`${lines}.${past}.${field}`, missing(n));
    return;
  }
}

const decisionFields = { W: 'winPitcherId', L: 'lossPitcherId', S: 'savePitcherId' } as const;
const decisionNames = { W: '승리 투수', L: '패전 투수', S: '세이브 투수' } as const;

/** Pitchers of record: one each, from the lines or the fields, on the right side, none without a winner. */
function checkDecisions(record: BoxScoreValues, winner: Side | null, fail: Report) {
  for (const decision of ['W', 'L', 'S'] as const) {
    const field = decisionFields[decision];
    const name = decisionNames[decision];
    const marked: Array<{ side: Side; index: number; playerId: number }> = [];
    for (const side of ['away', 'home'] as const) {
      record[side].pitching.forEach((l, index) => {
        if (l.decision === decision) marked.push({ side, index, playerId: l.playerId });
      });
    }
    marked.forEach((m, i) => {
      const at = `${m.side}.pitching.${m.index}.decision`;
      if (record[field] !== null) {
        if (record[field] !== m.playerId)
          fail(at, `${josa(name, '으로/로')} 지정한 선수와 다릅니다.`);
      } else if (i > 0) {
        fail(at, `${josa(name, '은/는')} 한 명만 정할 수 있습니다.`);
      }
    });
    if (record[field] === null && marked.length === 1) record[field] = marked[0].playerId;

    const id = record[field];
    if (id === null) continue;
    if (winner === null) {
      fail(
        field,
        record.status === 'suspended'
          ? `서스펜디드 경기에는 ${josa(name, '을/를')} 정할 수 없습니다.`
          : `무승부 경기에는 ${josa(name, '을/를')} 정할 수 없습니다.`,
      );
      continue;
    }
    const side = decision === 'L' ? other(winner) : winner;
    if (!record[side].pitching.some((l) => l.playerId === id)) {
      fail(
        field,
        decision === 'L'
          ? '패전 투수는 진 팀에서 던진 투수여야 합니다.'
          : `${josa(name, '은/는')} 이긴 팀에서 던진 투수여야 합니다.`,
      );
    }
  }
  if (record.winPitcherId !== null && record.winPitcherId === record.savePitcherId) {
    fail('savePitcherId', '승리 투수와 세이브 투수는 같을 수 없습니다.');
  }
  // The stored decisions follow the pitchers of record; holds stay as entered.
  for (const side of ['away', 'home'] as const) {
    for (const l of record[side].pitching) {
      l.decision =
        l.playerId === record.winPitcherId
          ? 'W'
          : l.playerId === record.lossPitcherId
            ? 'L'
            : l.playerId === record.savePitcherId
              ? 'S'
              : l.decision === 'H'
                ? 'H'
                : null;
    }
  }
}

function checkForfeit(
  record: BoxScoreValues,
  ctx: BoxScoreContext,
  fail: Report,
  errors: BoxScoreProblem[],
): BoxScoreValidation {
  const winnerId = record.forfeitWinnerTeamId;
  if (winnerId === null) fail('forfeitWinnerTeamId', '몰수승 팀을 선택해 주세요.');
  else if (winnerId !== ctx.homeTeamId && winnerId !== ctx.awayTeamId)
    fail('forfeitWinnerTeamId', '몰수승 팀은 이 경기의 홈 팀이나 원정 팀이어야 합니다.');
  if (record.innings.away.length > 0 || record.innings.home.length > 0)
    fail('innings', '몰수 경기에는 이닝별 득점을 입력하지 않습니다. (7:0으로 기록됩니다)');
  for (const side of ['away', 'home'] as const) {
    if (record[side].batting.length > 0)
      fail(`${side}.batting`, '몰수 경기에는 개인 기록을 입력하지 않습니다.');
    if (record[side].pitching.length > 0)
      fail(`${side}.pitching`, '몰수 경기에는 개인 기록을 입력하지 않습니다.');
  }
  for (const field of ['winPitcherId', 'lossPitcherId', 'savePitcherId', 'mvpPlayerId'] as const) {
    if (record[field] !== null)
      fail(field, '몰수 경기에는 승리·패전·세이브 투수와 MVP를 정하지 않습니다.');
  }
  const winner: Side | null =
    winnerId === ctx.homeTeamId ? 'home' : winnerId === ctx.awayTeamId ? 'away' : null;
  return {
    errors,
    warnings: [],
    result: {
      record,
      inningsPlayed: null,
      winner,
      homeScore: winner === 'home' ? FORFEIT_SCORE : 0,
      awayScore: winner === 'away' ? FORFEIT_SCORE : 0,
    },
  };
}
