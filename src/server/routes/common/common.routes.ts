import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { season } from '../../../lib/schemas/season.ts';

const tags = ['공통'];

export const leagueMainSchema = z.object({
  mainId: z.number().int(),
  path: z.string().meta({ example: 'sbsa' }),
  name: z.string().meta({ example: '대한소프트볼협회' }),
  shortName: z.string(),
  logo: z.string().nullable(),
});

const codeLabel = <T extends z.ZodType>(code: T) => z.array(z.object({ code, label: z.string() }));

export const configSchema = z.object({
  defaultMainId: z.number().int(),
  defaultMainPath: z.string().meta({ example: 'sbsa' }),
  defaultMainName: z.string(),
  leagueMain: leagueMainSchema,
  activeSeason: season.nullable().meta({ description: '활성 시즌 (시즌이 하나도 없으면 null)' }),
  seasons: z.array(season).meta({ description: '시즌 목록 (최근 연도부터)' }),
  gameStatuses: codeLabel(
    z.enum(['scheduled', 'final', 'postponed', 'cancelled', 'forfeit', 'suspended']),
  ).meta({ description: '경기 상태: 예정, 종료, 연기, 취소, 몰수, 서스펜디드' }),
  gameStages: codeLabel(z.enum(['regular', 'playoff', 'final'])),
  leagueStatuses: codeLabel(z.enum(['scheduled', 'ongoing', 'finished'])),
  rosterStatuses: codeLabel(z.enum(['active', 'suspended', 'released'])),
  rankingMethods: codeLabel(z.enum(['pct', 'points'])),
  tieBreakers: codeLabel(z.enum(['h2h', 'tqb', 'er_tqb', 'avg', 'lots'])),
  coachRoles: z.array(z.string()).meta({ example: ['감독', '코치', '단장'] }),
  grades: z.array(
    z.object({
      grade: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      name: z.string(),
      description: z.string(),
    }),
  ),
  limits: z.object({ leagueLogoBytesMax: z.number().int() }),
});

export const config = createRoute({
  method: 'get',
  path: '/config',
  tags,
  summary: '공개 설정',
  description:
    '기본 협회(경로 sbsa)와 이름, 활성 시즌, 시즌 목록, 경기 상태·리그 상태·명단 상태의 한국어 이름, 지도자 직책, 관리자 등급 이름을 돌려줍니다. 로그인 없이 호출할 수 있습니다.',
  responses: responses(configSchema),
});
