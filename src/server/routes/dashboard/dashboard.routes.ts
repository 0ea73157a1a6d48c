import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { auditEntry } from '../audit/audit.routes.ts';
import { nightlyCheckRun, publishRun } from '../publish/publish.routes.ts';

const tags = ['관리자 홈'];

const gameStatus = z.enum(['scheduled', 'final', 'postponed', 'cancelled', 'forfeit', 'suspended']);

export const dashboardQuery = z.object({
  mainId: idParam('협회').optional().meta({ description: '협회 번호 (없으면 기본 협회 sbsa)' }),
});

export const dashboardData = z.object({
  main: z.object({ mainId: z.number().int(), path: z.string(), name: z.string() }),
  me: z.object({
    userId: z.number().int(),
    isAdmin: z.boolean(),
    grade: z
      .union([z.literal(1), z.literal(2), z.literal(3)])
      .nullable()
      .meta({ description: '이 협회에서의 등급 (1 협회 관리자, 2 리그 운영자, 3 기록원)' }),
  }),
  activeSeason: z
    .object({ seasonId: z.number().int(), seasonName: z.string(), year: z.number().int() })
    .nullable(),
  counts: z.object({
    teams: z.number().int(),
    players: z.number().int(),
    coaches: z.number().int(),
    seasons: z.number().int(),
    leagues: z.number().int(),
    games: z.number().int(),
    gamesByStatus: z.record(gameStatus, z.number().int()).meta({
      description:
        '상태별 경기 수: scheduled 예정, final 종료, postponed 연기, cancelled 취소, forfeit 몰수, suspended 서스펜디드',
    }),
    notices: z.number().int(),
    users: z.number().int().meta({ description: '사용 중인 계정 수' }),
  }),
  recentAudit: z
    .array(auditEntry)
    .nullable()
    .meta({ description: '최근 변경 기록 (사이트 관리자와 1–2등급만; 아니면 null)' }),
  latestPublish: publishRun.nullable().meta({ description: '가장 최근의 사이트 빌드' }),
  lastBackup: z
    .object({
      file: z.string(),
      createdAt: z.string(),
      bytes: z.number().int(),
      reason: z.string(),
    })
    .nullable()
    .meta({ description: '가장 최근의 백업 (사이트 관리자와 1·2등급에게만)' }),
  nightlyCheck: nightlyCheckRun.nullable().meta({
    description:
      '가장 최근의 자정 점검: 데이터가 바뀌었는데 바로 다시 게시되지 않은 페이지 (사이트 관리자와 1·2등급에게만)',
  }),
});

export const get = createRoute({
  method: 'get',
  path: '/dashboard',
  security: signedInSecurity,
  tags,
  summary: '관리자 홈 요약',
  description:
    '협회의 팀·선수·지도자·시즌·리그·경기(상태별)·공지·계정 수, 최근 변경 기록(관리자와 1–2등급), 최근 사이트 빌드를 돌려줍니다. 로그인한 사용자만 볼 수 있습니다.',
  request: { query: dashboardQuery },
  responses: responses(dashboardData),
});
