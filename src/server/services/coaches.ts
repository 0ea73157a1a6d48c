import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { allPersonalFields } from '../auth/personal-fields.ts';
import type { PersonalScope } from '../auth/personal-fields.ts';
import { subjectOf } from '../auth/access-chain.ts';
import { writeTx } from '../db/database.ts';
import type { Row } from '../db/schema.ts';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { fileUrl } from './league-main.ts';
import { countRows, deleteBlocked, missingField, resolveMainId } from './access.ts';
import { assertCareerTeam } from './players.ts';
import { seoulToday } from '../../lib/seoul-date.ts';
import { searchPage } from './search-match.ts';
import type { Page, Paging } from './search-match.ts';
import { toDateMessage } from '../../lib/schemas/player.ts';
import type {
  Coach,
  CoachCareer,
  CoachCareerUpdate,
  CoachCareerValues,
  CoachUpdate,
  CoachValues,
} from '../../lib/schemas/coach.ts';

export type CoachSort = 'name' | '-name' | 'id' | '-id';

export interface CoachQuery extends Paging {
  mainId?: number;
  teamId?: number;
  q?: string;
  sort: CoachSort;
}

type CurrentTeam = Coach['currentTeams'][number];

const currentPeriod = (today: string) =>
  sql<boolean>`team_coaches.from_date <= ${today} AND (team_coaches.to_date IS NULL OR team_coaches.to_date >= ${today})`;

async function currentTeamsOf(
  db: Db | Tx,
  coachIds: number[],
): Promise<Map<number, CurrentTeam[]>> {
  const map = new Map<number, CurrentTeam[]>();
  if (coachIds.length === 0) return map;
  const rows = await db
    .selectFrom('team_coaches')
    .innerJoin('teams', 'teams.id', 'team_coaches.team_id')
    .select(['team_coaches.coach_id', 'team_coaches.team_id', 'teams.name', 'team_coaches.role'])
    .where('team_coaches.coach_id', 'in', coachIds)
    .where(currentPeriod(seoulToday()))
    .orderBy('team_coaches.from_date')
    .execute();
  for (const r of rows)
    map.set(r.coach_id, [
      ...(map.get(r.coach_id) ?? []),
      { teamId: r.team_id, teamName: r.name, role: r.role },
    ]);
  return map;
}

function toCoach(row: Row<'coaches'>, teams: CurrentTeam[], personal: PersonalScope): Coach {
  const detailed = personal(
    row.main_id,
    teams.map((t) => t.teamId),
    subjectOf('coach', row.id),
  );
  return {
    id: row.id,
    mainId: row.main_id,
    name: row.name,
    photo: fileUrl(row.photo),
    currentTeams: teams,
    ...(detailed ? { birthDate: row.birth_date, phone: row.phone, userId: row.user_id } : {}),
    ...(row.erased_at ? { erasedAt: row.erased_at } : {}),
  };
}

/** One page of coaches; `personal` says where to add birth date, phone and user link (auth/personal-fields.ts). */
export async function listCoaches(
  db: Db,
  query: CoachQuery,
  personal: PersonalScope,
): Promise<Page<Coach>> {
  let qb = db.selectFrom('coaches').selectAll('coaches');
  if (query.mainId !== undefined) qb = qb.where('coaches.main_id', '=', query.mainId);
  if (query.teamId !== undefined) {
    const teamId = query.teamId;
    qb = qb.where((eb) =>
      eb.exists(
        eb
          .selectFrom('team_coaches')
          .select('team_coaches.id')
          .whereRef('team_coaches.coach_id', '=', 'coaches.id')
          .where('team_coaches.team_id', '=', teamId)
          .where(currentPeriod(seoulToday())),
      ),
    );
  }
  const desc = query.sort.startsWith('-');
  qb = query.sort.endsWith('name')
    ? qb.orderBy('coaches.name', desc ? 'desc' : 'asc').orderBy('coaches.id', desc ? 'desc' : 'asc')
    : qb.orderBy('coaches.id', desc ? 'desc' : 'asc');
  const { rows, total } = await searchPage(
    qb,
    { q: query.q, columns: ['coaches.name'], texts: (r) => [r.name] },
    query,
  );
  const teams = await currentTeamsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toCoach(r, teams.get(r.id) ?? [], personal)),
    total,
    offset: query.offset,
    limit: query.limit,
  };
}

