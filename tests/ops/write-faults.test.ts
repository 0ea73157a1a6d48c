import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { adminLogin, startServer } from './helpers/child-server.ts';
import type { ChildServer } from './helpers/child-server.ts';
import { call, login } from './helpers/http.ts';
import { boxScoreProblems, integrityCheck } from './helpers/acknowledged-writes.ts';
import { canChattr, canMount, chattr, fillDisk, mountTmpfs } from './helpers/mounts.ts';
import { makePlan, recordBody } from './helpers/workload.ts';
import type { RecordBody } from './helpers/workload.ts';

const mountable = canMount();
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const noticeCount = (dbFile: string, title: string) => {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return Number(db.prepare('SELECT count(*) AS n FROM notices WHERE title = ?').get(title)!.n);
  } finally {
    db.close();
  }
};

/** Writes notices until one is refused; every refusal must be the clear Korean 507, never a 500 with details. */
async function writeUntilRefused(server: ChildServer, token: string, tag: string, max = 400) {
  const acked: string[] = [];
  for (let i = 0; i < max; i++) {
    const title = `${tag}-${i}`;
    const res = await call(server.url, 'POST', '/api/league/main/1/notice', {
      token,
      body: { title, body: '가'.repeat(20_000) },
    });
    if (res.status === 201) {
      acked.push(title);
      continue;
    }
    return { refused: res, acked };
  }
  return { refused: null, acked };
}

/**
 * Saves a game's record again (each time stamped anew) until the full disk refuses one; a save may
 * still fit in space SQLite already holds. Returns the refusal and the last record that was saved.
 */
async function saveRecordUntilRefused(
  server: ChildServer,
  token: string,
  game: { gameId: number; body: RecordBody },
  max = 200,
) {
  let saved = game.body;
  for (let seq = 1; seq <= max; seq++) {
    const body = recordBody(game.body, seq);
    const res = await call(server.url, 'PUT', `/api/league/game/${game.gameId}/record`, {
      token,
      body,
    });
    if (res.status !== 200) return { refused: res, refusedBody: body, saved, tries: seq };
    saved = body;
  }
  return { refused: null, refusedBody: null, saved, tries: max };
}

const boxScoreLinesDiffer = (dbFile: string, gameId: number, saved: RecordBody) => {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return boxScoreProblems(db, gameId, saved);
  } finally {
    db.close();
  }
};

