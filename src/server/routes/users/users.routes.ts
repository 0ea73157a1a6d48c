import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { label } from '../../../lib/validation/index.ts';
import { idParam } from '../common/params.ts';
import { pageOf, searchQueryShape, sortParam } from '../../services/search-match.ts';
import { user, userInput, userLinkInput, userUpdate } from '../../../lib/schemas/user.ts';
import { newPassword } from '../../auth/password-policy.ts';

const tags = ['회원'];

const params = z.object({ id: idParam('회원', '회원(user) 번호') });
const readers = '사이트 관리자와 협회 관리자(1; 권한을 줄 회원을 찾기 위해)';

export const listQuery = z.object({
  ...searchQueryShape,
  sort: sortParam(['name', 'email', 'id', '-id'], 'name'),
  includeDisabled: label(z.stringbool(), '사용 중지 포함')
    .default(false)
    .meta({ description: 'true면 사용 중지된 계정도 (기본 false)' }),
});

export const list = createRoute({
  method: 'get',
  path: '/users',
  security: signedInSecurity,
  tags,
  summary: '회원 목록',
  description: `\`q\`는 이메일, 이름, 닉네임의 일부나 초성으로 찾습니다. 비밀번호 해시는 어떤 응답에도 없습니다. 볼 수 있는 사람: ${readers}.`,
  request: { query: listQuery },
  responses: responses(pageOf(user)),
});

export const unregistered = createRoute({
  method: 'get',
  path: '/users/unregistered',
  security: signedInSecurity,
  tags,
  summary: '미등록 회원',
  description: `선수나 지도자 어느 쪽에도 연결되지 않은 회원(관리 화면 unregistered). 연결은 POST /users/{id}/link로 합니다. 볼 수 있는 사람: ${readers}.`,
  request: { query: listQuery },
  responses: responses(pageOf(user)),
});

export const get = createRoute({
  method: 'get',
  path: '/users/{id}',
  security: signedInSecurity,
  tags,
  summary: '회원 정보(관리)',
  description: `볼 수 있는 사람: ${readers}.`,
  request: { params },
  responses: responses(user),
});

export const create = createRoute({
  method: 'post',
  path: '/users',
  tags,
  summary: '회원 만들기',
  description:
    '비밀번호는 8자 이상이고 공백만이 아니어야 하며, 흔히 쓰이는 비밀번호 목록에 없어야 합니다(문자 종류 규칙은 없음). argon2id로 해시해 저장합니다. 이메일이 이미 있으면 409. 할 수 있는 사람: 사이트 관리자.',
  request: {
    body: {
      content: { 'application/json': { schema: userInput.extend({ password: newPassword }) } },
      required: true,
    },
  },
  responses: responses(user, '만들어짐', 201),
});

export const update = createRoute({
  method: 'patch',
  path: '/users/{id}',
  tags,
  summary: '회원 고치기',
  description:
    '보낸 항목만 바꿉니다. 새 비밀번호를 주거나 사용 중지하면 그 회원의 로그인(갱신 토큰)이 모두 끝납니다. ' +
    '자기 자신의 관리자 권한 해제와 사용 중지는 할 수 없습니다(400). 할 수 있는 사람: 사이트 관리자.',
  request: {
    params,
    body: {
      content: {
        'application/json': { schema: userUpdate.extend({ password: newPassword.optional() }) },
      },
      required: true,
    },
  },
  responses: responses(user),
});

export const disable = createRoute({
  method: 'delete',
  path: '/users/{id}',
  tags,
  summary: '회원 사용 중지',
  description:
    '기록(작성자, 감사 로그)을 지키기 위해 계정은 지우지 않고 사용 중지하며, 로그인이 모두 끝납니다. 다시 쓰게 하려면 PATCH로 `disabled: false`. ' +
    '할 수 있는 사람: 사이트 관리자.',
  request: { params },
  responses: responses(user),
});

export const link = createRoute({
  method: 'post',
  path: '/users/{id}/link',
  tags,
  summary: '회원을 선수·지도자와 연결',
  description:
    '미등록 회원을 선수(`playerId`) 또는 지도자(`coachId`) 하나와 연결합니다. 그 선수·지도자가 이미 다른 회원과 연결되어 있거나, ' +
    '회원이 같은 협회의 다른 선수·지도자와 이미 연결되어 있으면 409. 할 수 있는 사람: 사이트 관리자 또는 그 협회의 협회 관리자(1).',
  request: {
    params,
    body: { content: { 'application/json': { schema: userLinkInput } }, required: true },
  },
  responses: responses(user),
});
