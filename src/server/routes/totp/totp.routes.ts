import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { label } from '../../../lib/validation/index.ts';
import { idParam } from '../common/params.ts';

const tags = ['인증'];
const security = signedInSecurity;

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const recoveryCodes = z.object({
  recoveryCodes: z.array(z.string()).meta({
    description: '복구 코드 10개. 이 응답에서 한 번만 보여 주며 서버에는 해시만 남습니다.',
  }),
});

/** A current one-time code, or the password, proves the owner (disable, new recovery codes). */
const ownerProof = z.object({
  code: label(z.string().max(40), '일회용 코드').optional(),
  password: label(z.string().max(200), '비밀번호').optional(),
});

export const status = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  summary: '내 2단계 인증 상태',
  description:
    '켜져 있는지, 남은 복구 코드 수, 2단계 인증을 요구하는 협회와 먼저 설정해야 하는지(setupRequired)를 돌려줍니다.',
  responses: responses(
    z.object({
      enabled: z.boolean(),
      recoveryCodesLeft: z.number().int(),
      requiredBy: z.array(z.string()),
      setupRequired: z.boolean(),
    }),
  ),
});

export const setup = createRoute({
  method: 'post',
  path: '/setup',
  tags,
  security,
  summary: '2단계 인증 설정 시작',
  description:
    '새 비밀 키와 인증 앱이 읽을 otpauth 주소(발급자 SBSA, 계정 이름은 이메일)를 만듭니다. 아직 켜지 않으며, enable에 맞는 코드를 보내야 켜집니다. 이미 켜져 있으면 409입니다.',
  responses: responses(z.object({ secret: z.string(), otpauthUrl: z.string() })),
});

export const enable = createRoute({
  method: 'post',
  path: '/enable',
  tags,
  security,
  summary: '2단계 인증 켜기',
  description:
    '설정에서 받은 비밀 키로 인증 앱이 만든 지금의 코드가 맞으면 2단계 인증을 켜고 복구 코드 10개를 한 번만 돌려줍니다. 틀리면 400입니다.',
  request: json(
    z.object({ code: label(z.string().min(1).max(40), '일회용 코드').meta({ example: '123456' }) }),
  ),
  responses: responses(recoveryCodes),
});

export const disable = createRoute({
  method: 'post',
  path: '/disable',
  tags,
  security,
  summary: '2단계 인증 끄기',
  description: '지금의 일회용 코드(또는 복구 코드)나 비밀번호로 본인임을 확인하고 끕니다.',
  request: json(ownerProof),
  responses: responses(z.object({ enabled: z.literal(false) })),
});

export const renewRecoveryCodes = createRoute({
  method: 'post',
  path: '/recovery-codes',
  tags,
  security,
  summary: '복구 코드 새로 받기',
  description:
    '지금의 일회용 코드나 비밀번호로 본인임을 확인하고 복구 코드 10개를 새로 만듭니다. 전의 복구 코드는 더 쓸 수 없습니다.',
  request: json(ownerProof),
  responses: responses(recoveryCodes),
});

export const reset = createRoute({
  method: 'post',
  path: '/reset/{userId}',
  tags,
  security,
  summary: '회원의 2단계 인증 초기화',
  description:
    '휴대폰을 잃어버린 회원의 2단계 인증을 지웁니다. 사이트 관리자, 또는 그 회원이 관리자로 있는 협회의 협회 관리자(1등급)만 할 수 있으며 감사 기록(totp-reset)이 남습니다.',
  request: { params: z.object({ userId: idParam('회원', '회원(user) 번호') }) },
  responses: responses(z.object({ wasEnabled: z.boolean() })),
});

const mainParams = z.object({ mainId: idParam('협회', '협회(league_main) 번호') });
const requirement = z.object({
  required: label(z.boolean(), '2단계 인증 요구').meta({
    description: '켜면 이 협회의 관리자(1~3급)는 2단계 인증을 설정해야 쓰기를 할 수 있습니다.',
  }),
});

export const getRequirement = createRoute({
  method: 'get',
  path: '/requirement/{mainId}',
  tags,
  security,
  summary: '협회의 2단계 인증 요구 보기',
  request: { params: mainParams },
  responses: responses(requirement),
});

export const setRequirement = createRoute({
  method: 'put',
  path: '/requirement/{mainId}',
  tags,
  security,
  summary: '협회의 2단계 인증 요구 바꾸기',
  description:
    '사이트 관리자나 그 협회의 협회 관리자(1등급)가 바꿉니다. 감사 기록에 남습니다. 켜진 협회의 관리자가 2단계 인증을 설정하지 않았으면 설정 전까지 모든 쓰기가 403입니다.',
  request: { params: mainParams, ...json(requirement) },
  responses: responses(requirement),
});
