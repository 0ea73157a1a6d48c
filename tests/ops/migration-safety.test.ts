import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/server/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { migrations } from '../../src/server/db/migrate.ts';
import { listBackups } from '../../src/server/ops/list-backups.ts';
import { describeStorageError } from '../../src/server/ops/storage-error.ts';
import { canMount, mountTmpfs } from './helpers/mounts.ts';

const mountable = canMount();
const shipped = migrations.length;
const cleanups: Array<() => void> = [];
afterEach(() => {
  migrations.splice(shipped);
  for (const c of cleanups.splice(0)) c();
});

const configFor = (dir: string) =>
  loadConfig({
    DATA_DIR: dir,
    SEED_DEMO: '0',
    JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
    ADMIN_PASSWORD: 'admin-password-1',
    LOG_LEVEL: 'silent',
  });

function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-migrate-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An instance with data (the association and its admin), closed again. */
async function existing(dir: string): Promise<void> {
  const opened = await bootstrap(configFor(dir));
  await opened.db.insertInto('divisions').values({ main_id: 1, name: '여자부' }).execute();
  await opened.close();
}

function inspect(dir: string) {
  const db = new DatabaseSync(join(dir, 'sbsa.sqlite'));
  try {
    return {
      integrity: String(db.prepare('PRAGMA integrity_check').get()!.integrity_check),
      applied: db
        .prepare('SELECT name FROM schema_migrations ORDER BY name')
        .all()
        .map((r) => String(r.name)),
      tables: db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .all()
        .map((r) => String(r.name)),
      divisions: Number(db.prepare('SELECT count(*) AS n FROM divisions').get()!.n),
    };
  } finally {
    db.close();
  }
}

describe('migrations at start-up', () => {
  it('a new data folder is migrated without a backup (nothing to keep)', async () => {
    const dir = temp();
    const opened = await bootstrap(configFor(dir));
    await opened.close();
    expect(listBackups(dir)).toEqual([]);
  });

  it('backs the database up before applying pending migrations, then applies them', async () => {
    const dir = temp();
    await existing(dir);
    migrations.push({
      name: '900-test-add-column',
      sql: "ALTER TABLE divisions ADD COLUMN color TEXT NOT NULL DEFAULT ''",
    });
    const opened = await bootstrap(configFor(dir));
    await opened.close();
    const backups = listBackups(dir);
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatchObject({
      reason: 'pre-migration',
      migrations: migrations.slice(0, shipped).map((m) => m.name),
    });
    expect(inspect(dir).applied).toContain('900-test-add-column');
    // the backup still has the old schema
    const copy = new DatabaseSync(backups[0].path, { readOnly: true });
    expect(
      copy
        .prepare('PRAGMA table_info(divisions)')
        .all()
        .map((r) => r.name),
    ).not.toContain('color');
    copy.close();

    // no pending migrations next time: no further backup
    const again = await bootstrap(configFor(dir));
    await again.close();
    expect(listBackups(dir)).toHaveLength(1);
  });

  it('a migration failing half-way leaves the database exactly as it was', async () => {
    const dir = temp();
    await existing(dir);
    const before = inspect(dir);
    migrations.push({
      name: '901-test-fails',
      sql: 'CREATE TABLE half (x INTEGER); INSERT INTO half VALUES (1); DELETE FROM divisions; INSERT INTO no_such_table VALUES (1);',
    });
    await expect(bootstrap(configFor(dir))).rejects.toThrow(/no_such_table/);
    const after = inspect(dir);
    expect(after).toEqual(before);
    expect(after.tables).not.toContain('half');
    expect(listBackups(dir).map((b) => b.reason)).toEqual(['pre-migration']);
  });

  it.skipIf(!mountable)(
    'a disk filling up during a migration: rolled back, a clear message, the database intact',
    async () => {
      const fs = mountTmpfs(40);
      cleanups.push(() => fs.unmount());
      await existing(fs.dir);
      const before = inspect(fs.dir);
      migrations.push({
        name: '902-test-fills-disk',
        sql: 'CREATE TABLE big (b BLOB); WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000) INSERT INTO big SELECT randomblob(4000) FROM c;',
      });
      const err = await bootstrap(configFor(fs.dir)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).not.toBeNull();
      const described = describeStorageError(err, fs.dir);
      expect(described.problem).toBe('disk-full');
      expect(described.message).toContain('디스크 공간이 부족합니다');
      const after = inspect(fs.dir);
      expect(after).toEqual(before);
      expect(after.tables).not.toContain('big');
    },
  );
});
