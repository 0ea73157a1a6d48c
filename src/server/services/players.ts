import { sql } from 'kysely';
import { seoulToday } from '../../lib/seoul-date.ts';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { allPersonalFields } from '../auth/personal-fields.ts';
import type { PersonalScope } from '../auth/personal-fields.ts';
import { subjectOf } from '../auth/access-chain.ts';
import { writeTx } from '../db/database.ts';
import type { Database, Row } from '../db/schema.ts';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { fileUrl } from './league-main.ts';
import { countRows, deleteBlocked, missingField, resolveMainId } from './access.ts';
import { searchPage } from './search-match.ts';
import type { Page, Paging } from './search-match.ts';
import { toDateMessage } from '../../lib/schemas/player.ts';
import type {
  Player,
  PlayerCareer,
  PlayerCareerUpdate,
  PlayerCareerValues,
  PlayerUpdate,
  PlayerValues,
  TeamPlayerInput,
} from '../../lib/schemas/player.ts';

export type PlayerSort = 'name' | '-name' | 'id' | '-id' | 'birthDate';

export interface PlayerQuery extends Paging {
  mainId?: number;
  teamId?: number;
  q?: string;
  sort: PlayerSort;
  /** only players without a current team (the admin "noTeamPlayers" screen) */
  noTeam?: boolean;
}

type CurrentTeam = Player['currentTeams'][number];

/** The teams each player is on today (a career covering today in Asia/Seoul). */
export async function currentTeamsOf(
  db: Db | Tx,
  playerIds: number[],
): Promise<Map<number, CurrentTeam[]>> {
  const map = new Map<number, CurrentTeam[]>();
  if (playerIds.length === 0) return map;
  const today = seoulToday();
  const rows = await db
    .selectFrom('team_players')
    .innerJoin('teams', 'teams.id', 'team_players.team_id')
    .select([
      'team_players.player_id',
      'team_players.team_id',
      'teams.name',
      'team_players.back_number',
    ])
    .where('team_players.player_id', 'in', playerIds)
    .where('team_players.from_date', '<=', today)
    .where((eb) =>
      eb.or([eb('team_players.to_date', 'is', null), eb('team_players.to_date', '>=', today)]),
    )
    .orderBy('team_players.from_date')
    .execute();
  for (const r of rows) {
    const list = map.get(r.player_id) ?? [];
    list.push({ teamId: r.team_id, teamName: r.name, backNumber: r.back_number });
    map.set(r.player_id, list);
  }
  return map;
}

function toPlayer(row: Row<'players'>, teams: CurrentTeam[], personal: PersonalScope): Player {
  const detailed = personal(
    row.main_id,
    teams.map((t) => t.teamId),
    subjectOf('player', row.id),
  );
  return {
    id: row.id,
    mainId: row.main_id,
    name: row.name,
    gender: row.gender,
    bats: row.bats,
    throws: row.throws,
    position: row.position,
    photo: fileUrl(row.photo),
    currentTeams: teams,
    ...(detailed ? { birthDate: row.birth_date, userId: row.user_id } : {}),
    ...(row.erased_at ? { erasedAt: row.erased_at } : {}),
  };
}

/** One page of players; `personal` says where to add birth date and user link (auth/personal-fields.ts). */
export async function listPlayers(
  db: Db,
  query: PlayerQuery,
  personal: PersonalScope,
): Promise<Page<Player>> {
  const today = seoulToday();
  let qb = db.selectFrom('players').selectAll('players');
  if (query.mainId !== undefined) qb = qb.where('players.main_id', '=', query.mainId);
  const currentCareer = (teamId?: number) => (eb: ExpressionBuilder<Database, 'players'>) => {
    let sub = eb
      .selectFrom('team_players')
      .select('team_players.id')
      .whereRef('team_players.player_id', '=', 'players.id')
      .where('team_players.from_date', '<=', today)
      .where((e) =>
        e.or([e('team_players.to_date', 'is', null), e('team_players.to_date', '>=', today)]),
      );
    if (teamId !== undefined) sub = sub.where('team_players.team_id', '=', teamId);
    return eb.exists(sub);
  };
  if (query.teamId !== undefined) qb = qb.where(currentCareer(query.teamId));
  if (query.noTeam) qb = qb.where((eb) => eb.not(currentCareer()(eb)));
  if (query.sort === 'birthDate') await assertSeesEveryBirthDate(db, qb, personal);
  switch (query.sort) {
    case 'name':
      qb = qb.orderBy('players.name').orderBy('players.id');
      break;
    case '-name':
      qb = qb.orderBy('players.name', 'desc').orderBy('players.id', 'desc');
      break;
    case 'id':
      qb = qb.orderBy('players.id');
      break;
    case '-id':
      qb = qb.orderBy('players.id', 'desc');
      break;
    case 'birthDate':
      qb = qb
        .orderBy(sql`players.birth_date IS NULL`)
        .orderBy('players.birth_date')
        .orderBy('players.name');
      break;
  }
  const { rows, total } = await searchPage(
    qb,
    { q: query.q, columns: ['players.name'], texts: (r) => [r.name] },
    query,
  );
  const teams = await currentTeamsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toPlayer(r, teams.get(r.id) ?? [], personal)),
    total,
    offset: query.offset,
    limit: query.limit,
  };
}

