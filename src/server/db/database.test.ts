import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase, writeTx } from './database.ts';
import type { OpenedDatabase } from './database.ts';

let opened: OpenedDatabase | undefined;
let dir: string | undefined;
afterEach(async () => {
  await opened?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function open() {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-db-'));
  opened = openDatabase(join(dir, 'test.sqlite'));
  return opened;
}

describe('openDatabase', () => {
  it('uses WAL with full sync, foreign keys and a busy timeout', () => {
    const { sqlite } = open();
    expect(sqlite.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(sqlite.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 }); // FULL
    expect(sqlite.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    expect(Number(sqlite.prepare('PRAGMA busy_timeout').get()?.timeout)).toBeGreaterThan(0);
  });

  it('takes the write lock when a write transaction begins, before its first statement', async () => {
    const { db } = open();
    const other = new DatabaseSync(join(dir!, 'test.sqlite'), { timeout: 0 });
    try {
      await writeTx(db, async () => {
        expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked/);
        // readers are not blocked (WAL)
        expect(other.prepare('SELECT count(*) AS n FROM league_main').get()).toEqual({ n: 0 });
      });
      other.exec('BEGIN IMMEDIATE');
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
  });

  it('allows only one active season per association', async () => {
    const { db } = open();
    const main = await db
      .insertInto('league_main')
      .values({ path: 'sbsa', name: '협회' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('seasons')
      .values({ main_id: main.id, name: '2025', year: 2025, active: 1 })
      .execute();
    await expect(
      db
        .insertInto('seasons')
        .values({ main_id: main.id, name: '2026', year: 2026, active: 1 })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('rolls back a failed write transaction entirely', async () => {
    const { db } = open();
    await expect(
      writeTx(db, async (tx) => {
        await tx.insertInto('league_main').values({ path: 'a', name: 'A' }).execute();
        await tx.insertInto('league_main').values({ path: 'a', name: 'B' }).execute();
      }),
    ).rejects.toThrow();
    const rows = await db.selectFrom('league_main').selectAll().execute();
    expect(rows).toHaveLength(0);
  });
});
