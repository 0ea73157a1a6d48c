import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { errorSchema, responses } from '../../http/envelope.ts';
import { gameRecord } from '../../../lib/schemas/box-score.ts';
import { idParam } from '../common/params.ts';

const tags = ['플레이 기록'];

const params = z.object({ gameId: idParam('경기') });

const halfName = z
  .enum(['top', 'bottom'])
  .meta({ description: 'top 초(원정 공격), bottom 말(홈 공격)' });
const bases = z
  .array(z.string().nullable())
  .meta({ description: '1루, 2루, 3루 주자 이름 (없으면 null)' });
const score = z.object({ away: z.number().int(), home: z.number().int() });

export const playsAnswer = z.object({
  gameId: z.number().int(),
  lineups: z.array(
    z.object({
      side: z.enum(['away', 'home']),
      playerId: z.number().int(),
      name: z.string(),
      slot: z
        .number()
        .int()
        .meta({ description: '타순 1–9, 0은 타석에 서지 않는 선수 (지명타자 경기의 투수, FLEX)' }),
      position: z.string().meta({ example: '유' }),
    }),
  ),
  plays: z.array(
    z.object({
      seq: z.number().int().meta({ description: '경기 기록 안의 순번 (선발 명단 다음부터)' }),
      kind: z.enum(['play', 'sub', 'com']).meta({ description: 'play 플레이, sub 교체, com 메모' }),
      notation: z
        .string()
        .meta({ description: 'Retrosheet 표기 (플레이만)', example: 'D78/L.2-H' }),
      text: z
        .string()
        .meta({ example: '3회말 1사 1루 · 김민서 좌중간 2루타, 1루 주자 이서연 홈인 (2:1)' }),
      inning: z.number().int(),
      half: halfName,
      outs: z.number().int().meta({ description: '플레이 뒤 아웃 수 (3이면 공수 교대)' }),
      bases,
      score,
    }),
  ),
  state: z
    .object({
      inning: z.number().int(),
      half: halfName,
      outs: z.number().int(),
      bases,
      score,
      batter: z.string().nullable(),
      pitcher: z.string().nullable(),
      over: z.boolean(),
    })
    .nullable()
    .meta({ description: '마지막 플레이 뒤의 상황; 플레이 기록이 없으면 null' }),
});

export const getPlays = createRoute({
  method: 'get',
  path: '/game/{gameId}/plays',
  tags,
  summary: '경기의 플레이 기록 (공개, 문자중계)',
  description:
    '양 팀 선발 명단과 플레이 하나하나를 Retrosheet 표기, 한국어 문장, 플레이 뒤 아웃·주자·점수와 함께 돌려줍니다. ' +
    '로그인하지 않아도 읽을 수 있고 1초 동안 캐시할 수 있습니다 (Cache-Control: public, max-age=1, ETag; If-None-Match가 같으면 304).',
  request: { params },
  responses: responses(playsAnswer),
});

export const getRetrosheet = createRoute({
  method: 'get',
  path: '/game/{gameId}/retrosheet',
  tags,
  summary: '경기를 Retrosheet 이벤트 파일로 내려받기',
  description:
    '플레이로 기록한 경기를 Retrosheet 이벤트 파일(text/plain; charset=utf-8)로 돌려줍니다. Chadwick 도구(cwbox, cwevent)가 읽는 형식이며, ' +
    '다시 올리면 같은 기록이 됩니다. 선수 번호는 p와 선수 번호 7자리, 팀 코드는 T와 팀 번호(36진법)입니다. 로그인하지 않아도 받을 수 있습니다.',
  request: { params },
  responses: {
    200: {
      description: 'Retrosheet 이벤트 파일',
      content: { 'text/plain': { schema: z.string() } },
    },
    404: {
      description: '경기가 없거나 플레이 기록이 없음',
      content: { 'application/json': { schema: errorSchema } },
    },
  },
});

export const putRetrosheet = createRoute({
  method: 'put',
  path: '/game/{gameId}/retrosheet',
  security: signedInSecurity,
  tags,
  summary: 'Retrosheet 이벤트 파일로 경기 기록 올리기',
  description:
    '한 경기의 이벤트 파일(text/plain; charset=utf-8)로 경기의 플레이와 기록(박스 스코어)을 바꿉니다. 경기의 원정 팀이 0, 홈 팀이 1이고 파일의 팀 코드는 쓰지 않습니다. ' +
    'start·sub의 선수는 이름으로 그 팀의 리그 명단에서 찾습니다. info,wp·lp·save와 data,er은 기록원이 정한 승·패·세이브 투수와 자책점으로 받습니다. ' +
    '타석 결과, 주자, 아웃, 득점은 모두 플레이에서 계산하며 기록 입력과 같은 검사를 거칩니다. 잘못이 있으면 400과 파일의 줄 번호를 담은 한국어 메시지이고 아무것도 바뀌지 않습니다. 기록원 이상.',
  request: {
    params,
    body: {
      content: {
        'text/plain': { schema: z.string().meta({ example: 'id,T0C202604050\nversion,2\n…' }) },
      },
      required: true,
    },
  },
  responses: responses(gameRecord),
});
