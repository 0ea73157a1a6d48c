import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSiteInBrowser } from './site.ts';
import { paths } from '../../../src/lib/paths.ts';
import type { SeasonRef } from '../../../src/lib/paths.ts';
import { redirectFor } from '../../../src/server/publish/redirects.ts';

const { site, browser } = await openSiteInBrowser();

/** Every route of SPEC.md §2 (and the other public routes) for one season, with the h1 it must show. */
async function routesFor(season: SeasonRef): Promise<[path: string, heading: string][]> {
  const { db, index } = site;
  const seasonName = index.site.seasons.find((s) => s.id === season.id)!.name;
  const league = index.leagues.find((l) => l.seasonId === season.id)!;
  const leagueRow = await db
    .selectFrom('leagues')
    .select('name')
    .where('id', '=', league.id)
    .executeTakeFirstOrThrow();
  const teamId = index.leagueTeams.find((lt) => lt.leagueId === league.id)!.teamId;
  const team = await db
    .selectFrom('teams')
    .select('name')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  const game = await db
    .selectFrom('games as g')
    .innerJoin('teams as h', 'h.id', 'g.home_team_id')
    .innerJoin('teams as a', 'a.id', 'g.away_team_id')
    .select(['g.id', 'h.name as home', 'a.name as away'])
    .where('g.league_id', '=', league.id)
    .where('g.status', '=', 'final')
    .orderBy('g.id')
    .executeTakeFirstOrThrow();
  const player = index.seasonPlayers.find((p) => p.seasonId === season.id && p.teamId === teamId)!;
  const playerRow = await db
    .selectFrom('players')
    .select('name')
    .where('id', '=', player.playerId)
    .executeTakeFirstOrThrow();
  return [
    [paths.home(season), `${seasonName} 리그 홈`],
    [paths.leagueSchedules(season), '리그 일정'],
    [paths.leagueSchedule(season, league.id), leagueRow.name],
    [paths.teamSchedule(season, league.id, teamId), `${team.name} 경기 일정`],
    [paths.gameSchedule(season), '경기 일정'],
    [paths.leagueResults(season), '순위'],
    [paths.gameResults(season), '경기 결과'],
    [paths.boxScore(season, league.id, game.id), `${game.away} 대 ${game.home}`],
    [paths.teams(season), '팀'],
    [paths.teamPlayers(season, teamId), team.name],
    [paths.player(season, teamId, player.playerId), playerRow.name],
  ];
}

