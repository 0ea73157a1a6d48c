import { mkdtempSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import type { OpenedDatabase } from '../../src/server/db/database.ts';
import { migrations } from '../../src/server/db/migrate.ts';
import * as changeRecord from '../../src/server/db/migrations/011-change-record.ts';
import { postgresChangeTriggers } from '../../src/server/db/change-triggers.ts';
import { WRITE_LOCK } from '../../src/server/db/write-order.ts';
import { freshPgDatabase, pgServer } from '../helpers/pg-database.ts';
import type { PgTestDatabase } from '../helpers/pg-database.ts';

/** What both databases must agree on, table by table. */
interface TableShape {
  /** column name → NOT NULL (primary-key columns count as NOT NULL, as PostgreSQL makes them) */
  columns: Record<string, boolean>;
  primaryKey: string[];
  /** each unique rule as its columns, with ` where …` marked for a partial one */
  unique: string[];
}

type Shape = Record<string, TableShape>;

function sqliteShape(sqlite: DatabaseSync): Shape {
  const tables = sqlite
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .all()
    .map((r) => String(r.name));
  const shape: Shape = {};
  for (const table of tables) {
    const info = sqlite.prepare(`PRAGMA table_xinfo("${table}")`).all() as {
      name: string;
      notnull: number;
      pk: number;
    }[];
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const unique = (
      sqlite.prepare(`PRAGMA index_list("${table}")`).all() as {
        name: string;
        unique: number;
        origin: string;
        partial: number;
      }[]
    )
      .filter((i) => i.unique === 1 && i.origin !== 'pk')
      .map((i) => {
        const cols = (
          sqlite.prepare(`PRAGMA index_info("${i.name}")`).all() as {
            seqno: number;
            name: string;
          }[]
        )
          .sort((a, b) => a.seqno - b.seqno)
          .map((c) => c.name);
        return `${cols.join(',')}${i.partial ? ' where' : ''}`;
      })
      .sort();
    shape[table] = {
      columns: Object.fromEntries(
        info.map((c) => [c.name, c.notnull === 1 || primaryKey.includes(c.name)]),
      ),
      primaryKey,
      unique,
    };
  }
  return shape;
}

async function postgresShape(client: pg.Client): Promise<Shape> {
  const columns = await client.query<{
    table_name: string;
    column_name: string;
    is_nullable: string;
  }>(
    `SELECT table_name, column_name, is_nullable FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  const indexes = await client.query<{
    table_name: string;
    primary: boolean;
    unique: boolean;
    partial: boolean;
    cols: string[];
  }>(
    `SELECT t.relname AS table_name, i.indisprimary AS primary, i.indisunique AS unique,
            i.indpred IS NOT NULL AS partial,
            array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, n)
                  JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                  ORDER BY k.n)::text[] AS cols
     FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
     JOIN pg_namespace s ON s.oid = t.relnamespace
     WHERE s.nspname = 'public'`,
  );
  const shape: Shape = {};
  for (const c of columns.rows) {
    shape[c.table_name] ??= { columns: {}, primaryKey: [], unique: [] };
    shape[c.table_name].columns[c.column_name] = c.is_nullable === 'NO';
  }
  for (const i of indexes.rows) {
    const table = shape[i.table_name];
    if (i.primary) table.primaryKey = i.cols;
    else if (i.unique) table.unique.push(`${i.cols.join(',')}${i.partial ? ' where' : ''}`);
  }
  for (const table of Object.values(shape)) table.unique.sort();
  return shape;
}

const sqliteIndexNames = (sqlite: DatabaseSync) =>
  sqlite
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
    )
    .all()
    .map((r) => String(r.name));

const server = pgServer();
let dir: string;
let lite: OpenedDatabase;
let database: PgTestDatabase;
let client: pg.Client;

beforeAll(async () => {
  if (!server) throw new Error('run with vitest.api-pg.config.ts (npm run test:api:pg)');
  dir = mkdtempSync(join(tmpdir(), 'sbsa-parity-'));
  lite = openDatabase(join(dir, 'sbsa.sqlite'));
  database = await freshPgDatabase(server);
  client = new pg.Client(database.url);
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
  await lite?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('one migration history on SQLite and PostgreSQL', () => {
  test('every migration has its PostgreSQL text and both record the same list', async () => {
    expect(migrations.filter((m) => m.postgres === undefined).map((m) => m.name)).toEqual([]);
    const applied = await client.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    const liteApplied = lite.sqlite
      .prepare('SELECT name FROM schema_migrations ORDER BY name')
      .all()
      .map((r) => String(r.name));
    expect(applied.rows.map((r) => r.name)).toEqual(liteApplied);
    expect(liteApplied).toEqual(migrations.map((m) => m.name));
  });

  test('the same tables, columns, NOT NULL, primary keys and unique rules', async () => {
    const a = sqliteShape(lite.sqlite);
    const b = await postgresShape(client);
    expect(Object.keys(a).length).toBeGreaterThan(30);
    expect(a.users.unique).toContain('email');
    expect(a.seasons.unique).toContain('main_id where');
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    for (const table of Object.keys(a))
      expect({ table, ...b[table] }).toEqual({ table, ...a[table] });
  });

  test('the same named indexes', async () => {
    const named = await client.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'public'
       AND indexname NOT IN (SELECT conname FROM pg_constraint) ORDER BY indexname`,
    );
    expect(named.rows.map((r) => r.indexname).sort()).toEqual(sqliteIndexNames(lite.sqlite).sort());
  });
});

