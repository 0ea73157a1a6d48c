import { atom } from 'nanostores';
import { ApiCallError } from '../../lib/api-client.ts';
import { updateUser } from '../../lib/auth-store.ts';
import type { LoginUser } from '../../lib/auth-store.ts';
import type { Access } from './lib/permissions.ts';
import { getConfig } from './features/access/api/get-config.ts';
import type { PublicConfig } from './features/access/api/get-config.ts';
import { canAccessLeague } from './features/access/api/can-access-league.ts';
import type { LeagueAccess } from './features/access/api/can-access-league.ts';
import { canAccessTeam } from './features/access/api/can-access-team.ts';
import { getUser } from './features/access/api/get-user.ts';
import { getMe } from './features/access/api/get-me.ts';
import { listAssociationTeams } from './features/access/api/list-association-teams.ts';
import { getBoardRole } from './features/access/api/get-board-role.ts';

export interface ConsoleContext {
  access: Access;
  config: PublicConfig;
  /** teams the user manages, by name, for a team manager's menu */
  managedTeams: Array<{ id: number; name: string }>;
}

export type AccessState =
  | { status: 'idle' }
  | { status: 'loading'; userId: number }
  | { status: 'ready'; userId: number; context: ConsoleContext }
  | { status: 'error'; userId: number; message: string };

/** What the signed-in user may do in the console, loaded once per login. */
export const $access = atom<AccessState>({ status: 'idle' });

const missingRoute = (error: unknown) => error instanceof ApiCallError && error.status === 404;

/** The league check; while the API lacks the call, the dashboard's `me` tells the same. */
async function leagueCheck(
  mainId: number,
  userId: number,
): Promise<LeagueAccess & { isAdmin: boolean | null }> {
  try {
    return { ...(await canAccessLeague(mainId, userId)), isAdmin: null };
  } catch (error) {
    if (!missingRoute(error)) throw error;
    const me = await getMe(mainId);
    const grade = me.isAdmin ? (me.grade ?? 1) : me.grade;
    return { result: grade !== null, grade, isAdmin: me.isAdmin };
  }
}

/** The teams whose team check passes for this user (team managers only). */
async function managedTeams(
  mainId: number,
  userId: number,
): Promise<Array<{ id: number; name: string }>> {
  let teams: Array<{ id: number; name: string }>;
  try {
    teams = await listAssociationTeams(mainId);
  } catch (error) {
    if (missingRoute(error)) return [];
    throw error;
  }
  const managed: Array<{ id: number; name: string }> = [];
  for (let i = 0; i < teams.length; i += 8) {
    const chunk = teams.slice(i, i + 8);
    const checks = await Promise.all(
      chunk.map((team) => canAccessTeam(team.id, userId).catch(() => false)),
    );
    managed.push(...chunk.filter((_, j) => checks[j]));
  }
  return managed;
}

/** Loads config, the league check, the profile and (for users without a grade) the team checks. */
export async function loadAccess(user: LoginUser): Promise<void> {
  const current = $access.get();
  if (current.status !== 'idle' && current.status !== 'error' && current.userId === user.userId)
    return;
  $access.set({ status: 'loading', userId: user.userId });
  try {
    const config = await getConfig();
    const mainId = config.defaultMainId;
    const league = await leagueCheck(mainId, user.userId);
    let isAdmin = league.isAdmin;
    try {
      const profile = await getUser(user.userId);
      updateUser({ phone: profile.phone, photo: profile.photo, isAdmin: profile.isAdmin });
      isAdmin = profile.isAdmin;
    } catch (error) {
      if (!missingRoute(error)) throw error;
    }
    const grade = league.result ? league.grade : null;
    const teams = grade === null ? await managedTeams(mainId, user.userId) : [];
    const access: Access = {
      mainId,
      isAdmin: isAdmin ?? false,
      grade,
      teamIds: teams.map((t) => t.id),
      noticeWriter: await writesOnBoard(mainId, NOTICE_BOARD, user.userId),
    };
    $access.set({
      status: 'ready',
      userId: user.userId,
      context: { access, config, managedTeams: teams },
    });
  } catch (error) {
    const message =
      error instanceof ApiCallError ? error.message : '권한 정보를 불러오지 못했습니다.';
    $access.set({ status: 'error', userId: user.userId, message });
  }
}

/** The association's notice board, the one board the console writes on. */
export const NOTICE_BOARD = 'notice';

/** Whether a write or admin role is given to the user on the board itself. */
async function writesOnBoard(mainId: number, board: string, userId: number): Promise<boolean> {
  const found = await getBoardRole(mainId, board, userId);
  return found !== null && found.source === 'board' && found.role !== 'read';
}

/**
 * The board-role check (SPEC.md §6), made each time a board's write screen opens: a write or admin
 * role passes. A read role given on the board does not stop site admins and 리그 운영자 or above,
 * whom the server lets write anyway, so for them the league check is asked again.
 */
export async function mayWriteOnBoard(board: string): Promise<boolean> {
  const state = $access.get();
  if (state.status !== 'ready') return false;
  const {
    userId,
    context: { access },
  } = state;
  const found = await getBoardRole(access.mainId, board, userId);
  if (!found) return false;
  if (found.role !== 'read' || access.isAdmin) return true;
  const league = await leagueCheck(access.mainId, userId);
  return league.result && league.grade !== null && league.grade <= 2;
}

/** Forgets the loaded access (logout). */
export function resetAccess(): void {
  $access.set({ status: 'idle' });
}
