import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import type { Row } from '../db/schema.ts';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeUserRefreshTokens } from '../auth/refresh-tokens.ts';
import { audit } from './audit.ts';
import { fileUrl } from './league-main.ts';
import { seoulToday } from '../../lib/seoul-date.ts';
import { searchPage } from './search-match.ts';
import type { Page, Paging } from './search-match.ts';
import type { User, UserProfile, UserUpdate, UserValues } from '../../lib/schemas/user.ts';

export type UserSort = 'name' | 'email' | 'id' | '-id';

export interface UserQuery extends Paging {
  q?: string;
  sort: UserSort;
  /** only accounts linked to no player and no coach */
  unregistered?: boolean;
  includeDisabled?: boolean;
}

type UserRow = Omit<Row<'users'>, 'password_hash'>;

const publicColumns = [
  'id',
  'email',
  'username',
  'nickname',
  'phone',
  'photo',
  'gender',
  'birthday',
  'is_admin',
  'disabled',
  'created_at',
  'updated_at',
  'erased_at',
] as const;

async function userRow(db: Db | Tx, id: number): Promise<UserRow> {
  const row = await db
    .selectFrom('users')
    .select(publicColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('회원');
  return row;
}

/** The profile of GET /api/user/{id}; never the password hash. */
export async function getProfile(db: Db, id: number): Promise<UserProfile> {
  const r = await userRow(db, id);
  return {
    userId: r.id,
    username: r.username,
    nickname: r.nickname,
    email: r.email,
    phone: r.phone,
    photo: fileUrl(r.photo),
    gender: r.gender,
    birthday: r.birthday,
    isAdmin: r.is_admin === 1,
  };
}

async function links(
  db: Db | Tx,
  ids: number[],
): Promise<{ players: Map<number, number[]>; coaches: Map<number, number[]> }> {
  const players = new Map<number, number[]>();
  const coaches = new Map<number, number[]>();
  if (ids.length === 0) return { players, coaches };
  for (const r of await db
    .selectFrom('players')
    .select(['id', 'user_id'])
    .where('user_id', 'in', ids)
    .orderBy('id')
    .execute()) {
    players.set(r.user_id!, [...(players.get(r.user_id!) ?? []), r.id]);
  }
  for (const r of await db
    .selectFrom('coaches')
    .select(['id', 'user_id'])
    .where('user_id', 'in', ids)
    .orderBy('id')
    .execute()) {
    coaches.set(r.user_id!, [...(coaches.get(r.user_id!) ?? []), r.id]);
  }
  return { players, coaches };
}

async function toUsers(db: Db | Tx, rows: UserRow[]): Promise<User[]> {
  const linked = await links(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    username: r.username,
    nickname: r.nickname,
    phone: r.phone,
    photo: fileUrl(r.photo),
    gender: r.gender,
    birthday: r.birthday,
    isAdmin: r.is_admin === 1,
    disabled: r.disabled === 1,
    createdAt: r.created_at,
    playerIds: linked.players.get(r.id) ?? [],
    coachIds: linked.coaches.get(r.id) ?? [],
    ...(r.erased_at ? { erasedAt: r.erased_at } : {}),
  }));
}

/** One page of accounts; `q` searches e-mail, name and nickname. */
export async function listUsers(db: Db, query: UserQuery): Promise<Page<User>> {
  let qb = db.selectFrom('users').select(publicColumns.map((c) => `users.${c}` as const));
  if (!query.includeDisabled) qb = qb.where('users.disabled', '=', 0);
  if (query.unregistered) {
    qb = qb.where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom('players')
              .select('players.id')
              .whereRef('players.user_id', '=', 'users.id'),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('coaches')
              .select('coaches.id')
              .whereRef('coaches.user_id', '=', 'users.id'),
          ),
        ),
      ]),
    );
  }
  switch (query.sort) {
    case 'name':
      qb = qb.orderBy('users.username').orderBy('users.id');
      break;
    case 'email':
      qb = qb.orderBy('users.email');
      break;
    case 'id':
      qb = qb.orderBy('users.id');
      break;
    case '-id':
      qb = qb.orderBy('users.id', 'desc');
      break;
  }
  const { rows, total } = await searchPage(
    qb,
    {
      q: query.q,
      columns: ['users.email', 'users.username', 'users.nickname'],
      texts: (r) => [r.email, r.username, r.nickname],
    },
    query,
  );
  return { items: await toUsers(db, rows), total, offset: query.offset, limit: query.limit };
}

export async function getUser(db: Db | Tx, id: number): Promise<User> {
  return (await toUsers(db, [await userRow(db, id)]))[0];
}

async function assertEmailFree(tx: Tx, email: string, exceptId?: number) {
  let qb = tx.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  if (await qb.executeTakeFirst())
    throw new ApiError(409, '이미 등록된 이메일입니다.', { email: '이미 등록된 이메일입니다.' });
}

const audited = (row: UserRow) => ({ ...row });

