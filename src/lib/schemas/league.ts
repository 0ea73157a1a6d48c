import * as z from 'zod';
import { josa, label, text } from '../validation/index.ts';
import { DEFAULT_TIE_BREAKERS, TIE_BREAKER_LABELS } from '../stats/standings-rules.ts';
import type { RankingMethod, TieBreaker } from '../stats/standings-rules.ts';

export type LeagueStatus = 'scheduled' | 'ongoing' | 'finished';

/** Korean name of each league status. */
export const LEAGUE_STATUS_LABELS: Readonly<Record<LeagueStatus, string>> = {
  scheduled: '예정',
  ongoing: '진행 중',
  finished: '종료',
};

/** Korean name of each ranking method. */
export const RANKING_METHOD_LABELS: Readonly<Record<RankingMethod, string>> = {
  pct: '승률',
  points: '승점',
};

export { TIE_BREAKER_LABELS };

/** Limits of a league (리그) and its rules profile, shared by the admin form, the API and the database checks. */
export const leagueLimits = {
  nameMax: 100,
  inningsMin: 1,
  inningsMax: 12,
  runAheadRulesMax: 12,
  runAheadRunsMax: 99,
  pointsMin: -10,
  pointsMax: 10,
  eraBasisMin: 1,
  eraBasisMax: 12,
  qualifyMax: 10,
  logoBytesMax: 2 * 1024 * 1024,
} as const;

/** The WBSC-style run-ahead (콜드게임) rule of a new league: 15 after 3, 10 after 4, 7 after 5 innings. */
export const DEFAULT_RUN_AHEAD_RULE: ReadonlyArray<RunAheadStep> = [
  { afterInning: 3, runs: 15 },
  { afterInning: 4, runs: 10 },
  { afterInning: 5, runs: 7 },
];

/** The rules profile of a new league. */
export const DEFAULT_LEAGUE_RULES = {
  status: 'scheduled' as LeagueStatus,
  inningsPerGame: 7,
  runAheadRule: DEFAULT_RUN_AHEAD_RULE,
  tiesAllowed: true,
  rankingMethod: 'pct' as RankingMethod,
  pointsWin: 2,
  pointsDraw: 1,
  pointsLoss: 0,
  tieBreakers: DEFAULT_TIE_BREAKERS,
  eraBasis: 7,
  qualifyPaPerGame: 2,
  qualifyIpPerGame: 1,
} as const;

const isoDate = (text: string) => label(z.iso.date(), text).nullable().optional();

export const runAheadStep = z.object({
  afterInning: label(z.number().int().min(1).max(leagueLimits.inningsMax), '적용 회'),
  runs: label(z.number().int().min(1).max(leagueLimits.runAheadRunsMax), '점수 차'),
});
export type RunAheadStep = z.infer<typeof runAheadStep>;

const tieBreakerCode = label(
  z.enum(Object.keys(TIE_BREAKER_LABELS) as [TieBreaker, ...TieBreaker[]]),
  '순위 결정 방식',
);
const points = (text: string) =>
  label(z.number().int().min(leagueLimits.pointsMin).max(leagueLimits.pointsMax), text);
const qualify = (text: string) => label(z.number().min(0).max(leagueLimits.qualifyMax), text);

