import { assertShortNamesUnique } from './team-short-names.ts';
import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { writeTxWithUploads } from './uploads.ts';
import { leagueLimits } from '../../lib/schemas/league.ts';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { fileUrl } from './league-main.ts';
import { countRows, deleteBlocked, missingField, resolveMainId } from './access.ts';
import { seoulToday } from '../../lib/seoul-date.ts';
import { searchPage } from './search-match.ts';
import type { Page, Paging } from './search-match.ts';
import type { Team, TeamUpdate, TeamValues } from '../../lib/schemas/team.ts';

export type TeamSort = 'name' | '-name' | 'id' | '-id' | 'division';

export interface TeamQuery extends Paging {
  mainId?: number;
  divisionId?: number;
  q?: string;
  sort: TeamSort;
}

function teamQuery(db: Db | Tx) {
  const today = seoulToday();
  return db
    .selectFrom('teams')
    .leftJoin('divisions', 'divisions.id', 'teams.division_id')
    .selectAll('teams')
    .select('divisions.name as division_name')
    .select(
      sql<number>`(SELECT count(DISTINCT tp.player_id) FROM team_players tp WHERE tp.team_id = teams.id
      AND tp.from_date <= ${today} AND (tp.to_date IS NULL OR tp.to_date >= ${today}))`.as(
        'player_count',
      ),
    );
}

type TeamRow = Awaited<ReturnType<ReturnType<typeof teamQuery>['executeTakeFirstOrThrow']>>;

const toTeam = (r: TeamRow): Team => ({
  id: r.id,
  mainId: r.main_id,
  divisionId: r.division_id,
  divisionName: r.division_name,
  name: r.name,
  shortName: r.short_name,
  logo: fileUrl(r.logo),
  homeRegion: r.home_region,
  founded: r.founded,
  playerCount: Number(r.player_count),
});

/** One page of teams, optionally of one association or division; `q` searches name and short name. */
export async function listTeams(db: Db, query: TeamQuery): Promise<Page<Team>> {
  let qb = teamQuery(db);
  if (query.mainId !== undefined) qb = qb.where('teams.main_id', '=', query.mainId);
  if (query.divisionId !== undefined) qb = qb.where('teams.division_id', '=', query.divisionId);
  switch (query.sort) {
    case 'name':
      qb = qb.orderBy('teams.name').orderBy('teams.id');
      break;
    case '-name':
      qb = qb.orderBy('teams.name', 'desc').orderBy('teams.id', 'desc');
      break;
    case 'id':
      qb = qb.orderBy('teams.id');
      break;
    case '-id':
      qb = qb.orderBy('teams.id', 'desc');
      break;
    case 'division':
      qb = qb
        .orderBy(sql`divisions.sort_order IS NULL`)
        .orderBy('divisions.sort_order')
        .orderBy('divisions.name')
        .orderBy('teams.name');
      break;
  }
  const { rows, total } = await searchPage(
    qb,
    {
      q: query.q,
      columns: ['teams.name', 'teams.short_name'],
      texts: (r) => [r.name, r.short_name],
    },
    query,
  );
  return { items: rows.map(toTeam), total, offset: query.offset, limit: query.limit };
}

