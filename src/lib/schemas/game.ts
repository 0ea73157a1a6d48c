import * as z from 'zod';
import { label, text } from '../validation/index.ts';

/** Every state a game can be in (DESIGN.md §4). */
export const gameStatuses = [
  'scheduled',
  'final',
  'postponed',
  'cancelled',
  'forfeit',
  'suspended',
] as const;
export type GameStatus = (typeof gameStatuses)[number];

export const gameStatusLabels: Readonly<Record<GameStatus, string>> = {
  scheduled: '예정',
  final: '종료',
  postponed: '연기',
  cancelled: '취소',
  forfeit: '몰수',
  suspended: '서스펜디드',
};

/** States a schedule edit may set; final and forfeit come only from a saved game record. */
export const scheduleStatuses = ['scheduled', 'postponed', 'cancelled', 'suspended'] as const;

export const gameStages = ['regular', 'playoff', 'final'] as const;
export type GameStage = (typeof gameStages)[number];

export const gameStageLabels: Readonly<Record<GameStage, string>> = {
  regular: '정규리그',
  playoff: '플레이오프',
  final: '결승',
};

/** Whether the record of a game is in: shown in the admin lists. */
export const recordStatuses = ['none', 'recorded', 'suspended', 'forfeit', 'not_needed'] as const;
export type RecordStatus = (typeof recordStatuses)[number];

/** Where the record of a game stands, from its stored state (the admin lists, the record screen). */
export function recordStatusFor(status: GameStatus): RecordStatus {
  if (status === 'final') return 'recorded';
  if (status === 'forfeit' || status === 'suspended') return status;
  if (status === 'postponed' || status === 'cancelled') return 'not_needed';
  return 'none';
}

export const recordStatusLabels: Readonly<Record<RecordStatus, string>> = {
  none: '미입력',
  recorded: '입력 완료',
  suspended: '일시 정지(서스펜디드)',
  forfeit: '몰수 처리',
  not_needed: '입력 불필요',
};

export const gameLimits = { gameNoMax: 9999, roundMax: 30, venueMax: 100, notesMax: 1000 } as const;

/** True for a calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 2000 &&
    y <= 2100 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d
  );
}

/** True for a time of day written HH:MM (24 hours). */
export function isTimeOfDay(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** A game date, YYYY-MM-DD in Asia/Seoul. */
export const gameDate = text()
  .refine(isCalendarDate, {
    message: '경기일은 YYYY-MM-DD 형식의 올바른 날짜여야 합니다.',
    abort: true,
  })
  .meta({ description: '경기일 (YYYY-MM-DD, 한국 시간)', example: '2025-05-10' });

/** A game time, HH:MM in Asia/Seoul. */
export const gameTime = text()
  .refine(isTimeOfDay, { message: '경기 시간은 HH:MM 형식(예: 09:30)이어야 합니다.', abort: true })
  .meta({ description: '경기 시간 (HH:MM, 한국 시간)', example: '10:00' });

const id = z.number().int().positive();

const gameFields = {
  gameNo: label(z.number().int().min(1).max(gameLimits.gameNoMax), '경기 번호').meta({
    description: '리그 안의 경기 번호. 비우면 다음 번호가 자동으로 붙습니다.',
  }),
  round: label(text().max(gameLimits.roundMax), '라운드'),
  stage: label(z.enum(gameStages), '경기 구분'),
  date: label(gameDate, '경기일'),
  time: label(gameTime, '경기 시간').nullable(),
  venue: label(text().max(gameLimits.venueMax), '구장'),
  homeTeamId: label(id, '홈 팀'),
  awayTeamId: label(id, '원정 팀'),
  notes: label(text().max(gameLimits.notesMax), '비고'),
};

const differentTeams = { message: '홈 팀과 원정 팀은 서로 달라야 합니다.', path: ['awayTeamId'] };

/** A new game in a league's schedule. */
export const gameCreateInput = z
  .object({
    gameNo: gameFields.gameNo.optional(),
    round: gameFields.round.default(''),
    stage: gameFields.stage.default('regular'),
    date: gameFields.date,
    time: gameFields.time.default(null),
    venue: gameFields.venue.default(''),
    homeTeamId: gameFields.homeTeamId,
    awayTeamId: gameFields.awayTeamId,
    notes: gameFields.notes.default(''),
  })
  .refine((v) => v.homeTeamId !== v.awayTeamId, differentTeams);

/** A schedule edit: any of the fields, plus postponing, cancelling or suspending through status. */
export const gameUpdateInput = z
  .object({
    gameNo: gameFields.gameNo.optional(),
    round: gameFields.round.optional(),
    stage: gameFields.stage.optional(),
    date: gameFields.date.optional(),
    time: gameFields.time.optional(),
    venue: gameFields.venue.optional(),
    homeTeamId: gameFields.homeTeamId.optional(),
    awayTeamId: gameFields.awayTeamId.optional(),
    notes: gameFields.notes.optional(),
    status: label(z.enum(scheduleStatuses), '경기 상태')
      .meta({
        description:
          'scheduled 예정, postponed 연기, cancelled 취소, suspended 서스펜디드. 종료·몰수는 경기 기록 저장으로만 바뀝니다.',
      })
      .optional(),
  })
  .refine((v) => v.homeTeamId === undefined || v.homeTeamId !== v.awayTeamId, differentTeams);

export type GameCreateInput = z.input<typeof gameCreateInput>;
export type GameCreateValues = z.output<typeof gameCreateInput>;
export type GameUpdateValues = z.output<typeof gameUpdateInput>;

/** One game as every list and detail call returns it. */
export const gameSummary = z.object({
  gameId: z.number().int(),
  leagueId: z.number().int(),
  leagueName: z.string(),
  seasonId: z.number().int(),
  gameNo: z.number().int(),
  round: z.string(),
  stage: z.enum(gameStages),
  stageLabel: z.string(),
  date: z.string().meta({ description: 'YYYY-MM-DD (한국 시간)' }),
  time: z.string().nullable().meta({ description: 'HH:MM (한국 시간), 미정이면 null' }),
  venue: z.string(),
  homeTeamId: z.number().int(),
  homeTeamName: z.string(),
  homeTeamShortName: z.string(),
  awayTeamId: z.number().int(),
  awayTeamName: z.string(),
  awayTeamShortName: z.string(),
  status: z.enum(gameStatuses),
  statusLabel: z.string(),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  inningsPlayed: z.number().int().nullable(),
  forfeitWinnerTeamId: z.number().int().nullable(),
  hasRecord: z.boolean().meta({ description: '경기 기록(이닝·타격·투구)이 입력되었는지' }),
  live: z
    .object({ state: z.enum(['playing', 'ended']) })
    .optional()
    .meta({
      description: '실시간 점수가 들어온 경기: playing = 경기 중, ended = 기록원이 경기 종료함',
    }),
  notes: z.string(),
});
export type GameSummary = z.infer<typeof gameSummary>;

/** A page of games. */
export const gamePage = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  games: z.array(gameSummary),
});
export type GamePage = z.infer<typeof gamePage>;