export async function createUser(db: Db, actorId: number, input: UserValues): Promise<User> {
  // Hashing is slow: do it before the write transaction takes the lock.
  const passwordHash = await hashPassword(input.password);
  return writeTx(db, async (tx) => {
    await assertEmailFree(tx, input.email);
    const { id } = await tx
      .insertInto('users')
      .values({
        email: input.email,
        password_hash: passwordHash,
        username: input.username,
        nickname: input.nickname,
        phone: input.phone,
        photo: input.photo,
        gender: input.gender,
        birthday: input.birthday,
        is_admin: input.isAdmin ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await userRow(tx, id);
    await audit(tx, {
      userId: actorId,
      action: 'create',
      entity: 'user',
      entityId: id,
      after: audited(after),
    });
    return getUser(tx, id);
  });
}

/** Changes an account; disabling it or setting a new password ends its sign-ins (refresh tokens). */
export async function updateUser(
  db: Db,
  actorId: number,
  id: number,
  patch: UserUpdate,
): Promise<User> {
  if (id === actorId && patch.isAdmin === false) {
    throw badRequest('자기 자신의 관리자 권한은 해제할 수 없습니다.', {
      isAdmin: '자기 자신의 관리자 권한은 해제할 수 없습니다.',
    });
  }
  if (id === actorId && patch.disabled === true) {
    throw badRequest('자기 자신은 사용 중지할 수 없습니다.', {
      disabled: '자기 자신은 사용 중지할 수 없습니다.',
    });
  }
  const passwordHash =
    patch.password === undefined ? undefined : await hashPassword(patch.password);
  return writeTx(db, async (tx) => {
    const before = await userRow(tx, id);
    if (patch.email !== undefined) await assertEmailFree(tx, patch.email, id);
    const set = {
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
      ...(patch.username !== undefined ? { username: patch.username } : {}),
      ...(patch.nickname !== undefined ? { nickname: patch.nickname } : {}),
      ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
      ...(patch.photo !== undefined ? { photo: patch.photo } : {}),
      ...(patch.gender !== undefined ? { gender: patch.gender } : {}),
      ...(patch.birthday !== undefined ? { birthday: patch.birthday } : {}),
      ...(patch.isAdmin !== undefined
        ? { is_admin: patch.isAdmin ? (1 as const) : (0 as const) }
        : {}),
      ...(patch.disabled !== undefined
        ? { disabled: patch.disabled ? (1 as const) : (0 as const) }
        : {}),
    };
    await tx
      .updateTable('users')
      .set({ ...set, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    if (passwordHash !== undefined || (patch.disabled === true && before.disabled === 0)) {
      await revokeUserRefreshTokens(tx, id);
    }
    const after = await userRow(tx, id);
    await audit(tx, {
      userId: actorId,
      action: 'update',
      entity: 'user',
      entityId: id,
      before: audited(before),
      after: { ...audited(after), ...(passwordHash ? { passwordChanged: true } : {}) },
    });
    return getUser(tx, id);
  });
}

export interface UserTeamPlayer {
  teamId: number;
  leagueMains: number[];
  playerId: number;
  current: boolean;
}

/**
 * The team-player entries of the players linked to the user: every team the player has a career
 * or a league roster with, with the associations whose leagues or teams they count for; current
 * teams first.
 */
export async function userTeamPlayers(db: Db, userId: number): Promise<UserTeamPlayer[]> {
  await userRow(db, userId);
  const today = seoulToday();
  const careers = await db
    .selectFrom('team_players')
    .innerJoin('players', 'players.id', 'team_players.player_id')
    .innerJoin('teams', 'teams.id', 'team_players.team_id')
    .select([
      'team_players.player_id',
      'team_players.team_id',
      'teams.main_id',
      'team_players.from_date',
      'team_players.to_date',
    ])
    .where('players.user_id', '=', userId)
    .execute();
  const rosters = await db
    .selectFrom('league_players')
    .innerJoin('players', 'players.id', 'league_players.player_id')
    .innerJoin('leagues', 'leagues.id', 'league_players.league_id')
    .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
    .select(['league_players.player_id', 'league_players.team_id', 'seasons.main_id'])
    .where('players.user_id', '=', userId)
    .execute();
  const entries = new Map<string, UserTeamPlayer>();
  const entry = (playerId: number, teamId: number) => {
    const key = `${playerId}:${teamId}`;
    const found = entries.get(key) ?? { teamId, leagueMains: [], playerId, current: false };
    entries.set(key, found);
    return found;
  };
  for (const c of careers) {
    const e = entry(c.player_id, c.team_id);
    if (!e.leagueMains.includes(c.main_id)) e.leagueMains.push(c.main_id);
    if (c.from_date <= today && (c.to_date === null || c.to_date >= today)) e.current = true;
  }
  for (const r of rosters) {
    const e = entry(r.player_id, r.team_id);
    if (!e.leagueMains.includes(r.main_id)) e.leagueMains.push(r.main_id);
  }
  return [...entries.values()].sort(
    (a, b) => Number(b.current) - Number(a.current) || a.teamId - b.teamId,
  );
}

/** Who a player or coach record is linked to now, for linking an unregistered account. */
export async function linkTarget(
  db: Db,
  link: { playerId?: number; coachId?: number },
): Promise<{ kind: 'player' | 'coach'; id: number; mainId: number; userId: number | null }> {
  if (link.playerId !== undefined) {
    const row = await db
      .selectFrom('players')
      .select(['id', 'main_id', 'user_id'])
      .where('id', '=', link.playerId)
      .executeTakeFirst();
    if (!row)
      throw badRequest('선수를 찾을 수 없습니다.', { playerId: '선수를 찾을 수 없습니다.' });
    return { kind: 'player', id: row.id, mainId: row.main_id, userId: row.user_id };
  }
  const row = await db
    .selectFrom('coaches')
    .select(['id', 'main_id', 'user_id'])
    .where('id', '=', link.coachId!)
    .executeTakeFirst();
  if (!row)
    throw badRequest('지도자를 찾을 수 없습니다.', { coachId: '지도자를 찾을 수 없습니다.' });
  return { kind: 'coach', id: row.id, mainId: row.main_id, userId: row.user_id };
}
