import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { databaseDigest } from './write-endpoints.ts';
import {
  buildGameFixture,
  fileForm,
  insertGame,
  makeXlsx,
  validBoxScore,
} from './_game-fixtures.ts';
import type { GameFixture } from './_game-fixtures.ts';

let t: TestApp;
let f: GameFixture;
let admin: string;
let operator: string;
let scorer: string;
let nobody: string;
let base: string;

const gameCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('games')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('league_id', '=', f.leagueId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  f = await buildGameFixture(t);
  admin = await t.adminToken();
  operator = (await t.makeUser({ email: 'operator@sbsa.kr', grade: 2 })).token;
  scorer = (await t.makeUser({ email: 'scorer@sbsa.kr', grade: 3 })).token;
  nobody = (await t.makeUser({ email: 'fan@sbsa.kr' })).token;
  base = `/api/league/league/${f.leagueId}/schedule`;
});
afterAll(async () => t.close());

const newGame = () => ({
  date: '2025-05-10',
  time: '09:00',
  venue: '잠실',
  homeTeamId: f.team.home,
  awayTeamId: f.team.away,
  round: '1라운드',
});

describe('schedule: one game at a time', () => {
  it('needs a league manager: anonymous 401, no role 403, scorer 403', async () => {
    expect((await t.api('POST', `${base}/game`, { body: newGame() })).status).toBe(401);
    expect((await t.api('POST', `${base}/game`, { token: nobody, body: newGame() })).status).toBe(
      403,
    );
    const res = await t.api('POST', `${base}/game`, { token: scorer, body: newGame() });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/권한/);
  });

  it('creates games with the next game number and records the change', async () => {
    await t.takeChanges();
    const first = await t.api('POST', `${base}/game`, { token: operator, body: newGame() });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      gameNo: 1,
      leagueId: f.leagueId,
      date: '2025-05-10',
      time: '09:00',
      venue: '잠실',
      status: 'scheduled',
      statusLabel: '예정',
      homeTeamName: '서울 레드삭스',
      awayTeamName: '부산 갈매기',
      stage: 'regular',
      stageLabel: '정규리그',
      hasRecord: false,
    });
    const second = await t.api('POST', `${base}/game`, {
      token: admin,
      body: { ...newGame(), date: '2025-05-17', time: null, homeTeamId: f.team.third },
    });
    expect(second.body.data.gameNo).toBe(2);
    expect(second.body.data.time).toBeNull();
    // each new game: its pages and the set of pages
    expect((await t.takeChanges()).changes).toEqual([
      `game:${first.body.data.gameId}`,
      'paths',
      `game:${second.body.data.gameId}`,
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'game')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses bad input with Korean field messages and writes nothing', async () => {
    const before = await databaseDigest(t);
    const cases: Array<[unknown, string, RegExp]> = [
      [{ ...newGame(), date: '2025-02-30' }, 'date', /YYYY-MM-DD/],
      [{ ...newGame(), time: '25:00' }, 'time', /HH:MM/],
      [{ ...newGame(), awayTeamId: f.team.home }, 'awayTeamId', /서로 달라야/],
      [{ ...newGame(), homeTeamId: 'x' }, 'homeTeamId', /숫자/],
      [{ ...newGame(), homeTeamId: undefined }, 'homeTeamId', /홈 팀/],
      [
        { ...newGame(), awayTeamId: f.team.outsider },
        'awayTeamId',
        /이 리그에 참가한 팀이 아닙니다/,
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await t.api('POST', `${base}/game`, { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors[path], JSON.stringify(res.body.errors)).toMatch(message);
    }
    const taken = await t.api('POST', `${base}/game`, {
      token: admin,
      body: { ...newGame(), gameNo: 1 },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.gameNo).toMatch(/1번은 이미/);
    expect(
      (
        await t.api('POST', '/api/league/league/999999/schedule/game', {
          token: admin,
          body: newGame(),
        })
      ).status,
    ).toBe(404);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('edits, reschedules, postpones and cancels through PATCH', async () => {
    const game = (
      await t.api('POST', `${base}/game`, {
        token: admin,
        body: { ...newGame(), date: '2025-06-01' },
      })
    ).body.data;
    const moved = await t.api('PATCH', `${base}/game/${game.gameId}`, {
      token: operator,
      body: { date: '2025-06-08', time: '13:30', venue: '고척' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      date: '2025-06-08',
      time: '13:30',
      venue: '고척',
      homeTeamId: f.team.home,
    });
    const postponed = await t.api('PATCH', `${base}/game/${game.gameId}`, {
      token: operator,
      body: { status: 'postponed' },
    });
    expect(postponed.body.data).toMatchObject({ status: 'postponed', statusLabel: '연기' });
    const cancelled = await t.api('PATCH', `${base}/game/${game.gameId}`, {
      token: operator,
      body: { status: 'cancelled' },
    });
    expect(cancelled.body.data.statusLabel).toBe('취소');
    const final = await t.api('PATCH', `${base}/game/${game.gameId}`, {
      token: operator,
      body: { status: 'final' },
    });
    expect(final.status).toBe(400);
    expect(final.body.errors.status).toBeTruthy();
    const swapped = await t.api('PATCH', `${base}/game/${game.gameId}`, {
      token: operator,
      body: { homeTeamId: f.team.away },
    });
    expect(swapped.status).toBe(400);
    expect(swapped.body.errors.awayTeamId).toMatch(/서로 달라야/);
    expect(
      (
        await t.api('PATCH', `/api/league/league/${f.otherLeagueId}/schedule/game/${game.gameId}`, {
          token: admin,
          body: { venue: 'x' },
        })
      ).status,
    ).toBe(404);
    const del = await t.api('DELETE', `${base}/game/${game.gameId}`, { token: operator });
    expect(del.status).toBe(200);
    expect((await t.api('GET', `${base}/game/${game.gameId}`)).status).toBe(404);
  });

  it('keeps teams and status of a game with a record', async () => {
    const gameId = await insertGame(t, f, { gameNo: 40, date: '2025-05-03' });
    expect(
      (
        await t.api('PUT', `/api/league/game/${gameId}/record`, {
          token: scorer,
          body: validBoxScore(f),
        })
      ).status,
    ).toBe(200);
    const res = await t.api('PATCH', `${base}/game/${gameId}`, {
      token: admin,
      body: { status: 'postponed' },
    });
    expect(res.status).toBe(409);
    const venue = await t.api('PATCH', `${base}/game/${gameId}`, {
      token: admin,
      body: { venue: '목동' },
    });
    expect(venue.status).toBe(200);
    expect(venue.body.data.status).toBe('final');
  });
});

describe('schedule: lists', () => {
  it('lists a season, pages it, and filters one team', async () => {
    const all = await t.api('GET', `/api/league/season/${f.seasonId}/schedule`);
    expect(all.status).toBe(200);
    expect(all.body.data.limit).toBe(50);
    const dates = all.body.data.games.map((g: { date: string }) => g.date);
    expect(dates).toEqual([...dates].sort());
    const page = await t.api('GET', `/api/league/season/${f.seasonId}/schedule?offset=1&limit=1`);
    expect(page.body.data).toMatchObject({ total: all.body.data.total, offset: 1, limit: 1 });
    expect(page.body.data.games[0].gameId).toBe(all.body.data.games[1].gameId);
    const third = await t.api('GET', `/api/league/season/${f.seasonId}/schedule/${f.team.third}`);
    expect(third.body.data.games.length).toBeGreaterThan(0);
    for (const g of third.body.data.games)
      expect([g.homeTeamId, g.awayTeamId]).toContain(f.team.third);
    expect((await t.api('GET', `/api/league/season/${f.seasonId}/schedule?limit=501`)).status).toBe(
      400,
    );
    expect((await t.api('GET', `/api/league/season/${f.seasonId}/schedule?offset=-1`)).status).toBe(
      400,
    );
    const missing = await t.api('GET', '/api/league/season/999999/schedule');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/시즌/);
  });

  it('lists a league, every league of its season with all=true, and one team in game-number order', async () => {
    const other = await t.db
      .insertInto('league_teams')
      .values({ league_id: f.otherLeagueId, team_id: f.team.home })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(other.id).toBeGreaterThan(0);
    await insertGame(t, f, {
      gameNo: 1,
      leagueId: f.otherLeagueId,
      home: f.team.outsider,
      away: f.team.home,
      date: '2025-05-20',
    });
    const league = await t.api('GET', base);
    const all = await t.api('GET', `${base}?all=true`);
    expect(all.body.data.total).toBe(league.body.data.total + 1);
    expect(
      league.body.data.games.every((g: { leagueId: number }) => g.leagueId === f.leagueId),
    ).toBe(true);
    const team = await t.api('GET', `${base}/${f.team.home}?all=true`);
    expect(
      team.body.data.games.some((g: { leagueId: number }) => g.leagueId === f.otherLeagueId),
    ).toBe(true);

    const order = await t.api('GET', `${base}/${f.team.home}/order`);
    expect(order.status).toBe(200);
    const nos = order.body.data.games.map((g: { gameNo: number }) => g.gameNo);
    expect(nos).toEqual([...nos].sort((a: number, b: number) => a - b));
    expect(order.body.data.games.map((g: { teamGameNo: number }) => g.teamGameNo)).toEqual(
      nos.map((_: number, i: number) => i + 1),
    );
    const recorded = order.body.data.games.find((g: { gameNo: number }) => g.gameNo === 40);
    expect(recorded).toMatchObject({
      result: 'W',
      resultLabel: '승',
      runsFor: 5,
      runsAgainst: 3,
      homeAway: 'home',
      opponentTeamName: '부산 갈매기',
    });
    expect((await t.api('GET', `${base}/${f.team.outsider}/order`)).status).toBe(404);

    const one = await t.api('GET', `${base}/game/${recorded.gameId}`);
    expect(one.body.data).toMatchObject({
      gameNo: 40,
      status: 'final',
      homeScore: 5,
      awayScore: 3,
      hasRecord: true,
    });
  });

  it('gives admins the list with record status and the games waiting for a record', async () => {
    expect(
      (await t.api('GET', `/api/league/admin/schedule/${f.seasonId}/${f.leagueId}`)).status,
    ).toBe(401);
    expect(
      (
        await t.api('GET', `/api/league/admin/schedule/${f.seasonId}/${f.leagueId}`, {
          token: nobody,
        })
      ).status,
    ).toBe(403);
    const list = await t.api('GET', `/api/league/admin/schedule/${f.seasonId}/${f.leagueId}`, {
      token: scorer,
    });
    expect(list.status).toBe(200);
    const recorded = list.body.data.games.find((g: { gameNo: number }) => g.gameNo === 40);
    expect(recorded).toMatchObject({
      recordStatus: 'recorded',
      recordStatusLabel: '입력 완료',
      needsRecord: false,
    });
    const waiting = list.body.data.games.find((g: { gameNo: number }) => g.gameNo === 1);
    expect(waiting).toMatchObject({ recordStatus: 'none', needsRecord: true });
    expect(
      (
        await t.api('GET', `/api/league/admin/schedule/${f.seasonId}/${f.otherLeagueId + 1000}`, {
          token: admin,
        })
      ).status,
    ).toBe(404);
    const team = await t.api(
      'GET',
      `/api/league/admin/schedule/${f.seasonId}/${f.leagueId}/${f.team.third}`,
      { token: scorer },
    );
    expect(team.body.data.teamId).toBe(f.team.third);
    for (const g of team.body.data.games)
      expect([g.homeTeamId, g.awayTeamId]).toContain(f.team.third);

    const needing = await t.api('GET', `/api/league/admin/schedulegame/${f.leagueId}`, {
      token: scorer,
    });
    expect(needing.status).toBe(200);
    expect(needing.body.data.games.every((g: { needsRecord: boolean }) => g.needsRecord)).toBe(
      true,
    );
    expect(needing.body.data.games.some((g: { gameNo: number }) => g.gameNo === 40)).toBe(false);
    const form = await t.api(
      'GET',
      `/api/league/admin/schedulegame/${f.leagueId}/${waiting.gameId}`,
      { token: scorer },
    );
    expect(form.status).toBe(200);
    expect(form.body.data.home.eligible).toHaveLength(9);
    expect(form.body.data.home.ineligible.map((p: { reason: string }) => p.reason).sort()).toEqual(
      ['경기일 이후 등록', '다른 팀 소속', '리그 명단에 없음', '방출', '출장 정지'].sort(),
    );
  });
});

describe('schedule files', () => {
  const header = '날짜,시간,구장,홈팀,원정팀,라운드';
  const badCsv = [
    header,
    '2025-07-05,09:00,잠실,서울 레드삭스,부산 갈매기,2라운드',
    '2025-07-05,11:00,"잠실, 보조구장", 레드삭스 ,갈매기,2라운드',
    '2025-07-32,09:00,잠실,레드삭스,없는팀,2라운드',
    '2025-07-06,9시,잠실,라이온즈,라이온즈,2라운드',
    '2025-07-06,13:00,잠실,서울레드삭스,부산 갈매기,2라운드',
  ].join('\r\n');

  it("previews a CSV with every row's problems and imports nothing while any row is bad", async () => {
    const before = await gameCount();
    const res = await t.api('POST', `${base}/upload_file`, {
      token: operator,
      rawBody: fileForm(`\ufeff${badCsv}`, '일정.csv', 'text/csv'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows, valid } = res.body.data;
    expect(valid).toBe(false);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      line: 2,
      date: '2025-07-05',
      time: '09:00',
      homeTeamId: f.team.home,
      awayTeamId: f.team.away,
      problems: [],
    });
    expect(rows[1]).toMatchObject({
      venue: '잠실, 보조구장',
      homeTeamId: f.team.home,
      awayTeamId: f.team.away,
      problems: [],
    });
    expect(rows[2].problems.join(' ')).toMatch(/날짜를 읽을 수 없습니다.*2025-07-32/);
    expect(rows[2].problems.join(' ')).toMatch(/알 수 없는 팀입니다: "없는팀"/);
    expect(rows[3].time).toBe('09:00');
    expect(rows[3].problems).toEqual(['홈 팀과 원정 팀이 같습니다.']);
    expect(rows[4].problems).toEqual([]);

    const refused = await t.api('POST', `${base}/upload_file?dryRun=false`, {
      token: operator,
      rawBody: fileForm(badCsv, '일정.csv', 'text/csv'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/2개 행에 문제가 있어 아무것도 가져오지 않았습니다/);
    expect(refused.body.errors['rows.2']).toMatch(/^4행:/);
    expect(refused.body.errors['rows.3']).toMatch(/^5행: 홈 팀과 원정 팀이 같습니다/);
    expect(await gameCount()).toBe(before);
    const league = await t.db
      .selectFrom('leagues')
      .select('schedule_upload_id')
      .where('id', '=', f.leagueId)
      .executeTakeFirstOrThrow();
    expect(league.schedule_upload_id).toBeNull();
  });

  it('imports the fixed CSV, links the file, and flags the same games as duplicates next time', async () => {
    const fixed = badCsv
      .replace('2025-07-32,09:00,잠실,레드삭스,없는팀', '2025-07-12,09:00,잠실,레드삭스,라이온즈')
      .replace('2025-07-06,9시,잠실,라이온즈,라이온즈', '2025-07-06,9시,잠실,라이온즈,갈매기');
    const before = await gameCount();
    const preview = await t.api('POST', `${base}/upload_file`, {
      token: operator,
      rawBody: fileForm(fixed, 'schedule.csv', 'text/csv'),
    });
    expect(preview.body.data.valid).toBe(true);
    expect(await gameCount()).toBe(before);
    await t.takeChanges();
    const res = await t.api('POST', `${base}/upload_file?dryRun=false`, {
      token: operator,
      rawBody: fileForm(fixed, 'schedule.csv', 'text/csv'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ dryRun: false, valid: true, imported: 5 });
    expect(res.body.data.file.url).toMatch(/^\/uploads\/.+\.csv$/);
    expect(await gameCount()).toBe(before + 5);
    // each imported game as a new game: its pages and the set of pages (the schedule file the
    // league keeps is the console's)
    const taken = await t.takeChanges();
    const games = taken.rows.filter((r) => r.table === 'games' && r.kind === 'insert');
    expect(games).toHaveLength(5);
    expect(new Set(taken.changes)).toEqual(
      new Set([...games.map((g) => `game:${g.rowId}`), 'paths']),
    );
    const league = await t.db
      .selectFrom('leagues')
      .select('schedule_upload_id')
      .where('id', '=', f.leagueId)
      .executeTakeFirstOrThrow();
    expect(league.schedule_upload_id).toBe(res.body.data.file.uploadId);
    const imported = await t.db
      .selectFrom('games')
      .selectAll()
      .where('league_id', '=', f.leagueId)
      .where('game_date', '=', '2025-07-06')
      .execute();
    expect(imported.map((g) => [g.game_time, g.home_team_id, g.away_team_id, g.round])).toEqual([
      ['09:00', f.team.third, f.team.away, '2라운드'],
      ['13:00', f.team.home, f.team.away, '2라운드'],
    ]);
    const nos = imported.map((g) => g.game_no);
    expect(new Set(nos).size).toBe(2);

    const again = await t.api('POST', `${base}/upload_file`, {
      token: operator,
      rawBody: fileForm(fixed, 'schedule.csv', 'text/csv'),
    });
    // every game already in the schedule: nothing new, each row skipped, importing refused in Korean
    expect(again.body.data.valid).toBe(false);
    expect(again.body.data.skipped).toBe(5);
    expect(again.body.data.rows.every((r: { skipped: boolean }) => r.skipped)).toBe(true);
    const nothingNew = await t.api('POST', `${base}/upload_file?dryRun=false`, {
      token: operator,
      rawBody: fileForm(fixed, 'schedule.csv', 'text/csv'),
    });
    expect(nothingNew.status).toBe(400);
    expect(nothingNew.body.message).toBe(
      '파일의 경기가 모두 이미 일정에 있습니다. 새로 가져올 경기가 없습니다.',
    );
    expect(await gameCount()).toBe(before + 5);

    // the master file with one more game: only that one is added, the five reported as skipped;
    // the league's period ends on 2025-08-31, so a September game is imported with a warning
    await t.db
      .updateTable('leagues')
      .set({ start_date: '2025-04-01', end_date: '2025-08-31' })
      .where('id', '=', f.leagueId)
      .execute();
    const master = `${fixed.trimEnd()}\r\n2025-09-20,10:00,잠실,갈매기,레드삭스,5라운드\r\n`;
    const grown = await t.api('POST', `${base}/upload_file`, {
      token: operator,
      rawBody: fileForm(master, 'schedule.csv', 'text/csv'),
    });
    expect(grown.body.data).toMatchObject({ valid: true, skipped: 5, imported: 0 });
    const last = grown.body.data.rows.at(-1);
    expect(last).toMatchObject({ skipped: false, problems: [] });
    expect(last.warnings).toEqual([
      '리그 기간(2025-04-01 ~ 2025-08-31) 밖의 날짜입니다. 날짜가 맞는지 확인해 주세요.',
    ]);
    const added = await t.api('POST', `${base}/upload_file?dryRun=false`, {
      token: operator,
      rawBody: fileForm(master, 'schedule.csv', 'text/csv'),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ imported: 1, skipped: 5 });
    expect(await gameCount()).toBe(before + 6);
    await t.db
      .updateTable('leagues')
      .set({ start_date: null, end_date: null })
      .where('id', '=', f.leagueId)
      .execute();

    const removed = await t.api('DELETE', `${base}/delete_file`, { token: operator });
    expect(removed.status).toBe(200);
    expect(removed.body.data.removed).toBe(true);
    expect((await t.api('DELETE', `${base}/delete_file`, { token: operator })).status).toBe(404);
  });

  it('reads xlsx (shared strings, date serials and day fractions), previews problems and imports when fixed', async () => {
    const sheet = (away3: string, date4: string | number) =>
      makeXlsx([
        ['날짜', '시간', '구장', '홈팀', '원정팀', '라운드', '경기번호'],
        [45871, 0.375, '사직', '갈매기', '라이온즈', '3라운드', 101],
        ['2025.8.9', '14:00', '사직', '부산갈매기', '레드삭스', '3라운드', null],
        ['2025-08-10', '10:00', '사직', 'LIONS', away3, '3라운드', null],
        [date4, '오후 2:00', '사직', '라이온즈', '레드삭스', '3라운드', 101],
      ]);
    const bad = await t.api('POST', `${base}/upload_file`, {
      token: operator,
      rawBody: fileForm(sheet('갈매기', 'soon'), '일정.xlsx'),
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(200);
    const rows = bad.body.data.rows;
    expect(rows[0]).toMatchObject({
      line: 2,
      date: '2025-08-02',
      time: '09:00',
      gameNo: 101,
      homeTeamId: f.team.away,
      awayTeamId: f.team.third,
      problems: [],
    });
    expect(rows[1]).toMatchObject({
      date: '2025-08-09',
      homeTeamId: f.team.away,
      awayTeamId: f.team.home,
      problems: [],
    });
    expect(rows[2].problems).toEqual(['알 수 없는 팀입니다: "LIONS"']);
    expect(rows[3].time).toBe('14:00');
    expect(rows[3].problems.join(' ')).toMatch(/날짜를 읽을 수 없습니다: "soon"/);
    expect(rows[3].problems.join(' ')).toMatch(/경기 번호 101번이 2행에도/);
    const before = await gameCount();
    expect(
      (
        await t.api('POST', `${base}/upload_file?dryRun=false`, {
          token: operator,
          rawBody: fileForm(sheet('갈매기', 'soon'), '일정.xlsx'),
        })
      ).status,
    ).toBe(400);
    expect(await gameCount()).toBe(before);

    const good = makeXlsx([
      ['날짜', '시간', '구장', '홈팀', '원정팀', '라운드', '경기번호'],
      [45871, 0.375, '사직', '갈매기', '라이온즈', '3라운드', 101],
      ['2025.8.9', '14:00', '사직', '부산갈매기', '레드삭스', '3라운드', null],
      ['2025-08-10', '10:00', '사직', '라이온즈 ', '갈매기', '3라운드', null],
    ]);
    const res = await t.api('POST', `${base}/upload_file?dryRun=false`, {
      token: operator,
      rawBody: fileForm(good, '일정.xlsx'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.imported).toBe(3);
    expect(res.body.data.file.url).toMatch(/\.xlsx$/);
    const numbered = await t.db
      .selectFrom('games')
      .select(['game_no', 'game_date'])
      .where('league_id', '=', f.leagueId)
      .where('game_no', '=', 101)
      .executeTakeFirstOrThrow();
    expect(numbered.game_date).toBe('2025-08-02');
  });

  it('refuses unsupported, empty and broken files, and checks roles', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(
      (
        await t.api('POST', `${base}/upload_file`, {
          token: operator,
          rawBody: fileForm(png, 'a.png'),
        })
      ).status,
    ).toBe(415);
    const none = await t.api('POST', `${base}/upload_file`, {
      token: operator,
      rawBody: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(none.body.errors.file).toMatch(/파일을 선택/);
    const broken = await t.api('POST', `${base}/upload_file`, {
      token: operator,
      rawBody: fileForm(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), 'x.xlsx'),
    });
    expect([400, 415]).toContain(broken.status);
    const quote = await t.api('POST', `${base}/upload_file`, {
      token: operator,
      rawBody: fileForm('날짜,시간\n"2025-01-01,10:00', 'a.csv'),
    });
    expect(quote.status).toBe(400);
    expect(quote.body.message).toMatch(/따옴표/);
    const empty = await t.api('POST', `${base}/upload_file?dryRun=false`, {
      token: operator,
      rawBody: fileForm(`${header}\r\n`, 'a.csv'),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/경기가 없습니다/);
    expect(
      (await t.api('POST', `${base}/upload_file`, { rawBody: fileForm(badCsv, 'a.csv') })).status,
    ).toBe(401);
    expect(
      (
        await t.api('POST', `${base}/upload_file`, {
          token: scorer,
          rawBody: fileForm(badCsv, 'a.csv'),
        })
      ).status,
    ).toBe(403);
    expect((await t.api('DELETE', `${base}/delete_file`, { token: scorer })).status).toBe(403);
  });

  it.each(['libreoffice-utf8.csv', 'libreoffice-cp949.csv'])(
    'reads %s from LibreOffice: columns in any order, Korean dates and times',
    async (name) => {
      const bytes = new Uint8Array(
        readFileSync(new URL(`../fixtures/schedules/${name}`, import.meta.url)),
      );
      const res = await t.api('POST', `${base}/upload_file`, {
        token: operator,
        rawBody: fileForm(bytes, name),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = res.body.data.rows as Array<Record<string, unknown>>;
      // "4월 5일" has no year: it takes the league's season year (2025).
      expect(rows.map((r) => [r.date, r.time, r.venue, r.homeTeamId, r.awayTeamId])).toEqual([
        ['2026-04-04', '14:00', '잠실', f.team.home, f.team.away],
        ['2025-04-05', '10:30', '똠방 구장', f.team.away, f.team.home],
        ['2026-04-11', '14:00', '잠실', f.team.home, f.team.away],
        ['2026-04-12', '13:30', '사직', f.team.away, f.team.home],
      ]);
    },
  );

  it("serves a CSV template with the league's teams", async () => {
    const res = await t.api('GET', `${base}/template.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = String(res.body);
    expect(text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(
      '날짜,시간,구장,홈팀,원정팀,라운드,경기번호',
    );
    expect(text).toMatch(/대구 라이온즈|부산 갈매기|서울 레드삭스/);
  });
});
