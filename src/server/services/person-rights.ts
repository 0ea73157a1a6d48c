import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import type { Row } from '../db/schema.ts';
import { notFound } from '../http/api-error.ts';
import { audit } from './audit.ts';
import { removeUploadFiles } from './uploads.ts';
import { seoulTimestamp } from '../../lib/seoul-date.ts';

/**
 * A person's rights over his data (개인정보 열람·삭제 요구, decision 148). A request names one
 * player, coach or member account; the records linked to it through the account link are the
 * same person and are answered together: an account with the players and coaches it is linked
 * to, a player or coach with his account and that account's other records.
 */
export type PersonKind = 'player' | 'coach' | 'user';

export const personNouns: Record<PersonKind, string> = {
  player: '선수',
  coach: '지도자',
  user: '회원',
};

/** The ids of the records of one person. */
export interface PersonRecords {
  playerIds: number[];
  coachIds: number[];
  userIds: number[];
  /** the associations of his players and coaches: who may handle the request */
  mainIds: number[];
}

/** The person a request names, with his linked records; 404 when there is no such record. */
export async function personRecords(db: Db, kind: PersonKind, id: number): Promise<PersonRecords> {
  // the subject's account: the account itself, or the one his player or coach record links to
  const subject =
    kind === 'user'
      ? await db.selectFrom('users').select('id as user_id').where('id', '=', id).executeTakeFirst()
      : await db
          .selectFrom(kind === 'player' ? 'players' : 'coaches')
          .select('user_id')
          .where('id', '=', id)
          .executeTakeFirst();
  if (!subject) throw notFound(personNouns[kind]);
  const userId = subject.user_id;
  /** the records of one table that are the subject himself or are linked to his account */
  const recordsOf = async (table: 'players' | 'coaches', own: PersonKind) => {
    const isSubject = kind === own;
    if (!isSubject && userId === null) return [];
    return db
      .selectFrom(table)
      .select(['id', 'main_id'])
      .where((eb) =>
        eb.or([
          ...(isSubject ? [eb('id', '=', id)] : []),
          ...(userId !== null ? [eb('user_id', '=', userId)] : []),
        ]),
      )
      .orderBy('id')
      .execute();
  };
  const [players, coaches] = await Promise.all([
    recordsOf('players', 'player'),
    recordsOf('coaches', 'coach'),
  ]);
  return {
    playerIds: players.map((r) => r.id),
    coachIds: coaches.map((r) => r.id),
    userIds: userId === null ? [] : [userId],
    mainIds: [...new Set([...players, ...coaches].map((r) => r.main_id))],
  };
}

const without = <T extends object, K extends keyof T>(row: T, key: K): Omit<T, K> => {
  const { [key]: _, ...rest } = row;
  return rest;
};

const inIds = (ids: number[]) => (ids.length > 0 ? ids : [0]);

/** Audit entries about the person's records. */
async function auditAbout(db: Db | Tx, people: PersonRecords) {
  const pairs: [string, number[]][] = [
    ['player', people.playerIds],
    ['coach', people.coachIds],
    ['user', people.userIds],
  ];
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or(
        pairs.map(([entity, ids]) =>
          eb.and([eb('entity', '=', entity), eb('entity_id', 'in', inIds(ids).map(String))]),
        ),
      ),
    )
    .orderBy('id')
    .execute();
}