async function coachRow(db: Db | Tx, id: number): Promise<Row<'coaches'>> {
  const row = await db.selectFrom('coaches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('지도자');
  return row;
}

export async function getCoach(db: Db | Tx, id: number, personal: PersonalScope): Promise<Coach> {
  const row = await coachRow(db, id);
  return toCoach(row, (await currentTeamsOf(db, [id])).get(id) ?? [], personal);
}

export async function mainIdOfCoach(db: Db | Tx, id: number): Promise<number> {
  return (await coachRow(db, id)).main_id;
}

async function assertNotDuplicate(
  tx: Tx,
  mainId: number,
  name: string,
  birthDate: string | null,
  exceptId?: number,
) {
  let qb = tx
    .selectFrom('coaches')
    .select('id')
    .where('main_id', '=', mainId)
    .where('name', '=', name)
    .where('birth_date', 'is not distinct from', birthDate);
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  if (await qb.executeTakeFirst()) {
    const message = birthDate
      ? '같은 이름과 생년월일의 지도자가 이미 있습니다.'
      : '같은 이름의 지도자가 이미 있습니다. 동명이인이면 생년월일을 입력해 주세요.';
    throw new ApiError(409, message, { name: message });
  }
}

async function assertLinkable(tx: Tx, mainId: number, userId: number | null, exceptId?: number) {
  if (userId === null) return;
  if (!(await tx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()))
    throw missingField('userId', '회원');
  let qb = tx
    .selectFrom('coaches')
    .select('name')
    .where('main_id', '=', mainId)
    .where('user_id', '=', userId);
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  const other = await qb.executeTakeFirst();
  if (other) {
    const message = `이 회원은 이미 다른 지도자(${other.name})와 연결되어 있습니다.`;
    throw new ApiError(409, message, { userId: message });
  }
}

export async function createCoach(db: Db, actorId: number, input: CoachValues): Promise<Coach> {
  return writeTx(db, async (tx) => {
    const mainId = await resolveMainId(tx, input.mainId);
    await assertNotDuplicate(tx, mainId, input.name, input.birthDate);
    await assertLinkable(tx, mainId, input.userId);
    const row = await tx
      .insertInto('coaches')
      .values({
        main_id: mainId,
        name: input.name,
        birth_date: input.birthDate,
        phone: input.phone,
        photo: input.photo,
        user_id: input.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'coach',
      entityId: row.id,
      after: row,
    });
    return toCoach(row, [], allPersonalFields);
  });
}

export async function updateCoach(
  db: Db,
  actorId: number,
  id: number,
  patch: CoachUpdate,
): Promise<Coach> {
  return writeTx(db, async (tx) => {
    const before = await coachRow(tx, id);
    const name = patch.name ?? before.name;
    const birthDate = patch.birthDate === undefined ? before.birth_date : patch.birthDate;
    if (patch.name !== undefined || patch.birthDate !== undefined)
      await assertNotDuplicate(tx, before.main_id, name, birthDate, id);
    if (patch.userId !== undefined) await assertLinkable(tx, before.main_id, patch.userId, id);
    const after = await tx
      .updateTable('coaches')
      .set({
        name,
        birth_date: birthDate,
        ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
        ...(patch.photo !== undefined ? { photo: patch.photo } : {}),
        ...(patch.userId !== undefined ? { user_id: patch.userId } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'coach',
      entityId: id,
      before,
      after,
    });
    return toCoach(after, (await currentTeamsOf(tx, [id])).get(id) ?? [], allPersonalFields);
  });
}

/** Deletes a coach without league rosters or careers; otherwise 409 saying what blocks it. */
export async function deleteCoach(db: Db, actorId: number, id: number): Promise<{ id: number }> {
  return writeTx(db, async (tx) => {
    const before = await coachRow(tx, id);
    const blocked = deleteBlocked('지도자', [
      {
        what: '리그 명단',
        count: await countRows(
          tx,
          sql<{ n: number }>`SELECT count(*) AS n FROM league_coaches WHERE coach_id = ${id}`,
        ),
      },
      {
        what: '지도자 경력',
        count: await countRows(
          tx,
          sql<{ n: number }>`SELECT count(*) AS n FROM team_coaches WHERE coach_id = ${id}`,
        ),
      },
    ]);
    if (blocked) throw blocked;
    await tx.deleteFrom('coaches').where('id', '=', id).execute();
    await audit(tx, { userId: actorId, action: 'delete', entity: 'coach', entityId: id, before });
    return { id };
  });
}

// ── careers (team_coaches) ────────────────────────────────────────────────────────────────────

function careerQuery(db: Db | Tx) {
  return db
    .selectFrom('team_coaches')
    .innerJoin('teams', 'teams.id', 'team_coaches.team_id')
    .select([
      'team_coaches.id',
      'team_coaches.coach_id',
      'team_coaches.team_id',
      'team_coaches.role',
      'team_coaches.from_date',
      'team_coaches.to_date',
      'teams.name as team_name',
    ]);
}

type CareerRow = Awaited<ReturnType<ReturnType<typeof careerQuery>['executeTakeFirstOrThrow']>>;

function toCareer(r: CareerRow): CoachCareer {
  const today = seoulToday();
  return {
    id: r.id,
    coachId: r.coach_id,
    teamId: r.team_id,
    teamName: r.team_name,
    role: r.role,
    fromDate: r.from_date,
    toDate: r.to_date,
    current: r.from_date <= today && (r.to_date === null || r.to_date >= today),
  };
}

export async function listCoachCareers(db: Db, coachId: number): Promise<CoachCareer[]> {
  await coachRow(db, coachId);
  const rows = await careerQuery(db)
    .where('team_coaches.coach_id', '=', coachId)
    .orderBy('team_coaches.from_date', 'desc')
    .orderBy('team_coaches.id', 'desc')
    .execute();
  return rows.map(toCareer);
}

export async function getCoachCareer(
  db: Db | Tx,
  coachId: number,
  careerId: number,
): Promise<CoachCareer> {
  await coachRow(db, coachId);
  const row = await careerQuery(db)
    .where('team_coaches.id', '=', careerId)
    .where('team_coaches.coach_id', '=', coachId)
    .executeTakeFirst();
  if (!row) throw notFound('지도자 경력');
  return toCareer(row);
}

/** A coach may serve several teams at once, but not the same team twice in overlapping periods. */
async function assertNoOverlap(
  tx: Tx,
  coachId: number,
  teamId: number,
  fromDate: string,
  toDate: string | null,
  exceptId?: number,
) {
  let qb = careerQuery(tx)
    .where('team_coaches.coach_id', '=', coachId)
    .where('team_coaches.team_id', '=', teamId)
    .where((eb) =>
      eb.or([eb('team_coaches.to_date', 'is', null), eb('team_coaches.to_date', '>=', fromDate)]),
    );
  if (toDate !== null) qb = qb.where('team_coaches.from_date', '<=', toDate);
  if (exceptId !== undefined) qb = qb.where('team_coaches.id', '<>', exceptId);
  const other = await qb.executeTakeFirst();
  if (other) {
    const message = `같은 팀에 기간이 겹치는 경력이 있습니다: ${other.team_name} ${other.role} (${other.from_date} ~ ${other.to_date ?? '현재'})`;
    throw new ApiError(409, message, { fromDate: message });
  }
}

export async function addCoachCareer(
  db: Db,
  actorId: number,
  coachId: number,
  input: CoachCareerValues,
): Promise<CoachCareer> {
  return writeTx(db, async (tx) => {
    const coach = await coachRow(tx, coachId);
    await assertCareerTeam(tx, coach.main_id, input.teamId);
    await assertNoOverlap(tx, coachId, input.teamId, input.fromDate, input.toDate);
    const row = await tx
      .insertInto('team_coaches')
      .values({
        team_id: input.teamId,
        coach_id: coachId,
        role: input.role,
        from_date: input.fromDate,
        to_date: input.toDate,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'team_coach',
      entityId: row.id,
      after: row,
    });
    return getCoachCareer(tx, coachId, row.id);
  });
}

export async function updateCoachCareer(
  db: Db,
  actorId: number,
  coachId: number,
  careerId: number,
  patch: CoachCareerUpdate,
): Promise<CoachCareer> {
  return writeTx(db, async (tx) => {
    const coach = await coachRow(tx, coachId);
    const before = await getCoachCareer(tx, coachId, careerId);
    const next = {
      teamId: patch.teamId ?? before.teamId,
      role: patch.role ?? before.role,
      fromDate: patch.fromDate ?? before.fromDate,
      toDate: patch.toDate === undefined ? before.toDate : patch.toDate,
    };
    if (next.toDate !== null && next.toDate < next.fromDate)
      throw badRequest(toDateMessage, { toDate: toDateMessage });
    if (next.teamId !== before.teamId) await assertCareerTeam(tx, coach.main_id, next.teamId);
    await assertNoOverlap(tx, coachId, next.teamId, next.fromDate, next.toDate, careerId);
    await tx
      .updateTable('team_coaches')
      .set({
        team_id: next.teamId,
        role: next.role,
        from_date: next.fromDate,
        to_date: next.toDate,
      })
      .where('id', '=', careerId)
      .execute();
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'team_coach',
      entityId: careerId,
      before,
      after: next,
    });
    return getCoachCareer(tx, coachId, careerId);
  });
}

export async function deleteCoachCareer(
  db: Db,
  actorId: number,
  coachId: number,
  careerId: number,
): Promise<{ id: number }> {
  return writeTx(db, async (tx) => {
    const before = await getCoachCareer(tx, coachId, careerId);
    await tx.deleteFrom('team_coaches').where('id', '=', careerId).execute();
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'team_coach',
      entityId: careerId,
      before,
    });
    return { id: careerId };
  });
}