describe('a write that hits a full disk or a read-only data folder', () => {
  it.skipIf(!mountable)(
    'disk fills up (tmpfs): 507 with a Korean message, the database intact, writes resume once space is back',
    async () => {
      const fs = mountTmpfs(64);
      cleanups.push(() => fs.unmount());
      const server = await startServer(fs.dir);
      cleanups.push(() => server.stop());
      const token = await login(server.url, adminLogin);
      const dbFile = join(fs.dir, 'sbsa.sqlite');
      const {
        records: [game],
      } = await makePlan(server.url, token, dbFile, 1, 0);
      const filler = fillDisk(fs.dir);

      const { refused, acked } = await writeUntilRefused(server, token, 'full');
      expect(refused, 'some write must fail on a full disk').not.toBeNull();
      expect(
        refused!.status,
        server
          .output()
          .split('\n')
          .filter((l) => /error/.test(l))
          .slice(-3)
          .join('\n'),
      ).toBe(507);
      expect(refused!.body).toEqual({ ok: false, message: expect.stringMatching(/저장 공간/) });
      expect(JSON.stringify(refused!.body)).not.toMatch(/SQLITE|at .*\.ts|stack/i);
      // reads keep working
      expect((await call(server.url, 'GET', '/api/league/main/1/notice?limit=1')).status).toBe(200);

      // a game record on the full disk: the same clear 507, and the record stays the last one saved
      const {
        refused: recordRefused,
        refusedBody,
        saved,
        tries,
      } = await saveRecordUntilRefused(server, token, game);
      expect(recordRefused, 'a game record must fail on a full disk').not.toBeNull();
      expect(recordRefused!.status).toBe(507);
      expect(recordRefused!.body).toEqual({
        ok: false,
        message: expect.stringMatching(/저장 공간/),
      });
      const stored = await call(server.url, 'GET', `/api/league/game/${game.gameId}/record`, {
        token,
      });
      expect(stored.status).toBe(200);
      expect(stored.body.data.notes).toBe(saved.notes);
      expect(boxScoreLinesDiffer(dbFile, game.gameId, saved)).toEqual([]);

      rmSync(filler);
      const after = await call(server.url, 'POST', '/api/league/main/1/notice', {
        token,
        body: { title: 'full-after' },
      });
      expect(after.status).toBe(201);
      // the refused record itself was valid: with space back it saves
      expect(
        (
          await call(server.url, 'PUT', `/api/league/game/${game.gameId}/record`, {
            token,
            body: refusedBody,
          })
        ).status,
      ).toBe(200);
      await server.stop();
      expect(integrityCheck(dbFile)).toEqual(['ok']);
      for (const title of [...acked, 'full-after'])
        expect(noticeCount(dbFile, title), title).toBe(1);
      expect(boxScoreLinesDiffer(dbFile, game.gameId, refusedBody!)).toEqual([]);
      console.info(
        `[faults] disk full: ${acked.length} notices acknowledged before the disk filled, then 507 "${refused!.body.message}"; ` +
          `game record PUT on the full disk: 507 on save ${tries}, the previous record unchanged, saved once space was back`,
      );
    },
  );

  it('data folder turns read-only under a running server (chattr +i): 507, the database intact', async (ctx) => {
    // /tmp is ext4 here; the flag works where tmpfs would ignore it.
    const dir = mkdtempSync(join(tmpdir(), 'sbsa-readonly-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    if (!canChattr(dir)) ctx.skip();
    const server = await startServer(dir);
    cleanups.push(() => server.stop());
    const token = await login(server.url, adminLogin);
    const ok1 = await call(server.url, 'POST', '/api/league/main/1/notice', {
      token,
      body: { title: 'ro-before' },
    });
    expect(ok1.status).toBe(201);

    const files = ['sbsa.sqlite', 'sbsa.sqlite-wal', '.']
      .map((f) => join(dir, f))
      .filter((f) => existsSync(f));
    chattr('+i', ...files);
    let unlocked = false;
    const unlock = () => {
      if (!unlocked) {
        chattr('-i', ...files);
        unlocked = true;
      }
    };
    cleanups.push(unlock);

    const refused = await call(server.url, 'POST', '/api/league/main/1/notice', {
      token,
      body: { title: 'ro-refused', body: '가'.repeat(20_000) },
    });
    expect(
      refused.status,
      server
        .output()
        .split('\n')
        .filter((l) => /error/.test(l))
        .slice(-3)
        .join('\n'),
    ).toBe(507);
    expect(refused.body).toEqual({
      ok: false,
      message: expect.stringMatching(/저장 공간|쓸 수 없/),
    });
    expect((await call(server.url, 'GET', '/api/league/main/1/notice?limit=1')).status).toBe(200);

    unlock();
    const ok2 = await call(server.url, 'POST', '/api/league/main/1/notice', {
      token,
      body: { title: 'ro-after' },
    });
    expect(ok2.status).toBe(201);
    await server.stop();
    const dbFile = join(dir, 'sbsa.sqlite');
    expect(integrityCheck(dbFile)).toEqual(['ok']);
    expect(noticeCount(dbFile, 'ro-before')).toBe(1);
    expect(noticeCount(dbFile, 'ro-refused')).toBe(0);
    expect(noticeCount(dbFile, 'ro-after')).toBe(1);
    console.info(`[faults] read-only: 507 "${refused.body.message}"`);
  });
});