/** Everything the portal holds about one person, as rows of its tables (열람). */
export async function personExport(db: Db, people: PersonRecords) {
  const { playerIds, coachIds, userIds } = people;
  const players = await db
    .selectFrom('players')
    .selectAll()
    .where('id', 'in', inIds(playerIds))
    .execute();
  const coaches = await db
    .selectFrom('coaches')
    .selectAll()
    .where('id', 'in', inIds(coachIds))
    .execute();
  const users = (
    await db.selectFrom('users').selectAll().where('id', 'in', inIds(userIds)).execute()
  ).map((u) => without(u, 'password_hash'));
  const photos = [...players, ...coaches, ...users].map((r) => r.photo).filter((p) => p !== null);
  const [
    playerCareers,
    coachCareers,
    playerRosters,
    coachRosters,
    batting,
    pitching,
    awards,
    leagueManagers,
    teamManagers,
    boardRoles,
    sessions,
    uploads,
    notices,
    loginFailures,
    auditEntries,
    auditBy,
  ] = await Promise.all([
    db
      .selectFrom('team_players')
      .innerJoin('teams', 'teams.id', 'team_players.team_id')
      .selectAll('team_players')
      .select('teams.name as team_name')
      .where('player_id', 'in', inIds(playerIds))
      .orderBy('from_date')
      .execute(),
    db
      .selectFrom('team_coaches')
      .innerJoin('teams', 'teams.id', 'team_coaches.team_id')
      .selectAll('team_coaches')
      .select('teams.name as team_name')
      .where('coach_id', 'in', inIds(coachIds))
      .orderBy('from_date')
      .execute(),
    db
      .selectFrom('league_players')
      .selectAll()
      .where('player_id', 'in', inIds(playerIds))
      .execute(),
    db.selectFrom('league_coaches').selectAll().where('coach_id', 'in', inIds(coachIds)).execute(),
    db
      .selectFrom('game_batting')
      .innerJoin('games', 'games.id', 'game_batting.game_id')
      .selectAll('game_batting')
      .select(['games.game_date', 'games.league_id'])
      .where('game_batting.player_id', 'in', inIds(playerIds))
      .orderBy('games.game_date')
      .execute(),
    db
      .selectFrom('game_pitching')
      .innerJoin('games', 'games.id', 'game_pitching.game_id')
      .selectAll('game_pitching')
      .select(['games.game_date', 'games.league_id'])
      .where('game_pitching.player_id', 'in', inIds(playerIds))
      .orderBy('games.game_date')
      .execute(),
    db.selectFrom('league_awards').selectAll().where('player_id', 'in', inIds(playerIds)).execute(),
    db.selectFrom('league_managers').selectAll().where('user_id', 'in', inIds(userIds)).execute(),
    db.selectFrom('team_managers').selectAll().where('user_id', 'in', inIds(userIds)).execute(),
    db.selectFrom('board_roles').selectAll().where('user_id', 'in', inIds(userIds)).execute(),
    // the sessions' times, never the hash of a token
    db
      .selectFrom('refresh_tokens')
      .select([
        'id',
        'user_id',
        'created_at',
        'expires_at',
        'absolute_expires_at',
        'revoked_at',
        'rotated_at',
      ])
      .where('user_id', 'in', inIds(userIds))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('uploads')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('created_by', 'in', inIds(userIds)),
          ...(photos.length > 0 ? [eb('path', 'in', photos)] : []),
        ]),
      )
      .orderBy('id')
      .execute(),
    db
      .selectFrom('notices')
      .select(['wr_id', 'main_id', 'title', 'author_id', 'author_name', 'draft', 'created_at'])
      .where('author_id', 'in', inIds(userIds))
      .orderBy('wr_id')
      .execute(),
    db
      .selectFrom('login_failures')
      .selectAll()
      .where('account', 'in', users.length > 0 ? users.map((u) => u.email.toLowerCase()) : [''])
      .where('kind', '!=', 'address')
      .execute(),
    auditAbout(db, people),
    db
      .selectFrom('audit_log')
      .selectAll()
      .where('user_id', 'in', inIds(userIds))
      .orderBy('id')
      .execute(),
  ]);
  return {
    players: players.map((p) => ({
      ...p,
      careers: playerCareers.filter((c) => c.player_id === p.id),
      leagueRosters: playerRosters.filter((r) => r.player_id === p.id),
      batting: batting.filter((r) => r.player_id === p.id),
      pitching: pitching.filter((r) => r.player_id === p.id),
      awards: awards.filter((r) => r.player_id === p.id),
    })),
    coaches: coaches.map((c) => ({
      ...c,
      careers: coachCareers.filter((r) => r.coach_id === c.id),
      leagueRosters: coachRosters.filter((r) => r.coach_id === c.id),
    })),
    accounts: users.map((u) => ({
      ...u,
      roles: {
        leagueManagers: leagueManagers.filter((r) => r.user_id === u.id),
        teamManagers: teamManagers.filter((r) => r.user_id === u.id),
        boardRoles: boardRoles.filter((r) => r.user_id === u.id),
      },
      sessions: sessions.filter((s) => s.user_id === u.id),
      notices: notices.filter((n) => n.author_id === u.id),
      loginFailures: loginFailures.filter((f) => f.account === u.email.toLowerCase()),
    })),
    uploads,
    audit: { about: auditEntries, by: auditBy },
  };
}

/** Keys of an audit entry's before/after that hold a personal field; erasure blanks them. */
const personalKeys = new Set([
  'birthDate',
  'birth_date',
  'birthday',
  'phone',
  'email',
  'photo',
  'userId',
  'user_id',
]);

function blankPersonal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(blankPersonal);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, personalKeys.has(k) ? null : blankPersonal(v)]),
    );
  return value;
}

const blankJson = (json: string | null) =>
  json === null ? null : JSON.stringify(blankPersonal(JSON.parse(json)));

/** What an erasure did, for the answer and the audit entry (never the erased values). */
export interface Erasure {
  players: number[];
  coaches: number[];
  accounts: number[];
  erasedAt: string;
}

/**
 * Erases the personal fields of one person on his request (삭제): birth date, phone, photo and
 * account link of his players and coaches; his accounts lose e-mail, phone, birthday, photo and
 * name, are disabled and signed out, and lose their roles. Names of players and coaches, careers
 * and game records stay: they are the association's public history. The audit entries about him
 * keep what was done and by whom, with the personal values blanked. The photos' files go after
 * the commit when nothing else shows them.
 */
