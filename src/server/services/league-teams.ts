import { assertShortNamesUnique } from './team-short-names.ts';
import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import type { PersonalScope } from '../auth/personal-fields.ts';
import { subjectOf } from '../auth/access-chain.ts';
import { writeTx } from '../db/database.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { ApiError, badRequest, conflict } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { fileUrl } from './league-main.ts';
import { getLeague, getLeagueInScope } from './leagues.ts';
import { getSeason } from './seasons.ts';
import { currentTeamsOf } from './players.ts';
import { josa } from '../../lib/validation/index.ts';
import { seoulToday } from '../../lib/seoul-date.ts';
import { ROSTER_STATUS_LABELS } from '../../lib/schemas/league-team.ts';
import type {
  AssociationTeam,
  LeagueCoach,
  LeagueCoachesValues,
  LeaguePlayer,
  LeaguePlayerAdmin,
  LeagueTeam,
  LeagueTeamAdmin,
  LeagueTeamDetail,
  RosterStatus,
  RosterValues,
  SeasonTeam,
} from '../../lib/schemas/league-team.ts';
import type { League } from '../../lib/schemas/league.ts';

type TeamRow = {
  id: number;
  name: string;
  short_name: string;
  logo: string | null;
  division_id: number | null;
  division_name: string | null;
  home_region: string;
};

const toTeam = (row: TeamRow): AssociationTeam => ({
  teamId: row.id,
  teamName: row.name,
  shortName: row.short_name,
  logo: fileUrl(row.logo),
  divisionId: row.division_id,
  divisionName: row.division_name,
  homeRegion: row.home_region,
});

const teamColumns = [
  'teams.id',
  'teams.name',
  'teams.short_name',
  'teams.logo',
  'teams.division_id',
  'divisions.name as division_name',
  'teams.home_region',
] as const;

const playerCount = sql<number>`(SELECT count(*) FROM league_players lp
  WHERE lp.league_id = league_teams.league_id AND lp.team_id = league_teams.team_id AND lp.status <> 'released')`;

function leagueTeamQuery(db: Db | Tx, leagueId: number) {
  return db
    .selectFrom('league_teams')
    .innerJoin('teams', 'teams.id', 'league_teams.team_id')
    .leftJoin('divisions', 'divisions.id', 'teams.division_id')
    .select(teamColumns)
    .select(playerCount.as('player_count'))
    .where('league_teams.league_id', '=', leagueId);
}

/** The teams of a league by name; 404 when the league does not exist. */
export async function listLeagueTeams(db: Db | Tx, leagueId: number): Promise<LeagueTeam[]> {
  await getLeague(db, leagueId);
  const rows = await leagueTeamQuery(db, leagueId)
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
  return rows.map((row) => ({ leagueId, ...toTeam(row), playerCount: Number(row.player_count) }));
}

async function assertTeamInLeague(db: Db | Tx, leagueId: number, teamId: number): Promise<void> {
  const row = await db
    .selectFrom('league_teams')
    .select('id')
    .where('league_id', '=', leagueId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, '이 리그에 참가한 팀을 찾을 수 없습니다.');
}

/** One team of a league, with the league and the size of its roster and staff. */
export async function getLeagueTeam(
  db: Db | Tx,
  leagueId: number,
  teamId: number,
): Promise<LeagueTeamDetail> {
  const league = await getLeague(db, leagueId);
  const row = await leagueTeamQuery(db, leagueId)
    .where('league_teams.team_id', '=', teamId)
    .select(
      sql<number>`(SELECT count(*) FROM league_coaches lc WHERE lc.league_id = league_teams.league_id AND lc.team_id = league_teams.team_id)`.as(
        'coach_count',
      ),
    )
    .executeTakeFirst();
  if (!row) throw new ApiError(404, '이 리그에 참가한 팀을 찾을 수 없습니다.');
  return {
    leagueId,
    ...toTeam(row),
    playerCount: Number(row.player_count),
    league,
    coachCount: Number(row.coach_count),
  };
}

