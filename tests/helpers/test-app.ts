import { mkdtempSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { bootstrap } from '../../src/server/bootstrap.ts';
import { createApp } from '../../src/server/app.ts';
import { signAccessToken } from '../../src/server/auth/access-token.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { issueRefreshToken } from '../../src/server/auth/refresh-tokens.ts';
import type { Db } from '../../src/server/db/database.ts';
import type { ManagerGrade } from '../../src/server/db/schema.ts';
import type { JsonAnswer } from './json-answer.ts';
import { rawSql } from './raw-sql.ts';
import { freshPgDatabase, pgServer } from './pg-database.ts';
import type { PgTestDatabase } from './pg-database.ts';
import { changeRows, lastChangeId, pendingChanges } from '../../src/server/publish/change-feed.ts';
import type { ChangeRow } from '../../src/server/publish/change-map.ts';

export const adminCredentials = { email: 'admin@sbsa.kr', password: 'admin-password-1' };

export interface ApiResponse<T = JsonAnswer> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A real app on its own SQLite file in a temp folder, or, in a PostgreSQL run
 * (vitest.api-pg.config.ts), on a database of its own on the run's cluster; `seed` fills it with
 * the demo association.
 */
export async function createTestApp(
  options: { seed?: (db: Db) => Promise<void>; env?: Record<string, string> } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-test-'));
  const server = pgServer();
  const pgDatabase: PgTestDatabase | null = server ? await freshPgDatabase(server) : null;
  const config = loadConfig({
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    DATA_DIR: dir,
    SEED_DEMO: options.seed ? '1' : '0',
    JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
    ADMIN_EMAIL: adminCredentials.email,
    ADMIN_PASSWORD: adminCredentials.password,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const opened = await bootstrap(config, { seed: options.seed });
  /** how often the app told the publisher a write request was done, and a form was opened */
  const signals = { committed: 0, expected: 0 };
  const app = createApp({
    db: opened.db,
    sqlite: opened.sqlite,
    config,
    publishing: {
      committed: () => {
        signals.committed++;
      },
      expected: () => {
        signals.expected++;
      },
    },
  });
  /** the newest row of the change record already taken (docs/decisions/150) */
  let changesTaken = await lastChangeId(opened.db);
  const main = await opened.db
    .selectFrom('league_main')
    .selectAll()
    .where('path', '=', 'sbsa')
    .executeTakeFirstOrThrow();

  async function api<T = JsonAnswer>(
    method: string,
    path: string,
    init: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      rawBody?: BodyInit;
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: BodyInit | undefined = init.rawBody;
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** Creates a user with optional roles and returns a valid access token for it. */
  async function makeUser(spec: {
    email: string;
    admin?: boolean;
    grade?: ManagerGrade;
    teamId?: number;
    password?: string;
  }) {
    const user = await opened.db
      .insertInto('users')
      .values({
        email: spec.email,
        password_hash: await hashPassword(spec.password ?? 'password-1234'),
        username: spec.email.split('@')[0],
        nickname: spec.email.split('@')[0],
        is_admin: spec.admin ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (spec.grade)
      await opened.db
        .insertInto('league_managers')
        .values({ main_id: main.id, user_id: user.id, grade: spec.grade })
        .execute();
    if (spec.teamId)
      await opened.db
        .insertInto('team_managers')
        .values({ team_id: spec.teamId, user_id: user.id })
        .execute();
    const token = await tokenFor({ id: user.id, email: spec.email, isAdmin: !!spec.admin });
    return { id: user.id, token };
  }

  /** A valid access token of a new sign-in of the user, as a login would give. */
  async function tokenFor(
    user: { id: number; email: string; isAdmin: boolean },
    ttlSeconds = 900,
  ): Promise<string> {
    const { sessionId } = await issueRefreshToken(opened.db, user.id);
    return signAccessToken(user, sessionId, config.jwtSecret, ttlSeconds);
  }

  async function adminToken(): Promise<string> {
    const res = await api('POST', '/api/auth/login', { body: adminCredentials });
    return res.body.data.access_token;
  }

  return {
    app,
    config,
    dir,
    main,
    signals,
    /**
     * The rows the change record got since the last call (or since the app was made), and what
     * the publisher makes of them (change-map.ts): change-keys.ts names, or null for every page.
     */
    async takeChanges(): Promise<{
      rows: ChangeRow[];
      tables: string[];
      changes: string[] | null;
    }> {
      const pending = await pendingChanges(opened.db, changesTaken);
      const rows = await changeRows(opened.db, changesTaken);
      changesTaken = pending?.upTo ?? changesTaken;
      return {
        rows,
        tables: [...new Set(rows.map((r) => r.table))].sort(),
        changes: pending ? pending.changes : [],
      };
    },
    api,
    makeUser,
    tokenFor,
    adminToken,
    db: opened.db,
    /** statements written with `?` placeholders, on the app's database whichever it is */
    sql: rawSql(opened.db),
    /** the PostgreSQL database the app runs on, or null on SQLite */
    databaseUrl: pgDatabase?.url ?? null,
    /** the SQLite connection, or null on PostgreSQL */
    sqliteIfAny: opened.sqlite,
    /** the SQLite connection; a test that reads it directly cannot run on PostgreSQL */
    get sqlite(): DatabaseSync {
      if (!opened.sqlite)
        throw new Error('this test reads the SQLite file directly; it has no PostgreSQL way yet');
      return opened.sqlite;
    },
    async close() {
      await opened.close();
      await pgDatabase?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