export async function erasePerson(
  db: Db,
  sharedDir: string,
  people: PersonRecords,
  request: { actorId: number; reason: string },
): Promise<Erasure> {
  const erasedAt = seoulTimestamp();
  const { playerIds, coachIds, userIds } = people;
  const files = await writeTx(db, async (tx) => {
    const photos = [
      ...(await tx
        .selectFrom('players')
        .select('photo')
        .where('id', 'in', inIds(playerIds))
        .execute()),
      ...(await tx
        .selectFrom('coaches')
        .select('photo')
        .where('id', 'in', inIds(coachIds))
        .execute()),
      ...(await tx.selectFrom('users').select('photo').where('id', 'in', inIds(userIds)).execute()),
    ]
      .map((r) => r.photo)
      .filter((p) => p !== null);
    const emails = (
      await tx.selectFrom('users').select('email').where('id', 'in', inIds(userIds)).execute()
    ).map((u) => u.email.toLowerCase());
    await tx
      .updateTable('players')
      .set({ birth_date: null, photo: null, user_id: null, erased_at: erasedAt })
      .where('id', 'in', inIds(playerIds))
      .execute();
    await tx
      .updateTable('coaches')
      .set({ birth_date: null, phone: null, photo: null, user_id: null, erased_at: erasedAt })
      .where('id', 'in', inIds(coachIds))
      .execute();
    for (const id of userIds) {
      await tx
        .updateTable('users')
        .set({
          email: `erased-${id}@erased.invalid`,
          username: '삭제된 회원',
          nickname: '',
          phone: null,
          photo: null,
          gender: null,
          birthday: null,
          disabled: 1,
          // no password can match: the hash is replaced by random text that is not a hash
          password_hash: `erased:${randomBytes(16).toString('hex')}`,
          erased_at: erasedAt,
        })
        .where('id', '=', id)
        .execute();
    }
    if (userIds.length > 0) {
      await tx.deleteFrom('refresh_tokens').where('user_id', 'in', userIds).execute();
      await tx.deleteFrom('league_managers').where('user_id', 'in', userIds).execute();
      await tx.deleteFrom('team_managers').where('user_id', 'in', userIds).execute();
      await tx.deleteFrom('board_roles').where('user_id', 'in', userIds).execute();
      await tx
        .updateTable('players')
        .set({ user_id: null })
        .where('user_id', 'in', userIds)
        .execute();
      await tx
        .updateTable('coaches')
        .set({ user_id: null })
        .where('user_id', 'in', userIds)
        .execute();
    }
    if (emails.length > 0)
      await tx.deleteFrom('login_failures').where('account', 'in', emails).execute();
    for (const entry of await auditAbout(tx, people)) {
      await tx
        .updateTable('audit_log')
        .set({ before_json: blankJson(entry.before_json), after_json: blankJson(entry.after_json) })
        .where('id', '=', entry.id)
        .execute();
    }
    const removed = await unusedUploads(tx, photos);
    const erasure: Erasure = { players: playerIds, coaches: coachIds, accounts: userIds, erasedAt };
    await audit(tx, {
      userId: request.actorId,
      action: 'person-erased',
      entity: playerIds.length > 0 ? 'player' : coachIds.length > 0 ? 'coach' : 'user',
      entityId: playerIds[0] ?? coachIds[0] ?? userIds[0],
      after: { ...erasure, reason: request.reason },
    });
    return removed;
  });
  removeUploadFiles(sharedDir, files);
  return { players: playerIds, coaches: coachIds, accounts: userIds, erasedAt };
}

/** Deletes the upload rows of photos nothing shows any more (and their other sizes); their files. */
async function unusedUploads(tx: Tx, photos: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of new Set(photos)) {
    const shown = await Promise.all(
      (['players', 'coaches', 'users', 'teams'] as const).map((t) =>
        tx
          .selectFrom(t)
          .select('id')
          .where(t === 'teams' ? 'logo' : 'photo', '=', path)
          .executeTakeFirst(),
      ),
    );
    if (shown.some((r) => r !== undefined)) continue;
    const upload = await tx
      .selectFrom('uploads')
      .select(['id', 'path'])
      .where('path', '=', path)
      .executeTakeFirst();
    if (!upload) continue;
    const attached = await tx
      .selectFrom('notice_attachments')
      .select('upload_id')
      .where('upload_id', '=', upload.id)
      .executeTakeFirst();
    if (attached) continue;
    const variants = await tx
      .selectFrom('uploads')
      .select(['id', 'path'])
      .where('variant_of', '=', upload.id)
      .execute();
    const rows: Pick<Row<'uploads'>, 'id' | 'path'>[] = [...variants, upload];
    await tx
      .deleteFrom('uploads')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    files.push(...rows.map((r) => r.path));
  }
  return files;
}