/** The league teams with what the admin needs: roster counts by status, staff and games. */
export async function listLeagueTeamsAdmin(
  db: Db | Tx,
  leagueId: number,
): Promise<LeagueTeamAdmin[]> {
  await getLeague(db, leagueId);
  const countStatus = (status: RosterStatus) => sql<number>`(SELECT count(*) FROM league_players lp
    WHERE lp.league_id = league_teams.league_id AND lp.team_id = league_teams.team_id AND lp.status = ${status})`;
  const rows = await leagueTeamQuery(db, leagueId)
    .select([
      countStatus('active').as('active_count'),
      countStatus('suspended').as('suspended_count'),
      countStatus('released').as('released_count'),
      sql<number>`(SELECT count(*) FROM league_coaches lc WHERE lc.league_id = league_teams.league_id AND lc.team_id = league_teams.team_id)`.as(
        'coach_count',
      ),
      sql<number>`(SELECT count(*) FROM games g WHERE g.league_id = league_teams.league_id
        AND (g.home_team_id = league_teams.team_id OR g.away_team_id = league_teams.team_id))`.as(
        'game_count',
      ),
    ])
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
  return rows.map((row) => ({
    leagueId,
    ...toTeam(row),
    playerCount: Number(row.player_count),
    activePlayerCount: Number(row.active_count),
    suspendedPlayerCount: Number(row.suspended_count),
    releasedPlayerCount: Number(row.released_count),
    coachCount: Number(row.coach_count),
    gameCount: Number(row.game_count),
  }));
}

/** The teams taking part in any league of the season, each with its leagues. */
export async function listSeasonTeams(db: Db | Tx, seasonId: number): Promise<SeasonTeam[]> {
  await getSeason(db, seasonId);
  const rows = await db
    .selectFrom('league_teams')
    .innerJoin('leagues', 'leagues.id', 'league_teams.league_id')
    .innerJoin('teams', 'teams.id', 'league_teams.team_id')
    .leftJoin('divisions', 'divisions.id', 'teams.division_id')
    .select(teamColumns)
    .select(['leagues.id as league_id', 'leagues.name as league_name'])
    .where('leagues.season_id', '=', seasonId)
    .orderBy('teams.name')
    .orderBy('teams.id')
    .orderBy('leagues.name')
    .orderBy('leagues.id')
    .execute();
  const teams = new Map<number, SeasonTeam>();
  for (const row of rows) {
    let team = teams.get(row.id);
    if (!team) {
      team = { seasonId, ...toTeam(row), leagues: [] };
      teams.set(row.id, team);
    }
    team.leagues.push({ leagueId: row.league_id, leagueName: row.league_name });
  }
  return [...teams.values()];
}

/** Teams of the league's association that are not in the league yet (for the "add teams" dialog). */
export async function listTeamsNotInLeague(
  db: Db,
  mainId: number,
  seasonId: number,
  leagueId: number,
): Promise<AssociationTeam[]> {
  await getLeagueInScope(db, mainId, seasonId, leagueId);
  const rows = await db
    .selectFrom('teams')
    .leftJoin('divisions', 'divisions.id', 'teams.division_id')
    .select(teamColumns)
    .where('teams.main_id', '=', mainId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('league_teams')
            .select('league_teams.id')
            .whereRef('league_teams.team_id', '=', 'teams.id')
            .where('league_teams.league_id', '=', leagueId),
        ),
      ),
    )
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
  return rows.map(toTeam);
}

type PlayerRow = {
  league_id: number;
  team_id: number;
  player_id: number;
  name: string;
  back_number: number | null;
  position: string;
  bats: 'R' | 'L' | 'S' | null;
  throws: 'R' | 'L' | null;
  photo: string | null;
  status: RosterStatus;
  registered_on: string;
};

const toPlayer = (row: PlayerRow): LeaguePlayer => ({
  leagueId: row.league_id,
  teamId: row.team_id,
  playerId: row.player_id,
  playerName: row.name,
  backNumber: row.back_number,
  position: row.position,
  bats: row.bats,
  throws: row.throws,
  photo: fileUrl(row.photo),
  status: row.status,
  statusLabel: ROSTER_STATUS_LABELS[row.status] ?? row.status,
  registeredOn: row.registered_on,
});

