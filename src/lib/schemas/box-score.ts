import * as z from 'zod';
import { josa, label } from '../validation/index.ts';
import { gameStatuses } from './game.ts';

/**
 * A game record (box score) as the scorer enters it, the checks that keep it adding up
 * (DESIGN.md §4 invariants), and the shapes of box scores and stat lines the API returns.
 * Shared by the API and the admin record form, so both show the same Korean messages.
 */

export const boxScoreLimits = {
  inningsMax: 30,
  runsPerHalfMax: 99,
  battersMax: 40,
  pitchersMax: 20,
  notesMax: 1000,
  outsMax: 90,
} as const;

const count = (text: string) => label(z.number().int().min(0).max(999), text).default(0);
const playerId = (text: string) => label(z.number().int().positive(), text);

export const battingLineInput = z.object({
  playerId: playerId('선수'),
  battingOrder: label(z.number().int().min(1).max(15), '타순'),
  seq: label(z.number().int().min(1).max(20), '순번')
    .default(1)
    .meta({ description: '같은 타순에서 몇 번째로 나온 선수인지 (선발 1, 교체 2…)' }),
  position: label(z.string().trim().max(10), '수비 위치').default('').meta({ example: 'SS' }),
  pa: count('타석'),
  ab: count('타수'),
  r: count('득점'),
  h: count('안타'),
  b2: count('2루타'),
  b3: count('3루타'),
  hr: count('홈런'),
  rbi: count('타점'),
  bb: count('볼넷'),
  hbp: count('사구'),
  so: count('삼진'),
  sb: count('도루'),
  cs: count('도루 실패'),
  sh: count('희생번트'),
  sf: count('희생플라이'),
  e: count('실책'),
});

export const pitchingDecisions = ['W', 'L', 'S', 'H'] as const;

export const pitchingLineInput = z.object({
  playerId: playerId('선수'),
  seq: label(z.number().int().min(1).max(20), '등판 순서').default(1),
  outs: label(z.number().int().min(0).max(boxScoreLimits.outsMax), '아웃 수')
    .default(0)
    .meta({ description: '잡은 아웃 수 (이닝 × 3; 6⅔이닝 = 20)' }),
  bf: count('상대 타자'),
  h: count('피안타'),
  r: count('실점'),
  er: count('자책점'),
  bb: count('볼넷'),
  hbp: count('사구'),
  so: count('탈삼진'),
  hr: count('피홈런'),
  wp: count('폭투'),
  decision: label(z.enum(pitchingDecisions), '투수 결과').nullable().default(null).meta({
    description: 'W 승, L 패, S 세이브, H 홀드; 승·패·세이브는 winPitcherId 등과 같아야 합니다.',
  }),
});

export const teamRecordInput = z.object({
  batting: z.array(battingLineInput).max(boxScoreLimits.battersMax).default([]),
  pitching: z.array(pitchingLineInput).max(boxScoreLimits.pitchersMax).default([]),
});

const halfRuns = label(z.number().int().min(0).max(boxScoreLimits.runsPerHalfMax), '이닝 득점');
const optionalId = (text: string) =>
  label(z.number().int().positive(), text).nullable().default(null);

export const recordStatuses = ['final', 'forfeit', 'suspended'] as const;

export const boxScoreInput = z.object({
  status: label(z.enum(recordStatuses), '경기 상태').meta({
    description: 'final 종료, forfeit 몰수(7:0), suspended 서스펜디드(일시 정지)',
  }),
  innings: z
    .object({
      away: z
        .array(halfRuns)
        .max(boxScoreLimits.inningsMax)
        .default([])
        .meta({ description: '원정 팀(초 공격) 이닝별 득점' }),
      home: z.array(halfRuns.nullable()).max(boxScoreLimits.inningsMax).default([]).meta({
        description: '홈 팀(말 공격) 이닝별 득점; 마지막 말 공격을 하지 않았으면 null 또는 생략',
      }),
    })
    .default({ away: [], home: [] }),
  away: teamRecordInput.default({ batting: [], pitching: [] }),
  home: teamRecordInput.default({ batting: [], pitching: [] }),
  winPitcherId: optionalId('승리 투수'),
  lossPitcherId: optionalId('패전 투수'),
  savePitcherId: optionalId('세이브 투수'),
  mvpPlayerId: optionalId('MVP'),
  forfeitWinnerTeamId: optionalId('몰수승 팀'),
  notes: label(z.string().trim().max(boxScoreLimits.notesMax), '비고').default(''),
});

