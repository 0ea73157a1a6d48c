import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.makeUser({ email: 'user@sbsa.kr' })).token;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/publish/status', () => {
  it('says nothing has been built yet on a new site', async () => {
    const res = await t.api('GET', '/api/publish/status', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: {
        running: false,
        current: null,
        lastFinished: null,
        lastSuccess: null,
        runs: [],
        compressing: 0,
      },
    });
  });

  it('reports the latest runs, the last success and failure, and a running build', async () => {
    await t.db
      .insertInto('publish_runs')
      .values([
        {
          reason: 'startup',
          started_at: '2025-03-01T00:00:00.000Z',
          finished_at: '2025-03-01T00:01:00.000Z',
          pages: 120,
          duration_ms: 60000,
          status: 'success',
          error: null,
        },
        {
          reason: 'notice:create:1',
          started_at: '2025-03-02T00:00:00.000Z',
          finished_at: '2025-03-02T00:00:05.000Z',
          pages: null,
          duration_ms: 5000,
          status: 'failed',
          error: 'astro build failed\n    at stack line\n    at more',
        },
      ])
      .execute();
    let res = await t.api('GET', '/api/publish/status', { token });
    expect(res.body.data.running).toBe(false);
    expect(res.body.data.lastFinished).toMatchObject({
      status: 'failed',
      reason: 'notice:create:1',
      error: 'astro build failed',
      durationMs: 5000,
    });
    expect(res.body.data.lastSuccess).toMatchObject({
      status: 'success',
      pages: 120,
      startedAt: '2025-03-01T00:00:00.000Z',
      finishedAt: '2025-03-01T00:01:00.000Z',
    });
    expect(res.body.data.runs.map((r: { reason: string }) => r.reason)).toEqual([
      'notice:create:1',
      'startup',
    ]);

    await t.db
      .insertInto('publish_runs')
      .values({
        reason: 'game:final:3',
        started_at: '2025-03-03T00:00:00.000Z',
        finished_at: null,
        pages: null,
        duration_ms: null,
        status: 'running',
        error: null,
      })
      .execute();
    res = await t.api('GET', '/api/publish/status', { token });
    expect(res.body.data.running).toBe(true);
    expect(res.body.data.current).toMatchObject({
      reason: 'game:final:3',
      status: 'running',
      finishedAt: null,
    });
    expect(res.body.data.runs).toHaveLength(3);
    expect(res.body.data.lastFinished.reason).toBe('notice:create:1');
  });

  it('limits the list of runs', async () => {
    for (let i = 0; i < 12; i++) {
      await t.db
        .insertInto('publish_runs')
        .values({
          reason: `r${i}`,
          started_at: `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
          status: 'success',
        })
        .execute();
    }
    expect((await t.api('GET', '/api/publish/status', { token })).body.data.runs).toHaveLength(10);
    expect(
      (await t.api('GET', '/api/publish/status?limit=50', { token })).body.data.runs,
    ).toHaveLength(15);
    const bad = await t.api('GET', '/api/publish/status?limit=0', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.limit).toMatch(/[\uac00-\ud7a3]/);
  });

  it('refuses anonymous callers and expired tokens with 401', async () => {
    const res = await t.api('GET', '/api/publish/status');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ok: false, message: '로그인이 필요합니다.' });
    const forged = await t.api('GET', '/api/publish/status', { token: 'not-a-jwt' });
    expect(forged.status).toBe(401);
  });
});
