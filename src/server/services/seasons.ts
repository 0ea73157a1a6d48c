import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { ApiError, conflict, notFound } from '../http/api-error.ts';
import { audit } from './audit.ts';
import type { Season, SeasonUpdateValues, SeasonValues } from '../../lib/schemas/season.ts';

type SeasonRow = { id: number; main_id: number; name: string; year: number; active: 0 | 1 };

export const toSeason = (row: SeasonRow): Season => ({
  seasonId: row.id,
  mainId: row.main_id,
  seasonName: row.name,
  year: row.year,
  active: row.active === 1,
});

const seasonColumns = ['id', 'main_id', 'name', 'year', 'active'] as const;

export async function assertMain(db: Db | Tx, mainId: number): Promise<void> {
  const row = await db
    .selectFrom('league_main')
    .select('id')
    .where('id', '=', mainId)
    .executeTakeFirst();
  if (!row) throw notFound('협회');
}

/** The association's seasons, newest first; 404 when the association does not exist. */
export async function listSeasons(db: Db | Tx, mainId: number): Promise<Season[]> {
  await assertMain(db, mainId);
  const rows = await db
    .selectFrom('seasons')
    .select(seasonColumns)
    .where('main_id', '=', mainId)
    .orderBy('year', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toSeason);
}

export async function getSeason(db: Db | Tx, seasonId: number): Promise<Season> {
  const row = await db
    .selectFrom('seasons')
    .select(seasonColumns)
    .where('id', '=', seasonId)
    .executeTakeFirst();
  if (!row) throw notFound('시즌');
  return toSeason(row);
}

/** The season, which must belong to the association (404 otherwise). */
export async function getSeasonOfMain(
  db: Db | Tx,
  mainId: number,
  seasonId: number,
): Promise<Season> {
  await assertMain(db, mainId);
  const row = await db
    .selectFrom('seasons')
    .select(seasonColumns)
    .where('id', '=', seasonId)
    .where('main_id', '=', mainId)
    .executeTakeFirst();
  if (!row) throw notFound('시즌');
  return toSeason(row);
}

/** The association's active season, or null while it has none (no season yet). */
export async function getActiveSeason(db: Db | Tx, mainId: number): Promise<Season | null> {
  await assertMain(db, mainId);
  const row = await db
    .selectFrom('seasons')
    .select(seasonColumns)
    .where('main_id', '=', mainId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row ? toSeason(row) : null;
}

async function assertNameFree(
  tx: Tx,
  mainId: number,
  name: string,
  exceptId?: number,
): Promise<void> {
  let query = tx
    .selectFrom('seasons')
    .select('id')
    .where('main_id', '=', mainId)
    .where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) {
    const message = `'${name}' 시즌이 이미 있습니다. 다른 이름을 입력해 주세요.`;
    throw new ApiError(409, message, { seasonName: message });
  }
}

/** Makes this season the only active one of the association (the index allows one active per association). */
async function activate(tx: Tx, mainId: number, seasonId: number): Promise<void> {
  await tx
    .updateTable('seasons')
    .set({ active: 0 })
    .where('main_id', '=', mainId)
    .where('active', '=', 1)
    .where('id', '<>', seasonId)
    .execute();
  await tx.updateTable('seasons').set({ active: 1 }).where('id', '=', seasonId).execute();
}

/** Adds a season; the association's first season, or one marked active, becomes the active season. */
export async function createSeason(
  db: Db,
  user: AuthUser,
  mainId: number,
  input: SeasonValues,
): Promise<Season> {
  return writeTx(db, async (tx) => {
    await assertMain(tx, mainId);
    await assertNameFree(tx, mainId, input.seasonName);
    const hasActive =
      (await tx
        .selectFrom('seasons')
        .select('id')
        .where('main_id', '=', mainId)
        .where('active', '=', 1)
        .executeTakeFirst()) !== undefined;
    const row = await tx
      .insertInto('seasons')
      .values({ main_id: mainId, name: input.seasonName, year: input.year, active: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.active || !hasActive) await activate(tx, mainId, row.id);
    const created = await getSeason(tx, row.id);
    await audit(tx, {
      userId: user.id,
      action: 'create',
      entity: 'season',
      entityId: row.id,
      after: created,
    });
    return created;
  });
}

/** Renames a season, changes its year, or makes it the active one. */
export async function updateSeason(
  db: Db,
  user: AuthUser,
  mainId: number,
  seasonId: number,
  input: SeasonUpdateValues,
): Promise<Season> {
  return writeTx(db, async (tx) => {
    const before = await getSeasonOfMain(tx, mainId, seasonId);
    if (input.active === false && before.active) {
      throw conflict(
        '활성 시즌은 항상 하나 있어야 합니다. 비활성으로 바꾸려면 다른 시즌을 활성 시즌으로 지정해 주세요.',
      );
    }
    const name = input.seasonName ?? before.seasonName;
    if (name !== before.seasonName) await assertNameFree(tx, mainId, name, seasonId);
    await tx
      .updateTable('seasons')
      .set({ name, year: input.year ?? before.year })
      .where('id', '=', seasonId)
      .execute();
    if (input.active === true && !before.active) await activate(tx, mainId, seasonId);
    const after = await getSeason(tx, seasonId);
    await audit(tx, {
      userId: user.id,
      action: 'update',
      entity: 'season',
      entityId: seasonId,
      before,
      after,
    });
    return after;
  });
}

/** Deletes a season without leagues; the active season cannot be deleted. */
export async function deleteSeason(
  db: Db,
  user: AuthUser,
  mainId: number,
  seasonId: number,
): Promise<Season> {
  return writeTx(db, async (tx) => {
    const before = await getSeasonOfMain(tx, mainId, seasonId);
    if (before.active) {
      throw conflict(
        '활성 시즌은 삭제할 수 없습니다. 다른 시즌을 먼저 활성 시즌으로 지정해 주세요.',
      );
    }
    const leagues = await tx
      .selectFrom('leagues')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('season_id', '=', seasonId)
      .executeTakeFirstOrThrow();
    const count = Number(leagues.n);
    if (count > 0)
      throw conflict(
        `이 시즌에 리그가 ${count}개 있어 삭제할 수 없습니다. 리그를 먼저 삭제해 주세요.`,
      );
    await tx.deleteFrom('seasons').where('id', '=', seasonId).execute();
    await audit(tx, {
      userId: user.id,
      action: 'delete',
      entity: 'season',
      entityId: seasonId,
      before,
    });
    return before;
  });
}