export type BattingLineValues = z.output<typeof battingLineInput>;
export type PitchingLineValues = z.output<typeof pitchingLineInput>;
export type TeamRecordValues = z.output<typeof teamRecordInput>;
export type BoxScoreInput = z.input<typeof boxScoreInput>;
export type BoxScoreValues = z.output<typeof boxScoreInput>;

export type Side = 'away' | 'home';
export const sideLabels: Readonly<Record<Side, string>> = { away: '원정 팀', home: '홈 팀' };
const other = (side: Side): Side => (side === 'away' ? 'home' : 'away');

/** What the checks need to know about the game besides the record itself. */
export interface BoxScoreContext {
  homeTeamId: number;
  awayTeamId: number;
  /** false when the league has no draws */
  tiesAllowed: boolean;
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

export interface BoxScoreCheck {
  errors: Record<string, string>;
  result: CheckedBoxScore;
}

const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/**
 * Every invariant of DESIGN.md §4 that a box score must keep; errors are keyed by the exact field
 * path ('home.batting.2.pa') with a Korean message. An empty `errors` means the record may be saved.
 */
export function checkBoxScore(input: BoxScoreValues, ctx: BoxScoreContext): BoxScoreCheck {
  const errors: Record<string, string> = {};
  const fail = (path: string, message: string) => {
    errors[path] ??= message;
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
  for (const side of ['away', 'home'] as const) {
    const team = record[side];
    const opp = other(side);
    const name = sideLabels[side];
    const oppName = sideLabels[opp];

    // Team totals against the line score and the opposing pitchers.
    if (halves[side] > 0 && team.batting.length === 0)
      fail(`${side}.batting`, `${name} 타격 기록을 입력해 주세요.`);
    if (halves[opp] > 0 && team.pitching.length === 0)
      fail(`${side}.pitching`, `${name} 투수 기록을 입력해 주세요.`);
    const batR = sum(team.batting, (l) => l.r);
    if (batR !== scores[side]) {
      fail(
        `${side}.batting`,
        `${name} 타자 득점 합계(${batR})가 ${josa(`이닝별 득점 합계(${scores[side]})`, '과/와')} 다릅니다.`,
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
        );
      }
    }
    const outs = sum(oppPitching, (l) => l.outs);
    const full = halves[side] * 3;
    const least = mayEndShort[side] ? Math.max(0, full - 3) : full;
    if (outs < least || outs > full) {
      const range = least === full ? `${full}아웃` : `${least}~${full}아웃`;
      fail(
        `${opp}.pitching`,
        `${oppName} 투수 아웃 수 합계(${outs})가 ${name} 공격 이닝(${halves[side]}이닝, ${range})과 맞지 않습니다.`,
      );
    }

    // Each batter.
    const slots = new Set<string>();
    const batters = new Set<number>();
    team.batting.forEach((l, i) => {
      const at = `${side}.batting.${i}`;
      const parts = l.ab + l.bb + l.hbp + l.sh + l.sf;
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
      const slot = `${l.battingOrder}:${l.seq}`;
      if (slots.has(slot))
        fail(`${at}.seq`, `타순 ${l.battingOrder}번의 ${l.seq}번째 선수가 두 번 입력되었습니다.`);
      slots.add(slot);
      checkPlayer(`${at}.playerId`, side, l.playerId, batters);
    });

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
      if (turns.has(l.seq)) fail(`${at}.seq`, `등판 순서 ${l.seq}번이 두 번 입력되었습니다.`);
      turns.add(l.seq);
      checkPlayer(`${at}.playerId`, side, l.playerId, pitchers);
    });
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
    result: { record, awayScore, homeScore, inningsPlayed: n > 0 ? n : null, winner },
  };
}

