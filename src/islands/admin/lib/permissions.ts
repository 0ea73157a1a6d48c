/** What one user may do in the association, from the league-manager and team-manager checks (SPEC.md §6). */
export interface Access {
  mainId: number;
  /** site admin (is_admin): everything everywhere */
  isAdmin: boolean;
  /** 1 협회 관리자, 2 리그 운영자, 3 기록원, or null */
  grade: 1 | 2 | 3 | null;
  /** teams whose rosters the user manages */
  teamIds: number[];
  /** a write or admin role given on the association's notice board (SPEC.md §6 board role) */
  noticeWriter: boolean;
}

/**
 * What a screen requires: 'any' any console user; 'site' backups, export and import, and creating,
 * editing or disabling accounts (site admins alone: these reach every association's data and
 * accounts); 'association' divisions, teams, players, coaches, account roles (grade 1); 'league'
 * seasons, leagues, schedules, results (grade 2); 'notice' notices (grade 2 or a notice-board
 * writer); 'records' game records (grade 3); 'roster' league rosters (grade 2 or a team manager).
 */
export type Need = 'any' | 'site' | 'association' | 'league' | 'notice' | 'records' | 'roster';

const GRADE_FOR: Readonly<Record<Exclude<Need, 'any' | 'site' | 'notice' | 'roster'>, number>> = {
  association: 1,
  league: 2,
  records: 3,
};

/** The grade the user effectively has: site admins count as 협회 관리자. */
function effectiveGrade(access: Access): number | null {
  return access.isAdmin ? 1 : access.grade;
}

/** Whether the user may open the console at all: the league check passed, or the user manages a team or writes on the notice board. */
export function mayEnter(access: Access): boolean {
  return effectiveGrade(access) !== null || access.teamIds.length > 0 || access.noticeWriter;
}

/** Whether the user may open a screen with this need. */
export function allows(access: Access, need: Need): boolean {
  const grade = effectiveGrade(access);
  if (need === 'any') return mayEnter(access);
  if (need === 'site') return access.isAdmin;
  if (need === 'roster') return (grade !== null && grade <= 2) || access.teamIds.length > 0;
  if (need === 'notice') return (grade !== null && grade <= 2) || access.noticeWriter;
  return grade !== null && grade <= GRADE_FOR[need];
}

/** Whether the user may edit the league roster of this team. */
export function mayEditRoster(access: Access, teamId: number): boolean {
  const grade = effectiveGrade(access);
  return (grade !== null && grade <= 2) || access.teamIds.includes(teamId);
}

/**
 * Where a refused visitor goes (SPEC.md §6/§8): a failed league check leads to the association's
 * public page /league/{id}; a team manager refused a screen failed the team check and goes to /.
 */
export function refusalTarget(access: Access, need: Need): string {
  if (need === 'roster' || (effectiveGrade(access) === null && access.teamIds.length > 0))
    return '/';
  return `/league/${access.mainId}`;
}

/**
 * Who can give the role a screen needs, as the refusal screen names them: site-wide screens only
 * a site admin; the rest an association admin (협회 관리자) on the 회원 관리 screen.
 */
export function whoGrants(need: Need): string {
  return need === 'site' ? '사이트 관리자' : '협회 관리자(회원 관리 화면)';
}

/** Korean name of a grade. */
export const gradeNames: Readonly<Record<1 | 2 | 3, string>> = {
  1: '협회 관리자',
  2: '리그 운영자',
  3: '기록원',
};

/** How the console names the user's role. */
export function roleName(access: Access): string {
  if (access.isAdmin) return '사이트 관리자';
  if (access.grade) return gradeNames[access.grade];
  if (access.teamIds.length > 0) return '팀 관리자';
  if (access.noticeWriter) return '공지 작성자';
  return '권한 없음';
}
