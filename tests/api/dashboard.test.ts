import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { notFound } from '../../src/server/http/api-error.ts';
import { onPostgres } from '../../src/server/db/dialect.ts';

const mainMissing = notFound('협회').message;

let t: TestApp;
let admin: string;
let seasonId: number;

/** A small association: 2 teams, 3 players, 1 coach, 2 seasons (one active), 1 league, 3 games, 2 notices. */
async function seedAssociation(mainId: number) {
  const { db } = t;
  const [home, away] = await Promise.all(
    ['서울', '부산'].map(
      async (name) =>
        (
          await db
            .insertInto('teams')
            .values({ main_id: mainId, name })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
    ),
  );
  for (const name of ['김', '이', '박'])
    await db.insertInto('players').values({ main_id: mainId, name }).execute();
  await db.insertInto('coaches').values({ main_id: mainId, name: '최감독' }).execute();
  // one statement: the association must never have seasons but no active one
  const seasons = await db
    .insertInto('seasons')
    .values([
      { main_id: mainId, name: '2024', year: 2024, active: 0 },
      { main_id: mainId, name: '2025 시즌', year: 2025, active: 1 },
    ])
    .returning('id')
    .execute();
  seasonId = seasons[1].id;
  const league = (
    await db
      .insertInto('leagues')
      .values({ season_id: seasonId, name: '여자부 리그' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const team of [home, away])
    await db.insertInto('league_teams').values({ league_id: league, team_id: team }).execute();
  const game = {
    league_id: league,
    game_date: '2025-04-01',
    home_team_id: home,
    away_team_id: away,
  };
  await db
    .insertInto('games')
    .values({ ...game, game_no: 1, status: 'final', home_score: 3, away_score: 2 })
    .execute();
  await db
    .insertInto('games')
    .values({ ...game, game_no: 2 })
    .execute();
  await db
    .insertInto('games')
    .values({ ...game, game_no: 3, status: 'postponed' })
    .execute();
  for (const title of ['공지 1', '공지 2'])
    await db.insertInto('notices').values({ main_id: mainId, title }).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await seedAssociation(t.main.id);
  // another association's data is not counted
  const other = (
    await t.db
      .insertInto('league_main')
      .values({ path: 'other', name: '다른협회' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.db.insertInto('teams').values({ main_id: other, name: '남의 팀' }).execute();
  await t.db
    .insertInto('publish_runs')
    .values({
      reason: 'startup',
      started_at: '2025-03-01T00:00:00.000Z',
      status: 'success',
      pages: 10,
    })
    .execute();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/dashboard', () => {
  it('gives counts, recent changes and the latest build to a site admin', async () => {
    const res = await t.api('GET', '/api/admin/dashboard', { token: admin });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.main).toEqual({ mainId: t.main.id, path: 'sbsa', name: '대한소프트볼협회' });
    expect(data.me).toMatchObject({ isAdmin: true, grade: null });
    expect(data.activeSeason).toEqual({ seasonId, seasonName: '2025 시즌', year: 2025 });
    expect(data.counts).toEqual({
      teams: 2,
      players: 3,
      coaches: 1,
      seasons: 2,
      leagues: 1,
      games: 3,
      gamesByStatus: {
        scheduled: 1,
        final: 1,
        postponed: 1,
        cancelled: 0,
        forfeit: 0,
        suspended: 0,
      },
      notices: 2,
      users: 1,
    });
    expect(data.recentAudit).toEqual([
      expect.objectContaining({ action: 'login', entity: 'user' }),
    ]);
    expect(data.latestPublish).toMatchObject({ reason: 'startup', status: 'success', pages: 10 });
  });

  it('shows recent changes to grades 1 and 2 but not to grade 3, team managers or plain users', async () => {
    const g1 = await t.makeUser({ email: 'g1@sbsa.kr', grade: 1 });
    const g2 = await t.makeUser({ email: 'g2@sbsa.kr', grade: 2 });
    const g3 = await t.makeUser({ email: 'g3@sbsa.kr', grade: 3 });
    const plain = await t.makeUser({ email: 'plain@sbsa.kr' });
    for (const [user, grade] of [
      [g1, 1],
      [g2, 2],
    ] as const) {
      const res = await t.api('GET', '/api/admin/dashboard', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.data.me).toEqual({ userId: user.id, isAdmin: false, grade });
      expect(Array.isArray(res.body.data.recentAudit)).toBe(true);
    }
    for (const [user, grade] of [
      [g3, 3],
      [plain, null],
    ] as const) {
      const res = await t.api('GET', '/api/admin/dashboard', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.data.me.grade).toBe(grade);
      expect(res.body.data.recentAudit).toBeNull();
      expect(res.body.data.counts.teams).toBe(2);
      expect(res.body.data.counts.users).toBe(5);
    }
  });

  it('answers for another association when asked, and 404/400 for unknown or malformed ids', async () => {
    const other = await t.db
      .selectFrom('league_main')
      .select('id')
      .where('path', '=', 'other')
      .executeTakeFirstOrThrow();
    const res = await t.api('GET', `/api/admin/dashboard?mainId=${other.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.counts).toMatchObject({ teams: 1, players: 0, games: 0 });
    expect(res.body.data.activeSeason).toBeNull();
    const missing = await t.api('GET', '/api/admin/dashboard?mainId=9999', { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(mainMissing);
    const bad = await t.api('GET', '/api/admin/dashboard?mainId=abc', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.mainId).toMatch(/[\uac00-\ud7a3]/);
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await t.api('GET', '/api/admin/dashboard');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ok: false, message: '로그인이 필요합니다.' });
  });
});

describe('the last backup on the dashboard', () => {
  it('is null before the first backup and names the newest one after POST /api/admin/backup', async () => {
    const before = await t.api('GET', '/api/admin/dashboard', { token: admin });
    expect(before.body.data.lastBackup).toBeNull();
    const made = await t.api('POST', '/api/admin/backup', { token: admin });
    expect(made.status).toBeLessThan(300);
    const after = await t.api('GET', '/api/admin/dashboard', { token: admin });
    // a copy of the SQLite file, or a pg_dump archive on PostgreSQL (decision 151)
    const ending = onPostgres(t.db) ? 'dump' : 'sqlite';
    expect(after.body.data.lastBackup).toMatchObject({
      file: expect.stringMatching(new RegExp(`^sbsa-\\d{8}-\\d{6}(-\\d+)?\\.${ending}$`)),
    });
    expect(after.body.data.lastBackup.bytes).toBeGreaterThan(0);
  });

  it('is hidden from a grade-3 scorer', async () => {
    const scorer = await t.makeUser({ email: 'backup-scorer@sbsa.kr', grade: 3 });
    const res = await t.api('GET', '/api/admin/dashboard', { token: scorer.token });
    expect(res.body.data.lastBackup).toBeNull();
  });
});

describe('the midnight check on the dashboard', () => {
  it('is null before a checked rebuild, then names the newest check with the pages as addresses', async () => {
    const before = await t.api('GET', '/api/admin/dashboard', { token: admin });
    expect(before.body.data.nightlyCheck).toBeNull();
    const run = (startedAt: string, unnamed: number | null, files: string[] | null) =>
      t.db
        .insertInto('publish_runs')
        .values({
          reason: '날짜 변경 (자정)',
          started_at: startedAt,
          status: 'success',
          pages: 10,
          unnamed_pages: unnamed,
          unnamed_files: files && JSON.stringify(files),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const clean = await run('2025-03-02T15:00:00.000Z', 0, []);
    const missed = await run('2025-03-03T15:00:00.000Z', 21, [
      'sbsa/team/3/index.html',
      'sbsa/리그/index.html',
      'index.html',
    ]);
    // a later run that was not checked (a save) leaves the check as it was
    const unchecked = await run('2025-03-04T01:00:00.000Z', null, null);
    const res = await t.api('GET', '/api/admin/dashboard', { token: admin });
    expect(res.body.data.nightlyCheck).toEqual({
      runId: missed.id,
      startedAt: '2025-03-03T15:00:00.000Z',
      unnamedPages: 21,
      files: ['/sbsa/team/3/', '/sbsa/리그/', '/'],
    });
    expect(res.body.data.latestPublish).toMatchObject({ id: unchecked.id, unnamedPages: null });
    const status = await t.api('GET', '/api/publish/status', { token: admin });
    const shown = new Map(
      status.body.data.runs.map((r: { id: number; unnamedPages: number | null }) => [
        r.id,
        r.unnamedPages,
      ]),
    );
    expect([clean.id, missed.id, unchecked.id].map((id) => shown.get(id))).toEqual([0, 21, null]);
  });

  it('shows no pages for a stored list that is not one, rather than fail', async () => {
    await t.db
      .insertInto('publish_runs')
      .values({
        reason: '날짜 변경 (자정)',
        started_at: '2025-03-05T15:00:00.000Z',
        status: 'success',
        unnamed_pages: 2,
        unnamed_files: '{not json',
      })
      .execute();
    const res = await t.api('GET', '/api/admin/dashboard', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.nightlyCheck).toMatchObject({ unnamedPages: 2, files: [] });
  });

  it('is hidden from a grade-3 scorer', async () => {
    const scorer = await t.makeUser({ email: 'check-scorer@sbsa.kr', grade: 3 });
    const res = await t.api('GET', '/api/admin/dashboard', { token: scorer.token });
    expect(res.body.data.nightlyCheck).toBeNull();
  });
});