describe('every public route', () => {
  it('answers 200 with its heading, for the active season at the spec routes', async () => {
    const active = { id: site.index.site.active.id, active: true };
    const routes = await routesFor(active);
    expect(routes[0][0]).toBe('/sbsa');
    const page = await browser.newPage();
    for (const [path, heading] of routes) {
      const response = await page.goto(site.origin + path);
      expect(response?.status(), path).toBe(200);
      await expect
        .poll(() => page.locator('h1').innerText(), { message: path, timeout: 10_000 })
        .toBe(heading);
    }
    await page.close();
  });

  it('answers 200 with its heading, for every other season under /sbsa/season/{id}', async () => {
    const page = await browser.newPage();
    for (const s of site.index.site.seasons.filter((x) => !x.active)) {
      for (const [path, heading] of await routesFor({ id: s.id, active: false })) {
        expect(path.startsWith(`/sbsa/season/${s.id}`)).toBe(true);
        const response = await page.goto(site.origin + path);
        expect(response?.status(), path).toBe(200);
        expect(await page.locator('h1').innerText(), path).toBe(heading);
      }
    }
    await page.close();
  });

  it('serves notices, paged, and each notice', async () => {
    const notice = await site.db
      .selectFrom('notices')
      .select(['wr_id', 'title'])
      .orderBy('wr_id')
      .executeTakeFirstOrThrow();
    const page = await browser.newPage();
    // The demo data has more notices than one page holds, so the paging is exercised.
    expect(site.index.noticePages).toBeGreaterThan(1);
    const pages: [string, string][] = [
      [paths.notices(), '공지사항'],
      [paths.notices(2), '공지사항'],
      [paths.notice(notice.wr_id), notice.title],
    ];
    for (const [path, heading] of pages) {
      const response = await page.goto(site.origin + path);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator('h1').innerText()).toBe(heading);
    }
    // Page 2 continues where page 1 stops and is linked from it.
    await page.goto(site.origin + paths.notices());
    const first = await page
      .locator('main a[href^="/sbsa/notice/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(await page.locator(`main a[href="${paths.notices(2)}"]`).count()).toBeGreaterThan(0);
    await page.goto(site.origin + paths.notices(2));
    expect(await page.locator('main caption').innerText()).toBe('공지사항 목록 2쪽');
    const second = await page
      .locator('main a[href^="/sbsa/notice/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const isNotice = (href: string | null) => /^\/sbsa\/notice\/\d+$/.test(href ?? '');
    expect(second.filter(isNotice).length).toBeGreaterThan(0);
    expect(second.filter(isNotice).filter((href) => first.includes(href))).toEqual([]);
    await page.close();
  });

  it('serves the policies with the sections Korean law expects', async () => {
    const page = await browser.newPage();
    expect((await page.goto(`${site.origin}/policy/service`))?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('이용약관');
    expect((await page.goto(`${site.origin}/policy/privacy`))?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('개인정보처리방침');
    const sections = await page.locator('h2').allInnerTexts();
    for (const part of [
      '처리 목적',
      '개인정보 항목',
      '보유 기간',
      '제3자 제공',
      '파기',
      '정보주체',
      '개인정보 보호책임자',
    ]) {
      expect(
        sections.some((h) => h.includes(part)),
        part,
      ).toBe(true);
    }
    await page.close();
  });

  it('leads / to /sbsa', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/`);
    await page.waitForURL(`${site.origin}/sbsa`);
    expect(await page.locator('h1').innerText()).toContain('리그 홈');
    await page.close();
  });

  it('answers an unknown address with the Korean 404 page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${site.origin}/sbsa/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('페이지를 찾을 수 없습니다');
    await page.close();
  });
});

describe('files beside the pages', () => {
  it('publishes robots.txt and a sitemap of every page', async () => {
    const robots = await (await fetch(`${site.origin}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    const sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>http://localhost:4321/sbsa</loc>');
    expect(sitemap).toContain('<loc>http://localhost:4321/policy/privacy</loc>');
    const locs = [...sitemap.matchAll(/<loc>http:\/\/localhost:4321([^<]*)<\/loc>/g)].map(
      (m) => m[1],
    );
    for (const path of locs.filter((_, i) => i % 97 === 0)) {
      expect((await fetch(site.origin + path)).status, path).toBe(200);
    }
  });

  it('gives iCalendar feeds in Asia/Seoul with CRLF and folded lines', async () => {
    const lt = site.index.leagueTeams[0];
    for (const path of [
      paths.leagueCalendar(lt.leagueId),
      paths.teamCalendar(lt.leagueId, lt.teamId),
    ]) {
      const res = await fetch(site.origin + path);
      expect(res.status, path).toBe(200);
      const ics = await res.text();
      expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Seoul\r\n');
      expect(ics).toMatch(/DTSTART;TZID=Asia\/Seoul:\d{8}T\d{6}\r\n/);
      expect(ics.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
      for (const line of ics.split('\r\n'))
        expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
  });

  it('gives CSV files with a BOM that Excel reads as UTF-8, made by the server', async () => {
    const league = site.index.leagues[0];
    const res = await fetch(site.origin + paths.csv.standings(league.id));
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[0]).toBe(
      '순위,팀,승,패,무,' +
        (text.includes('승점') ? '승점,' : '') +
        '승률,게임차,경기,득점,실점,연속,최근 10경기,비고,팀 ID',
    );
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="standings\.csv"; filename\*=UTF-8''/,
    );
    // the build holds no CSV file: the server makes them
    expect(existsSync(join(site.siteDir, 'sbsa', 'csv'))).toBe(false);
    const head = await fetch(site.origin + paths.csv.standings(league.id), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
  });

  it('answers an unknown CSV address with the Korean 404 page', async () => {
    const game = site.index.games[0];
    for (const path of [
      '/sbsa/csv/game/999999/batting.csv',
      `/sbsa/csv/game/${game.id}/fielding.csv`,
      '/sbsa/csv/game/abc/batting.csv',
      '/sbsa/csv/player/99999999999999999999/batting.csv',
      '/sbsa/csv/nothing',
    ]) {
      const res = await fetch(site.origin + path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('페이지를 찾을 수 없습니다');
    }
  });
});

describe('old addresses of past seasons', () => {
  const rules = () =>
    readFileSync(join(site.siteDir, '_redirects'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(' '));
  const moved = async (from: string, to: string) => {
    const res = await fetch(site.origin + from, { redirect: 'manual' });
    expect(res.status, from).toBe(301);
    expect(res.headers.get('location'), from).toBe(to);
    const copy = await fetch(site.origin + to);
    expect(copy.status, to).toBe(200);
    expect(await copy.text(), to).toContain('<h1');
  };

  it("forwards a past season's league, team schedule, game and player page to its season copy", async () => {
    const active = site.index.site.active.id;
    const spec = { id: active, active: true };
    const league = site.index.leagues.find((l) => l.seasonId !== active)!;
    const season = { id: league.seasonId, active: false };
    const teamId = site.index.leagueTeams.find((lt) => lt.leagueId === league.id)!.teamId;
    const game = site.index.games.find((g) => g.leagueId === league.id)!;
    await moved(paths.leagueSchedule(spec, league.id), paths.leagueSchedule(season, league.id));
    await moved(
      `${paths.leagueSchedule(spec, league.id)}/`,
      paths.leagueSchedule(season, league.id),
    );
    await moved(
      paths.teamSchedule(spec, league.id, teamId),
      paths.teamSchedule(season, league.id, teamId),
    );
    await moved(
      paths.boxScore(spec, league.id, game.id),
      paths.boxScore(season, league.id, game.id),
    );
    // a player who is not on that team in the active season: his latest season with it
    const here = (p: { seasonId: number; teamId: number; playerId: number }, s: number) =>
      site.index.seasonPlayers.some(
        (x) => x.seasonId === s && x.teamId === p.teamId && x.playerId === p.playerId,
      );
    const gone = site.index.seasonPlayers.find((p) => !here(p, active))!;
    const latest = site.index.site.seasons.find((s) => here(gone, s.id))!.id;
    await moved(
      paths.player(spec, gone.teamId, gone.playerId),
      paths.player({ id: latest, active: false }, gone.teamId, gone.playerId),
    );
    // a team without a roster in the active season, if the data has one
    const teams = new Set(site.index.seasonTeams.map((t) => t.teamId));
    const pastTeam = [...teams].find(
      (t) => !site.index.seasonTeams.some((x) => x.teamId === t && x.seasonId === active),
    );
    if (pastTeam !== undefined) {
      const last = site.index.site.seasons.find((s) =>
        site.index.seasonTeams.some((x) => x.teamId === pastTeam && x.seasonId === s.id),
      )!.id;
      await moved(
        paths.teamPlayers(spec, pastTeam),
        paths.teamPlayers({ id: last, active: false }, pastTeam),
      );
    }
  });

  it('has a working target for every rule of _redirects, and no rule over a page', async () => {
    const all = rules();
    expect(all.length).toBeGreaterThan(10);
    for (const [from, to, code] of all) {
      expect(code).toBe('301');
      expect(to.startsWith('/sbsa/season/'), to).toBe(true);
      if (!from.endsWith('/*')) {
        await moved(from, to);
        continue;
      }
      // a prefix rule: some page of the build under its target, asked for at the old address
      const target = to.slice(0, -':splat'.length);
      const page = [...site.build.files.keys()].find(
        (f) => f.startsWith(target) && f.endsWith('/index.html'),
      )!;
      expect(page, to).toBeDefined();
      const path = page.slice(0, -'/index.html'.length);
      await moved(from.slice(0, -1) + path.slice(target.length), path);
    }
    for (const file of site.build.files.keys()) {
      const path = file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file;
      expect(redirectFor(site.build, path), path).toBeUndefined();
      expect(redirectFor(site.build, path.replace(/\/$/, '') || '/'), path).toBeUndefined();
    }
  });

  it('keeps the spec routes of the active season as pages', async () => {
    const spec = { id: site.index.site.active.id, active: true };
    const league = site.index.leagues.find((l) => l.seasonId === spec.id)!;
    const res = await fetch(site.origin + paths.leagueSchedule(spec, league.id), {
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
  });
});
