import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Need } from './lib/permissions.ts';
import type { ScreenProps } from './screen-props.ts';

export interface AdminRoute {
  pattern: string;
  /** Korean title, shown as the page title and the view's heading */
  title: string;
  need: Need;
  screen?: LazyExoticComponent<ComponentType<ScreenProps>>;
  /** addresses that only lead elsewhere (/admin → /admin/dashboard) */
  redirect?: string;
}

const screens = {
  dashboard: lazy(() => import('./features/dashboard/components/DashboardScreen.tsx')),
  divisions: lazy(() => import('./features/divisions/components/DivisionsScreen.tsx')),
  teams: lazy(() => import('./features/teams/components/TeamsScreen.tsx')),
  players: lazy(() => import('./features/players/components/PlayersScreen.tsx')),
  playerCareer: lazy(() => import('./features/players/components/PlayerCareerScreen.tsx')),
  noTeamPlayers: lazy(() => import('./features/players/components/NoTeamPlayersScreen.tsx')),
  playerImport: lazy(() => import('./features/players/components/PlayerImportScreen.tsx')),
  coaches: lazy(() => import('./features/coaches/components/CoachesScreen.tsx')),
  coachCareer: lazy(() => import('./features/coaches/components/CoachCareerScreen.tsx')),
  unregistered: lazy(() => import('./features/users/components/UnregisteredScreen.tsx')),
  accounts: lazy(() => import('./features/accounts/components/AccountsScreen.tsx')),
  seasons: lazy(() => import('./features/seasons/components/SeasonsScreen.tsx')),
  leagues: lazy(() => import('./features/leagues/components/LeaguesScreen.tsx')),
  leagueTeams: lazy(() => import('./features/league-teams/components/LeagueTeamsScreen.tsx')),
  schedule: lazy(() => import('./features/schedule/components/ScheduleScreen.tsx')),
  scheduleUpload: lazy(() => import('./features/schedule/components/ScheduleUploadScreen.tsx')),
  gameList: lazy(() => import('./features/games/components/GameListScreen.tsx')),
  gameWrite: lazy(() => import('./features/games/components/GameRecordScreen.tsx')),
  gameLive: lazy(() => import('./features/live/components/LiveScoreScreen.tsx')),
  resultList: lazy(() => import('./features/results/components/ResultListScreen.tsx')),
  resultForm: lazy(() => import('./features/results/components/ResultFormScreen.tsx')),
  notices: lazy(() => import('./features/notices/components/NoticesScreen.tsx')),
  noticeWrite: lazy(() => import('./features/notices/components/NoticeWriteScreen.tsx')),
  data: lazy(() => import('./features/data/components/DataScreen.tsx')),
  security: lazy(() => import('./features/security/components/SecurityScreen.tsx')),
  accessLog: lazy(() => import('./features/access-log/components/AccessLogScreen.tsx')),
};