const decisionFields = { W: 'winPitcherId', L: 'lossPitcherId', S: 'savePitcherId' } as const;
const decisionNames = { W: '승리 투수', L: '패전 투수', S: '세이브 투수' } as const;

/** Pitchers of record: one each, from the lines or the fields, on the right side, none without a winner. */
function checkDecisions(
  record: BoxScoreValues,
  winner: Side | null,
  fail: (path: string, message: string) => void,
) {
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
  fail: (path: string, message: string) => void,
  errors: Record<string, string>,
): BoxScoreCheck {
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
    result: {
      record,
      inningsPlayed: null,
      winner,
      homeScore: winner === 'home' ? FORFEIT_SCORE : 0,
      awayScore: winner === 'away' ? FORFEIT_SCORE : 0,
    },
  };
}

/** Runs a forfeit is recorded with. */
export const FORFEIT_SCORE = 7;

/* ---------- What the API returns ---------- */

const int = () => z.number().int();

/** A game record as the record form reads it back: the input shape, filled in. */
export const gameRecord = z.object({
  gameId: int(),
  leagueId: int(),
  gameDate: z.string(),
  homeTeamId: int(),
  awayTeamId: int(),
  hasRecord: z.boolean(),
  status: z.enum(gameStatuses),
  innings: z.object({ away: z.array(int()), home: z.array(int().nullable()) }),
  away: z.object({ batting: z.array(battingLineInput), pitching: z.array(pitchingLineInput) }),
  home: z.object({ batting: z.array(battingLineInput), pitching: z.array(pitchingLineInput) }),
  winPitcherId: int().nullable(),
  lossPitcherId: int().nullable(),
  savePitcherId: int().nullable(),
  mvpPlayerId: int().nullable(),
  forfeitWinnerTeamId: int().nullable(),
  notes: z.string(),
});
export type GameRecord = z.infer<typeof gameRecord>;

const battingCounts = {
  pa: int(),
  ab: int(),
  r: int(),
  h: int(),
  b2: int(),
  b3: int(),
  hr: int(),
  rbi: int(),
  bb: int(),
  hbp: int(),
  so: int(),
  sb: int(),
  cs: int(),
  sh: int(),
  sf: int(),
  e: int(),
};

/** A batting line with its rates, raw and formatted ('.333'). */
export const battingStats = z.object({
  g: int().meta({ description: '출장 경기 수' }),
  ...battingCounts,
  tb: int(),
  avg: z.number().nullable(),
  obp: z.number().nullable(),
  slg: z.number().nullable(),
  ops: z.number().nullable(),
  avgText: z.string(),
  obpText: z.string(),
  slgText: z.string(),
  opsText: z.string(),
});
export type BattingStats = z.infer<typeof battingStats>;

/** A pitching line with innings from outs ('6.2') and ERA/WHIP, raw and formatted ('2.33'). */
export const pitchingStats = z.object({
  g: int().meta({ description: '등판 경기 수' }),
  outs: int(),
  bf: int(),
  h: int(),
  r: int(),
  er: int(),
  bb: int(),
  hbp: int(),
  so: int(),
  hr: int(),
  wp: int(),
  w: int(),
  l: int(),
  sv: int(),
  hld: int(),
  ip: z.number().meta({ description: '이닝 (아웃 ÷ 3)' }),
  ipText: z.string().meta({ example: '6.2' }),
  era: z.number().nullable(),
  eraText: z.string(),
  whip: z.number().nullable(),
  whipText: z.string(),
});
export type PitchingStats = z.infer<typeof pitchingStats>;

const playerRef = {
  playerId: int(),
  name: z.string(),
  backNumber: int().nullable(),
};

export const boxBattingLine = z.object({
  ...playerRef,
  battingOrder: int(),
  seq: int(),
  position: z.string(),
  ...battingCounts,
  avgText: z.string().meta({ description: '이 경기의 타율' }),
});