function rosterQuery(db: Db | Tx, leagueId: number, teamId: number) {
  return db
    .selectFrom('league_players')
    .innerJoin('players', 'players.id', 'league_players.player_id')
    .select([
      'league_players.league_id',
      'league_players.team_id',
      'league_players.player_id',
      'players.name',
      'league_players.back_number',
      'players.position',
      'players.bats',
      'players.throws',
      'players.photo',
      'league_players.status',
      'league_players.registered_on',
    ])
    .where('league_players.league_id', '=', leagueId)
    .where('league_players.team_id', '=', teamId);
}

async function roster(db: Db | Tx, leagueId: number, teamId: number): Promise<LeaguePlayer[]> {
  const rows = await rosterQuery(db, leagueId, teamId)
    .orderBy(sql`league_players.back_number IS NULL`)
    .orderBy('league_players.back_number')
    .orderBy('players.name')
    .orderBy('players.id')
    .execute();
  return rows.map(toPlayer);
}

/**
 * A team's league roster: numbered players first by number, then by name. Staff of the association
 * (`personal`) also get each birth date, so two players of the same name can be told apart.
 */
export async function listLeaguePlayers(
  db: Db | Tx,
  leagueId: number,
  teamId: number,
  personal: PersonalScope,
): Promise<LeaguePlayer[]> {
  const league = await getLeague(db, leagueId);
  await assertTeamInLeague(db, leagueId, teamId);
  const list = await roster(db, leagueId, teamId);
  if (list.length === 0) return list;
  const ids = list.map((p) => p.playerId);
  const [births, teams] = await Promise.all([
    db.selectFrom('players').select(['id', 'birth_date']).where('id', 'in', ids).execute(),
    currentTeamsOf(db, ids),
  ]);
  const birthOf = new Map(births.map((b) => [b.id, b.birth_date]));
  const mainId = league.leagueMain.mainId;
  return list.map((p) =>
    personal(mainId, teamIdsOf(teams.get(p.playerId)), subjectOf('player', p.playerId))
      ? { ...p, birthDate: birthOf.get(p.playerId) ?? null }
      : p,
  );
}

const teamIdsOf = (teams: { teamId: number }[] = []) => teams.map((t) => t.teamId);

async function coaches(db: Db | Tx, leagueId: number, teamId: number): Promise<LeagueCoach[]> {
  const rows = await db
    .selectFrom('league_coaches')
    .innerJoin('coaches', 'coaches.id', 'league_coaches.coach_id')
    .select([
      'league_coaches.league_id',
      'league_coaches.team_id',
      'league_coaches.coach_id',
      'coaches.name',
      'league_coaches.role',
      'coaches.photo',
    ])
    .where('league_coaches.league_id', '=', leagueId)
    .where('league_coaches.team_id', '=', teamId)
    .orderBy(sql`CASE league_coaches.role WHEN '감독' THEN 0 WHEN '코치' THEN 1 ELSE 2 END`)
    .orderBy('coaches.name')
    .orderBy('coaches.id')
    .execute();
  return rows.map((row) => ({
    leagueId: row.league_id,
    teamId: row.team_id,
    coachId: row.coach_id,
    coachName: row.name,
    role: row.role,
    photo: fileUrl(row.photo),
  }));
}

/** A team's staff in a league: 감독, then 코치, then 단장. */
export async function listLeagueCoaches(
  db: Db | Tx,
  leagueId: number,
  teamId: number,
): Promise<LeagueCoach[]> {
  await getLeague(db, leagueId);
  await assertTeamInLeague(db, leagueId, teamId);
  return coaches(db, leagueId, teamId);
}

