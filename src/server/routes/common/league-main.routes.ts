import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { label } from '../../../lib/validation/index.ts';
import { leagueMainSchema } from './common.routes.ts';
import { mainIdParam } from './params.ts';

const tags = ['협회'];

const idParams = z.object({ id: mainIdParam });

export const base = createRoute({
  method: 'get',
  path: '/base/{id}',
  tags,
  summary: '협회 기본 정보',
  description: '번호로 협회(league main)를 찾습니다. /league/main/{id}와 같은 내용입니다.',
  request: { params: idParams },
  responses: responses(leagueMainSchema),
});

export const main = createRoute({
  method: 'get',
  path: '/main/{id}',
  tags,
  summary: '협회 정보',
  description: '번호로 협회(league main)를 찾습니다.',
  request: { params: idParams },
  responses: responses(leagueMainSchema),
});

export const mainPath = createRoute({
  method: 'get',
  path: '/mainpath/{path}',
  tags,
  summary: '경로로 협회 찾기',
  description: '공개 페이지 경로(예: sbsa)로 협회를 찾습니다.',
  request: {
    params: z.object({
      path: label(z.string().min(1).max(40), '협회 경로').meta({
        description: '협회 경로',
        example: 'sbsa',
      }),
    }),
  },
  responses: responses(leagueMainSchema),
});

export const writerSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z
    .string()
    .optional()
    .meta({ description: '사이트 관리자와 이 협회의 관리자에게만 보입니다.' }),
  isAdmin: z.boolean(),
  grade: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  gradeName: z.string().nullable(),
  boardRole: z
    .enum(['write', 'admin'])
    .nullable()
    .meta({ description: '공지 게시판 권한으로 쓰는 경우' }),
});

export const writers = createRoute({
  method: 'get',
  path: '/main/{id}/writers',
  tags,
  security: signedInSecurity,
  summary: '공지 작성자 목록',
  description:
    '협회의 공지를 쓸 수 있는 사용자: 사이트 관리자, 협회 관리자(1)·리그 운영자(2), 공지 게시판 쓰기 권한이 있는 사용자. 로그인한 사용자만 볼 수 있고(아니면 401), 이메일은 사이트 관리자와 이 협회의 관리자·팀 관리자에게만 보입니다.',
  request: { params: idParams },
  responses: responses(z.array(writerSchema)),
});
