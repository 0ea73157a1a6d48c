import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { errorSchema, responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { label, text } from '../../../lib/validation/index.ts';
import type { PersonKind } from '../../services/person-rights.ts';
import { personNouns } from '../../services/person-rights.ts';

const tags = ['개인정보 요구'];
const who =
  '사이트 관리자, 또는 그 사람의 선수·지도자 기록이 속한 모든 협회의 협회 관리자(1)가 처리합니다(기록 없이 회원 계정뿐이면 어느 협회든 협회 관리자). 다른 사람은 403입니다.';
const linked =
  '회원 연결로 이어진 기록(회원 계정과 그 계정에 연결된 선수·지도자)은 한 사람의 것으로 함께 처리합니다.';

export const rightsRequest = z.object({
  reason: label(text().min(1).max(500), '요구 사유').meta({
    description: '요구를 받은 경로와 내용(예: "본인 전화 요청, 2026-11-28"). 감사 기록에 남습니다.',
  }),
});

const row = z.record(z.string(), z.unknown());

export const personExportFile = z.object({
  format: z.literal('sbsa-person-export'),
  exportedAt: z.string().meta({ description: '내보낸 때(한국 시간, ISO 8601)' }),
  subject: z.object({ kind: z.enum(['player', 'coach', 'user']), id: z.number().int() }),
  requestedBy: z.object({ id: z.number().int(), email: z.string() }),
  reason: z.string(),
  players: z.array(row).meta({ description: '선수 기록과 경력, 리그 명단, 경기 기록, 수상' }),
  coaches: z.array(row).meta({ description: '지도자 기록과 경력, 리그 명단' }),
  accounts: z
    .array(row)
    .meta({ description: '회원 계정(비밀번호 해시 제외), 역할, 로그인 세션의 시각, 쓴 공지' }),
  uploads: z.array(row).meta({ description: '사진과 올린 파일의 목록(파일 자체는 주소로)' }),
  audit: z.object({
    about: z.array(row).meta({ description: '이 사람의 기록에 대한 감사 기록' }),
    by: z.array(row).meta({ description: '이 사람의 계정이 한 일의 감사 기록' }),
  }),
});

export const erasureResult = z.object({
  players: z.array(z.number().int()),
  coaches: z.array(z.number().int()),
  accounts: z.array(z.number().int()),
  erasedAt: z.string(),
});

const paths: Record<PersonKind, string> = {
  player: '/players/{id}',
  coach: '/coaches/{id}',
  user: '/users/{id}',
};

const body = { content: { 'application/json': { schema: rightsRequest } }, required: true };

function exportRoute(kind: PersonKind) {
  const noun = personNouns[kind];
  return createRoute({
    method: 'post',
    path: `${paths[kind]}/personal-data/export`,
    security: signedInSecurity,
    tags,
    summary: `${noun}의 개인정보 열람 (JSON 다운로드)`,
    description: `본인의 열람 요구에 답해, 포털이 이 ${noun}에 대해 가진 모든 것(개인정보, 경력, 경기 기록, 사진·파일 목록, 계정과 로그인 세션의 시각, 감사 기록)을 JSON 파일 하나로 내려받습니다. ${linked} ${who} 요구 사유가 필요하며, 누가 언제 누구의 것을 왜 내려받았는지 감사 기록(person-exported)에 남습니다. 응답은 봉투 없이 파일 그대로입니다.`,
    request: { params: z.object({ id: idParam(noun, `${noun} 번호`) }), body },
    responses: {
      200: {
        description: '열람 파일 (Content-Disposition: attachment)',
        content: { 'application/json': { schema: personExportFile } },
      },
      400: { description: '입력값 오류', content: { 'application/json': { schema: errorSchema } } },
      401: { description: '로그인 필요', content: { 'application/json': { schema: errorSchema } } },
      403: { description: '권한 없음', content: { 'application/json': { schema: errorSchema } } },
      404: { description: '대상 없음', content: { 'application/json': { schema: errorSchema } } },
    },
  });
}

function eraseRoute(kind: PersonKind) {
  const noun = personNouns[kind];
  return createRoute({
    method: 'post',
    path: `${paths[kind]}/personal-data/erase`,
    security: signedInSecurity,
    tags,
    summary: `${noun}의 개인정보 삭제`,
    description: `본인의 삭제 요구에 답해 생년월일, 전화번호, 사진, 회원 연결을 지웁니다. 회원 계정은 이메일·이름·전화번호·생일·사진을 지우고 사용 중지하며, 로그인 세션과 역할도 없앱니다. 선수·지도자의 이름과 경력, 경기 기록은 협회의 공개 기록으로 남습니다. 이 사람에 대한 감사 기록의 개인정보 값도 지웁니다. ${linked} ${who} 요구 사유가 필요하며 감사 기록(person-erased)에 남습니다. 되돌릴 수 없습니다.`,
    request: { params: z.object({ id: idParam(noun, `${noun} 번호`) }), body },
    responses: responses(erasureResult),
  });
}

export const exportPlayerData = exportRoute('player');
export const erasePlayerData = eraseRoute('player');
export const exportCoachData = exportRoute('coach');
export const eraseCoachData = eraseRoute('coach');
export const exportUserData = exportRoute('user');
export const eraseUserData = eraseRoute('user');
