import type { Rng } from './random.ts';

/** Common Korean surnames with rough relative frequencies (per mille of the population). */
const SURNAMES: readonly (readonly [string, number])[] = [
  ['김', 215], ['이', 147], ['박', 84], ['최', 47], ['정', 43], ['강', 23], ['조', 21], ['윤', 21],
  ['장', 20], ['임', 17], ['한', 15], ['오', 15], ['서', 14], ['신', 14], ['권', 14], ['황', 14],
  ['안', 13], ['송', 13], ['전', 11], ['홍', 11], ['유', 11], ['고', 9], ['문', 9], ['양', 9],
  ['손', 9], ['배', 8], ['백', 8], ['허', 6], ['남', 5], ['노', 5], ['하', 5], ['곽', 4],
  ['성', 4], ['차', 4], ['주', 4], ['우', 4], ['구', 4], ['민', 3], ['류', 3], ['나', 3],
  ['진', 3], ['지', 3], ['엄', 3], ['채', 3], ['원', 3], ['천', 2], ['방', 2], ['공', 2],
  ['현', 2], ['함', 2], ['변', 2], ['염', 2], ['여', 2], ['추', 2], ['도', 2], ['석', 1],
];

/** Given names of men born roughly 1975–2006. */
const MALE_NAMES = [
  '민준', '서준', '도윤', '예준', '시우', '주원', '하준', '지호', '지후', '준서', '준우', '현우',
  '도현', '지훈', '건우', '우진', '선우', '서진', '민재', '현준', '연우', '유준', '정우', '승우',
  '승현', '시윤', '준혁', '은우', '지환', '승민', '지우', '유찬', '윤우', '민성', '준영', '시후',
  '진우', '지원', '수호', '재윤', '시현', '동현', '재원', '민규', '태윤', '한결', '재민', '은호',
  '민우', '재현', '윤호', '성민', '영훈', '정호', '동욱', '성훈', '경민', '종민', '태호', '상우',
  '진호', '대현', '성진', '창민', '용준', '석진', '민혁', '상현', '준호', '태민', '형준', '우현',
  '재훈', '동건', '성우', '기현', '승준', '영민', '태현', '지성',
];

/** Given names of men born roughly 1955–1976 (시니어부). */
const SENIOR_MALE_NAMES = [
  '영철', '광수', '정식', '명수', '상훈', '재철', '병기', '종환', '기환', '문식', '용석', '만수',
  '경호', '승철', '태식', '영수', '상철', '병철', '기석', '동수', '성호', '정환', '영호', '진수',
  '상민', '재호', '길수', '규식', '봉수', '정남', '영길', '석환', '인수', '종철', '명호', '창호',
  '대식', '용호', '형식', '순길', '동철', '재욱', '희석', '광호', '영남', '춘식', '덕수', '병수',
];

/** Given names of women born roughly 1985–2007. */
const FEMALE_NAMES = [
  '서연', '서윤', '지우', '서현', '민서', '하은', '하윤', '윤서', '지유', '지민', '채원', '수아',
  '지아', '지윤', '은서', '다은', '예은', '수빈', '소율', '예린', '유진', '민지', '수연', '혜원',
  '은지', '소연', '다인', '가은', '나연', '지현', '미진', '현정', '은영', '수진', '혜진', '지은',
  '정민', '보람', '아름', '슬기', '민경', '선영', '유나', '예지', '하늘', '세영', '다현', '소희',
  '주희', '연주', '가영', '윤아', '채은', '나은', '혜린', '수정', '은비', '예원', '지수', '보영',
];

export type NameKind = 'male' | 'senior' | 'female';

const GIVEN: Record<NameKind, readonly string[]> = { male: MALE_NAMES, senior: SENIOR_MALE_NAMES, female: FEMALE_NAMES };

/** Draws a plausible Korean full name; names already in `used` are avoided (and the new one is added). */
export function koreanName(rng: Rng, kind: NameKind, used: Set<string>): string {
  for (let attempt = 0; attempt < 200; attempt++) {
    const name = rng.weighted(SURNAMES) + rng.pick(GIVEN[kind]);
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  // The lists hold tens of thousands of combinations, so this only happens with a huge dataset.
  const name = rng.weighted(SURNAMES) + rng.pick(GIVEN[kind]);
  used.add(name);
  return name;
}