/** Every /admin child route of SPEC.md §2, /admin/accounts (decision 020) and /admin/data (decision 018), most specific first. */
export const adminRoutes: readonly AdminRoute[] = [
  { pattern: '/admin', title: '관리자', need: 'any', redirect: '/admin/dashboard' },
  { pattern: '/admin/dashboard', title: '대시보드', need: 'any', screen: screens.dashboard },
  { pattern: '/admin/division', title: '부 관리', need: 'association', screen: screens.divisions },
  { pattern: '/admin/teams', title: '팀 관리', need: 'association', screen: screens.teams },
  {
    pattern: '/admin/team-players',
    title: '선수 관리',
    need: 'association',
    redirect: '/admin/team-players/list',
  },
  {
    pattern: '/admin/team-players/list',
    title: '선수 관리',
    need: 'association',
    screen: screens.players,
  },
  {
    pattern: '/admin/team-players/career/:playerId',
    title: '선수 경력',
    need: 'association',
    screen: screens.playerCareer,
  },
  {
    pattern: '/admin/team-players/noTeamPlayers',
    title: '소속 팀 없는 선수',
    need: 'association',
    screen: screens.noTeamPlayers,
  },
  {
    pattern: '/admin/team-players/import',
    title: '선수 일괄 등록',
    need: 'association',
    screen: screens.playerImport,
  },
  {
    pattern: '/admin/coaches',
    title: '지도자 관리',
    need: 'association',
    redirect: '/admin/coaches/list',
  },
  {
    pattern: '/admin/coaches/list',
    title: '지도자 관리',
    need: 'association',
    screen: screens.coaches,
  },
  {
    pattern: '/admin/coaches/career/:coachId',
    title: '지도자 경력',
    need: 'association',
    screen: screens.coachCareer,
  },
  {
    pattern: '/admin/unregistered',
    title: '미연결 회원',
    need: 'association',
    screen: screens.unregistered,
  },
  { pattern: '/admin/accounts', title: '회원 관리', need: 'association', screen: screens.accounts },
  { pattern: '/admin/season', title: '시즌 관리', need: 'league', screen: screens.seasons },
  { pattern: '/admin/league', title: '리그 관리', need: 'roster', redirect: '/admin/league/list' },
  { pattern: '/admin/league/list', title: '리그 관리', need: 'roster', screen: screens.leagues },
  {
    pattern: '/admin/league/schedule',
    title: '경기 일정',
    need: 'league',
    screen: screens.schedule,
  },
  {
    pattern: '/admin/league/gamelist',
    title: '경기 기록',
    need: 'records',
    screen: screens.gameList,
  },
  {
    pattern: '/admin/league/game/write/:leagueId/:gameId',
    title: '경기 기록 입력',
    need: 'records',
    screen: screens.gameWrite,
  },
  {
    pattern: '/admin/league/game/live/:leagueId/:gameId',
    title: '실시간 입력',
    need: 'records',
    screen: screens.gameLive,
  },
  {
    pattern: '/admin/league/resultlist',
    title: '리그 결과',
    need: 'league',
    screen: screens.resultList,
  },
  {
    pattern: '/admin/league/resultform/:leagueId',
    title: '리그 결과 입력',
    need: 'league',
    screen: screens.resultForm,
  },
  {
    pattern: '/admin/league/:seasonId/:leagueId/teams',
    title: '리그 참가 팀과 명단',
    need: 'roster',
    screen: screens.leagueTeams,
  },
  {
    pattern: '/admin/league/:seasonId/:leagueId/schedule/uploadFile',
    title: '일정 파일 올리기',
    need: 'league',
    screen: screens.scheduleUpload,
  },
  { pattern: '/admin/notice', title: '공지사항', need: 'notice', screen: screens.notices },
  {
    pattern: '/admin/notice/write/:wrId?',
    title: '공지사항 쓰기',
    need: 'notice',
    screen: screens.noticeWrite,
  },
  { pattern: '/admin/data', title: '데이터 관리', need: 'site', screen: screens.data },
  { pattern: '/admin/security', title: '2단계 인증', need: 'any', screen: screens.security },
  {
    pattern: '/admin/access-log',
    title: '개인정보 접속기록',
    need: 'association',
    screen: screens.accessLog,
  },
];

export interface MenuItem {
  href: string;
  label: string;
  need: Need;
}

/** The side menu in groups; each item shows only when the user's role allows its screen. */
export const menuGroups: ReadonlyArray<{ label: string; items: readonly MenuItem[] }> = [
  { label: '홈', items: [{ href: '/admin/dashboard', label: '대시보드', need: 'any' }] },
  {
    label: '협회',
    items: [
      { href: '/admin/division', label: '부 관리', need: 'association' },
      { href: '/admin/teams', label: '팀 관리', need: 'association' },
      { href: '/admin/team-players/list', label: '선수 관리', need: 'association' },
      {
        href: '/admin/team-players/noTeamPlayers',
        label: '소속 팀 없는 선수',
        need: 'association',
      },
      { href: '/admin/coaches/list', label: '지도자 관리', need: 'association' },
      { href: '/admin/unregistered', label: '미연결 회원', need: 'association' },
      { href: '/admin/accounts', label: '회원 관리', need: 'association' },
    ],
  },
  {
    label: '리그',
    items: [
      { href: '/admin/season', label: '시즌 관리', need: 'league' },
      { href: '/admin/league/list', label: '리그 관리', need: 'roster' },
      { href: '/admin/league/schedule', label: '경기 일정', need: 'league' },
      { href: '/admin/league/gamelist', label: '경기 기록', need: 'records' },
      { href: '/admin/league/resultlist', label: '리그 결과', need: 'league' },
    ],
  },
  { label: '게시판', items: [{ href: '/admin/notice', label: '공지사항', need: 'notice' }] },
  {
    label: '운영',
    items: [
      { href: '/admin/data', label: '데이터 관리', need: 'site' },
      { href: '/admin/access-log', label: '개인정보 접속기록', need: 'association' },
    ],
  },
];