/** For each given player, the number of games of the league in which they left a record, and the first such date. */
async function gameRecords(
  db: Db | Tx,
  leagueId: number,
  playerIds: number[],
): Promise<Map<number, { games: number; firstDate: string }>> {
  const result = new Map<number, { games: number; firstDate: string }>();
  if (playerIds.length === 0) return result;
  const ids = sql.join(playerIds);
  const { rows } = await sql<{ player_id: number; games: number; first_date: string }>`
    SELECT r.player_id, count(DISTINCT r.game_id) AS games, min(g.game_date) AS first_date FROM (
      SELECT player_id, game_id FROM game_batting WHERE player_id IN (${ids})
      UNION ALL SELECT player_id, game_id FROM game_pitching WHERE player_id IN (${ids})
      UNION ALL SELECT win_pitcher_id, id FROM games WHERE win_pitcher_id IN (${ids})
      UNION ALL SELECT loss_pitcher_id, id FROM games WHERE loss_pitcher_id IN (${ids})
      UNION ALL SELECT save_pitcher_id, id FROM games WHERE save_pitcher_id IN (${ids})
      UNION ALL SELECT mvp_player_id, id FROM games WHERE mvp_player_id IN (${ids})
    ) r JOIN games g ON g.id = r.game_id
    WHERE g.league_id = ${leagueId}
    GROUP BY r.player_id`.execute(db);
  for (const row of rows)
    result.set(row.player_id, { games: Number(row.games), firstDate: row.first_date });
  return result;
}

/** Adds teams of the association to the league; teams already in it are left as they are. */
export async function addLeagueTeams(
  db: Db,
  user: AuthUser,
  mainId: number,
  seasonId: number,
  leagueId: number,
  teamIds: number[],
): Promise<{ added: number[]; teams: LeagueTeam[] }> {
  return writeTx(db, async (tx) => {
    await getLeagueInScope(tx, mainId, seasonId, leagueId);
    const found = await tx
      .selectFrom('teams')
      .select('id')
      .where('main_id', '=', mainId)
      .where('id', 'in', teamIds)
      .execute();
    const known = new Set(found.map((t) => t.id));
    const errors: Record<string, string> = {};
    teamIds.forEach((id, i) => {
      if (!known.has(id)) errors[`teams.${i}`] = `${id}번 팀을 찾을 수 없습니다.`;
    });
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
    const present = await tx
      .selectFrom('league_teams')
      .select('team_id')
      .where('league_id', '=', leagueId)
      .where('team_id', 'in', teamIds)
      .execute();
    const already = new Set(present.map((t) => t.team_id));
    const added = teamIds.filter((id) => !already.has(id));
    if (added.length > 0) {
      await tx
        .insertInto('league_teams')
        .values(added.map((teamId) => ({ league_id: leagueId, team_id: teamId })))
        .execute();
      await assertShortNamesUnique(tx, [leagueId], 'teamIds');
      await audit(tx, {
        userId: user.id,
        action: 'create',
        entity: 'league_team',
        entityId: leagueId,
        after: { leagueId, teamIds: added },
      });
    }
    return { added, teams: await listLeagueTeams(tx, leagueId) };
  });
}

/** Takes a team out of a league that has no games for it, with its roster, staff and final rank there. */
export async function removeLeagueTeam(
  db: Db,
  user: AuthUser,
  mainId: number,
  seasonId: number,
  leagueId: number,
  teamId: number,
): Promise<LeagueTeam[]> {
  return writeTx(db, async (tx) => {
    await getLeagueInScope(tx, mainId, seasonId, leagueId);
    await assertTeamInLeague(tx, leagueId, teamId);
    const games = await tx
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('league_id', '=', leagueId)
      .where((eb) => eb.or([eb('home_team_id', '=', teamId), eb('away_team_id', '=', teamId)]))
      .executeTakeFirstOrThrow();
    const count = Number(games.n);
    if (count > 0)
      throw conflict(
        `이 팀은 이 리그에 경기가 ${count}개 있어 리그에서 뺄 수 없습니다. 경기를 먼저 삭제해 주세요.`,
      );
    const before = {
      leagueId,
      teamId,
      players: await roster(tx, leagueId, teamId),
      coaches: await coaches(tx, leagueId, teamId),
    };
    await tx
      .deleteFrom('league_players')
      .where('league_id', '=', leagueId)
      .where('team_id', '=', teamId)
      .execute();
    await tx
      .deleteFrom('league_coaches')
      .where('league_id', '=', leagueId)
      .where('team_id', '=', teamId)
      .execute();
    await tx
      .deleteFrom('league_results')
      .where('league_id', '=', leagueId)
      .where('team_id', '=', teamId)
      .execute();
    await tx
      .deleteFrom('league_teams')
      .where('league_id', '=', leagueId)
      .where('team_id', '=', teamId)
      .execute();
    await audit(tx, {
      userId: user.id,
      action: 'delete',
      entity: 'league_team',
      entityId: `${leagueId}:${teamId}`,
      before,
    });
    return listLeagueTeams(tx, leagueId);
  });
}