export const birthDateSortRefused =
  '생년월일을 볼 수 없는 선수가 목록에 있어 생년월일 순으로 정렬할 수 없습니다. 이름 순으로 보거나, 생년월일을 볼 수 있는 팀이나 협회로 좁혀 주세요.';

/**
 * An order by birth date tells the birth dates' order, so it is given only to a reader who may
 * see the birth date of every player the filters select (decision 148). The search text is left
 * out of the check: refusing a few allowed searches is better than matching names twice.
 */
async function assertSeesEveryBirthDate(
  db: Db,
  filtered: SelectQueryBuilder<Database, 'players', Row<'players'>>,
  personal: PersonalScope,
) {
  const rows = await filtered.clearSelect().select(['players.id', 'players.main_id']).execute();
  const teams = await currentTeamsOf(
    db,
    rows.map((r) => r.id),
  );
  const hidden = rows.some(
    (r) =>
      !personal(
        r.main_id,
        (teams.get(r.id) ?? []).map((t) => t.teamId),
      ),
  );
  if (hidden) throw badRequest(birthDateSortRefused, { sort: birthDateSortRefused });
}

async function playerRow(db: Db | Tx, id: number): Promise<Row<'players'>> {
  const row = await db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('선수');
  return row;
}

export async function getPlayer(db: Db | Tx, id: number, personal: PersonalScope): Promise<Player> {
  const row = await playerRow(db, id);
  const teams = await currentTeamsOf(db, [id]);
  return toPlayer(row, teams.get(id) ?? [], personal);
}

/** The association of a player; 404 when there is no such player. */
export async function mainIdOfPlayer(db: Db | Tx, id: number): Promise<number> {
  return (await playerRow(db, id)).main_id;
}

/** Same name and birth date (or both without one) in the association means the same person. */
async function assertNotDuplicate(
  tx: Tx,
  mainId: number,
  name: string,
  birthDate: string | null,
  exceptId?: number,
) {
  let qb = tx
    .selectFrom('players')
    .select('id')
    .where('main_id', '=', mainId)
    .where('name', '=', name)
    .where('birth_date', 'is not distinct from', birthDate);
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  if (await qb.executeTakeFirst()) {
    const message = birthDate
      ? '같은 이름과 생년월일의 선수가 이미 있습니다.'
      : '같은 이름의 선수가 이미 있습니다. 동명이인이면 생년월일을 입력해 주세요.';
    throw new ApiError(409, message, { name: message });
  }
}

/** The user a record is linked to must exist and not be linked to another player of the association. */
async function assertLinkable(tx: Tx, mainId: number, userId: number | null, exceptId?: number) {
  if (userId === null) return;
  const user = await tx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw missingField('userId', '회원');
  let qb = tx
    .selectFrom('players')
    .select(['id', 'name'])
    .where('main_id', '=', mainId)
    .where('user_id', '=', userId);
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  const other = await qb.executeTakeFirst();
  if (other) {
    const message = `이 회원은 이미 다른 선수(${other.name})와 연결되어 있습니다.`;
    throw new ApiError(409, message, { userId: message });
  }
}

/**
 * Stores a new person of the association with its audit entry; the callers check duplicates and
 * links first (the player import checks a whole file before storing any).
 */
