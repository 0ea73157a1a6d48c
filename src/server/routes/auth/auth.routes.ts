import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { label, text } from '../../../lib/validation/index.ts';

const tags = ['인증'];

export const loginBody = z.object({
  email: label(text().min(1).max(200), '이메일').meta({ example: 'admin@sbsa.kr' }),
  password: label(z.string().min(1).max(200), '비밀번호'),
  otp: label(z.string().max(40), '일회용 코드').optional().meta({
    description:
      '2단계 인증을 켠 계정만: 인증 앱의 6자리 코드 또는 복구 코드 하나. 없으면 401과 errors.otp로 코드를 달라고 답합니다.',
    example: '123456',
  }),
});

export const loginData = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
  access_token: z.string(),
  refresh_token: z.string(),
});

export const login = createRoute({
  method: 'post',
  path: '/login',
  tags,
  summary: '로그인',
  description:
    '이메일과 비밀번호로 로그인합니다. 실패하면 401과 함께 한국어 메시지를 돌려줍니다. 계정과 주소별로 시도 횟수를 제한합니다. 2단계 인증을 켠 계정은 otp(일회용 코드나 복구 코드)도 보내야 합니다: 없으면 401에 errors.otp, 틀리면 401이며 틀린 코드도 시도 횟수에 셉니다. 같은 코드는 한 번만 받습니다.',
  request: { body: { content: { 'application/json': { schema: loginBody } }, required: true } },
  responses: responses(loginData),
});

export const refreshBody = z.object({
  refreshToken: label(z.string().min(1).max(200), '갱신 토큰'),
  userId: label(z.coerce.number().int().positive(), '사용자 번호'),
});

export const refresh = createRoute({
  method: 'post',
  path: '/refresh',
  tags,
  summary: '토큰 갱신',
  description:
    '갱신 토큰을 새 토큰으로 교환합니다(매번 교체). 이미 교체된 토큰을 유예 시간(30초) 뒤에 다시 쓰면 같은 로그인의 모든 토큰이 폐기됩니다. ADMIN_IDLE_MINUTES(기본 30분) 동안 요청이 없던 로그인은 갱신하지 않고 끝내며, 401에 errors.session으로 그 까닭을 알립니다.',
  request: { body: { content: { 'application/json': { schema: refreshBody } }, required: true } },
  responses: responses(z.object({ access_token: z.string(), refresh_token: z.string() })),
});

const logoutData = z.object({
  revoked: z.boolean().meta({ description: '끝낼 로그인이 있었는지' }),
});

export const logout = createRoute({
  method: 'get',
  path: '/logout',
  tags,
  summary: '로그아웃 (호환용)',
  description:
    '기존 클라이언트를 위한 형태입니다. 갱신 토큰과 그 계열을 폐기하고, 그 로그인으로 받은 접근 토큰도 곧바로 쓸 수 없게 합니다. 토큰이 주소에 남지 않도록 새 클라이언트는 POST /auth/logout을 씁니다.',
  request: { query: refreshBody },
  responses: responses(logoutData),
});

export const logoutPost = createRoute({
  method: 'post',
  path: '/logout',
  tags,
  summary: '로그아웃',
  description:
    '갱신 토큰과 그 계열을 폐기하고, 그 로그인으로 받은 접근 토큰도 곧바로 쓸 수 없게 합니다. 끝낸 로그인은 감사 기록(logout)에 남습니다. 모르는 토큰이면 revoked: false로 답합니다.',
  request: { body: { content: { 'application/json': { schema: refreshBody } }, required: true } },
  responses: responses(logoutData),
});

export const unlock = createRoute({
  method: 'post',
  path: '/unlock',
  tags,
  security: signedInSecurity,
  summary: '로그인 제한 풀기',
  description:
    '틀린 비밀번호가 이어져 로그인을 기다려야 하는 계정을 모든 주소에서 곧바로 다시 로그인할 수 있게 합니다. 사이트 관리자만 쓸 수 있습니다. 제한이 걸리고 풀릴 때마다 감사 기록(login-throttled, login-unlocked)이 남습니다.',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            email: label(text().min(1).max(200), '이메일'),
          }),
        },
      },
      required: true,
    },
  },
  responses: responses(
    z.object({ unlocked: z.boolean().meta({ description: '풀어 줄 제한이 있었는지' }) }),
  ),
});
