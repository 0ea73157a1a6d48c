import type { ManagerGrade } from '../schema.ts';

export interface DemoUser {
  email: string;
  username: string;
  nickname: string;
  phone: string | null;
  gender: 'M' | 'F' | null;
  birthday: string | null;
  joined: string;
  disabled?: boolean;
  /** league_managers grade: 1 협회 관리자, 2 리그 운영자, 3 기록원 */
  grade?: ManagerGrade;
  /** team_managers: the club this account manages (linked to its current 감독) */
  managesTeam?: string;
  /** linked to a current player of this club (players.user_id) */
  playsFor?: string;
}

/** Demo accounts, all with the password DEMO_PASSWORD; the site admin comes from the bootstrap. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'league1@sbsa.kr',
    username: '박정호',
    nickname: '협회 관리자',
    phone: '010-2841-3370',
    gender: 'M',
    birthday: '1971-05-14',
    joined: '2023-12-04',
    grade: 1,
  },
  {
    email: 'league2@sbsa.kr',
    username: '이수진',
    nickname: '리그 운영자',
    phone: '010-5523-1908',
    gender: 'F',
    birthday: '1984-11-02',
    joined: '2023-12-04',
    grade: 2,
  },
  {
    email: 'scorer@sbsa.kr',
    username: '최민석',
    nickname: '기록원',
    phone: '010-7712-4465',
    gender: 'M',
    birthday: '1990-03-27',
    joined: '2024-02-19',
    grade: 3,
  },
  {
    email: 'team@sbsa.kr',
    username: '팀 관리자',
    nickname: '블루윙즈 감독',
    phone: '010-3308-6621',
    gender: null,
    birthday: null,
    joined: '2024-01-15',
    managesTeam: '서울 블루윙즈',
  },
  {
    email: 'player1@sbsa.kr',
    username: '선수1',
    nickname: '블루윙즈',
    phone: '010-9120-5587',
    gender: null,
    birthday: null,
    joined: '2024-03-02',
    playsFor: '서울 블루윙즈',
  },
  {
    email: 'player2@sbsa.kr',
    username: '선수2',
    nickname: '오션스',
    phone: null,
    gender: null,
    birthday: null,
    joined: '2025-02-11',
    playsFor: '부산 오션스',
  },
  {
    email: 'fan1@sbsa.kr',
    username: '한지민',
    nickname: '소프트볼팬',
    phone: null,
    gender: 'F',
    birthday: '1995-08-09',
    joined: '2025-05-03',
  },
  {
    email: 'fan2@sbsa.kr',
    username: '오세훈',
    nickname: '직관러',
    phone: '010-4471-0952',
    gender: 'M',
    birthday: '1988-12-21',
    joined: '2026-04-26',
  },
  {
    email: 'former@sbsa.kr',
    username: '고은비',
    nickname: '휴면 회원',
    phone: null,
    gender: 'F',
    birthday: '1992-06-30',
    joined: '2024-05-20',
    disabled: true,
  },
];
