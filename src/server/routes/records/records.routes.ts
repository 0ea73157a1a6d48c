import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import * as z from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import {
  boxScore,
  boxScoreInput,
  gameRecord,
  savedGameRecord,
} from '../../../lib/schemas/box-score.ts';

const tags = ['경기 기록'];

const params = z.object({ gameId: idParam('경기') });

export const getRecord = createRoute({
  method: 'get',
  path: '/game/{gameId}/record',
  security: signedInSecurity,
  tags,
  summary: '경기 기록 읽기 (입력 양식)',
  description:
    '저장된 경기 기록을 PUT과 같은 모양으로 돌려줍니다(말 공격을 하지 않은 마지막 이닝은 null). 기록이 없으면 hasRecord=false와 빈 목록입니다. 협회 관리자·리그 운영자·기록원이 볼 수 있습니다.',
  request: { params },
  responses: responses(gameRecord),
});

export const putRecord = createRoute({
  method: 'put',
  path: '/game/{gameId}/record',
  tags,
  summary: '경기 기록 저장',
  description:
    '박스스코어 전체를 한 번에 저장하고 이전 기록을 바꿉니다(경기 상태·점수·이닝 수도 함께). 이닝별 득점 = 팀 타자 득점 합계 = 상대 투수 실점 합계, ' +
    '팀 안타·볼넷·삼진·사구 = 상대 투수 합계, 상대 투수 아웃 수 = 공격 이닝 × 3(끝내기·서스펜디드의 마지막 이닝은 모자랄 수 있음), 타자마다 타석 = 타수+볼넷+사구+희생번트+희생플라이, ' +
    '안타 ≤ 타수, 안타 ≥ 2루타+3루타+홈런, 팀 타점 ≤ 팀 득점, 홈 팀이 이미 앞선 마지막 이닝 말 공격 없음, 자책점 ≤ 실점, 승리·세이브 투수는 이긴 팀·패전 투수는 진 팀에서 던진 투수(무승부에는 없음), 선수 중복 없음, ' +
    '출장할 수 없는 선수(리그 명단에 없음, 출장 정지, 방출, 경기일 이후 등록, 다른 팀 소속) 없음. 하나라도 어기면 400과 필드별 메시지(모든 문제를 한 번에)를 돌려주고 아무것도 저장하지 않습니다. ' +
    '드물지만 가능한 기록(상대 타자보다 많은 아웃, 한 타자 도루 5개 이상)은 저장하고 warnings로 알려 줍니다. ' +
    '몰수(forfeit)는 forfeitWinnerTeamId 팀의 7:0 승리로 기록하고 개인 기록은 넣지 않습니다. 기록원 이상이 저장할 수 있습니다.',
  request: {
    params,
    body: { content: { 'application/json': { schema: boxScoreInput } }, required: true },
  },
  responses: responses(savedGameRecord),
});

export const deleteRecord = createRoute({
  method: 'delete',
  path: '/game/{gameId}/record',
  tags,
  summary: '경기 기록 지우기',
  description:
    '경기 기록과 결과를 지우고 경기를 예정 상태로 되돌립니다. 기록원 이상이 할 수 있습니다.',
  request: { params },
  responses: responses(gameRecord),
});

export const getBoxScore = createRoute({
  method: 'get',
  path: '/game/{gameId}/boxscore',
  tags,
  summary: '박스스코어 (공개)',
  description:
    '팀 이름, 이닝별 득점, R/H/E, 타자·투수 기록(이름·등번호), 승리·패전·세이브 투수, MVP를 돌려줍니다. 이닝은 "6⅔", 타율은 "0.333", 평균자책점은 "2.33" 형식 문자열도 함께 줍니다 (정확한 분수에서 반올림).',
  request: { params },
  responses: responses(boxScore),
});
