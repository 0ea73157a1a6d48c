import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  base = `/api/league/main/${t.main.id}/season`;
});
afterAll(async () => t.close());

const activeIds = async () =>
  (
    await t.db
      .selectFrom('seasons')
      .select('id')
      .where('main_id', '=', t.main.id)
      .where('active', '=', 1)
      .execute()
  ).map((r) => r.id);
const seasonCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('seasons')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('permissions', () => {
  it('refuses anonymous callers with 401 and users without the role with 403', async () => {
    const body = { seasonName: '권한 시즌', year: 2020 };
    const anonymous = await t.api('POST', base, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ ok: false, message: '로그인이 필요합니다.' });
    const plain = await t.makeUser({ email: 'plain@sbsa.kr' });
    expect((await t.api('POST', base, { body, token: plain.token })).status).toBe(403);
    const scorer = await t.makeUser({ email: 'scorer@sbsa.kr', grade: 3 });
    const refused = await t.api('POST', base, { body, token: scorer.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('이 작업을 할 권한이 없습니다.');
    expect(await seasonCount()).toBe(0);
  });

  it('lets a grade 2 league operator and a grade 1 manager write seasons', async () => {
    const operator = await t.makeUser({ email: 'op@sbsa.kr', grade: 2 });
    const created = await t.api('POST', base, {
      token: operator.token,
      body: { seasonName: '2019 시즌', year: 2019 },
    });
    expect(created.status).toBe(201);
    const manager = await t.makeUser({ email: 'mgr@sbsa.kr', grade: 1 });
    const renamed = await t.api('PUT', `${base}/${created.body.data.seasonId}`, {
      token: manager.token,
      body: { seasonName: '2019 정규 시즌', year: 2019 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.seasonName).toBe('2019 정규 시즌');
  });

  it('refuses a manager of another association', async () => {
    const other = await t.db
      .insertInto('league_main')
      .values({ path: 'other', name: '다른 협회' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const manager = await t.makeUser({ email: 'mgr2@sbsa.kr', grade: 1 });
    const res = await t.api('POST', `/api/league/main/${other.id}/season`, {
      token: manager.token,
      body: { seasonName: 'X', year: 2020 },
    });
    expect(res.status).toBe(403);
  });
});

describe('exactly one active season', () => {
  it('makes the first season active, and a new active season replaces the old one in one step', async () => {
    const seasons = await t.api('GET', base);
    const first = seasons.body.data[0];
    expect(first.active).toBe(true);
    const inactive = await t.api('POST', base, {
      token: admin,
      body: { seasonName: '2020 시즌', year: 2020 },
    });
    expect(inactive.body.data.active).toBe(false);
    expect(await activeIds()).toEqual([first.seasonId]);

    const next = await t.api('POST', base, {
      token: admin,
      body: { seasonName: '2021 시즌', year: 2021, active: true },
    });
    expect(next.status).toBe(201);
    expect(next.body.data).toEqual({
      seasonId: next.body.data.seasonId,
      mainId: t.main.id,
      seasonName: '2021 시즌',
      year: 2021,
      active: true,
    });
    expect(await activeIds()).toEqual([next.body.data.seasonId]);

    const active = await t.api('GET', `${base.replace('/season', '')}/activeSeason`);
    expect(active.body.data.seasonId).toBe(next.body.data.seasonId);
  });

  it('switches the active season by PUT and refuses to deactivate the only active season', async () => {
    const list = (await t.api('GET', base)).body.data as Array<{
      seasonId: number;
      seasonName: string;
      year: number;
      active: boolean;
    }>;
    const current = list.find((s) => s.active)!;
    const other = list.find((s) => !s.active)!;

    const refused = await t.api('PUT', `${base}/${current.seasonId}`, {
      token: admin,
      body: { seasonName: current.seasonName, year: current.year, active: false },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('활성 시즌은 항상 하나');
    expect(await activeIds()).toEqual([current.seasonId]);

    const switched = await t.api('PUT', `${base}/${other.seasonId}`, {
      token: admin,
      body: { active: true },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({
      active: true,
      seasonName: other.seasonName,
      year: other.year,
    });
    expect(await activeIds()).toEqual([other.seasonId]);
    expect((await t.api('GET', `/api/league/season/${current.seasonId}`)).body.data.active).toBe(
      false,
    );
  });

  it('refuses to delete the active season', async () => {
    const [active] = await activeIds();
    const res = await t.api('DELETE', `${base}/${active}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('활성 시즌은 삭제할 수 없습니다');
    expect(await activeIds()).toEqual([active]);
  });
});

describe('validation', () => {
  it('answers 400 with Korean field messages and writes nothing', async () => {
    const before = await seasonCount();
    const audits = Number(
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const cases: Array<[unknown, string, RegExp]> = [
      [{ seasonName: '', year: 2024 }, 'seasonName', /^시즌 이름을 입력해 주세요\.$/],
      [{ year: 2024 }, 'seasonName', /^시즌 이름을 입력해 주세요\.$/],
      [{ seasonName: 'x'.repeat(51), year: 2024 }, 'seasonName', /50자 이하/],
      [{ seasonName: '시즌', year: 1999 }, 'year', /^연도는 2,?000 이상이어야 합니다\.$/],
      [{ seasonName: '시즌', year: 'abc' }, 'year', /연도/],
      [{ seasonName: '시즌', year: 2024.5 }, 'year', /정수/],
      [{ seasonName: '시즌', year: 2024, active: 'yes' }, 'active', /활성 시즌/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.api('POST', base, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.ok).toBe(false);
      expect(res.body.errors[field], JSON.stringify(body)).toMatch(message);
    }
    const broken = await t.api('POST', base, {
      token: admin,
      rawBody: '{"seasonName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await seasonCount()).toBe(before);
    const after = Number(
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(audits);
  });

  it('refuses a second season with the same name in the association', async () => {
    const res = await t.api('POST', base, {
      token: admin,
      body: { seasonName: '2020 시즌', year: 2020 },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors.seasonName).toContain('이미 있습니다');
  });
});

describe('reads and 404s', () => {
  it('reads a season, the list and the active season without signing in', async () => {
    const list = await t.api('GET', base);
    expect(list.status).toBe(200);
    const years = list.body.data.map((s: { year: number }) => s.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const one = await t.api('GET', `/api/league/season/${list.body.data[0].seasonId}`);
    expect(one.body.data).toEqual(list.body.data[0]);
  });

  it('answers 404 for unknown seasons and associations, and a season of another association', async () => {
    expect((await t.api('GET', '/api/league/season/9999')).status).toBe(404);
    expect((await t.api('GET', '/api/league/main/9999/season')).status).toBe(404);
    expect((await t.api('GET', '/api/league/main/9999/activeSeason')).status).toBe(404);
    const other = await t.db
      .insertInto('league_main')
      .values({ path: 'third', name: '셋째 협회' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await t.api('POST', `/api/league/main/${other.id}/season`, {
      token: admin,
      body: { seasonName: '남의 시즌', year: 2024 },
    });
    expect(foreign.status).toBe(201);
    const res = await t.api('PUT', `${base}/${foreign.body.data.seasonId}`, {
      token: admin,
      body: { seasonName: '가로채기', year: 2024 },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/^시즌.* 찾을 수 없습니다\.$/);
    expect(
      (await t.api('DELETE', `${base}/${foreign.body.data.seasonId}`, { token: admin })).status,
    ).toBe(404);
    const empty = await t.db
      .insertInto('league_main')
      .values({ path: 'empty', name: '빈 협회' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const none = await t.api('GET', `/api/league/main/${empty.id}/activeSeason`);
    expect(none.body).toEqual({ ok: true, data: null });
  });
});

describe('delete', () => {
  it('refuses to delete a season with leagues, saying how many', async () => {
    const list = (await t.api('GET', base)).body.data as Array<{
      seasonId: number;
      active: boolean;
    }>;
    const target = list.find((s) => !s.active)!;
    for (const name of ['A 리그', 'B 리그']) {
      const league = await t.api('POST', `${base}/${target.seasonId}/league`, {
        token: admin,
        body: { leagueName: name },
      });
      expect(league.status).toBe(201);
    }
    const res = await t.api('DELETE', `${base}/${target.seasonId}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('리그가 2개');
  });

  it('deletes an inactive season without leagues, records it and tells the publisher', async () => {
    const created = await t.api('POST', base, {
      token: admin,
      body: { seasonName: '지울 시즌', year: 2018 },
    });
    const id = created.body.data.seasonId;
    await t.takeChanges();
    const res = await t.api('DELETE', `${base}/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.seasonName).toBe('지울 시즌');
    expect((await t.api('GET', `/api/league/season/${id}`)).status).toBe(404);
    expect(await t.takeChanges()).toMatchObject({ tables: ['seasons'], changes: null });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'season')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });
});
