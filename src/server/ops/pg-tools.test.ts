import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertSameKind, backupKindOf, databaseAt } from './database-copy.ts';
import { pgConnection, pgToolPath } from './pg-tools.ts';

const dir = mkdtempSync(join(tmpdir(), 'sbsa-pgtools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pgToolPath', () => {
  it('takes the program from PATH first', () => {
    const own = join(dir, 'pg_dump');
    writeFileSync(own, '#!/bin/sh\n');
    chmodSync(own, 0o755);
    expect(pgToolPath('pg_dump', `/nonexistent:${dir}`)).toBe(own);
  });

  it.runIf(existsSync('/usr/lib/postgresql'))(
    "falls back to the newest of Debian's /usr/lib/postgresql/*/bin",
    () => {
      expect(pgToolPath('pg_restore', '/nonexistent')).toMatch(
        /^\/usr\/lib\/postgresql\/\d+\/bin\/pg_restore$/,
      );
    },
  );
});

describe('pgConnection', () => {
  it('keeps the password off the command line', () => {
    const { dbname, env } = pgConnection('postgres://sbsa:s%40cret@db.internal:5432/sbsa');
    expect(dbname).toBe('postgres://sbsa@db.internal:5432/sbsa');
    expect(env.PGPASSWORD).toBe('s@cret');
  });
});

describe('backups of the other database', () => {
  it('are told apart by name and refused with a Korean message', () => {
    expect(backupKindOf('sbsa-20260302-030405.dump')).toBe('postgres');
    expect(backupKindOf('sbsa-20260302-030405.sqlite')).toBe('sqlite');
    const pg = databaseAt(dir, 'postgres://sbsa@db/sbsa');
    const sqlite = databaseAt(dir, undefined);
    expect(() => assertSameKind(pg, 'sbsa-20260302-030405.dump')).not.toThrow();
    expect(() => assertSameKind(pg, 'sbsa-20260302-030405.sqlite')).toThrow(
      /^SQLite 백업은 PostgreSQL 데이터베이스에 복원할 수 없습니다/,
    );
    expect(() => assertSameKind(sqlite, 'sbsa-20260302-030405.dump')).toThrow(
      /^PostgreSQL 백업은 SQLite 데이터베이스에 복원할 수 없습니다/,
    );
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not a backup');
    expect(() => assertSameKind(sqlite, notes)).toThrow(/^이 파일은 SQLite/);
  });

  it('are told apart by their first bytes when renamed', () => {
    const renamedDump = join(dir, 'copy-1.bak');
    writeFileSync(renamedDump, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(32)]));
    const renamedSqlite = join(dir, 'copy-2.bak');
    writeFileSync(
      renamedSqlite,
      Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(32)]),
    );
    expect(backupKindOf(renamedDump)).toBe('postgres');
    expect(backupKindOf(renamedSqlite)).toBe('sqlite');
    expect(backupKindOf(join(dir, 'missing.bak'))).toBeNull();
  });
});