describe('what PostgreSQL holds as SQLite does', () => {
  test('a default time is the same ISO text in UTC with milliseconds', async () => {
    const row = await client.query<{ created_at: string }>(
      "INSERT INTO league_main (path, name) VALUES ('iso', '시간') RETURNING created_at",
    );
    expect(row.rows[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(row.rows[0].created_at) - Date.now())).toBeLessThan(60_000);
  });

  test('an e-mail is unique and found whatever its case', async () => {
    await client.query(
      "INSERT INTO users (email, password_hash, username) VALUES ('Case@Sbsa.kr', 'h', 'case')",
    );
    await expect(
      client.query(
        "INSERT INTO users (email, password_hash, username) VALUES ('case@SBSA.KR', 'h', 'case2')",
      ),
    ).rejects.toMatchObject({ code: '23505' });
    const found = await client.query("SELECT id FROM users WHERE email = 'CASE@sbsa.kr'");
    expect(found.rowCount).toBe(1);
  });

  test('the CHECKs refuse what SQLite refuses', async () => {
    const refused = [
      "INSERT INTO league_main (path, name) VALUES ('', 'x')",
      "INSERT INTO personal_access_reviews (month, account, reviewed_at) VALUES ('2026-1', 'a', 'x')",
    ];
    for (const statement of refused)
      await expect(client.query(statement), statement).rejects.toMatchObject({ code: '23514' });
  });

  test('a live game keeps only JSON lists, as json_type does on SQLite', async () => {
    const ok = await client.query(
      "SELECT is_json_array('[1,2]') AS a, is_json_array('{}') AS b, is_json_array('[') AS c",
    );
    expect(ok.rows[0]).toEqual({ a: true, b: false, c: false });
  });

  test('an association cannot be left without its active season at commit', async () => {
    const main = await client.query<{ id: number }>(
      "INSERT INTO league_main (path, name) VALUES ('guard', '시즌') RETURNING id",
    );
    const id = main.rows[0].id;
    await client.query(
      `INSERT INTO seasons (main_id, name, year, active) VALUES (${id}, '2026', 2026, 1)`,
    );
    const guards = await client.query(`SELECT 1 FROM season_guards WHERE main_id = ${id}`);
    expect(guards.rowCount).toBe(1);
    await expect(
      client.query(`UPDATE seasons SET active = 0 WHERE main_id = ${id}`),
    ).rejects.toMatchObject({
      code: '23503',
    });
  });

  test('the access record of personal data cannot be edited', async () => {
    await client.query(
      `INSERT INTO personal_access_log (at, account, address, action, subjects, method, route, prev_hash, hash)
       VALUES ('2026-01-01T00:00:00.000Z', 'a', '127.0.0.1', 'read', '[]', 'GET', '/x', '', 'h')`,
    );
    await expect(client.query("UPDATE personal_access_log SET account = 'b'")).rejects.toThrow(
      '개인정보 접속기록은 고칠 수 없습니다.',
    );
    await expect(client.query('DELETE FROM personal_access_log')).rejects.toThrow(
      '2년이 지나지 않은 개인정보 접속기록은 지울 수 없습니다.',
    );
  });

  test('the change record gets a row for each public write, none for an update that changes nothing, none when rolled back', async () => {
    const last = async () =>
      Number((await client.query('SELECT max(id) AS n FROM public_changes')).rows[0].n);
    await client.query("INSERT INTO league_main (path, name) VALUES ('change', '협회')");
    const inserted = await last();
    await client.query("UPDATE league_main SET name = '협회' WHERE path = 'change'");
    await client.query("UPDATE league_main SET require_totp = 1 WHERE path = 'change'");
    expect(await last()).toBe(inserted);
    await client.query('BEGIN');
    await client.query("UPDATE league_main SET name = '다른 협회' WHERE path = 'change'");
    await client.query('ROLLBACK');
    expect(await last()).toBe(inserted);
    await client.query("UPDATE league_main SET name = '대한소프트볼협회' WHERE path = 'change'");
    const rows = await client.query<{ table_name: string; kind: string; old: string; new: string }>(
      'SELECT table_name, kind, old, new FROM public_changes WHERE id >= $1 ORDER BY id',
      [inserted],
    );
    expect(rows.rows.map((r) => [r.table_name, r.kind])).toEqual([
      ['league_main', 'insert'],
      ['league_main', 'update'],
    ]);
    expect(JSON.parse(rows.rows[1].old)).toMatchObject({ name: '협회', path: 'change' });
    expect(JSON.parse(rows.rows[1].new)).toMatchObject({ name: '대한소프트볼협회' });
  });

  test('a public write waits for the write lock another transaction holds, so ids follow commit order', async () => {
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`);
      let done = false;
      const waiting = client
        .query("INSERT INTO league_main (path, name) VALUES ('waits', '대기')")
        .then(() => {
          done = true;
        });
      await new Promise((r) => setTimeout(r, 300));
      expect(done).toBe(false);
      await other.query('COMMIT');
      await waiting;
      expect(done).toBe(true);
    } finally {
      await other.end();
    }
  });

  test('the frozen PostgreSQL triggers are what the generator makes for the columns now', async () => {
    const columns = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
    const columnsOf = (table: string) =>
      columns.rows.filter((r) => r.table_name === table).map((r) => r.column_name);
    const squeeze = (text: string) => text.replace(/\s+/g, ' ');
    const frozen = squeeze(changeRecord.postgres);
    // statement by statement, so a failure names the table whose columns changed
    const statements = squeeze(postgresChangeTriggers(columnsOf)).split(/(?<=;) (?=CREATE )/);
    expect(statements.length).toBeGreaterThan(80);
    for (const statement of statements)
      expect(frozen.includes(statement), statement.slice(0, 300)).toBe(true);
  });
});
