/** The fixed facts the demo association is built from: divisions, teams, venues and the season calendar. */

import { DEFAULT_ASSOCIATION } from '../default-association.ts';

/** "Today" of the demo data: 2026 games after it are still to be played. */
export const DEMO_TODAY = '2026-11-21';
/** Games on or before this date have been played (or postponed, cancelled, forfeited). */
export const PLAYED_THROUGH = '2026-11-15';
/** Everyone's demo password; the site admin is made by the bootstrap, not here. */
export const DEMO_PASSWORD = 'demo-password-1';
/** Master seed of the demo data. */
export const DEMO_SEED = 'sbsa-demo-2026';

export const ASSOCIATION = {
  ...DEFAULT_ASSOCIATION,
  createdAt: '2018-03-01T00:00:00.000Z',
} as const;

export type DivisionKey = 'women' | 'men1' | 'men2' | 'senior';

export interface DivisionSpec {
  key: DivisionKey;
  name: string;
  sortOrder: number;
  gender: 'M' | 'F';
  /** age range of players in 2026 */
  ages: readonly [number, number];
  venues: readonly string[];
  times: readonly string[];
  /** batters in the order: 9 with a DP, 10 with an extra player (EP) */
  battingSlots: 9 | 10;
  rules: {
    rankingMethod: 'pct' | 'points';
    pointsWin: number;
    pointsDraw: number;
    pointsLoss: number;
    tiesAllowed: 0 | 1;
    qualifyPa: number;
    qualifyIp: number;
  };
}

export const DIVISIONS: readonly DivisionSpec[] = [
  {
    key: 'women',
    name: '여자부',
    sortOrder: 1,
    gender: 'F',
    ages: [20, 41],
    venues: ['서울 목동 보조구장', '수원 탑동 소프트볼장', '대전 한밭 소프트볼장'],
    times: ['09:00', '11:00', '13:00', '15:00'],
    battingSlots: 9,
    rules: {
      rankingMethod: 'pct',
      pointsWin: 2,
      pointsDraw: 1,
      pointsLoss: 0,
      tiesAllowed: 0,
      qualifyPa: 2,
      qualifyIp: 1,
    },
  },
  {
    key: 'men1',
    name: '남자 1부',
    sortOrder: 2,
    gender: 'M',
    ages: [21, 42],
    venues: ['화성 드림파크 소프트볼장', '부산 기장 소프트볼장', '대구 강변 소프트볼장'],
    times: ['09:00', '11:00', '13:00', '15:00'],
    battingSlots: 9,
    rules: {
      rankingMethod: 'pct',
      pointsWin: 2,
      pointsDraw: 1,
      pointsLoss: 0,
      tiesAllowed: 0,
      qualifyPa: 2.5,
      qualifyIp: 1,
    },
  },
  {
    key: 'men2',
    name: '남자 2부',
    sortOrder: 3,
    gender: 'M',
    ages: [21, 49],
    venues: ['성남 탄천 소프트볼장', '고양 성라 소프트볼장', '창원 마산 소프트볼장'],
    times: ['09:00', '11:00', '13:00', '15:00'],
    battingSlots: 10,
    rules: {
      rankingMethod: 'points',
      pointsWin: 3,
      pointsDraw: 1,
      pointsLoss: 0,
      tiesAllowed: 1,
      qualifyPa: 2,
      qualifyIp: 1,
    },
  },
  {
    key: 'senior',
    name: '시니어부',
    sortOrder: 4,
    gender: 'M',
    ages: [52, 68],
    venues: ['서울 난지 소프트볼장', '화성 드림파크 소프트볼장 보조구장'],
    times: ['10:00', '12:00', '14:00'],
    battingSlots: 10,
    rules: {
      rankingMethod: 'points',
      pointsWin: 2,
      pointsDraw: 1,
      pointsLoss: 0,
      tiesAllowed: 1,
      qualifyPa: 1.5,
      qualifyIp: 0.8,
    },
  },
];

export interface TeamSpec {
  division: DivisionKey;
  name: string;
  shortName: string;
  region: string;
  founded: number;
  /** first season the team plays in its division's league */
  firstSeason: number;
  /** hidden strength around 1.0, so the standings are not a coin toss */
  strength: number;
}

const team = (
  division: DivisionKey,
  name: string,
  shortName: string,
  region: string,
  founded: number,
  strength: number,
  firstSeason = 2024,
): TeamSpec => ({ division, name, shortName, region, founded, strength, firstSeason });