const playerLabel = (name: string) => `${name} 선수`;

/**
 * Replaces a team's league roster. Every player must be of the association and on no other team of
 * the league; a player with game records in the league stays (as 'released' if need be), and keeps a
 * registration date no later than his first recorded game.
 */
export async function replaceRoster(
  db: Db,
  user: AuthUser,
  league: League,
  teamId: number,
  values: RosterValues,
): Promise<LeaguePlayer[]> {
  const { leagueId } = league;
  const mainId = league.leagueMain.mainId;
  return writeTx(db, async (tx) => {
    await assertTeamInLeague(tx, leagueId, teamId);
    const before = await roster(tx, leagueId, teamId);
    const currentById = new Map(before.map((p) => [p.playerId, p]));
    const wanted = values.players.map((p) => p.playerId);
    const errors: Record<string, string> = {};

    const players =
      wanted.length === 0
        ? []
        : await tx
            .selectFrom('players')
            .select(['id', 'name'])
            .where('main_id', '=', mainId)
            .where('id', 'in', wanted)
            .execute();
    const names = new Map(players.map((p) => [p.id, p.name]));
    const elsewhere =
      wanted.length === 0
        ? []
        : await tx
            .selectFrom('league_players')
            .innerJoin('teams', 'teams.id', 'league_players.team_id')
            .select(['league_players.player_id', 'teams.name as team_name'])
            .where('league_players.league_id', '=', leagueId)
            .where('league_players.team_id', '<>', teamId)
            .where('league_players.player_id', 'in', wanted)
            .execute();
    const otherTeam = new Map(elsewhere.map((r) => [r.player_id, r.team_name]));
    const removed = before.filter((p) => !wanted.includes(p.playerId));
    const records = await gameRecords(tx, leagueId, [...wanted, ...removed.map((p) => p.playerId)]);

    values.players.forEach((entry, i) => {
      const name = names.get(entry.playerId);
      if (name === undefined) {
        errors[`players.${i}.playerId`] = `${entry.playerId}번 선수를 찾을 수 없습니다.`;
        return;
      }
      const team = otherTeam.get(entry.playerId);
      if (team !== undefined) {
        errors[`players.${i}.playerId`] =
          `${josa(playerLabel(name), '은/는')} 이미 이 리그의 ${team} 팀 명단에 있습니다.`;
        return;
      }
      const registeredOn = entry.registeredOn ?? currentById.get(entry.playerId)?.registeredOn;
      const record = records.get(entry.playerId);
      if (record && registeredOn && registeredOn > record.firstDate) {
        errors[`players.${i}.registeredOn`] =
          `${josa(playerLabel(name), '은/는')} ${record.firstDate} 경기 기록이 있어 등록일을 그보다 늦출 수 없습니다.`;
      }
    });
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);

    const blocked = removed.filter((p) => records.has(p.playerId));
    if (blocked.length > 0) {
      const who = blocked.map((p) => playerLabel(p.playerName)).join(', ');
      throw conflict(
        `${who}의 이 리그 경기 기록이 있어 명단에서 뺄 수 없습니다. 상태를 '방출'로 바꿔 주세요.`,
      );
    }

    const today = seoulToday();
    await tx
      .deleteFrom('league_players')
      .where('league_id', '=', leagueId)
      .where('team_id', '=', teamId)
      .execute();
    if (values.players.length > 0) {
      await tx
        .insertInto('league_players')
        .values(
          values.players.map((entry) => ({
            league_id: leagueId,
            team_id: teamId,
            player_id: entry.playerId,
            back_number: entry.backNumber ?? null,
            status: entry.status,
            registered_on:
              entry.registeredOn ?? currentById.get(entry.playerId)?.registeredOn ?? today,
          })),
        )
        .execute();
    }
    const after = await roster(tx, leagueId, teamId);
    await audit(tx, {
      userId: user.id,
      action: 'update',
      entity: 'league_roster',
      entityId: `${leagueId}:${teamId}`,
      before,
      after,
    });
    return after;
  });
}

