import * as z from 'zod';
import { label, text } from '../validation/index.ts';
import { gameSummary } from './game.ts';

/** League results: standings (computed), final ranks and awards (entered), leaderboards. */

export const resultLimits = {
  ranksMax: 64,
  awardsMax: 100,
  awardNameMax: 50,
  noteMax: 200,
} as const;

const id = (text: string) => label(z.number().int().positive(), text);

export const finalRankInput = z.object({
  teamId: id('팀'),
  rank: label(z.number().int().min(1).max(999), '순위'),
  note: label(text().max(resultLimits.noteMax), '비고').default(''),
});

export const awardInput = z
  .object({
    awardName: label(text().min(1).max(resultLimits.awardNameMax), '상 이름').meta({
      example: '최우수선수상',
    }),
    playerId: id('수상 선수').nullable().default(null),
    teamId: id('수상 팀').nullable().default(null),
    note: label(text().max(resultLimits.noteMax), '비고').default(''),
  })
  .refine((a) => a.playerId !== null || a.teamId !== null, {
    message: '수상 선수나 수상 팀 중 하나는 선택해 주세요.',
    path: ['playerId'],
  });

/** What the league manager enters when a league ends; replaces what was entered before. */
export const leagueResultInput = z.object({
  ranks: z.array(finalRankInput).max(resultLimits.ranksMax).default([]),
  awards: z.array(awardInput).max(resultLimits.awardsMax).default([]),
});
export type LeagueResultInput = z.input<typeof leagueResultInput>;
export type LeagueResultValues = z.output<typeof leagueResultInput>;

const int = () => z.number().int();

export const standingsRow = z.object({
  rank: int(),
  teamId: int(),
  teamName: z.string(),
  teamShortName: z.string(),
  g: int(),
  w: int(),
  l: int(),
  d: int(),
  pct: z.number().nullable(),
  pctText: z.string().meta({ example: '0.667' }),
  points: z.number().nullable(),
  gb: z.number(),
  gbText: z.string().meta({ description: '승차, 1위는 "-"' }),
  rs: int(),
  ra: int(),
  streak: z.string().meta({ example: '3승' }),
  last10: z.string().meta({ example: '7승 2패 1무' }),
  tieNote: z.string().nullable().meta({
    description:
      '동률인 팀마다 그 팀의 순위를 가른 규칙 (승자승, TQB, ER-TQB, 타율, 추첨; 여럿이면 " · "로 이음)',
  }),
});
export type StandingsRowOut = z.infer<typeof standingsRow>;

export const standingsTable = z.object({
  leagueId: int(),
  leagueName: z.string(),
  rankingMethod: z.enum(['pct', 'points']),
  rankingLabel: z.string(),
  tieBreakers: z.array(z.string()).meta({ description: '동률일 때 적용하는 규칙 순서 (한국어)' }),
  rows: z.array(standingsRow),
});
export type StandingsTable = z.infer<typeof standingsTable>;

export const finalRank = z.object({
  teamId: int(),
  teamName: z.string(),
  rank: int(),
  note: z.string(),
});
export const award = z.object({
  awardId: int(),
  awardName: z.string(),
  playerId: int().nullable(),
  playerName: z.string().nullable(),
  teamId: int().nullable(),
  teamName: z.string().nullable(),
  note: z.string(),
});

export const postseasonRank = z.object({
  rank: int(),
  label: z.string().meta({ example: '우승' }),
  teamId: int(),
  teamName: z.string(),
  note: z.string(),
  fromFinal: z.boolean().meta({
    description: '최종 순위가 아직 입력되지 않아 결승 경기 결과로 정한 순위인지',
  }),
});

/** The postseason section of a league: playoff and final games, then the final ranks. */
export const leaguePostseason = z.object({
  games: z
    .array(gameSummary)
    .meta({ description: '플레이오프·결승 경기 (정규리그 순위에는 들어가지 않음)' }),
  ranks: z.array(postseasonRank),
});

export const leagueResult = z.object({
  leagueId: int(),
  leagueName: z.string(),
  standings: standingsTable,
  ranks: z.array(finalRank),
  awards: z.array(award),
  postseason: leaguePostseason,
});
export type LeagueResult = z.infer<typeof leagueResult>;

export const leaderEntry = z.object({
  rank: int(),
  playerId: int(),
  name: z.string(),
  teamId: int(),
  teamName: z.string(),
  backNumber: int().nullable(),
  value: z.number(),
  valueText: z.string(),
});

export const leaderBoard = z.object({
  key: z.string().meta({ example: 'avg' }),
  label: z.string().meta({ example: '타율' }),
  qualified: z.boolean().meta({ description: '규정 타석·이닝을 채운 선수만 싣는지' }),
  entries: z.array(leaderEntry),
});

export const leagueLeaders = z.object({
  leagueId: int(),
  leagueName: z.string(),
  qualification: z.object({
    paPerGame: z.number(),
    ipPerGame: z.number(),
    description: z.string(),
  }),
  batting: z.array(leaderBoard),
  pitching: z.array(leaderBoard),
});
export type LeagueLeaders = z.infer<typeof leagueLeaders>;
