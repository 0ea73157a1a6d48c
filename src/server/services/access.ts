import type { RawBuilder } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import type { ManagerGrade } from '../db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '../http/api-error.ts';
import { DEFAULT_ASSOCIATION } from '../db/default-association.ts';
import { audit } from './audit.ts';
import { gradeName } from './league-main.ts';
import { josa } from '../../lib/validation/index.ts';
import type { BoardRole, LeagueManager } from '../../lib/schemas/user.ts';
import type { TeamManager } from '../../lib/schemas/team.ts';

/** 400 for a body field naming something that does not exist: '부를 찾을 수 없습니다.' under that field. */
export const missingField = (field: string, what: string) => {
  const message = `${josa(what, '을/를')} 찾을 수 없습니다.`;
  return badRequest(message, { [field]: message });
};

/** The association a new record goes to: the one given (400 when unknown) or the default association (sbsa). */
export async function resolveMainId(db: Db | Tx, mainId: number | undefined): Promise<number> {
  if (mainId !== undefined) {
    const row = await db
      .selectFrom('league_main')
      .select('id')
      .where('id', '=', mainId)
      .executeTakeFirst();
    if (!row) throw missingField('mainId', '협회');
    return row.id;
  }
  const row = await db
    .selectFrom('league_main')
    .select('id')
    .orderBy((eb) => eb('path', '=', DEFAULT_ASSOCIATION.path), 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw notFound('협회');
  return row.id;
}

export async function assertMain(db: Db | Tx, mainId: number): Promise<void> {
  const row = await db
    .selectFrom('league_main')
    .select('id')
    .where('id', '=', mainId)
    .executeTakeFirst();
  if (!row) throw notFound('협회');
}

type UserRow = { id: number; is_admin: 0 | 1; disabled: 0 | 1 };

async function userRow(db: Db | Tx, userId: number): Promise<UserRow> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'is_admin', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('회원');
  return row;
}

async function gradeOf(db: Db | Tx, userId: number, mainId: number): Promise<ManagerGrade | null> {
  const row = await db
    .selectFrom('league_managers')
    .select('grade')
    .where('user_id', '=', userId)
    .where('main_id', '=', mainId)
    .executeTakeFirst();
  return row?.grade ?? null;
}

/**
 * The league-manager check: `result` tells whether the user may enter the association's admin
 * screens, `grade` is the user's grade there. Site admins pass with their own grade or, without
 * one, grade 1 (they may do everything). Disabled accounts never pass.
 */
export async function leagueManagerAccess(
  db: Db,
  mainId: number,
  userId: number,
): Promise<{ result: boolean; grade: ManagerGrade | null }> {
  await assertMain(db, mainId);
  const user = await userRow(db, userId);
  if (user.disabled) return { result: false, grade: null };
  const grade = await gradeOf(db, userId, mainId);
  if (user.is_admin) return { result: true, grade: grade ?? 1 };
  return { result: grade !== null, grade };
}

/** The team-manager check: site admins, 협회 관리자 of the team's association and the team's own managers. */
export async function teamAccess(db: Db, teamId: number, userId: number): Promise<boolean> {
  const team = await db
    .selectFrom('teams')
    .select('main_id')
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw notFound('팀');
  const user = await userRow(db, userId);
  if (user.disabled) return false;
  if (user.is_admin) return true;
  if ((await gradeOf(db, userId, team.main_id)) === 1) return true;
  const row = await db
    .selectFrom('team_managers')
    .select('id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ManagedLeague {
  mainId: number;
  path: string;
  name: string;
  shortName: string;
  grade: ManagerGrade;
  gradeName: string;
}

/** The associations the user manages with the grade in each; site admins get every association (grade 1 unless set). */
export async function managedLeagues(db: Db, userId: number): Promise<ManagedLeague[]> {
  const user = await userRow(db, userId);
  if (user.disabled) return [];
  const rows = await db
    .selectFrom('league_main')
    .leftJoin('league_managers', (join) =>
      join
        .onRef('league_managers.main_id', '=', 'league_main.id')
        .on('league_managers.user_id', '=', userId),
    )
    .select([
      'league_main.id',
      'league_main.path',
      'league_main.name',
      'league_main.short_name',
      'league_managers.grade',
    ])
    .orderBy('league_main.id')
    .execute();
  return rows.flatMap((row) => {
    const grade = row.grade ?? (user.is_admin ? 1 : null);
    if (grade === null) return [];
    return [
      {
        mainId: row.id,
        path: row.path,
        name: row.name,
        shortName: row.short_name,
        grade,
        gradeName: gradeName(grade),
      },
    ];
  });
}

export type BoardRoleName = 'read' | 'write' | 'admin';

/**
 * The user's role on a board of the association: the role given on that board, otherwise the one
 * that follows from the user's standing (site admin and 협회 관리자 → admin, 리그 운영자 → write), or null.
 */
export async function boardRoleOf(
  db: Db,
  mainId: number,
  board: string,
  userId: number,
): Promise<{ role: BoardRoleName; source: 'board' | 'admin' | 'grade' } | null> {
  await assertMain(db, mainId);
  const user = await userRow(db, userId);
  if (user.disabled) return null;
  const row = await db
    .selectFrom('board_roles')
    .select('role')
    .where('main_id', '=', mainId)
    .where('board', '=', board)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row) return { role: row.role, source: 'board' };
  if (user.is_admin) return { role: 'admin', source: 'admin' };
  const grade = await gradeOf(db, userId, mainId);
  if (grade === 1) return { role: 'admin', source: 'grade' };
  if (grade === 2) return { role: 'write', source: 'grade' };
  return null;
}

