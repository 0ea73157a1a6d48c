import { gradeNames } from '../../../lib/permissions.ts';
import type { BoardRoleName, Grade } from './account-rows.ts';

interface Roles {
  isAdmin: boolean;
  grade: Grade | null;
  teams: ReadonlyArray<{ name: string }>;
  noticeRole: BoardRoleName | null;
}

/** The roles of an account in words, highest first: '기록원, 팀 관리자(서울 블루윙즈)'; a read role on the notice board gives no console role. */
export function roleSummary(account: Roles): string {
  const roles: string[] = [];
  if (account.isAdmin) roles.push('사이트 관리자');
  if (account.grade) roles.push(gradeNames[account.grade]);
  if (account.teams.length > 0)
    roles.push(`팀 관리자(${account.teams.map((t) => t.name).join(', ')})`);
  if (account.noticeRole === 'write' || account.noticeRole === 'admin') roles.push('공지 작성자');
  return roles.length > 0 ? roles.join(', ') : '권한 없음';
}

/** Sort key of the role column: site admins, then grades 1–3, team managers, notice writers, no role. */
export function roleRank(account: Roles): number {
  if (account.isAdmin) return 0;
  if (account.grade) return account.grade;
  if (account.teams.length > 0) return 4;
  if (account.noticeRole === 'write' || account.noticeRole === 'admin') return 5;
  return 6;
}