export const boxPitchingLine = z.object({
  ...playerRef,
  seq: int(),
  outs: int(),
  ipText: z.string(),
  bf: int(),
  h: int(),
  r: int(),
  er: int(),
  bb: int(),
  hbp: int(),
  so: int(),
  hr: int(),
  wp: int(),
  decision: z.enum(pitchingDecisions).nullable(),
  eraText: z.string().meta({ description: '이 경기의 평균자책점 (리그 기준 이닝)' }),
});

const boxTeam = z.object({
  teamId: int(),
  teamName: z.string(),
  teamShortName: z.string(),
  innings: z
    .array(int().nullable())
    .meta({ description: '이닝별 득점 (말 공격을 하지 않은 이닝은 null)' }),
  r: int(),
  h: int(),
  e: int(),
  batting: z.array(boxBattingLine),
  pitching: z.array(boxPitchingLine),
});

const pitcherOfRecord = z.object({ ...playerRef, teamId: int() }).nullable();

/** The public box score of one game. */
export const boxScore = z.object({
  gameId: int(),
  leagueId: int(),
  leagueName: z.string(),
  seasonId: int(),
  gameNo: int(),
  round: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  venue: z.string(),
  status: z.enum(gameStatuses),
  statusLabel: z.string(),
  inningsPlayed: int().nullable(),
  forfeitWinnerTeamId: int().nullable(),
  hasRecord: z.boolean(),
  away: boxTeam,
  home: boxTeam,
  winner: z.enum(['home', 'away']).nullable(),
  winPitcher: pitcherOfRecord,
  lossPitcher: pitcherOfRecord,
  savePitcher: pitcherOfRecord,
  mvp: pitcherOfRecord,
  notes: z.string(),
});
export type BoxScore = z.infer<typeof boxScore>;

/* ---------- Player and team statistics ---------- */

const seasonLine = z.object({
  seasonId: int(),
  seasonName: z.string(),
  year: int(),
  leagueId: int(),
  leagueName: z.string(),
  teamId: int(),
  teamName: z.string(),
  batting: battingStats.nullable(),
  pitching: pitchingStats.nullable(),
});

const gameLogEntry = z.object({
  gameId: int(),
  leagueId: int(),
  leagueName: z.string(),
  date: z.string(),
  teamId: int(),
  opponentTeamId: int(),
  opponentTeamName: z.string(),
  homeAway: z.enum(['home', 'away']),
  teamScore: int().nullable(),
  opponentScore: int().nullable(),
  result: z.enum(['W', 'L', 'D']).nullable(),
  batting: boxBattingLine.omit({ playerId: true, name: true, backNumber: true }).nullable(),
  pitching: boxPitchingLine.omit({ playerId: true, name: true, backNumber: true }).nullable(),
});

/** A player's page: season-by-season lines per league, career totals, game log (newest first). */
export const playerStatsPage = z.object({
  playerId: int(),
  name: z.string(),
  position: z.string(),
  bats: z.string().nullable(),
  throws: z.string().nullable(),
  photo: z.string().nullable(),
  teams: z.array(
    z.object({
      teamId: int(),
      teamName: z.string(),
      backNumber: int().nullable(),
      fromDate: z.string(),
      toDate: z.string().nullable(),
    }),
  ),
  seasons: z.array(seasonLine),
  career: z.object({ batting: battingStats.nullable(), pitching: pitchingStats.nullable() }),
  gameLog: z.array(gameLogEntry),
});
export type PlayerStatsPage = z.infer<typeof playerStatsPage>;

/** A team's players in one season with their season stats. */
export const teamPlayersPage = z.object({
  teamId: int(),
  teamName: z.string(),
  teamShortName: z.string(),
  seasonId: int().nullable(),
  seasonName: z.string().nullable(),
  leagues: z.array(z.object({ leagueId: int(), leagueName: z.string() })),
  players: z.array(
    z.object({
      playerId: int(),
      name: z.string(),
      backNumber: int().nullable(),
      position: z.string(),
      leagueId: int(),
      leagueName: z.string(),
      status: z.enum(['active', 'suspended', 'released']),
      statusLabel: z.string(),
      batting: battingStats,
      pitching: pitchingStats.nullable(),
    }),
  ),
});
export type TeamPlayersPage = z.infer<typeof teamPlayersPage>;
