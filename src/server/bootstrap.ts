import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { Db, OpenedStore } from './db/database.ts';
import { openPostgres } from './db/open-postgres.ts';
import { hashPassword } from './auth/passwords.ts';
import { logger } from './logger.ts';
import { checkDataFolder, prepareDatabase, preparePostgres } from './ops/startup-checks.ts';
import { DEFAULT_ASSOCIATION } from './db/default-association.ts';
import { dataPaths } from './ops/data-paths.ts';

/**
 * Opens the database (the data folder's SQLite file, or PostgreSQL when `DATABASE_URL` names one),
 * migrates it, and makes sure the association and an admin exist.
 */
export async function bootstrap(
  config: Config,
  options: { seed?: (db: Db) => Promise<void> } = {},
): Promise<OpenedStore> {
  const paths = dataPaths(config.dataDir, config.sharedDir);
  checkDataFolder(config.dataDir);
  if (config.sharedDir !== config.dataDir) checkDataFolder(config.sharedDir);
  mkdirSync(paths.uploads, { recursive: true });
  const opened: OpenedStore = config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openDatabase(paths.dbFile, { migrate: false });
  // integrity check, backup before pending migrations, then the migrations
  const prepared =
    opened.kind === 'sqlite'
      ? prepareDatabase(opened.sqlite, config.sharedDir)
      : preparePostgres(opened.pool, { sharedDir: config.sharedDir, url: opened.url });
  await prepared.catch(async (err: Error) => {
    await opened.close();
    throw err;
  });
  const { db } = opened;
  const empty = (await db.selectFrom('league_main').select('id').executeTakeFirst()) === undefined;
  if (empty && config.SEED_DEMO && options.seed) {
    logger.info('seeding demo association');
    await options.seed(db);
  }
  if (
    (await db
      .selectFrom('league_main')
      .select('id')
      .where('path', '=', DEFAULT_ASSOCIATION.path)
      .executeTakeFirst()) === undefined
  ) {
    await db
      .insertInto('league_main')
      .values({
        path: DEFAULT_ASSOCIATION.path,
        name: DEFAULT_ASSOCIATION.name,
        short_name: DEFAULT_ASSOCIATION.shortName,
      })
      .execute();
  }
  await ensureAdmin(db, config);
  return opened;
}

/** Creates the first site admin when no admin exists; a generated password is printed once. */
export async function ensureAdmin(db: Db, config: Config): Promise<void> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', 1)
    .executeTakeFirst();
  if (admin) return;
  const generated = config.ADMIN_PASSWORD === undefined;
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', config.ADMIN_EMAIL)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({ is_admin: 1, password_hash: await hashPassword(password), disabled: 0 })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await db
      .insertInto('users')
      .values({
        email: config.ADMIN_EMAIL,
        password_hash: await hashPassword(password),
        username: '관리자',
        nickname: '관리자',
        is_admin: 1,
      })
      .execute();
  }
  if (generated) {
    process.stdout.write(
      `\n  관리자 계정 / admin account: ${config.ADMIN_EMAIL}\n  비밀번호 / password: ${password}\n  (한 번만 표시됩니다 / shown only once)\n\n`,
    );
  }
}
