import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import {
  buildDb,
  buildDbFile,
  buildToday,
  openReadOnlyDb,
  pathsScope,
  publicOrigin,
  setRenderJobDb,
} from './build-db.ts';
import { memoByDb } from './memo.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openReadOnlyDb', () => {
  it('reads one snapshot while the server goes on writing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbsa-build-db-'));
    dirs.push(dir);
    const file = join(dir, 'live.sqlite');
    const server = openDatabase(file);
    await server.db
      .insertInto('league_main')
      .values({ path: 'sbsa', name: '대한소프트볼협회' })
      .execute();
    const reader = openReadOnlyDb(file);
    // The write lock is free for the server while the build reads.
    await server.db
      .insertInto('league_main')
      .values({ path: 'other', name: '다른 협회' })
      .execute();
    const seen = await reader.db.selectFrom('league_main').select('path').execute();
    expect(seen.map((r) => r.path)).toEqual(['sbsa']);
    reader.close();
    await server.close();
  });

  it('says which file is missing', () => {
    expect(() => openReadOnlyDb('/nonexistent/sbsa.sqlite')).toThrow(/SBSA_DB_FILE/);
  });
});

describe('render jobs', () => {
  it('keep the reads of the set of pages from the job before only when told its paths are the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbsa-build-db-'));
    dirs.push(dir);
    const file = join(dir, 'live.sqlite');
    const server = openDatabase(file);
    await server.db.insertInto('league_main').values({ path: 'sbsa', name: '협회' }).execute();
    let reads = 0;
    const countPaths = memoByDb(
      async (db) => {
        reads++;
        return (await db.selectFrom('league_main').select('path').execute()).length;
      },
      () => ['paths'],
      pathsScope,
    );
    const countOther = memoByDb(async (db) => {
      reads++;
      return (await db.selectFrom('league_main').select('path').execute()).length;
    });
    const job = async (samePaths: boolean) => {
      const opened = openReadOnlyDb(file);
      setRenderJobDb(opened.db, samePaths);
      try {
        expect(buildDb()).toBe(opened.db);
        return [await countPaths(buildDb()), await countPaths(buildDb())];
      } finally {
        setRenderJobDb(null);
        opened.close();
      }
    };
    try {
      expect(await job(false)).toEqual([1, 1]);
      expect(reads).toBe(1);
      await server.db
        .insertInto('league_main')
        .values({ path: 'other', name: '다른 협회' })
        .execute();
      // the job before's answer, read once: its change (the publisher says) left the paths alone
      expect(await job(true)).toEqual([1, 1]);
      expect(reads).toBe(1);
      // a job that lists reads them afresh
      expect(await job(false)).toEqual([2, 2]);
      expect(reads).toBe(2);
      // outside a render job, and for other reads, the memo lives with the handle
      const a = openReadOnlyDb(file);
      const b = openReadOnlyDb(file);
      expect(pathsScope(a.db)).toBe(a.db);
      await countPaths(a.db);
      await countPaths(b.db);
      await countOther(a.db);
      await countOther(a.db);
      expect(reads).toBe(5);
      a.close();
      b.close();
    } finally {
      await server.close();
    }
  });
});

describe('build environment', () => {
  it('reads the database file, origin and today from the environment', () => {
    expect(buildDbFile({ SBSA_DB_FILE: '/data/x.sqlite' })).toBe('/data/x.sqlite');
    expect(buildDbFile({})).toMatch(/data\/sbsa\.sqlite$/);
    expect(publicOrigin({ PUBLIC_ORIGIN: 'https://sbsa.example.kr/' })).toBe(
      'https://sbsa.example.kr',
    );
    expect(publicOrigin({})).toBe('http://localhost:4321');
    expect(buildToday({ SBSA_TODAY: '2026-11-21' })).toBe('2026-11-21');
    expect(buildToday({}, new Date('2026-11-20T15:30:00Z'))).toBe('2026-11-21');
  });
});
