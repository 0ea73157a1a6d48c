import type { Db } from '../db/database.ts';
import type { GameStatus, ManagerGrade } from '../db/schema.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { managerGrade } from '../auth/permissions.ts';
import { notFound } from '../http/api-error.ts';
import { listAuditLog } from './audit-log.ts';
import type { AuditLogEntry } from './audit-log.ts';
import { latestNightlyCheck, latestPublishRun } from './publish-status.ts';
import type { NightlyCheckRun, PublishRun } from './publish-status.ts';
import { DEFAULT_ASSOCIATION } from '../db/default-association.ts';

export const gameStatuses: GameStatus[] = [
  'scheduled',
  'final',
  'postponed',
  'cancelled',
  'forfeit',
  'suspended',
];

export interface Dashboard {
  main: { mainId: number; path: string; name: string };
  me: { userId: number; isAdmin: boolean; grade: ManagerGrade | null };
  activeSeason: { seasonId: number; seasonName: string; year: number } | null;
  counts: {
    teams: number;
    players: number;
    coaches: number;
    seasons: number;
    leagues: number;
    games: number;
    gamesByStatus: Record<GameStatus, number>;
    notices: number;
    users: number;
  };
  /** null when the user may not see the change log (only site admins and grades 1–2) */
  recentAudit: AuditLogEntry[] | null;
  latestPublish: PublishRun | null;
  /** the newest backup in the data folder, for those who may see the change log */
  lastBackup: { file: string; createdAt: string; bytes: number; reason: string } | null;
  /** the newest midnight check of the published pages, for those who may see the change log */
  nightlyCheck: NightlyCheckRun | null;
}

/** The association shown: the one asked for, or the default (`sbsa`, else the first). */
export async function resolveMain(db: Db, mainId: number | undefined) {
  let query = db.selectFrom('league_main').select(['id', 'path', 'name']);
  query =
    mainId === undefined
      ? query
          .orderBy((eb) =>
            eb.case().when('path', '=', DEFAULT_ASSOCIATION.path).then(0).else(1).end(),
          )
          .orderBy('id')
      : query.where('id', '=', mainId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('협회');
  return row;
}

const count = (row: { n: number | bigint | string } | undefined) => Number(row?.n ?? 0);

/** Everything the admin home shows at a glance for one association. */
export async function dashboard(
  db: Db,
  user: AuthUser,
  mainId: number | undefined,
  options: { auditLimit?: number; lastBackup?: () => Dashboard['lastBackup'] } = {},
): Promise<Dashboard> {
  const auditLimit = options.auditLimit ?? 10;
  const main = await resolveMain(db, mainId);
  const grade = await managerGrade(db, user.id, main.id);
  const [teams, players, coaches, seasons, leagues, notices, users, games, active] =
    await Promise.all([
      db
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('main_id', '=', main.id)
        .executeTakeFirst(),
      db
        .selectFrom('players')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('main_id', '=', main.id)
        .executeTakeFirst(),
      db
        .selectFrom('coaches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('main_id', '=', main.id)
        .executeTakeFirst(),
      db
        .selectFrom('seasons')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('main_id', '=', main.id)
        .executeTakeFirst(),
      db
        .selectFrom('leagues')
        .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('seasons.main_id', '=', main.id)
        .executeTakeFirst(),
      db
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('main_id', '=', main.id)
        .executeTakeFirst(),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('disabled', '=', 0)
        .executeTakeFirst(),
      db
        .selectFrom('games')
        .innerJoin('leagues', 'leagues.id', 'games.league_id')
        .innerJoin('seasons', 'seasons.id', 'leagues.season_id')
        .select(['games.status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('seasons.main_id', '=', main.id)
        .groupBy('games.status')
        .execute(),
      db
        .selectFrom('seasons')
        .select(['id', 'name', 'year'])
        .where('main_id', '=', main.id)
        .where('active', '=', 1)
        .executeTakeFirst(),
    ]);
  const gamesByStatus = Object.fromEntries(gameStatuses.map((s) => [s, 0])) as Record<
    GameStatus,
    number
  >;
  for (const row of games) gamesByStatus[row.status] = count(row);
  const mayReadAudit = user.isAdmin || grade === 1 || grade === 2;
  const recentAudit = mayReadAudit
    ? (await listAuditLog(db, { offset: 0, limit: auditLimit })).items
    : null;
  return {
    main: { mainId: main.id, path: main.path, name: main.name },
    me: { userId: user.id, isAdmin: user.isAdmin, grade },
    activeSeason: active
      ? { seasonId: active.id, seasonName: active.name, year: active.year }
      : null,
    counts: {
      teams: count(teams),
      players: count(players),
      coaches: count(coaches),
      seasons: count(seasons),
      leagues: count(leagues),
      games: Object.values(gamesByStatus).reduce((a, b) => a + b, 0),
      gamesByStatus,
      notices: count(notices),
      users: count(users),
    },
    recentAudit,
    latestPublish: await latestPublishRun(db),
    lastBackup: mayReadAudit ? (options.lastBackup?.() ?? null) : null,
    nightlyCheck: mayReadAudit ? await latestNightlyCheck(db) : null,
  };
}