export async function getTeam(db: Db | Tx, id: number): Promise<Team> {
  const row = await teamQuery(db).where('teams.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('팀');
  return toTeam(row);
}

/** The association of a team; 404 '팀을 찾을 수 없습니다.' when there is none. */
export async function mainIdOfTeam(db: Db | Tx, id: number): Promise<number> {
  const row = await db
    .selectFrom('teams')
    .select('main_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('팀');
  return row.main_id;
}

async function assertDivision(tx: Tx, mainId: number, divisionId: number | null) {
  if (divisionId === null) return;
  const row = await tx
    .selectFrom('divisions')
    .select('main_id')
    .where('id', '=', divisionId)
    .executeTakeFirst();
  if (!row) throw missingField('divisionId', '부');
  if (row.main_id !== mainId)
    throw badRequest('다른 협회의 부입니다.', { divisionId: '다른 협회의 부입니다.' });
}

async function assertUniqueName(tx: Tx, mainId: number, name: string, exceptId?: number) {
  let qb = tx
    .selectFrom('teams')
    .select('id')
    .where('main_id', '=', mainId)
    .where('name', '=', name);
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  if (await qb.executeTakeFirst())
    throw new ApiError(409, '같은 이름의 팀이 이미 있습니다.', {
      name: '같은 이름의 팀이 이미 있습니다.',
    });
}

export async function createTeam(db: Db, actorId: number, input: TeamValues): Promise<Team> {
  return writeTx(db, async (tx) => {
    const mainId = await resolveMainId(tx, input.mainId);
    await assertDivision(tx, mainId, input.divisionId);
    await assertUniqueName(tx, mainId, input.name);
    const row = await tx
      .insertInto('teams')
      .values({
        main_id: mainId,
        division_id: input.divisionId,
        name: input.name,
        short_name: input.shortName,
        logo: input.logo,
        home_region: input.homeRegion,
        founded: input.founded,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'team',
      entityId: row.id,
      after: row,
    });
    return getTeam(tx, row.id);
  });
}

export async function updateTeam(
  db: Db,
  actorId: number,
  id: number,
  patch: TeamUpdate,
): Promise<Team> {
  return writeTx(db, async (tx) => {
    const before = await tx.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('팀');
    if (patch.divisionId !== undefined) await assertDivision(tx, before.main_id, patch.divisionId);
    if (patch.name !== undefined) await assertUniqueName(tx, before.main_id, patch.name, id);
    const set = {
      ...(patch.divisionId !== undefined ? { division_id: patch.divisionId } : {}),
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.shortName !== undefined ? { short_name: patch.shortName } : {}),
      ...(patch.logo !== undefined ? { logo: patch.logo } : {}),
      ...(patch.homeRegion !== undefined ? { home_region: patch.homeRegion } : {}),
      ...(patch.founded !== undefined ? { founded: patch.founded } : {}),
    };
    // Nothing sent: nothing to change (and UPDATE … SET with no column is not SQL).
    if (Object.keys(set).length === 0) return getTeam(tx, id);
    const after = await tx
      .updateTable('teams')
      .set(set)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (patch.shortName !== undefined && patch.shortName !== before.short_name) {
      const leagues = await tx
        .selectFrom('league_teams')
        .select('league_id')
        .where('team_id', '=', id)
        .execute();
      await assertShortNamesUnique(
        tx,
        leagues.map((l) => l.league_id),
        'shortName',
      );
    }
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'team',
      entityId: id,
      before,
      after,
    });
    return getTeam(tx, id);
  });
}

/**
 * Stores an uploaded image as the team's logo, the way league logos are (decision 068): checked on
 * its content, at most 2 MB, turned upright, stripped of metadata and kept in the sizes pages show.
 */
export async function setTeamLogo(
  db: Db,
  sharedDir: string,
  actorId: number,
  id: number,
  file: unknown,
): Promise<Team> {
  return writeTxWithUploads(db, sharedDir, async (tx, save) => {
    const before = await tx
      .selectFrom('teams')
      .select('logo')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('팀');
    const saved = await save(file, {
      kinds: ['image'],
      maxBytes: leagueLimits.logoBytesMax,
      userId: actorId,
    });
    await tx.updateTable('teams').set({ logo: saved.path }).where('id', '=', id).execute();
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'team_logo',
      entityId: id,
      before: { logo: before.logo },
      after: { logo: saved.path, uploadId: saved.id },
    });
    return getTeam(tx, id);
  });
}

/** Deletes a team without games, leagues, awards or careers; otherwise 409 saying what blocks it. Its team managers go with it. */
export async function deleteTeam(db: Db, actorId: number, id: number): Promise<{ id: number }> {
  return writeTx(db, async (tx) => {
    const before = await tx.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('팀');
    const count = (query: ReturnType<typeof sql<{ n: number }>>) => countRows(tx, query);
    const blocked = deleteBlocked('팀', [
      {
        what: '경기 기록',
        count: await count(sql`SELECT count(*) AS n FROM (
          SELECT id FROM games WHERE ${id} IN (home_team_id, away_team_id)
          UNION SELECT game_id FROM game_batting WHERE team_id = ${id}
          UNION SELECT game_id FROM game_pitching WHERE team_id = ${id}) AS lines`),
      },
      {
        what: '리그 참가 기록',
        count: await count(sql`SELECT count(*) AS n FROM league_teams WHERE team_id = ${id}`),
      },
      {
        what: '수상 기록',
        count: await count(sql`SELECT count(*) AS n FROM league_awards WHERE team_id = ${id}`),
      },
      {
        what: '선수 경력',
        count: await count(sql`SELECT count(*) AS n FROM team_players WHERE team_id = ${id}`),
      },
      {
        what: '지도자 경력',
        count: await count(sql`SELECT count(*) AS n FROM team_coaches WHERE team_id = ${id}`),
      },
    ]);
    if (blocked) throw blocked;
    const managers = await tx
      .selectFrom('team_managers')
      .select('user_id')
      .where('team_id', '=', id)
      .execute();
    await tx.deleteFrom('teams').where('id', '=', id).execute();
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'team',
      entityId: id,
      before: { ...before, managers: managers.map((m) => m.user_id) },
    });
    return { id };
  });
}
