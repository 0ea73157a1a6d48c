import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';

const tags = ['게시'];
const accepted = z.object({ queued: z.boolean() });

export const webhook = createRoute({
  method: 'post',
  path: '/publish/webhook',
  tags,
  summary: '외부에서 사이트 빌드 요청',
  description:
    '설정의 PUBLISH_WEBHOOK_SECRET과 같은 값을 `X-Publish-Token` 헤더로 보내면 공개 사이트를 다시 만듭니다. ' +
    '주소(쿼리 문자열)의 `token`은 받지 않습니다(400): 주소는 접속 기록과 프록시에 남기 때문입니다. ' +
    '한 주소에서 1분에 10번까지 부를 수 있고, 넘으면 429와 `Retry-After`입니다. ' +
    '비밀값이 설정되지 않았으면 404, 사이트를 만들지 않는 서버면 409입니다.',
  request: {
    headers: z.object({
      'x-publish-token': z.string().max(200).optional().meta({ description: '웹훅 비밀값' }),
    }),
  },
  responses: responses(accepted, '빌드 예약됨', 200),
});

export const rebuild = createRoute({
  method: 'post',
  path: '/publish/rebuild',
  tags,
  summary: '사이트 다시 만들기 (관리자)',
  description:
    '사이트 관리자와 협회 관리자(1등급)가 공개 사이트 빌드를 바로 요청합니다. ' +
    '서버가 여러 대여도 어느 서버에 요청하든 지금 게시를 맡은 서버가 빌드합니다.',
  responses: responses(accepted),
});

export const rollback = createRoute({
  method: 'post',
  path: '/publish/rollback',
  tags,
  summary: '이전 빌드로 되돌리기 (관리자)',
  description:
    '바로 전에 게시했던 빌드로 공개 사이트를 되돌립니다. 서버가 여러 대면 게시를 맡은 서버가 되돌리고, ' +
    '공유 폴더의 공개 빌드가 바뀐 뒤에 답합니다. 이전 빌드가 없으면 409, 15초 안에 바뀌지 않으면 503입니다.',
  responses: responses(z.object({ live: z.string().nullable() })),
});
