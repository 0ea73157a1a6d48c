import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import {
  buildDb,
  buildDbFile,
  buildToday,
  keysScope,
  pathsScope,
  publicOrigin,
  setRenderJobDb,
} from './build-db.ts';
import { openReadOnlyDb } from '../db/read-snapshot.ts';
import { memoByDb, memoWhileUnchanged } from './memo.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The server's database in a folder of its own, with one association. */
async function liveDb() {
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-build-db-'));
  dirs.push(dir);
  const file = join(dir, 'live.sqlite');
  const server = openDatabase(file);
  await server.db.insertInto('league_main').values({ path: 'sbsa', name: '협회' }).execute();
  return { file, server };
}

describe('openReadOnlyDb', () => {
  it('reads one snapshot while the server goes on writing', async () => {
    const { file, server } = await liveDb();
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
    const { file, server } = await liveDb();
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
      setRenderJobDb(opened.db, { samePaths });
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

describe('reads kept while their data is unchanged', () => {
  it('are kept from job to job until a change names one of their keys', async () => {
    const { file, server } = await liveDb();
    const reads: number[] = [];
    // the number of associations, read as if it were league N's games
    const count = memoWhileUnchanged(
      async (db, league: number) => {
        reads.push(league);
        return (await db.selectFrom('league_main').select('path').execute()).length;
      },
      ([league]) => [`games:${league}`],
    );
    const job = async (changed: string[] | null, leagues = [1, 2]) => {
      const opened = openReadOnlyDb(file);
      setRenderJobDb(opened.db, { changed: changed && new Set(changed) });
      try {
        const counts = [];
        for (const league of leagues) counts.push(await count(buildDb(), league));
        return counts;
      } finally {
        setRenderJobDb(null);
        opened.close();
      }
    };
    try {
      // a job after changes not known (a renderer's first, a render of every page) keeps nothing
      expect(await job(null)).toEqual([1, 1]);
      expect(await job([])).toEqual([1, 1]);
      expect(reads).toEqual([1, 2, 1, 2]);
      await server.db.insertInto('league_main').values({ path: 'b', name: '둘' }).execute();
      // league 1's games changed: read again; league 2's answer is kept (its data, the change
      // says, is the same)
      expect(await job(['games:1', 'league:1'])).toEqual([2, 1]);
      expect(reads).toEqual([1, 2, 1, 2, 1]);
      expect(await job(null)).toEqual([2, 2]);
      // at most 32 sets of keys: the least used goes
      const many = Array.from({ length: 33 }, (_, i) => 100 + i);
      await job([], many);
      reads.length = 0;
      await job([], [132, 101, 100]);
      expect(reads).toEqual([100]);
      // outside a render job, and in a job that keeps nothing, the memo lives with the handle
      const a = openReadOnlyDb(file);
      expect(keysScope(a.db, ['games:1'])).toBe(a.db);
      a.close();
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