export async function storeNewPlayer(
  tx: Tx,
  actorId: number,
  mainId: number,
  input: Pick<
    PlayerValues,
    'name' | 'birthDate' | 'gender' | 'bats' | 'throws' | 'position' | 'photo' | 'userId'
  >,
) {
  const row = await tx
    .insertInto('players')
    .values({
      main_id: mainId,
      name: input.name,
      birth_date: input.birthDate,
      gender: input.gender,
      bats: input.bats,
      throws: input.throws,
      position: input.position,
      photo: input.photo,
      user_id: input.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(tx, {
    userId: actorId,
    action: 'create',
    entity: 'player',
    entityId: row.id,
    after: row,
  });
  return row;
}

export async function createPlayer(db: Db, actorId: number, input: PlayerValues): Promise<Player> {
  return writeTx(db, async (tx) => {
    const mainId = await resolveMainId(tx, input.mainId);
    await assertNotDuplicate(tx, mainId, input.name, input.birthDate);
    await assertLinkable(tx, mainId, input.userId);
    if (input.teamId !== null) await assertCareerTeam(tx, mainId, input.teamId);
    else if (input.backNumber !== null) {
      const message = '등번호는 소속 팀과 함께 입력해 주세요.';
      throw badRequest(message, { backNumber: message });
    }
    const row = await storeNewPlayer(tx, actorId, mainId, input);
    if (input.teamId !== null)
      await insertCareer(tx, actorId, row.id, {
        teamId: input.teamId,
        backNumber: input.backNumber,
        fromDate: seoulToday(),
        toDate: null,
      });
    return getPlayer(tx, row.id, () => true);
  });
}

/** A career row with its audit entry; the callers check the team and overlapping careers first. */
export async function insertCareer(
  tx: Tx,
  actorId: number,
  playerId: number,
  career: PlayerCareerValues,
) {
  const row = await tx
    .insertInto('team_players')
    .values({
      team_id: career.teamId,
      player_id: playerId,
      back_number: career.backNumber,
      from_date: career.fromDate,
      to_date: career.toDate,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(tx, {
    userId: actorId,
    action: 'create',
    entity: 'team_player',
    entityId: row.id,
    after: row,
  });
  return row;
}

export async function updatePlayer(
  db: Db,
  actorId: number,
  id: number,
  patch: PlayerUpdate,
): Promise<Player> {
  return writeTx(db, async (tx) => {
    const before = await playerRow(tx, id);
    const name = patch.name ?? before.name;
    const birthDate = patch.birthDate === undefined ? before.birth_date : patch.birthDate;
    if (patch.name !== undefined || patch.birthDate !== undefined)
      await assertNotDuplicate(tx, before.main_id, name, birthDate, id);
    if (patch.userId !== undefined) await assertLinkable(tx, before.main_id, patch.userId, id);
    const set = {
      name,
      birth_date: birthDate,
      ...(patch.gender !== undefined ? { gender: patch.gender } : {}),
      ...(patch.bats !== undefined ? { bats: patch.bats } : {}),
      ...(patch.throws !== undefined ? { throws: patch.throws } : {}),
      ...(patch.position !== undefined ? { position: patch.position } : {}),
      ...(patch.photo !== undefined ? { photo: patch.photo } : {}),
      ...(patch.userId !== undefined ? { user_id: patch.userId } : {}),
    };
    const after = await tx
      .updateTable('players')
      .set(set)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'player',
      entityId: id,
      before,
      after,
    });
    const teams = await currentTeamsOf(tx, [id]);
    return toPlayer(after, teams.get(id) ?? [], allPersonalFields);
  });
}

/** Deletes a player who has no games, rosters, awards or careers; otherwise 409 saying what blocks it. */
export async function deletePlayer(db: Db, actorId: number, id: number): Promise<{ id: number }> {
  return writeTx(db, async (tx) => {
    const before = await playerRow(tx, id);
    const blocked = deleteBlocked('선수', [
      {
        what: '경기 기록',
        count: await countRows(
          tx,
          sql<{ n: number }>`SELECT count(*) AS n FROM (
          SELECT game_id FROM game_batting WHERE player_id = ${id}
          UNION SELECT game_id FROM game_pitching WHERE player_id = ${id}
          UNION SELECT id FROM games WHERE ${id} IN (win_pitcher_id, loss_pitcher_id, save_pitcher_id, mvp_player_id)) AS lines`,
        ),
      },
      {
        what: '리그 명단',
        count: await countRows(
          tx,
          sql<{ n: number }>`SELECT count(*) AS n FROM league_players WHERE player_id = ${id}`,
        ),
      },
      {
        what: '수상 기록',
        count: await countRows(
          tx,
          sql<{ n: number }>`SELECT count(*) AS n FROM league_awards WHERE player_id = ${id}`,
        ),
      },
      {
        what: '선수 경력',
        count: await countRows(
          tx,
          sql<{ n: number }>`SELECT count(*) AS n FROM team_players WHERE player_id = ${id}`,
        ),
      },
    ]);
    if (blocked) throw blocked;
    await tx.deleteFrom('players').where('id', '=', id).execute();
    await audit(tx, { userId: actorId, action: 'delete', entity: 'player', entityId: id, before });
    return { id };
  });
}

// ── careers (team_players) ────────────────────────────────────────────────────────────────────

type CareerRow = Pick<
  Row<'team_players'>,
  'id' | 'player_id' | 'team_id' | 'back_number' | 'from_date' | 'to_date'
> & { team_name: string };

const isCurrent = (r: { from_date: string; to_date: string | null }, today = seoulToday()) =>
  r.from_date <= today && (r.to_date === null || r.to_date >= today);

const toCareer = (r: CareerRow): PlayerCareer => ({
  id: r.id,
  playerId: r.player_id,
  teamId: r.team_id,
  teamName: r.team_name,
  backNumber: r.back_number,
  fromDate: r.from_date,
  toDate: r.to_date,
  current: isCurrent(r),
});

function careerQuery(db: Db | Tx) {
  return db
    .selectFrom('team_players')
    .innerJoin('teams', 'teams.id', 'team_players.team_id')
    .select([
      'team_players.id',
      'team_players.player_id',
      'team_players.team_id',
      'team_players.back_number',
      'team_players.from_date',
      'team_players.to_date',
      'teams.name as team_name',
    ]);
}

/** A player's teams, newest first; 404 when there is no such player. */
export async function listPlayerCareers(db: Db, playerId: number): Promise<PlayerCareer[]> {
  await playerRow(db, playerId);
  const rows = await careerQuery(db)
    .where('team_players.player_id', '=', playerId)
    .orderBy('team_players.from_date', 'desc')
    .orderBy('team_players.id', 'desc')
    .execute();
  return rows.map(toCareer);
}

/** One career row of the player; 404 for an unknown player or a row of another player. */
export async function getPlayerCareer(
  db: Db | Tx,
  playerId: number,
  careerId: number,
): Promise<PlayerCareer> {
  await playerRow(db, playerId);
  const row = await careerQuery(db)
    .where('team_players.id', '=', careerId)
    .where('team_players.player_id', '=', playerId)
    .executeTakeFirst();
  if (!row) throw notFound('선수 경력');
  return toCareer(row);
}

/** The team of a career must exist (400 on teamId) and belong to the player's association. */
export async function assertCareerTeam(db: Db | Tx, mainId: number, teamId: number): Promise<void> {
  const team = await db
    .selectFrom('teams')
    .select('main_id')
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw missingField('teamId', '팀');
  if (team.main_id !== mainId)
    throw badRequest('다른 협회의 팀입니다.', { teamId: '다른 협회의 팀입니다.' });
}

/**
 * A new player and his career on a team in one step (a team manager registering a club member):
 * the same duplicate rule as createPlayer, the career starting on `fromDate` or today.
 */
export async function createTeamPlayer(
  db: Db,
  actorId: number,
  mainId: number,
  teamId: number,
  input: TeamPlayerInput,
): Promise<Player> {
  return writeTx(db, async (tx) => {
    await assertCareerTeam(tx, mainId, teamId);
    await assertNotDuplicate(tx, mainId, input.name, input.birthDate);
    const row = await storeNewPlayer(tx, actorId, mainId, { ...input, photo: null, userId: null });
    await insertCareer(tx, actorId, row.id, {
      teamId,
      backNumber: input.backNumber,
      fromDate: input.fromDate ?? seoulToday(),
      toDate: null,
    });
    return getPlayer(tx, row.id, () => true);
  });
}

/** A player is on one team at a time: periods of two careers may not overlap. */
async function assertNoOverlap(
  tx: Tx,
  playerId: number,
  fromDate: string,
  toDate: string | null,
  exceptId?: number,
) {
  let qb = careerQuery(tx)
    .where('team_players.player_id', '=', playerId)
    .where((eb) =>
      eb.or([eb('team_players.to_date', 'is', null), eb('team_players.to_date', '>=', fromDate)]),
    );
  if (toDate !== null) qb = qb.where('team_players.from_date', '<=', toDate);
  if (exceptId !== undefined) qb = qb.where('team_players.id', '<>', exceptId);
  const other = await qb.executeTakeFirst();
  if (other) {
    const message = `기간이 겹치는 소속 기록이 있습니다: ${other.team_name} (${other.from_date} ~ ${other.to_date ?? '현재'})`;
    throw new ApiError(409, message, { fromDate: message });
  }
}

export async function addPlayerCareer(
  db: Db,
  actorId: number,
  playerId: number,
  input: PlayerCareerValues,
): Promise<PlayerCareer> {
  return writeTx(db, async (tx) => {
    const player = await playerRow(tx, playerId);
    await assertCareerTeam(tx, player.main_id, input.teamId);
    await assertNoOverlap(tx, playerId, input.fromDate, input.toDate);
    const row = await insertCareer(tx, actorId, playerId, input);
    return getPlayerCareer(tx, playerId, row.id);
  });
}

export async function updatePlayerCareer(
  db: Db,
  actorId: number,
  playerId: number,
  careerId: number,
  patch: PlayerCareerUpdate,
): Promise<PlayerCareer> {
  return writeTx(db, async (tx) => {
    const player = await playerRow(tx, playerId);
    const before = await getPlayerCareer(tx, playerId, careerId);
    const next = {
      teamId: patch.teamId ?? before.teamId,
      backNumber: patch.backNumber === undefined ? before.backNumber : patch.backNumber,
      fromDate: patch.fromDate ?? before.fromDate,
      toDate: patch.toDate === undefined ? before.toDate : patch.toDate,
    };
    if (next.toDate !== null && next.toDate < next.fromDate)
      throw badRequest(toDateMessage, { toDate: toDateMessage });
    if (next.teamId !== before.teamId) await assertCareerTeam(tx, player.main_id, next.teamId);
    await assertNoOverlap(tx, playerId, next.fromDate, next.toDate, careerId);
    await tx
      .updateTable('team_players')
      .set({
        team_id: next.teamId,
        back_number: next.backNumber,
        from_date: next.fromDate,
        to_date: next.toDate,
      })
      .where('id', '=', careerId)
      .execute();
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'team_player',
      entityId: careerId,
      before,
      after: next,
    });
    return getPlayerCareer(tx, playerId, careerId);
  });
}

