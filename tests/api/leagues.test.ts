import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let seasonId: number;
let otherSeasonId: number;
let scope: string;

const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

function imageForm(bytes: Uint8Array, name = 'logo.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new File([bytes as BlobPart], name, { type }));
  return form;
}

const leagueCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('leagues')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const s = await t.api('POST', `/api/league/main/${t.main.id}/season`, {
    token: admin,
    body: { seasonName: '2025 시즌', year: 2025 },
  });
  seasonId = s.body.data.seasonId;
  const o = await t.api('POST', `/api/league/main/${t.main.id}/season`, {
    token: admin,
    body: { seasonName: '2024 시즌', year: 2024 },
  });
  otherSeasonId = o.body.data.seasonId;
  scope = `/api/league/main/${t.main.id}/season/${seasonId}/league`;
});
afterAll(async () => t.close());

describe('create and read', () => {
  it('creates a league with the default rules profile', async () => {
    await t.takeChanges();
    const res = await t.api('POST', scope, {
      token: admin,
      body: { leagueName: '2025 여자부 리그', startDate: '2025-04-01', endDate: '2025-10-31' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      seasonId,
      seasonName: '2025 시즌',
      year: 2025,
      leagueMain: { mainId: t.main.id, path: 'sbsa' },
      leagueName: '2025 여자부 리그',
      logo: null,
      startDate: '2025-04-01',
      endDate: '2025-10-31',
      status: 'scheduled',
      statusLabel: '예정',
      inningsPerGame: 7,
      runAheadRule: [
        { afterInning: 3, runs: 15 },
        { afterInning: 4, runs: 10 },
        { afterInning: 5, runs: 7 },
      ],
      tiesAllowed: true,
      rankingMethod: 'pct',
      pointsWin: 2,
      pointsDraw: 1,
      pointsLoss: 0,
      tieBreakers: ['h2h', 'tqb', 'er_tqb', 'avg', 'lots'],
      eraBasis: 7,
      qualifyPaPerGame: 2,
      qualifyIpPerGame: 1,
      divisionId: null,
      teamCount: 0,
    });
    expect(await t.takeChanges()).toMatchObject({ tables: ['leagues'], changes: null });
    const read = await t.api('GET', `/api/league/league/${res.body.data.leagueId}`);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('stores a full rules profile as given', async () => {
    const division = await t.db
      .insertInto('divisions')
      .values({ main_id: t.main.id, name: '남자 1부' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = {
      leagueName: '남자 1부 승점제',
      divisionId: division.id,
      status: 'ongoing',
      inningsPerGame: 5,
      runAheadRule: [
        { afterInning: 4, runs: 8 },
        { afterInning: 3, runs: 12 },
      ],
      tiesAllowed: false,
      rankingMethod: 'points',
      pointsWin: 3,
      pointsDraw: 1,
      pointsLoss: 0,
      tieBreakers: ['tqb', 'h2h', 'lots'],
      eraBasis: 5,
      qualifyPaPerGame: 2.5,
      qualifyIpPerGame: 0.5,
    };
    const res = await t.api('POST', scope, { token: admin, body });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      ...body,
      divisionName: '남자 1부',
      statusLabel: '진행 중',
      runAheadRule: [
        { afterInning: 3, runs: 12 },
        { afterInning: 4, runs: 8 },
      ],
    });
  });

  it('lists the leagues of a season', async () => {
    const res = await t.api('GET', `/api/league/season/${seasonId}/league`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((l: { leagueName: string }) => l.leagueName)).toEqual([
      '2025 여자부 리그',
      '남자 1부 승점제',
    ]);
    expect((await t.api('GET', `/api/league/season/${otherSeasonId}/league`)).body.data).toEqual(
      [],
    );
    expect((await t.api('GET', '/api/league/season/999/league')).status).toBe(404);
    expect((await t.api('GET', '/api/league/league/999')).status).toBe(404);
    expect((await t.api('GET', '/api/league/league/x')).status).toBe(400);
  });
});

describe('validation', () => {
  it('answers 400 with Korean field messages and writes nothing', async () => {
    const before = await leagueCount();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{}, 'leagueName', /^리그 이름을 입력해 주세요\.$/],
      [{ leagueName: 'L', startDate: '2025-13-01' }, 'startDate', /시작일/],
      [
        { leagueName: 'L', startDate: '2025-05-01', endDate: '2025-04-01' },
        'endDate',
        /종료일은 시작일과 같거나 그 뒤/,
      ],
      [{ leagueName: 'L', tieBreakers: ['lots', 'h2h'] }, 'tieBreakers.0', /마지막/],
      [{ leagueName: 'L', tieBreakers: ['h2h', 'h2h'] }, 'tieBreakers.1', /두 번/],
      [{ leagueName: 'L', tieBreakers: ['coin'] }, 'tieBreakers.0', /순위 결정 방식/],
      [
        { leagueName: 'L', rankingMethod: 'points', pointsWin: 0, pointsLoss: 1 },
        'pointsWin',
        /승리 승점/,
      ],
      [
        { leagueName: 'L', runAheadRule: [{ afterInning: 7, runs: 10 }] },
        'runAheadRule.0.afterInning',
        /경기 이닝 수/,
      ],
      [{ leagueName: 'L', inningsPerGame: 0 }, 'inningsPerGame', /경기 이닝 수는 1 이상/],
      [{ leagueName: 'L', status: 'done' }, 'status', /진행 상태/],
      [{ leagueName: 'L', qualifyIpPerGame: -1 }, 'qualifyIpPerGame', /규정 이닝/],
      [{ leagueName: 'L', divisionId: 'abc' }, 'divisionId', /부/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.api('POST', scope, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(body)).toMatch(message);
    }
    expect(await leagueCount()).toBe(before);
  });

  it('refuses a division of another association and a duplicate name', async () => {
    const other = await t.db
      .insertInto('league_main')
      .values({ path: 'other', name: '다른 협회' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const division = await t.db
      .insertInto('divisions')
      .values({ main_id: other.id, name: '여자부' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await t.api('POST', scope, {
      token: admin,
      body: { leagueName: '새 리그', divisionId: division.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.divisionId).toContain('부를 찾을 수 없습니다');
    const duplicate = await t.api('POST', scope, {
      token: admin,
      body: { leagueName: '2025 여자부 리그' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors.leagueName).toContain('이미 있습니다');
  });
});

describe('permissions', () => {
  it('refuses anonymous (401), no role (403) and a scorer (403); allows a grade 2 operator', async () => {
    const body = { leagueName: '권한 리그' };
    expect((await t.api('POST', scope, { body })).status).toBe(401);
    const plain = await t.makeUser({ email: 'plain@sbsa.kr' });
    expect((await t.api('POST', scope, { body, token: plain.token })).status).toBe(403);
    const scorer = await t.makeUser({ email: 'scorer@sbsa.kr', grade: 3 });
    expect((await t.api('POST', scope, { body, token: scorer.token })).status).toBe(403);
    const team = await t.db
      .insertInto('teams')
      .values({ main_id: t.main.id, name: '팀 관리자 팀' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const teamManager = await t.makeUser({ email: 'tm@sbsa.kr', teamId: team.id });
    expect((await t.api('POST', scope, { body, token: teamManager.token })).status).toBe(403);
    const operator = await t.makeUser({ email: 'op@sbsa.kr', grade: 2 });
    const created = await t.api('POST', scope, { body, token: operator.token });
    expect(created.status).toBe(201);
    const id = created.body.data.leagueId;
    expect(
      (await t.api('PUT', `${scope}/${id}`, { body: { status: 'finished' }, token: scorer.token }))
        .status,
    ).toBe(403);
    expect((await t.api('DELETE', `${scope}/${id}`, { token: plain.token })).status).toBe(403);
    expect((await t.api('DELETE', `${scope}/${id}`)).status).toBe(401);
    expect((await t.api('DELETE', `${scope}/${id}`, { token: operator.token })).status).toBe(200);
  });
});

describe('update', () => {
  it('changes only the fields sent and checks the merged league', async () => {
    const created = await t.api('POST', scope, {
      token: admin,
      body: { leagueName: '수정 리그', startDate: '2025-04-01', endDate: '2025-06-30' },
    });
    const id = created.body.data.leagueId;
    const res = await t.api('PUT', `${scope}/${id}`, {
      token: admin,
      body: { status: 'ongoing', rankingMethod: 'points', pointsWin: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      leagueName: '수정 리그',
      startDate: '2025-04-01',
      status: 'ongoing',
      rankingMethod: 'points',
      pointsWin: 3,
      pointsDraw: 1,
    });

    const bad = await t.api('PUT', `${scope}/${id}`, {
      token: admin,
      body: { startDate: '2025-07-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.endDate).toContain('종료일');
    expect((await t.api('GET', `/api/league/league/${id}`)).body.data.startDate).toBe('2025-04-01');

    const cleared = await t.api('PUT', `${scope}/${id}`, {
      token: admin,
      body: { startDate: null, endDate: null, leagueName: '수정된 리그' },
    });
    expect(cleared.body.data).toMatchObject({
      startDate: null,
      endDate: null,
      leagueName: '수정된 리그',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'league')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action).slice(-3)).toEqual(['create', 'update', 'update']);
  });

  it('answers 404 when the league is not in that season or the season not in that association', async () => {
    const created = await t.api('POST', scope, { token: admin, body: { leagueName: '범위 리그' } });
    const id = created.body.data.leagueId;
    const wrongSeason = await t.api(
      'PUT',
      `/api/league/main/${t.main.id}/season/${otherSeasonId}/league/${id}`,
      { token: admin, body: { status: 'finished' } },
    );
    expect(wrongSeason.status).toBe(404);
    expect(wrongSeason.body.message).toMatch(/^리그.* 찾을 수 없습니다\.$/);
    const other = await t.db
      .insertInto('league_main')
      .values({ path: 'other2', name: '또 다른 협회' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wrongMain = await t.api(
      'DELETE',
      `/api/league/main/${other.id}/season/${seasonId}/league/${id}`,
      { token: admin },
    );
    expect(wrongMain.status).toBe(404);
    expect(wrongMain.body.message).toMatch(/^시즌/);
    expect((await t.api('GET', `/api/league/league/${id}`)).status).toBe(200);
  });
});

describe('delete', () => {
  it('refuses to delete a league with games', async () => {
    const created = await t.api('POST', scope, {
      token: admin,
      body: { leagueName: '경기 있는 리그' },
    });
    const leagueId = created.body.data.leagueId;
    const [a, b] = await Promise.all(
      ['가 팀', '나 팀'].map((name) =>
        t.db
          .insertInto('teams')
          .values({ main_id: t.main.id, name })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    await t.db
      .insertInto('league_teams')
      .values([
        { league_id: leagueId, team_id: a.id },
        { league_id: leagueId, team_id: b.id },
      ])
      .execute();
    await t.db
      .insertInto('games')
      .values({
        league_id: leagueId,
        game_no: 1,
        game_date: '2025-05-01',
        home_team_id: a.id,
        away_team_id: b.id,
      })
      .execute();
    const res = await t.api('DELETE', `${scope}/${leagueId}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('경기가 1개');
    expect((await t.api('GET', `/api/league/league/${leagueId}`)).status).toBe(200);
  });

  it('deletes a league with its teams and roster', async () => {
    const created = await t.api('POST', scope, { token: admin, body: { leagueName: '지울 리그' } });
    const leagueId = created.body.data.leagueId;
    const team = await t.db
      .insertInto('teams')
      .values({ main_id: t.main.id, name: '지울 팀' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const player = await t.db
      .insertInto('players')
      .values({ main_id: t.main.id, name: '선수' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('league_teams')
      .values({ league_id: leagueId, team_id: team.id })
      .execute();
    await t.db
      .insertInto('league_players')
      .values({
        league_id: leagueId,
        team_id: team.id,
        player_id: player.id,
        registered_on: '2025-01-01',
      })
      .execute();
    const res = await t.api('DELETE', `${scope}/${leagueId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.leagueName).toBe('지울 리그');
    expect((await t.api('GET', `/api/league/league/${leagueId}`)).status).toBe(404);
    expect(
      await t.db
        .selectFrom('league_teams')
        .select('id')
        .where('league_id', '=', leagueId)
        .execute(),
    ).toEqual([]);
  });
});

describe('logo upload', () => {
  let logoPath: string;
  beforeAll(async () => {
    const created = await t.api('POST', scope, { token: admin, body: { leagueName: '로고 리그' } });
    logoPath = `${scope}/${created.body.data.leagueId}/logo`;
  });

  it('stores a PNG and links it as the logo', async () => {
    await t.takeChanges();
    const res = await t.api('POST', logoPath, { token: admin, rawBody: imageForm(PNG) });
    expect(res.status).toBe(200);
    expect(res.body.data.logo).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}\.png$/);
    const stored = await t.db
      .selectFrom('leagues')
      .select('logo')
      .where('id', '=', res.body.data.leagueId)
      .executeTakeFirstOrThrow();
    expect(existsSync(join(t.dir, 'uploads', stored.logo!))).toBe(true);
    // the stored file is recorded through the league that links it: its logo is on every page
    expect(await t.takeChanges()).toMatchObject({ tables: ['leagues'], changes: null });
  });

  it('refuses a text file renamed .png with 415 and an oversized image with 413', async () => {
    const before = await t.db.selectFrom('uploads').select('id').execute();
    const text = await t.api('POST', logoPath, {
      token: admin,
      rawBody: imageForm(new TextEncoder().encode('hello, not an image'), 'fake.png'),
    });
    expect(text.status).toBe(415);
    expect(text.body.message).toContain('지원하지 않는 파일 형식');
    const justOver = new Uint8Array(2 * 1024 * 1024 + 1);
    justOver.set(PNG);
    const big = await t.api('POST', logoPath, { token: admin, rawBody: imageForm(justOver) });
    expect(big.status).toBe(413);
    expect(big.body.message).toContain('2MB');
    const huge = new Uint8Array(5 * 1024 * 1024);
    huge.set(PNG);
    const hugeRes = await t.api('POST', logoPath, { token: admin, rawBody: imageForm(huge) });
    expect(hugeRes.status).toBe(413);
    expect(await t.db.selectFrom('uploads').select('id').execute()).toEqual(before);
  });

  it('refuses a missing file (400), a JSON body (415), anonymous (401) and no role (403)', async () => {
    const empty = new FormData();
    empty.append('other', 'x');
    const missing = await t.api('POST', logoPath, { token: admin, rawBody: empty });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.file).toContain('파일');
    expect((await t.api('POST', logoPath, { token: admin, body: { file: 'x' } })).status).toBe(415);
    expect((await t.api('POST', logoPath, { rawBody: imageForm(PNG) })).status).toBe(401);
    const plain = await t.makeUser({ email: 'plain-logo@sbsa.kr' });
    expect(
      (await t.api('POST', logoPath, { token: plain.token, rawBody: imageForm(PNG) })).status,
    ).toBe(403);
  });
});