// ── managers of an association ────────────────────────────────────────────────────────────────

const userColumns = ['users.email', 'users.username', 'users.nickname'] as const;

/** The association's managers; their e-mail addresses only `withEmail` (auth/personal-fields.ts). */
export async function listManagers(
  db: Db,
  mainId: number,
  withEmail: boolean,
): Promise<LeagueManager[]> {
  await assertMain(db, mainId);
  const rows = await db
    .selectFrom('league_managers')
    .innerJoin('users', 'users.id', 'league_managers.user_id')
    .select([
      'league_managers.main_id',
      'league_managers.user_id',
      'league_managers.grade',
      ...userColumns,
    ])
    .where('league_managers.main_id', '=', mainId)
    .orderBy('league_managers.grade')
    .orderBy('users.username')
    .execute();
  return rows.map((r) => ({
    mainId: r.main_id,
    userId: r.user_id,
    grade: r.grade,
    gradeName: gradeName(r.grade),
    email: withEmail ? r.email : null,
    username: r.username,
    nickname: r.nickname,
  }));
}

async function managerOf(
  db: Db | Tx,
  mainId: number,
  userId: number,
): Promise<LeagueManager | undefined> {
  return (await listManagers(db as Db, mainId, true)).find((m) => m.userId === userId);
}

/** A user who can be given a role: exists (400 on the body field, or 404 for a path id) and is not disabled. */
async function assignableUser(
  db: Db | Tx,
  userId: number,
  from: 'body' | 'path' = 'body',
): Promise<void> {
  const row = await db
    .selectFrom('users')
    .select('disabled')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw from === 'body' ? missingField('userId', '회원') : notFound('회원');
  if (row.disabled)
    throw badRequest('사용 중지된 회원에게는 권한을 줄 수 없습니다.', {
      userId: '사용 중지된 회원입니다.',
    });
}

export async function grantManager(
  db: Db,
  actorId: number,
  mainId: number,
  input: { userId: number; grade: ManagerGrade },
): Promise<LeagueManager> {
  return writeTx(db, async (tx) => {
    await assertMain(tx, mainId);
    await assignableUser(tx, input.userId);
    if (await gradeOf(tx, input.userId, mainId)) {
      throw new ApiError(
        409,
        '이미 이 협회의 관리자입니다. 등급을 바꾸려면 등급 변경을 이용해 주세요.',
        { userId: '이미 이 협회의 관리자입니다.' },
      );
    }
    await tx
      .insertInto('league_managers')
      .values({ main_id: mainId, user_id: input.userId, grade: input.grade })
      .execute();
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'league_manager',
      entityId: `${mainId}:${input.userId}`,
      after: input,
    });
    return (await managerOf(tx, mainId, input.userId))!;
  });
}

export async function changeManagerGrade(
  db: Db,
  actorId: number,
  mainId: number,
  userId: number,
  grade: ManagerGrade,
): Promise<LeagueManager> {
  return writeTx(db, async (tx) => {
    await assertMain(tx, mainId);
    const before = await gradeOf(tx, userId, mainId);
    if (before === null) throw notFound('관리자');
    await tx
      .updateTable('league_managers')
      .set({ grade })
      .where('main_id', '=', mainId)
      .where('user_id', '=', userId)
      .execute();
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'league_manager',
      entityId: `${mainId}:${userId}`,
      before: { grade: before },
      after: { grade },
    });
    return (await managerOf(tx, mainId, userId))!;
  });
}

export async function revokeManager(
  db: Db,
  actorId: number,
  mainId: number,
  userId: number,
): Promise<{ mainId: number; userId: number }> {
  return writeTx(db, async (tx) => {
    await assertMain(tx, mainId);
    const before = await gradeOf(tx, userId, mainId);
    if (before === null) throw notFound('관리자');
    await tx
      .deleteFrom('league_managers')
      .where('main_id', '=', mainId)
      .where('user_id', '=', userId)
      .execute();
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'league_manager',
      entityId: `${mainId}:${userId}`,
      before: { grade: before },
    });
    return { mainId, userId };
  });
}

// ── team managers ─────────────────────────────────────────────────────────────────────────────

/** A team's managers; their e-mail addresses only `withEmail` (auth/personal-fields.ts). */
export async function listTeamManagers(
  db: Db | Tx,
  teamId: number,
  withEmail: boolean,
): Promise<TeamManager[]> {
  const rows = await db
    .selectFrom('team_managers')
    .innerJoin('users', 'users.id', 'team_managers.user_id')
    .select(['team_managers.team_id', 'team_managers.user_id', ...userColumns])
    .where('team_managers.team_id', '=', teamId)
    .orderBy('users.username')
    .execute();
  return rows.map((r) => ({
    teamId: r.team_id,
    userId: r.user_id,
    email: withEmail ? r.email : null,
    username: r.username,
    nickname: r.nickname,
  }));
}

