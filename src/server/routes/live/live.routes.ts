import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { liveGame, liveLineInput, suspendInput } from '../../../lib/schemas/live-game.ts';

const tags = ['실시간 경기'];

const params = z.object({ gameId: idParam('경기') });

const liveAnswer = liveGame.extend({
  applied: z
    .boolean()
    .optional()
    .meta({ description: 'false면 이미 받은 순번이라 바꾼 것이 없습니다 (다시 보낸 입력)' }),
});

export const getLive = createRoute({
  method: 'get',
  path: '/game/{gameId}/live',
  tags,
  summary: '실시간 경기 상태 (공개)',
  description:
    '경기 상태(lib/game-status.ts의 말: 예정, 경기 중, 종료, 결과 입력 대기, 연기, 취소, 중단)와 실시간으로 들어온 이닝별 점수·이닝·아웃을 돌려줍니다. ' +
    '로그인하지 않아도 읽을 수 있고 1초 동안 캐시할 수 있습니다 (Cache-Control: public, max-age=1, ETag; If-None-Match가 같으면 304).',
  request: { params },
  responses: responses(liveGame),
});

export const putLive = createRoute({
  method: 'put',
  path: '/game/{gameId}/live',
  security: signedInSecurity,
  tags,
  summary: '실시간 이닝별 점수 보내기',
  description:
    '경기 중인 이닝별 점수 전체를 보내면 경기가 "경기 중"이 되고 공개 페이지(경기 기록, 첫 화면, 경기 결과, 일정)에 나옵니다. ' +
    '원정 팀 목록에는 지금 이닝까지, 홈 팀 목록에는 초 공격 중이면 그 전 이닝까지·말 공격 중이면 지금 이닝까지 득점이 있어야 합니다. ' +
    '음수 득점, 3아웃, 보낸 득점보다 앞선 이닝, 끝난 경기(결과 입력·몰수·취소·연기·중단·경기 종료)는 400과 한국어 메시지입니다. ' +
    '예정 경기는 날짜와 관계없이 시작할 수 있습니다. seq(순번)를 주면 이미 받은 순번 이하는 다시 적용하지 않습니다. 기록원 이상이 보낼 수 있습니다.',
  request: {
    params,
    body: { content: { 'application/json': { schema: liveLineInput } }, required: true },
  },
  responses: responses(liveAnswer),
});

export const endLive = createRoute({
  method: 'post',
  path: '/game/{gameId}/live/end',
  security: signedInSecurity,
  tags,
  summary: '경기 종료 (실시간)',
  description:
    '들어온 점수 그대로 경기를 끝냅니다. 경기는 "결과 입력 대기"가 되고, 기록 입력 화면은 이 이닝별 점수와 안타·실책 합계를 채운 채 열립니다. 두 번 보내도 한 번입니다. 기록원 이상.',
  request: { params },
  responses: responses(liveGame),
});

export const resetLive = createRoute({
  method: 'delete',
  path: '/game/{gameId}/live',
  security: signedInSecurity,
  tags,
  summary: '실시간 기록 초기화',
  description:
    '실시간으로 들어온 점수를 지우고 경기를 "예정"으로 되돌립니다 (잘못 시작한 경기). 기록원 이상.',
  request: { params },
  responses: responses(liveGame),
});

export const suspendLive = createRoute({
  method: 'post',
  path: '/game/{gameId}/live/suspend',
  security: signedInSecurity,
  tags,
  summary: '경기 중단 (실시간)',
  description:
    '도중에 멈춘 경기를 사유와 함께 "중단"으로 기록합니다. 지금까지의 이닝별 점수와 점수가 경기에 남고 사유는 비고에 적힙니다. 기록원 이상.',
  request: {
    params,
    body: { content: { 'application/json': { schema: suspendInput } }, required: true },
  },
  responses: responses(liveGame),
});
