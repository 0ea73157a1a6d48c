import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t.close());

describe('GET /api/common/config', () => {
  it('gives the default association, Korean labels and no active season before any season exists', async () => {
    const res = await t.api('GET', '/api/common/config');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.defaultMainPath).toBe('sbsa');
    expect(data.defaultMainId).toBe(t.main.id);
    expect(data.defaultMainName).toBe(t.main.name);
    expect(data.leagueMain).toMatchObject({ mainId: t.main.id, path: 'sbsa' });
    expect(data.activeSeason).toBeNull();
    expect(data.seasons).toEqual([]);
    expect(data.gameStatuses).toEqual([
      { code: 'scheduled', label: '예정' },
      { code: 'final', label: '종료' },
      { code: 'postponed', label: '연기' },
      { code: 'cancelled', label: '취소' },
      { code: 'forfeit', label: '몰수' },
      { code: 'suspended', label: '서스펜디드' },
    ]);
    expect(data.coachRoles).toEqual(['감독', '코치', '단장']);
    expect(data.grades.map((g: { grade: number; name: string }) => [g.grade, g.name])).toEqual([
      [1, '협회 관리자'],
      [2, '리그 운영자'],
      [3, '기록원'],
    ]);
    expect(data.tieBreakers[0]).toEqual({ code: 'h2h', label: '승자승' });
  });

  it('shows the active season and the seasons once they exist', async () => {
    const first = await t.api('POST', `/api/league/main/${t.main.id}/season`, {
      token: admin,
      body: { seasonName: '2024 시즌', year: 2024 },
    });
    expect(first.status).toBe(201);
    const second = await t.api('POST', `/api/league/main/${t.main.id}/season`, {
      token: admin,
      body: { seasonName: '2025 시즌', year: 2025, active: true },
    });
    const res = await t.api('GET', '/api/common/config');
    expect(res.body.data.activeSeason).toEqual({
      seasonId: second.body.data.seasonId,
      mainId: t.main.id,
      seasonName: '2025 시즌',
      year: 2025,
      active: true,
    });
    expect(res.body.data.seasons.map((s: { seasonName: string }) => s.seasonName)).toEqual([
      '2025 시즌',
      '2024 시즌',
    ]);
  });
});

describe('association by id and path', () => {
  it('finds the association by id (base and main) and by path', async () => {
    for (const path of [
      `/api/league/base/${t.main.id}`,
      `/api/league/main/${t.main.id}`,
      '/api/league/mainpath/sbsa',
    ]) {
      const res = await t.api('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body).toEqual({
        ok: true,
        data: {
          mainId: t.main.id,
          path: 'sbsa',
          name: t.main.name,
          shortName: t.main.short_name,
          logo: null,
        },
      });
    }
  });

  it('answers 404 in Korean for an unknown association', async () => {
    for (const path of [
      '/api/league/base/999',
      '/api/league/main/999',
      '/api/league/mainpath/nowhere',
    ]) {
      const res = await t.api('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.ok).toBe(false);
      expect(res.body.message).toMatch(/^협회.* 찾을 수 없습니다\.$/);
    }
  });

  it('answers 400 in Korean for an id that is not a positive integer', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await t.api('GET', `/api/league/main/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.ok).toBe(false);
      expect(res.body.errors.id).toMatch(/협회/);
    }
  });
});

describe('GET /api/league/main/{id}/writers', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    const g1 = await t.makeUser({ email: 'g1@sbsa.kr', grade: 1 });
    const g2 = await t.makeUser({ email: 'g2@sbsa.kr', grade: 2 });
    const g3 = await t.makeUser({ email: 'g3@sbsa.kr', grade: 3 });
    const plain = await t.makeUser({ email: 'plain@sbsa.kr' });
    const off = await t.makeUser({ email: 'off@sbsa.kr', grade: 2 });
    await t.db.updateTable('users').set({ disabled: 1 }).where('id', '=', off.id).execute();
    ids = { g1: g1.id, g2: g2.id, g3: g3.id, plain: plain.id, off: off.id };
  });

  it('refuses anonymous callers: who runs the association is not public', async () => {
    const res = await t.api('GET', `/api/league/main/${t.main.id}/writers`);
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('answers 404 in Korean for an unknown association', async () => {
    const res = await t.api('GET', '/api/league/main/999/writers', { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/^협회.* 찾을 수 없습니다\.$/);
  });

  it('lists admins and grade 1/2 managers, without e-mails for a user without a role', async () => {
    const plain = await t.makeUser({ email: 'plain3@sbsa.kr' });
    const res = await t.api('GET', `/api/league/main/${t.main.id}/writers`, {
      token: plain.token,
    });
    expect(res.status).toBe(200);
    const writers = res.body.data as Array<Record<string, unknown>>;
    const userIds = writers.map((w) => w.userId);
    expect(userIds).toContain(ids.g1);
    expect(userIds).toContain(ids.g2);
    expect(userIds).not.toContain(ids.g3);
    expect(userIds).not.toContain(ids.plain);
    expect(userIds).not.toContain(ids.off);
    expect(writers[0].isAdmin).toBe(true);
    expect(writers.find((w) => w.userId === ids.g2)).toMatchObject({
      grade: 2,
      gradeName: '리그 운영자',
      isAdmin: false,
    });
    for (const w of writers) expect(w).not.toHaveProperty('email');
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('hides e-mails from a signed-in user without a role, shows them to admins', async () => {
    const plain = await t.makeUser({ email: 'plain2@sbsa.kr' });
    const hidden = await t.api('GET', `/api/league/main/${t.main.id}/writers`, {
      token: plain.token,
    });
    expect(JSON.stringify(hidden.body)).not.toContain('@');
    const shown = await t.api('GET', `/api/league/main/${t.main.id}/writers`, { token: admin });
    expect(shown.body.data.find((w: { userId: number }) => w.userId === ids.g1).email).toBe(
      'g1@sbsa.kr',
    );
  });
});

describe('OpenAPI document', () => {
  it('documents the league calls', async () => {
    const res = await t.api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/common/config',
      '/league/mainpath/{path}',
      '/league/main/{id}/writers',
      '/league/main/{mainId}/activeSeason',
      '/league/main/{mainId}/season/{seasonId}/league/{leagueId}/logo',
      '/league/admin/league/{leagueId}/team/{teamId}/{playerId}',
    ])
      expect(paths, p).toContain(p);
  });
});