/** A game seen from one team, in the order that team plays them. */
export const teamGame = gameSummary.extend({
  teamGameNo: z.number().int().meta({ description: '이 팀의 몇 번째 경기인지 (경기 번호 순)' }),
  homeAway: z.enum(['home', 'away']),
  opponentTeamId: z.number().int(),
  opponentTeamName: z.string(),
  runsFor: z.number().int().nullable(),
  runsAgainst: z.number().int().nullable(),
  result: z
    .enum(['W', 'L', 'D'])
    .nullable()
    .meta({ description: '종료·몰수 경기의 승(W)/패(L)/무(D)' }),
  resultLabel: z.string().nullable(),
});
export type TeamGame = z.infer<typeof teamGame>;

export const teamSchedule = z.object({
  leagueId: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  games: z.array(teamGame),
});
export type TeamSchedule = z.infer<typeof teamSchedule>;

/** A game in the admin lists, with where its record stands. */
export const adminGame = gameSummary.extend({
  recordStatus: z.enum(recordStatuses),
  recordStatusLabel: z.string(),
  needsRecord: z
    .boolean()
    .meta({ description: '경기일이 지났는데 기록이 아직 없거나 서스펜디드인 경기' }),
});
export type AdminGame = z.infer<typeof adminGame>;

/** A player as the record form lists him. */
export const rosterEntry = z.object({
  playerId: z.number().int(),
  name: z.string(),
  backNumber: z.number().int().nullable(),
  position: z.string(),
});
export type RosterEntry = z.infer<typeof rosterEntry>;

/** A player who cannot be entered in a game, with why. */
export const ineligiblePlayer = rosterEntry.extend({
  reason: z.enum(['출장 정지', '방출', '경기일 이후 등록', '다른 팀 소속', '리그 명단에 없음']),
});
export type IneligiblePlayer = z.infer<typeof ineligiblePlayer>;
export type IneligibleReason = IneligiblePlayer['reason'];

/** One game for the record form: the game, who may play, who may not. */
export const recordFormGame = adminGame.extend({
  home: z.object({ eligible: z.array(rosterEntry), ineligible: z.array(ineligiblePlayer) }),
  away: z.object({ eligible: z.array(rosterEntry), ineligible: z.array(ineligiblePlayer) }),
});
export type RecordFormGame = z.infer<typeof recordFormGame>;

/** One row of an uploaded schedule file, as the preview shows it. */
export const scheduleFileRow = z.object({
  line: z.number().int().meta({ description: '파일의 행 번호 (1부터, 제목 행 포함)' }),
  gameNo: z.number().int().nullable(),
  round: z.string(),
  date: z.string().nullable().meta({ description: '읽은 날짜 (YYYY-MM-DD), 읽지 못하면 null' }),
  time: z.string().nullable(),
  venue: z.string(),
  home: z.string().meta({ description: '파일에 적힌 홈 팀 이름' }),
  away: z.string(),
  homeTeamId: z.number().int().nullable(),
  awayTeamId: z.number().int().nullable(),
  problems: z.array(z.string()).meta({ description: '이 행의 문제 (한국어), 없으면 빈 목록' }),
  warnings: z.array(z.string()).meta({
    description: '가져올 수는 있지만 확인할 점 (한국어): 리그 기간 밖의 날짜',
  }),
  skipped: z.boolean().meta({
    description: '이미 일정에 있는 경기라 건너뜀 (같은 날, 같은 시간, 같은 홈·원정 팀)',
  }),
});
export type ScheduleFileRow = z.infer<typeof scheduleFileRow>;

export const scheduleFileResult = z.object({
  dryRun: z.boolean(),
  valid: z.boolean().meta({
    description: '모든 행에 문제가 없고 새로 가져올 경기가 한 행 이상 있으면 true',
  }),
  rows: z.array(scheduleFileRow),
  imported: z.number().int().meta({ description: '가져온 경기 수 (미리보기면 0)' }),
  skipped: z.number().int().meta({ description: '이미 일정에 있어 건너뛴 (건너뛸) 경기 수' }),
  file: z
    .object({ uploadId: z.number().int(), url: z.string(), originalName: z.string() })
    .nullable(),
});
export type ScheduleFileResult = z.infer<typeof scheduleFileResult>;
