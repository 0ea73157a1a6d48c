import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import type { ManagerGrade } from '../db/schema.ts';
import type { AuthUser } from './auth-user.ts';
import { forbidden, notFound, unauthorized } from '../http/api-error.ts';
import { josa } from '../../lib/validation/index.ts';
import { seoulToday } from '../../lib/seoul-date.ts';

/**
 * What each grade may do inside its association (DESIGN.md §4):
 * 1 협회 관리자 everything, 2 리그 운영자 seasons/leagues/schedules/results/notices/records, 3 기록원 game records.
 */
export const grades = {
  association: [1] as ManagerGrade[],
  league: [1, 2] as ManagerGrade[],
  records: [1, 2, 3] as ManagerGrade[],
};

/** The grade of the user in the association, or null. */
export async function managerGrade(
  db: Db,
  userId: number,
  mainId: number,
): Promise<ManagerGrade | null> {
  const row = await db
    .selectFrom('league_managers')
    .select('grade')
    .where('user_id', '=', userId)
    .where('main_id', '=', mainId)
    .executeTakeFirst();
  return row?.grade ?? null;
}

/** Whether the user manages the team (as its team manager). */
export async function isTeamManager(db: Db, userId: number, teamId: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_managers')
    .select('id')
    .where('user_id', '=', userId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return row !== undefined;
}

function currentUser(c: Context<AppEnv>): AuthUser {
  const user = c.var.user;
  if (!user)
    throw unauthorized(
      c.var.authError === 'expired'
        ? '로그인이 만료되었습니다. 다시 로그인해 주세요.'
        : '로그인이 필요합니다.',
    );
  return user;
}

/** Passes site admins and managers of the association with one of the allowed grades; otherwise 401/403. */
export async function requireGrade(
  c: Context<AppEnv>,
  mainId: number,
  allowed: ManagerGrade[],
): Promise<AuthUser> {
  const user = currentUser(c);
  if (user.isAdmin) return user;
  const grade = await managerGrade(c.var.deps.db, user.id, mainId);
  if (grade === null || !allowed.includes(grade)) throw forbidden();
  return user;
}

/** Passes admins, association managers (grade 1) and the team's own managers. */
export async function requireTeamAccess(c: Context<AppEnv>, teamId: number): Promise<AuthUser> {
  const user = currentUser(c);
  if (user.isAdmin) return user;
  const db = c.var.deps.db;
  const mainId = await mainIdOfTeam(db, teamId);
  if ((await managerGrade(db, user.id, mainId)) === 1) return user;
  if (await isTeamManager(db, user.id, teamId)) return user;
  throw forbidden('이 팀을 관리할 권한이 없습니다.');
}

/** Only site administrators. */
export function requireAdmin(c: Context<AppEnv>): AuthUser {
  const user = currentUser(c);
  if (!user.isAdmin) throw forbidden();
  return user;
}

/** Any signed-in user; used for reads of the admin area. */
export function requireSignedIn(c: Context<AppEnv>): AuthUser {
  return currentUser(c);
}

export async function mainIdOfTeam(db: Db, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('teams')
    .select('main_id')
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!row) throw notFound('팀');
  return row.main_id;
}

export async function mainIdOfSeason(db: Db, seasonId: number): Promise<number> {
  const row = await db
    .selectFrom('seasons')
    .select('main_id')
    .where('id', '=', seasonId)
    .executeTakeFirst();
  if (!row) throw notFound('시즌');
  return row.main_id;
}

export async function mainIdOfLeague(db: Db, leagueId: number): Promise<number> {
  const row = await db
    .selectFrom('leagues')
    .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
    .select('seasons.main_id')
    .where('leagues.id', '=', leagueId)
    .executeTakeFirst();
  if (!row) throw notFound('리그');
  return row.main_id;
}

export async function mainIdOfGame(db: Db, gameId: number): Promise<number> {
  const row = await db
    .selectFrom('games')
    .innerJoin('leagues', 'leagues.id', 'games.league_id')
    .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
    .select('seasons.main_id')
    .where('games.id', '=', gameId)
    .executeTakeFirst();
  if (!row) throw notFound('경기');
  return row.main_id;
}

/**
 * A team manager who moves players (onto a league roster, into a team career) must also manage
 * the teams those players belong to now: otherwise one team could take another's players. Site
 * admins and 협회 관리자 of the players' association pass; a player on no team is free to join.
 */
export async function requireManagesPlayers(
  c: Context<AppEnv>,
  playerIds: number[],
): Promise<void> {
  const user = currentUser(c);
  if (user.isAdmin || playerIds.length === 0) return;
  const db = c.var.deps.db;
  const today = seoulToday();
  const current = await db
    .selectFrom('team_players')
    .innerJoin('teams', 'teams.id', 'team_players.team_id')
    .innerJoin('players', 'players.id', 'team_players.player_id')
    .select(['team_players.team_id', 'teams.main_id', 'teams.name', 'players.name as player'])
    .where('team_players.player_id', 'in', playerIds)
    .where('team_players.from_date', '<=', today)
    .where((eb) =>
      eb.or([eb('team_players.to_date', 'is', null), eb('team_players.to_date', '>=', today)]),
    )
    .execute();
  for (const row of current) {
    if ((await managerGrade(db, user.id, row.main_id)) === 1) continue;
    if (await isTeamManager(db, user.id, row.team_id)) continue;
    throw forbidden(
      `${josa(row.player, '은/는')} ${row.name} 팀 선수입니다. 다른 팀 선수는 그 팀을 관리하는 사람만 옮길 수 있습니다.`,
    );
  }
}
