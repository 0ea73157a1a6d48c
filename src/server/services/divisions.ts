import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { countRows, deleteBlocked, resolveMainId } from './access.ts';
import { searchPage } from './search-match.ts';
import type { Page, Paging } from './search-match.ts';
import type { Division, DivisionUpdate, DivisionValues } from '../../lib/schemas/division.ts';

export type DivisionSort = 'order' | 'name' | '-name' | 'id' | '-id';

export interface DivisionQuery extends Paging {
  mainId?: number;
  q?: string;
  sort: DivisionSort;
}

function divisionQuery(db: Db | Tx) {
  return db
    .selectFrom('divisions')
    .selectAll('divisions')
    .select(
      sql<number>`(SELECT count(*) FROM teams WHERE teams.division_id = divisions.id)`.as(
        'team_count',
      ),
    );
}

type DivisionRow = Awaited<ReturnType<ReturnType<typeof divisionQuery>['executeTakeFirstOrThrow']>>;

const toDivision = (r: DivisionRow): Division => ({
  id: r.id,
  mainId: r.main_id,
  name: r.name,
  sortOrder: r.sort_order,
  teamCount: Number(r.team_count),
});

/** One page of divisions, in their display order unless asked otherwise. */
export async function listDivisions(db: Db, query: DivisionQuery): Promise<Page<Division>> {
  let qb = divisionQuery(db);
  if (query.mainId !== undefined) qb = qb.where('divisions.main_id', '=', query.mainId);
  switch (query.sort) {
    case 'order':
      qb = qb.orderBy('divisions.sort_order').orderBy('divisions.name');
      break;
    case 'name':
      qb = qb.orderBy('divisions.name');
      break;
    case '-name':
      qb = qb.orderBy('divisions.name', 'desc');
      break;
    case 'id':
      qb = qb.orderBy('divisions.id');
      break;
    case '-id':
      qb = qb.orderBy('divisions.id', 'desc');
      break;
  }
  const { rows, total } = await searchPage(
    qb,
    { q: query.q, columns: ['divisions.name'], texts: (r) => [r.name] },
    query,
  );
  return { items: rows.map(toDivision), total, offset: query.offset, limit: query.limit };
}

export async function getDivision(db: Db | Tx, id: number): Promise<Division> {
  const row = await divisionQuery(db).where('divisions.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('부');
  return toDivision(row);
}

async function assertUniqueName(tx: Tx, mainId: number, name: string, exceptId?: number) {
  let qb = tx
    .selectFrom('divisions')
    .select('id')
    .where('main_id', '=', mainId)
    .where('name', '=', name);
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  if (await qb.executeTakeFirst())
    throw new ApiError(409, '같은 이름의 부가 이미 있습니다.', {
      name: '같은 이름의 부가 이미 있습니다.',
    });
}

export async function createDivision(
  db: Db,
  actorId: number,
  input: DivisionValues,
): Promise<Division> {
  return writeTx(db, async (tx) => {
    const mainId = await resolveMainId(tx, input.mainId);
    await assertUniqueName(tx, mainId, input.name);
    const row = await tx
      .insertInto('divisions')
      .values({ main_id: mainId, name: input.name, sort_order: input.sortOrder })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'division',
      entityId: row.id,
      after: row,
    });
    return getDivision(tx, row.id);
  });
}

export async function updateDivision(
  db: Db,
  actorId: number,
  id: number,
  patch: DivisionUpdate,
): Promise<Division> {
  return writeTx(db, async (tx) => {
    const before = await tx
      .selectFrom('divisions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('부');
    if (patch.name !== undefined) await assertUniqueName(tx, before.main_id, patch.name, id);
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.sortOrder !== undefined ? { sort_order: patch.sortOrder } : {}),
    };
    // Nothing sent: nothing to change (and UPDATE … SET with no column is not SQL).
    if (Object.keys(set).length === 0) return getDivision(tx, id);
    const after = await tx
      .updateTable('divisions')
      .set(set)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'division',
      entityId: id,
      before,
      after,
    });
    return getDivision(tx, id);
  });
}

/** Deletes a division no team or league uses; otherwise 409 saying what blocks it. */
export async function deleteDivision(db: Db, actorId: number, id: number): Promise<{ id: number }> {
  return writeTx(db, async (tx) => {
    const before = await tx
      .selectFrom('divisions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('부');
    const blocked = deleteBlocked('부', [
      {
        what: '소속 팀',
        count: await countRows(
          tx,
          sql<{ n: number }>`SELECT count(*) AS n FROM teams WHERE division_id = ${id}`,
        ),
        unit: '개',
      },
      {
        what: '리그',
        count: await countRows(
          tx,
          sql<{ n: number }>`SELECT count(*) AS n FROM leagues WHERE division_id = ${id}`,
        ),
        unit: '개',
      },
    ]);
    if (blocked) throw blocked;
    await tx.deleteFrom('divisions').where('id', '=', id).execute();
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'division',
      entityId: id,
      before,
    });
    return { id };
  });
}
