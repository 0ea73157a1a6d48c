import * as z from 'zod';
import { label } from '../validation/index.ts';
import { shownStatuses } from '../game-status.ts';
import { lineProblems } from '../live-line.ts';
import { boxScoreLimits } from './box-score.ts';

/** The line-score call (PUT/GET /api/league/game/{gameId}/live) and what it answers (decision 149). */

const runs = (text: string) =>
  label(
    z.array(label(z.number().int().min(0).max(boxScoreLimits.runsPerHalfMax), `${text} 득점`)),
    `${text} 이닝별 득점`,
  ).max(boxScoreLimits.inningsMax);
const count = (text: string) => label(z.number().int().min(0).max(999), text).nullable().optional();

const lineFields = {
  away: runs('원정 팀').meta({
    description: '원정 팀 이닝별 득점 (진행 중인 이닝 포함)',
    example: [0, 2, 1],
  }),
  home: runs('홈 팀').meta({
    description: '홈 팀 이닝별 득점 (초 공격 중이면 그 전 이닝까지, 말 공격 중이면 그 이닝까지)',
    example: [1, 0],
  }),
  inning: label(z.number().int().min(1).max(boxScoreLimits.inningsMax), '이닝').meta({
    example: 3,
  }),
  half: label(z.enum(['top', 'bottom']), '초·말').meta({
    description: 'top = 초(원정 공격), bottom = 말(홈 공격)',
  }),
  outs: label(z.number().int().min(0).max(2), '아웃 수').meta({
    description: '0–2 (세 번째 아웃이면 다음 공격으로 넘겨 보냅니다)',
  }),
  awayHits: count('원정 팀 안타'),
  homeHits: count('홈 팀 안타'),
  awayErrors: count('원정 팀 실책'),
  homeErrors: count('홈 팀 실책'),
};

export const liveLineInput = z
  .object({
    ...lineFields,
    seq: label(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), '순번').optional().meta({
      description:
        '경기마다 하나씩 커지는 순번. 서버가 이미 받은 순번 이하이면 다시 적용하지 않고 지금 상태를 돌려줍니다 (다시 보낸 입력이 한 번만 적용됨). 없으면 늘 적용합니다.',
    }),
  })
  .superRefine((line, ctx) => {
    for (const problem of lineProblems(line))
      ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path], input: line });
  });
export type LiveLineInput = z.infer<typeof liveLineInput>;

export const liveStates = ['playing', 'ended'] as const;

export const liveGame = z.object({
  gameId: z.number().int(),
  status: z
    .enum(shownStatuses)
    .meta({ description: 'lib/game-status.ts의 경기 상태 (live = 경기 중)' }),
  statusLabel: z.string().meta({ example: '경기 중' }),
  /** null when no line score has been sent for the game */
  live: z
    .object({
      ...lineFields,
      state: z
        .enum(liveStates)
        .meta({ description: 'playing = 경기 중, ended = 기록원이 경기 종료함' }),
      awayRuns: z.number().int(),
      homeRuns: z.number().int(),
      scoreText: z.string().meta({ example: '원정 3 : 5 홈' }),
      situation: z.string().meta({ example: '3회말 · 1아웃' }),
      seq: z.number().int(),
      updatedAt: z.string(),
    })
    .nullable(),
  /** the final score once the record is in */
  awayScore: z.number().int().nullable(),
  homeScore: z.number().int().nullable(),
});
export type LiveGame = z.infer<typeof liveGame>;

export const suspendInput = z.object({
  reason: label(z.string().trim().min(1).max(200), '중단 사유').meta({ example: '우천' }),
});