export async function deletePlayerCareer(
  db: Db,
  actorId: number,
  playerId: number,
  careerId: number,
): Promise<{ id: number }> {
  return writeTx(db, async (tx) => {
    const before = await getPlayerCareer(tx, playerId, careerId);
    await tx.deleteFrom('team_players').where('id', '=', careerId).execute();
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'team_player',
      entityId: careerId,
      before,
    });
    return { id: careerId };
  });
}

// ── league teams of a player (GET /api/player/{playerId}/leagueTeam) ─────────────────────────

export interface PlayerLeagueTeams {
  teams: Array<{
    team: { teamId: number; name: string; shortName: string; logo: string | null };
    league: {
      leagueId: number;
      name: string;
      seasonId: number;
      seasonName: string;
      year: number;
      leagueMain: { mainId: number; path: string; name: string };
    };
  }>;
  leaguePlayers: Array<{
    leagueId: number;
    teamId: number;
    playerId: number;
    backNumber: number | null;
    status: 'active' | 'suspended' | 'released';
    registeredOn: string;
  }>;
}

/** The team-league links the player is rostered on, and the roster rows themselves; newest season first. */
export async function playerLeagueTeams(db: Db, playerId: number): Promise<PlayerLeagueTeams> {
  await playerRow(db, playerId);
  const rows = await db
    .selectFrom('league_players')
    .innerJoin('teams', 'teams.id', 'league_players.team_id')
    .innerJoin('leagues', 'leagues.id', 'league_players.league_id')
    .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
    .innerJoin('league_main', 'league_main.id', 'seasons.main_id')
    .select([
      'league_players.league_id',
      'league_players.team_id',
      'league_players.back_number',
      'league_players.status',
      'league_players.registered_on',
      'teams.name as team_name',
      'teams.short_name',
      'teams.logo',
      'leagues.name as league_name',
      'seasons.id as season_id',
      'seasons.name as season_name',
      'seasons.year',
      'league_main.id as main_id',
      'league_main.path',
      'league_main.name as main_name',
    ])
    .where('league_players.player_id', '=', playerId)
    .orderBy('seasons.year', 'desc')
    .orderBy('leagues.id', 'desc')
    .execute();
  return {
    teams: rows.map((r) => ({
      team: {
        teamId: r.team_id,
        name: r.team_name,
        shortName: r.short_name,
        logo: fileUrl(r.logo),
      },
      league: {
        leagueId: r.league_id,
        name: r.league_name,
        seasonId: r.season_id,
        seasonName: r.season_name,
        year: r.year,
        leagueMain: { mainId: r.main_id, path: r.path, name: r.main_name },
      },
    })),
    leaguePlayers: rows.map((r) => ({
      leagueId: r.league_id,
      teamId: r.team_id,
      playerId,
      backNumber: r.back_number,
      status: r.status,
      registeredOn: r.registered_on,
    })),
  };
}