/** Replaces a team's staff in a league with coaches of the association. */
export async function replaceCoaches(
  db: Db,
  user: AuthUser,
  league: League,
  teamId: number,
  values: LeagueCoachesValues,
): Promise<LeagueCoach[]> {
  const { leagueId } = league;
  return writeTx(db, async (tx) => {
    await assertTeamInLeague(tx, leagueId, teamId);
    const ids = values.coaches.map((c) => c.coachId);
    const found =
      ids.length === 0
        ? []
        : await tx
            .selectFrom('coaches')
            .select('id')
            .where('main_id', '=', league.leagueMain.mainId)
            .where('id', 'in', ids)
            .execute();
    const known = new Set(found.map((c) => c.id));
    const errors: Record<string, string> = {};
    values.coaches.forEach((entry, i) => {
      if (!known.has(entry.coachId))
        errors[`coaches.${i}.coachId`] = `${entry.coachId}번 지도자를 찾을 수 없습니다.`;
    });
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
    const before = await coaches(tx, leagueId, teamId);
    await tx
      .deleteFrom('league_coaches')
      .where('league_id', '=', leagueId)
      .where('team_id', '=', teamId)
      .execute();
    if (values.coaches.length > 0) {
      await tx
        .insertInto('league_coaches')
        .values(
          values.coaches.map((entry) => ({
            league_id: leagueId,
            team_id: teamId,
            coach_id: entry.coachId,
            role: entry.role,
          })),
        )
        .execute();
    }
    const after = await coaches(tx, leagueId, teamId);
    await audit(tx, {
      userId: user.id,
      action: 'update',
      entity: 'league_coaches',
      entityId: `${leagueId}:${teamId}`,
      before,
      after,
    });
    return after;
  });
}

/** One roster entry with the player's details and the number of games he has records in. */
export async function getRosterEntry(
  db: Db | Tx,
  leagueId: number,
  teamId: number,
  playerId: number,
  personal: PersonalScope,
): Promise<LeaguePlayerAdmin> {
  const league = await getLeague(db, leagueId);
  await assertTeamInLeague(db, leagueId, teamId);
  const row = await rosterQuery(db, leagueId, teamId)
    .innerJoin('teams', 'teams.id', 'league_players.team_id')
    .select(['teams.name as team_name', 'players.birth_date', 'players.gender'])
    .where('league_players.player_id', '=', playerId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, '이 팀의 리그 명단에서 선수를 찾을 수 없습니다.');
  const [records, teams] = await Promise.all([
    gameRecords(db, leagueId, [playerId]),
    currentTeamsOf(db, [playerId]),
  ]);
  return {
    ...toPlayer(row),
    teamName: row.team_name,
    leagueName: league.leagueName,
    birthDate: personal(
      league.leagueMain.mainId,
      teamIdsOf(teams.get(playerId)),
      subjectOf('player', playerId),
    )
      ? row.birth_date
      : null,
    gender: row.gender,
    gameRecordCount: records.get(playerId)?.games ?? 0,
  };
}

/** Takes one player off a team's league roster, unless he has game records in the league. */
export async function removeRosterEntry(
  db: Db,
  user: AuthUser,
  leagueId: number,
  teamId: number,
  playerId: number,
): Promise<LeaguePlayer[]> {
  return writeTx(db, async (tx) => {
    const before = await getRosterEntry(tx, leagueId, teamId, playerId, () => true);
    if (before.gameRecordCount > 0) {
      throw conflict(
        `${playerLabel(before.playerName)}의 이 리그 경기 기록이 있어 명단에서 뺄 수 없습니다. 상태를 '방출'로 바꿔 주세요.`,
      );
    }
    await tx
      .deleteFrom('league_players')
      .where('league_id', '=', leagueId)
      .where('team_id', '=', teamId)
      .where('player_id', '=', playerId)
      .execute();
    await audit(tx, {
      userId: user.id,
      action: 'delete',
      entity: 'league_roster',
      entityId: `${leagueId}:${teamId}:${playerId}`,
      before,
    });
    return roster(tx, leagueId, teamId);
  });
}