/** Every field of a league as the admin form edits it; none has a default here. */
export const leagueFields = {
  leagueName: label(text().min(1).max(leagueLimits.nameMax), '리그 이름'),
  divisionId: label(z.number().int().positive(), '부')
    .nullable()
    .optional()
    .meta({ description: '부(디비전) 번호. 같은 협회의 부여야 합니다. null이면 부 구분 없음.' }),
  startDate: isoDate('시작일').meta({ description: 'YYYY-MM-DD' }),
  endDate: isoDate('종료일').meta({ description: 'YYYY-MM-DD, 시작일 이후' }),
  status: label(z.enum(['scheduled', 'ongoing', 'finished']), '진행 상태').meta({
    description: 'scheduled 예정, ongoing 진행 중, finished 종료',
  }),
  inningsPerGame: label(
    z.number().int().min(leagueLimits.inningsMin).max(leagueLimits.inningsMax),
    '경기 이닝 수',
  ),
  runAheadRule: label(
    z.array(runAheadStep).max(leagueLimits.runAheadRulesMax),
    '콜드게임 규정',
  ).meta({
    description:
      '[{ afterInning, runs }]: afterInning회가 끝났을 때 runs점 이상 앞서면 경기 종료. 빈 목록이면 콜드게임 없음.',
  }),
  tiesAllowed: label(z.boolean(), '무승부 인정'),
  rankingMethod: label(z.enum(['pct', 'points']), '순위 산정 방식').meta({
    description: 'pct 승률, points 승점',
  }),
  pointsWin: points('승리 승점'),
  pointsDraw: points('무승부 승점'),
  pointsLoss: points('패배 승점'),
  tieBreakers: label(z.array(tieBreakerCode).min(1).max(5), '동률 시 순위 결정 순서').meta({
    description:
      "적용 순서대로: h2h 승자승, tqb TQB, er_tqb ER-TQB, avg 타율, lots 추첨. 'lots'는 마지막에만 둘 수 있습니다.",
  }),
  eraBasis: label(
    z.number().int().min(leagueLimits.eraBasisMin).max(leagueLimits.eraBasisMax),
    '평균자책점 기준 이닝',
  ),
  qualifyPaPerGame: qualify('규정 타석 (팀 경기당)'),
  qualifyIpPerGame: qualify('규정 이닝 (팀 경기당)'),
};

export interface LeagueRuleValues {
  startDate?: string | null;
  endDate?: string | null;
  inningsPerGame: number;
  runAheadRule: readonly RunAheadStep[];
  rankingMethod: RankingMethod;
  pointsWin: number;
  pointsDraw: number;
  pointsLoss: number;
  tieBreakers: readonly TieBreaker[];
}

/**
 * Rules that tie several fields together, as `{ path: 메시지 }`; empty when the values hold together.
 * Used by the schema below and by the API on the merged values of a partial update.
 */
export function leagueRuleErrors(v: LeagueRuleValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    errors.endDate = '종료일은 시작일과 같거나 그 뒤여야 합니다.';
  const seenInnings = new Set<number>();
  v.runAheadRule.forEach((step, i) => {
    if (step.afterInning >= v.inningsPerGame) {
      errors[`runAheadRule.${i}.afterInning`] ??=
        `콜드게임 적용 회는 경기 이닝 수(${v.inningsPerGame})보다 작아야 합니다.`;
    } else if (seenInnings.has(step.afterInning)) {
      errors[`runAheadRule.${i}.afterInning`] ??=
        `${step.afterInning}회 규정이 두 번 들어 있습니다.`;
    }
    seenInnings.add(step.afterInning);
  });
  const seenRules = new Set<TieBreaker>();
  v.tieBreakers.forEach((rule, i) => {
    if (seenRules.has(rule))
      errors[`tieBreakers.${i}`] ??=
        `${josa(`'${TIE_BREAKER_LABELS[rule]}'`, '이/가')} 두 번 들어 있습니다.`;
    else if (rule === 'lots' && i !== v.tieBreakers.length - 1)
      errors[`tieBreakers.${i}`] ??= "'추첨'은 마지막 순서에만 둘 수 있습니다.";
    seenRules.add(rule);
  });
  if (v.rankingMethod === 'points') {
    if (v.pointsWin <= v.pointsLoss) errors.pointsWin = '승리 승점은 패배 승점보다 커야 합니다.';
    else if (v.pointsDraw < v.pointsLoss || v.pointsDraw > v.pointsWin)
      errors.pointsDraw = '무승부 승점은 패배 승점과 승리 승점 사이여야 합니다.';
  }
  return errors;
}

