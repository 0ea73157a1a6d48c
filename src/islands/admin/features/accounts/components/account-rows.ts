import type { User } from '../../../../../lib/schemas/user.ts';

export type Grade = 1 | 2 | 3;
export type BoardRoleName = 'read' | 'write' | 'admin';

/** An account with the roles it holds in the association. */
export interface Account extends User {
  grade: Grade | null;
  /** teams whose rosters it manages, by name */
  teams: Array<{ id: number; name: string }>;
  /** its role given on the notice board, if any */
  noticeRole: BoardRoleName | null;
}

export interface RoleSources {
  managers: ReadonlyArray<{ userId: number; grade: Grade }>;
  teamManagers: ReadonlyArray<{ teamId: number; teamName: string; userId: number }>;
  noticeRoles: ReadonlyArray<{ userId: number; role: BoardRoleName }>;
}

/** Puts each account together with its grade, managed teams and notice-board role. */
export function accountRows(
  users: readonly User[],
  { managers, teamManagers, noticeRoles }: RoleSources,
): Account[] {
  return users.map((u) => ({
    ...u,
    grade: managers.find((m) => m.userId === u.id)?.grade ?? null,
    teams: teamManagers
      .filter((t) => t.userId === u.id)
      .map((t) => ({ id: t.teamId, name: t.teamName })),
    noticeRole: noticeRoles.find((r) => r.userId === u.id)?.role ?? null,
  }));
}