export async function addTeamManager(
  db: Db,
  actorId: number,
  teamId: number,
  userId: number,
): Promise<TeamManager> {
  return writeTx(db, async (tx) => {
    await assignableUser(tx, userId);
    const existing = await tx
      .selectFrom('team_managers')
      .select('id')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing)
      throw new ApiError(409, '이미 이 팀의 관리자입니다.', {
        userId: '이미 이 팀의 관리자입니다.',
      });
    await tx.insertInto('team_managers').values({ team_id: teamId, user_id: userId }).execute();
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'team_manager',
      entityId: `${teamId}:${userId}`,
    });
    return (await listTeamManagers(tx, teamId, true)).find((m) => m.userId === userId)!;
  });
}

export async function removeTeamManager(
  db: Db,
  actorId: number,
  teamId: number,
  userId: number,
): Promise<{ teamId: number; userId: number }> {
  return writeTx(db, async (tx) => {
    const result = await tx
      .deleteFrom('team_managers')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('팀 관리자');
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'team_manager',
      entityId: `${teamId}:${userId}`,
    });
    return { teamId, userId };
  });
}

// ── board roles ───────────────────────────────────────────────────────────────────────────────

export async function listBoardRoles(
  db: Db | Tx,
  mainId: number,
  board: string,
): Promise<BoardRole[]> {
  await assertMain(db, mainId);
  const rows = await db
    .selectFrom('board_roles')
    .innerJoin('users', 'users.id', 'board_roles.user_id')
    .select([
      'board_roles.main_id',
      'board_roles.board',
      'board_roles.user_id',
      'board_roles.role',
      ...userColumns,
    ])
    .where('board_roles.main_id', '=', mainId)
    .where('board_roles.board', '=', board)
    .orderBy('users.username')
    .execute();
  return rows.map((r) => ({
    mainId: r.main_id,
    board: r.board,
    userId: r.user_id,
    role: r.role,
    email: r.email,
    username: r.username,
    nickname: r.nickname,
  }));
}

/** Gives or changes a user's role on a board (idempotent). */
export async function setBoardRole(
  db: Db,
  actorId: number,
  mainId: number,
  board: string,
  userId: number,
  role: BoardRoleName,
): Promise<BoardRole> {
  return writeTx(db, async (tx) => {
    await assertMain(tx, mainId);
    await assignableUser(tx, userId, 'path');
    const before = await tx
      .selectFrom('board_roles')
      .select('role')
      .where('main_id', '=', mainId)
      .where('board', '=', board)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await tx
      .insertInto('board_roles')
      .values({ main_id: mainId, board, user_id: userId, role })
      .onConflict((oc) => oc.columns(['main_id', 'board', 'user_id']).doUpdateSet({ role }))
      .execute();
    await audit(tx, {
      userId: actorId,
      action: before ? 'update' : 'create',
      entity: 'board_role',
      entityId: `${mainId}:${board}:${userId}`,
      before,
      after: { role },
    });
    return (await listBoardRoles(tx, mainId, board)).find((r) => r.userId === userId)!;
  });
}

export async function removeBoardRole(
  db: Db,
  actorId: number,
  mainId: number,
  board: string,
  userId: number,
): Promise<{ mainId: number; board: string; userId: number }> {
  return writeTx(db, async (tx) => {
    await assertMain(tx, mainId);
    const before = await tx
      .selectFrom('board_roles')
      .select('role')
      .where('main_id', '=', mainId)
      .where('board', '=', board)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!before) throw notFound('게시판 권한');
    await tx
      .deleteFrom('board_roles')
      .where('main_id', '=', mainId)
      .where('board', '=', board)
      .where('user_id', '=', userId)
      .execute();
    await audit(tx, {
      userId: actorId,
      action: 'delete',
      entity: 'board_role',
      entityId: `${mainId}:${board}:${userId}`,
      before,
    });
    return { mainId, board, userId };
  });
}

/** A conflict naming what blocks a delete: '경기 기록이 있는 선수는 삭제할 수 없습니다. (경기 기록 12건, 선수 경력 2건)'. */
export function deleteBlocked(
  subject: string,
  blockers: Array<{ what: string; count: number; unit?: string }>,
): ApiError | null {
  const found = blockers.filter((b) => b.count > 0);
  if (found.length === 0) return null;
  const details = found.map((b) => `${b.what} ${b.count}${b.unit ?? '건'}`).join(', ');
  return conflict(
    `${josa(found[0].what, '이/가')} 있는 ${josa(subject, '은/는')} 삭제할 수 없습니다. (${details})`,
  );
}

/** Runs a `SELECT count(*) AS n …` and returns n. */
export async function countRows(db: Db | Tx, query: RawBuilder<{ n: number }>): Promise<number> {
  const result = await query.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