function addRuleIssues(value: LeagueRuleValues, ctx: z.core.$RefinementCtx<unknown>) {
  for (const [path, message] of Object.entries(leagueRuleErrors(value))) {
    ctx.addIssue({
      code: 'custom',
      message,
      path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      input: value,
    });
  }
}

/** A new league: name and season are required; the rules profile defaults to the association's usual one. */
export const leagueInput = z
  .object({
    leagueName: leagueFields.leagueName.meta({ example: '2025 여자부 리그' }),
    divisionId: leagueFields.divisionId,
    startDate: leagueFields.startDate,
    endDate: leagueFields.endDate,
    status: leagueFields.status.default(DEFAULT_LEAGUE_RULES.status),
    inningsPerGame: leagueFields.inningsPerGame.default(DEFAULT_LEAGUE_RULES.inningsPerGame),
    runAheadRule: leagueFields.runAheadRule.default(() =>
      DEFAULT_RUN_AHEAD_RULE.map((s) => ({ ...s })),
    ),
    tiesAllowed: leagueFields.tiesAllowed.default(DEFAULT_LEAGUE_RULES.tiesAllowed),
    rankingMethod: leagueFields.rankingMethod.default(DEFAULT_LEAGUE_RULES.rankingMethod),
    pointsWin: leagueFields.pointsWin.default(DEFAULT_LEAGUE_RULES.pointsWin),
    pointsDraw: leagueFields.pointsDraw.default(DEFAULT_LEAGUE_RULES.pointsDraw),
    pointsLoss: leagueFields.pointsLoss.default(DEFAULT_LEAGUE_RULES.pointsLoss),
    tieBreakers: leagueFields.tieBreakers.default(() => [...DEFAULT_TIE_BREAKERS]),
    eraBasis: leagueFields.eraBasis.default(DEFAULT_LEAGUE_RULES.eraBasis),
    qualifyPaPerGame: leagueFields.qualifyPaPerGame.default(DEFAULT_LEAGUE_RULES.qualifyPaPerGame),
    qualifyIpPerGame: leagueFields.qualifyIpPerGame.default(DEFAULT_LEAGUE_RULES.qualifyIpPerGame),
  })
  .superRefine((value, ctx) => addRuleIssues(value, ctx));

/** Changes to a league: any subset of the fields; what is left out stays as it is. */
export const leagueUpdate = z.object(leagueFields).partial();

export type LeagueInput = z.input<typeof leagueInput>;
export type LeagueValues = z.output<typeof leagueInput>;
export type LeagueUpdateValues = z.output<typeof leagueUpdate>;

/** A league as the API returns it, with its rules profile. */
export const league = z.object({
  leagueId: z.number().int(),
  seasonId: z.number().int(),
  seasonName: z.string(),
  year: z.number().int(),
  leagueMain: z
    .object({ mainId: z.number().int(), path: z.string(), name: z.string() })
    .meta({ description: '리그가 속한 협회' }),
  divisionId: z.number().int().nullable(),
  divisionName: z.string().nullable(),
  leagueName: z.string(),
  logo: z.string().nullable().meta({ description: '로고 주소 (/uploads/…)' }),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(['scheduled', 'ongoing', 'finished']),
  statusLabel: z.string(),
  inningsPerGame: z.number().int(),
  runAheadRule: z.array(runAheadStep),
  tiesAllowed: z.boolean(),
  rankingMethod: z.enum(['pct', 'points']),
  pointsWin: z.number().int(),
  pointsDraw: z.number().int(),
  pointsLoss: z.number().int(),
  tieBreakers: z.array(z.enum(['h2h', 'tqb', 'er_tqb', 'avg', 'lots'])),
  eraBasis: z.number().int(),
  qualifyPaPerGame: z.number(),
  qualifyIpPerGame: z.number(),
  scheduleUploadId: z.number().int().nullable(),
  teamCount: z.number().int(),
});

export type League = z.infer<typeof league>;