export const TEAMS: readonly TeamSpec[] = [
  team('women', '서울 블루윙즈', '블루윙즈', '서울특별시', 2009, 1.12),
  team('women', '인천 씨걸스', '씨걸스', '인천광역시', 2012, 1.0),
  team('women', '수원 레인보우', '레인보우', '경기도 수원시', 2014, 1.05),
  team('women', '대전 한빛스타즈', '한빛스타즈', '대전광역시', 2011, 0.95),
  team('women', '광주 프리지아', '프리지아', '광주광역시', 2016, 0.9),
  team('women', '제주 돌풍', '돌풍', '제주특별자치도', 2018, 0.97),
  team('men1', '부산 오션스', '오션스', '부산광역시', 2003, 1.1),
  team('men1', '대구 라이온하트', '라이온하트', '대구광역시', 2005, 1.08),
  team('men1', '서울 썬더스', '썬더스', '서울특별시', 2001, 1.04),
  team('men1', '인천 마린스', '마린스', '인천광역시', 2007, 0.98),
  team('men1', '화성 드림즈', '드림즈', '경기도 화성시', 2010, 1.0),
  team('men1', '울산 웨일즈', '웨일즈', '울산광역시', 2006, 0.94),
  team('men1', '청주 레드호크스', '레드호크스', '충청북도 청주시', 2008, 0.92),
  team('men1', '전주 그린몬스터즈', '그린몬스터즈', '전북특별자치도 전주시', 2012, 0.96),
  team('men2', '성남 파이어볼스', '파이어볼스', '경기도 성남시', 2015, 1.06),
  team('men2', '고양 킹스', '킹스', '경기도 고양시', 2013, 1.02),
  team('men2', '창원 스틸러스', '스틸러스', '경상남도 창원시', 2014, 0.98),
  team('men2', '천안 블랙이글스', '블랙이글스', '충청남도 천안시', 2016, 1.0),
  team('men2', '포항 스틸웨이브', '스틸웨이브', '경상북도 포항시', 2017, 0.93),
  team('men2', '춘천 호반베어스', '호반베어스', '강원특별자치도 춘천시', 2012, 0.96),
  team('men2', '용인 유니콘스', '유니콘스', '경기도 용인시', 2019, 1.03),
  team('men2', '세종 뉴스타즈', '뉴스타즈', '세종특별자치시', 2024, 0.95, 2025),
  team('senior', '서울 올드보이즈', '올드보이즈', '서울특별시', 1998, 1.06),
  team('senior', '부산 갈매기 시니어', '갈매기', '부산광역시', 2000, 1.02),
  team('senior', '대구 달구벌 시니어', '달구벌', '대구광역시', 2002, 0.97),
  team('senior', '광주 무등 시니어', '무등', '광주광역시', 2004, 0.95),
  team('senior', '경기 한울 시니어', '한울', '경기도 안양시', 2008, 1.0),
  team('senior', '강릉 솔향 시니어', '솔향', '강원특별자치도 강릉시', 2025, 0.98, 2026),
];

export interface SeasonSpec {
  year: number;
  name: string;
  active: 0 | 1;
  /** first and last possible match day */
  from: string;
  to: string;
  /** weekday public holidays used as match days */
  holidays: readonly string[];
  /** no games in these ranges (summer break, the week before "today") */
  breaks: readonly (readonly [string, string])[];
  /** 2026 leagues end on one of these days (after "today"), in turn */
  lastDays?: readonly string[];
}

export const SEASONS: readonly SeasonSpec[] = [
  {
    year: 2024,
    name: '2024 시즌',
    active: 0,
    from: '2024-04-06',
    to: '2024-10-27',
    holidays: ['2024-05-06', '2024-06-06', '2024-10-03', '2024-10-09'],
    breaks: [['2024-07-20', '2024-08-20']],
  },
  {
    year: 2025,
    name: '2025 시즌',
    active: 0,
    from: '2025-04-05',
    to: '2025-10-26',
    holidays: ['2025-05-05', '2025-05-06', '2025-06-06', '2025-10-03', '2025-10-09'],
    breaks: [['2025-07-19', '2025-08-20']],
  },
  {
    year: 2026,
    name: '2026 시즌',
    active: 1,
    from: '2026-04-04',
    to: '2026-11-29',
    holidays: ['2026-05-05', '2026-06-03', '2026-10-09'],
    breaks: [
      ['2026-07-18', '2026-08-20'],
      ['2026-11-16', '2026-11-21'],
    ],
    lastDays: ['2026-11-22', '2026-11-29', '2026-11-28', '2026-11-22'],
  },
];

/** Position names as players.position stores them, with how many of each a squad of 17 carries. */
export const SQUAD_POSITIONS: readonly (readonly [string, number])[] = [
  ['투수', 3],
  ['포수', 2],
  ['1루수', 2],
  ['2루수', 2],
  ['3루수', 2],
  ['유격수', 2],
  ['좌익수', 1],
  ['중견수', 2],
  ['우익수', 1],
];

/** Fielding positions of a lineup and their box-score labels. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  포수: '포',
  '1루수': '1루',
  '2루수': '2루',
  '3루수': '3루',
  유격수: '유',
  좌익수: '좌',
  중견수: '중',
  우익수: '우',
};
