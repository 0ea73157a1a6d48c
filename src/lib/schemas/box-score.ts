import * as z from 'zod';
import { josa, label, text } from '../validation/index.ts';
import { gameStages, gameStatuses } from './game.ts';

/**
 * A game record (box score) as the scorer enters it and the shapes of box scores and stat lines
 * the API returns. The checks that keep a record adding up are in validate-box-score.ts.
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

/**
 * The events a box score lists with their innings under the tables (decision 080), each kept on
 * the batter's line as a list of innings ('hrInnings': [3, 5]); an empty list means not recorded.
 */
export const inningEvents = ['hr', 'b2', 'b3', 'sb', 'e', 'gidp'] as const;
export type InningEvent = (typeof inningEvents)[number];
export const inningEventLabels: Readonly<Record<InningEvent, string>> = {
  hr: '홈런',
  b2: '2루타',
  b3: '3루타',
  sb: '도루',
  e: '실책',
  gidp: '병살타',
};
export const inningsField = (event: InningEvent) => `${event}Innings` as const;
const inningList = (event: InningEvent) =>
  label(
    z.array(label(z.number().int().min(1).max(30), `${inningEventLabels[event]} 이닝`)).max(99),
    `${inningEventLabels[event]} 이닝`,
  )
    .default([])
    .meta({
      description: `${josa(inningEventLabels[event], '이/가')} 나온 이닝 (한 번에 하나씩; 모르면 빈 목록)`,
    });

export const battingLineInput = z.object({
  playerId: playerId('선수'),
  battingOrder: label(z.number().int().min(1).max(15), '타순'),
  seq: label(z.number().int().min(1).max(20), '순번')
    .default(1)
    .meta({ description: '같은 타순에서 몇 번째로 나온 선수인지 (선발 1, 교체 2…)' }),
  position: label(text().max(10), '수비 위치').default('').meta({ example: 'SS' }),
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
  gidp: count('병살타').meta({ description: '병살타 (땅볼 병살로 아웃된 횟수)' }),
  gwrbi: label(z.boolean(), '결승타')
    .default(false)
    .meta({ description: '결승타를 친 타자 (한 경기에 한 명, 이긴 팀)' }),
  hrInnings: inningList('hr'),
  b2Innings: inningList('b2'),
  b3Innings: inningList('b3'),
  sbInnings: inningList('sb'),
  eInnings: inningList('e'),
  gidpInnings: inningList('gidp'),
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
  notes: label(text().max(boxScoreLimits.notesMax), '비고').default(''),
});

export type BattingLineValues = z.output<typeof battingLineInput>;
export type PitchingLineValues = z.output<typeof pitchingLineInput>;
export type TeamRecordValues = z.output<typeof teamRecordInput>;
export type BoxScoreInput = z.input<typeof boxScoreInput>;
export type BoxScoreValues = z.output<typeof boxScoreInput>;

export type Side = 'away' | 'home';
export const sideLabels: Readonly<Record<Side, string>> = { away: '원정 팀', home: '홈 팀' };
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
  /**
   * What was entered live (decision 149), for the form to start from and check against: the
   * innings above come from it while the game has no record of its own.
   */
  live: z
    .object({
      state: z.enum(['playing', 'ended']),
      awayRuns: int(),
      homeRuns: int(),
      awayHits: int().nullable(),
      homeHits: int().nullable(),
      awayErrors: int().nullable(),
      homeErrors: int().nullable(),
    })
    .nullable()
    .optional(),
});
export type GameRecord = z.infer<typeof gameRecord>;

/** One problem of a box score on its field (validate-box-score.ts). */
export const boxScoreProblem = z.object({
  path: z.string().meta({ example: 'home.batting.2.sb' }),
  side: z.enum(['away', 'home']).nullable(),
  row: int().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});

/** What a save answers: the record as stored and the warnings it was saved with. */
export const savedGameRecord = gameRecord.extend({
  warnings: z
    .array(boxScoreProblem)
    .meta({ description: '저장은 되었지만 다시 확인할 만한 기록 (예: 한 타자 도루 5개 이상)' }),
});
export type SavedGameRecord = z.infer<typeof savedGameRecord>;

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

/** A batting line with its rates, raw and formatted ('0.333', exact, half-up). */
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

/** A pitching line with innings from outs ('6⅔') and ERA/WHIP, raw and formatted ('2.33'). */
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
  ipText: z.string().meta({ example: '6⅔' }),
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

const eventInningsOut = Object.fromEntries(
  inningEvents.map((event) => [
    inningsField(event),
    z.array(int()).meta({
      description: `${josa(inningEventLabels[event], '이/가')} 나온 이닝 (기록되지 않았으면 빈 목록)`,
    }),
  ]),
) as Record<`${InningEvent}Innings`, z.ZodArray<z.ZodNumber>>;

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
  batting: z.array(
    boxBattingLine.extend({
      seasonAvgText: z
        .string()
        .meta({ description: '이 경기까지의 시즌 타율 (같은 구분의 경기만)' }),
      gidp: int().meta({ description: '병살타' }),
      gwrbi: z.boolean().meta({ description: '결승타' }),
      ...eventInningsOut,
    }),
  ),
  pitching: z.array(
    boxPitchingLine.extend({
      seasonEraText: z
        .string()
        .meta({ description: '이 경기까지의 시즌 평균자책점 (같은 구분의 경기만)' }),
    }),
  ),
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
  stage: z
    .enum(gameStages)
    .meta({ description: '정규시즌(regular) 또는 포스트시즌(playoff, final)' }),
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
  stage: z
    .enum(gameStages)
    .meta({ description: '정규시즌(regular) 또는 포스트시즌(playoff, final)' }),
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

/** Career totals of one part of the record; `label` says which ('정규시즌 통산', '포스트시즌 통산'). */
const careerLines = z.object({
  label: z.string().meta({ example: '정규시즌 통산' }),
  batting: battingStats.nullable(),
  pitching: pitchingStats.nullable(),
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
  seasons: z.array(seasonLine).meta({ description: '정규시즌 기록 (리그·팀별)' }),
  career: careerLines,
  postseason: z
    .object({ seasons: z.array(seasonLine), career: careerLines })
    .meta({ description: '포스트시즌 기록: 정규시즌과 따로 합산' }),
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
