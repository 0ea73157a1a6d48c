import { formatInnings } from '../../lib/stats/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { seedDemo } from '../db/seed/demo-seed.ts';
import { createApp } from '../app.ts';
import { paths } from '../../lib/paths.ts';
import { CsvCache, contentDisposition, csvFileName } from './csv-downloads.ts';
import { csvTable } from '../../../scripts/lib/csv-table.ts';
import type { CsvTable } from '../../../scripts/lib/csv-table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: seedDemo });
}, 60_000);
afterAll(async () => t?.close());

/** A CSV file of the site: checks its form (BOM, CRLF line ends) and reads it by header. */
function readCsv(text: string): CsvTable {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  // every line ends in CR LF (a bare LF could only stand inside a quoted cell, which these files lack)
  expect(text).not.toMatch(/[^\r]\n/);
  return csvTable(text);
}

async function get(path: string, init?: RequestInit) {
  return t.app.request(path, init);
}

/** The body with its BOM (Response.text() drops it). */
async function csvText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
}

/** A final game with lines, of the active season or of a past one. */
async function finalGame(active: boolean) {
  const rows = await t.db
    .selectFrom('games as g')
    .innerJoin('leagues as l', 'l.id', 'g.league_id')
    .innerJoin('seasons as s', 's.id', 'l.season_id')
    .select(['g.id', 'g.league_id', 'l.season_id'])
    .where('g.status', '=', 'final')
    .where('s.active', '=', active ? 1 : 0)
    .where((eb) =>
      eb.exists(eb.selectFrom('game_batting').select('id').whereRef('game_id', '=', 'g.id')),
    )
    .orderBy('g.id')
    .execute();
  expect(rows.length).toBeGreaterThan(0);
  return rows[Math.floor(rows.length / 2)];
}

describe('CSV downloads from the live database', () => {
  it("gives a game's batting with the numbers of the API box score", async () => {
    for (const active of [true, false]) {
      const game = await finalGame(active);
      const api = (await t.api('GET', `/api/league/game/${game.id}/boxscore`)).body.data;
      const res = await get(paths.csv.gameBatting(game.id));
      expect(res.status).toBe(200);
      const csv = readCsv(await csvText(res));
      expect(csv.header.slice(0, 4)).toEqual(['팀', '선수', '타순', '위치']);
      const rows = csv.rows;
      for (const side of ['away', 'home'] as const) {
        const team = api[side];
        const mine = rows.filter((r) => r['팀'] === team.teamName);
        const lines = mine.filter((r) => r['선수'] !== '합계');
        expect(lines.map((r) => r['선수'])).toEqual(
          team.batting.map((b: { name: string }) => b.name),
        );
        team.batting.forEach((b: Record<string, number>, i: number) => {
          const r = lines[i];
          expect(
            [
              r['타석'],
              r['타수'],
              r['득점'],
              r['안타'],
              r['2루타'],
              r['3루타'],
              r['홈런'],
              r['타점'],
              r['볼넷'],
              r['사구'],
              r['삼진'],
              r['도루'],
              r['희타'],
              r['희비'],
              r['실책'],
            ].map(Number),
          ).toEqual([
            b.pa,
            b.ab,
            b.r,
            b.h,
            b.b2,
            b.b3,
            b.hr,
            b.rbi,
            b.bb,
            b.hbp,
            b.so,
            b.sb,
            b.sh,
            b.sf,
            b.e,
          ]);
        });
        const total = mine.find((r) => r['선수'] === '합계')!;
        expect(Number(total['득점'])).toBe(team.r);
        expect(Number(total['안타'])).toBe(team.h);
      }
    }
  });

  it("gives a game's pitching with the numbers of the API box score", async () => {
    const game = await finalGame(false);
    const api = (await t.api('GET', `/api/league/game/${game.id}/boxscore`)).body.data;
    const rows = readCsv(await csvText(await get(paths.csv.gamePitching(game.id)))).rows;
    for (const side of ['away', 'home'] as const) {
      const lines = rows.filter((r) => r['팀'] === api[side].teamName && r['선수'] !== '합계');
      expect(lines.map((r) => r['선수'])).toEqual(
        api[side].pitching.map((p: { name: string }) => p.name),
      );
      api[side].pitching.forEach((p: Record<string, number | string>, i: number) => {
        const r = lines[i];
        expect([
          r['이닝'],
          r['타자'],
          r['피안타'],
          r['실점'],
          r['자책'],
          r['볼넷'],
          r['탈삼진'],
        ]).toEqual([
          formatInnings(Number(p.outs)), // the CSV keeps the scorebook form (6.2)
          String(p.bf),
          String(p.h),
          String(p.r),
          String(p.er),
          String(p.bb),
          String(p.so),
        ]);
      });
    }
  });

  it('gives standings, team files with the team totals line, league team totals and player files with the numbers of the API', async () => {
    const game = await finalGame(true);
    const standings = (await t.api('GET', `/api/stats/league/${game.league_id}/standings`)).body
      .data;
    const rows = readCsv(await csvText(await get(paths.csv.standings(game.league_id)))).rows;
    expect(
      rows.map((r) =>
        [
          r['순위'],
          r['팀'],
          r['경기'],
          r['승'],
          r['패'],
          r['무'],
          r['승률'],
          r['게임차'],
          r['득점'],
          r['실점'],
        ].map(String),
      ),
    ).toEqual(
      standings.rows.map((r: Record<string, number | string>) =>
        [r.rank, r.teamName, r.g, r.w, r.l, r.d, r.pctText, r.gbText, r.rs, r.ra].map(String),
      ),
    );
    // The leader's 게임차 is a plain dash, not a neutralised "'-".
    expect(rows[0]['게임차']).toBe('-');

    const batter = await t.db
      .selectFrom('game_batting')
      .select(['player_id', 'team_id'])
      .where('game_id', '=', game.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const player = (await t.api('GET', `/api/stats/player/${batter.player_id}`)).body.data;
    const career = readCsv(
      await csvText(await get(paths.csv.playerBatting(batter.player_id))),
    ).rows;
    const seasons = player.seasons.filter((s: { batting: unknown }) => s.batting);
    expect(
      career
        .filter((r) => r['시즌'] !== player.career.label)
        .map((r) => [r['시즌'], r['리그'], r['경기'], r['타석'], r['안타'], r['타율']]),
    ).toEqual(
      seasons.map(
        (s: { seasonName: string; leagueName: string; batting: Record<string, number | string> }) =>
          [
            s.seasonName,
            s.leagueName,
            s.batting.g,
            s.batting.pa,
            s.batting.h,
            s.batting.avgText,
          ].map(String),
      ),
    );
    // the career line says what it adds up: the regular season's games only
    expect(player.career.label).toBe('정규시즌 통산');
    const total = career.find((r) => r['시즌'] === '정규시즌 통산')!;
    expect([total['타석'], total['안타'], total['타율']]).toEqual([
      String(player.career.batting.pa),
      String(player.career.batting.h),
      player.career.batting.avgText,
    ]);

    const log = readCsv(
      await csvText(await get(paths.csv.playerGameLog(batter.player_id, game.season_id))),
    ).rows;
    const seasonLeagues = (
      await t.db
        .selectFrom('leagues')
        .select('id')
        .where('season_id', '=', game.season_id)
        .execute()
    ).map((l) => l.id);
    const apiLog = player.gameLog.filter((g: { leagueId: number }) =>
      seasonLeagues.includes(g.leagueId),
    );
    expect(log.length).toBe(apiLog.length);
    const sum = (values: unknown[]) => values.reduce((n: number, v) => n + (Number(v) || 0), 0);
    expect(sum(log.map((r) => r['타석']))).toBe(
      sum(apiLog.map((g: { batting: { pa: number } | null }) => g.batting?.pa)),
    );
    expect(sum(log.map((r) => r['안타']))).toBe(
      sum(apiLog.map((g: { batting: { h: number } | null }) => g.batting?.h)),
    );

    const team = readCsv(
      await csvText(await get(paths.csv.teamBatting(game.league_id, batter.team_id))),
    ).rows;
    const teamApi = (
      await t.api('GET', `/api/stats/team/${batter.team_id}/players?seasonId=${game.season_id}`)
    ).body.data;
    expect(team.length).toBeGreaterThan(1);
    const totals = team.at(-1)!;
    const players = team.slice(0, -1);
    const apiPlayers = JSON.stringify(teamApi);
    for (const r of players) expect(apiPlayers).toContain(r['선수']);
    // the team's totals line last: its counts add up the players', its figures are the records room's
    expect(totals['선수']).toBe('팀 합계');
    for (const label of ['타석', '안타', '홈런'])
      expect(Number(totals[label]), label).toBe(sum(players.map((r) => r[label])));
    const league = readCsv(
      await csvText(await get(paths.csv.teamTotals(game.league_id, 'batting'))),
    ).rows;
    const inLeague = league.find((r) => r['팀 ID'] === String(batter.team_id))!;
    expect(inLeague).toBeDefined();
    for (const label of ['타율', '출루율', '장타율', 'OPS', '경기', '타석', '안타'])
      expect(inLeague[label], label).toBe(totals[label]);
    const pitching = await get(paths.csv.teamPitching(game.league_id, batter.team_id));
    expect(pitching.status).toBe(200);
    const leaders = readCsv(await csvText(await get(paths.csv.leaders(game.league_id))));
    expect(leaders.header).toEqual(['부문', '순위', '선수', '팀', '기록']);
  });

  it('sends a download with a Korean file name, revalidation and an ETag; HEAD and 304 work', async () => {
    const game = await finalGame(true);
    const path = paths.csv.gameBatting(game.id);
    const res = await get(path);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="batting\.csv"; filename\*=UTF-8''/);
    const name = decodeURIComponent(disposition.split("UTF-8''")[1]);
    const api = (await t.api('GET', `/api/league/game/${game.id}/boxscore`)).body.data;
    expect(name).toBe(`${api.date} ${api.away.teamName} 대 ${api.home.teamName} 타격 기록.csv`);
    const body = new Uint8Array(await res.arrayBuffer());
    expect([...body.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);

    const head = await get(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toBe(disposition);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const etag = res.headers.get('etag')!;
    const again = await get(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('reads the live data on every request, not a copy from an earlier one', async () => {
    const game = await finalGame(true);
    const api = (await t.api('GET', `/api/league/game/${game.id}/boxscore`)).body.data;
    const before = await csvText(await get(paths.csv.gameBatting(game.id)));
    expect(before).toContain(api.home.teamName);
    await t.db
      .updateTable('teams')
      .set({ name: '새 이름 구단' })
      .where('id', '=', api.home.teamId)
      .execute();
    try {
      const after = await csvText(await get(paths.csv.gameBatting(game.id)));
      expect(after).toContain('새 이름 구단');
      expect(after).not.toContain(`\r\n${api.home.teamName},`);
    } finally {
      await t.db
        .updateTable('teams')
        .set({ name: api.home.teamName })
        .where('id', '=', api.home.teamId)
        .execute();
    }
  });

  it('answers 404, never 500, for anything the site does not show', async () => {
    const game = await finalGame(true);
    const lt = await t.db
      .selectFrom('league_teams')
      .select(['league_id', 'team_id'])
      .executeTakeFirstOrThrow();
    const other = await t.db
      .selectFrom('teams')
      .select('id')
      .where(
        'id',
        'not in',
        t.db.selectFrom('league_teams').select('team_id').where('league_id', '=', lt.league_id),
      )
      .executeTakeFirst();
    const bad = [
      '/sbsa/csv/game/999999/batting.csv',
      '/sbsa/csv/game/0/batting.csv',
      `/sbsa/csv/game/0${game.id}/batting.csv`,
      '/sbsa/csv/game/abc/batting.csv',
      '/sbsa/csv/game/1e3/batting.csv',
      '/sbsa/csv/game/-1/batting.csv',
      '/sbsa/csv/game/99999999999999999999999/batting.csv',
      '/sbsa/csv/game/9007199254740993/pitching.csv',
      `/sbsa/csv/game/${game.id}/fielding.csv`,
      `/sbsa/csv/game/${game.id}/batting.csv/`,
      `/sbsa/csv/game/${game.id}/batting`,
      '/sbsa/csv/league/999999/standings.csv',
      `/sbsa/csv/league/${lt.league_id}/team/999999/batting.csv`,
      ...(other ? [`/sbsa/csv/league/${lt.league_id}/team/${other.id}/pitching.csv`] : []),
      '/sbsa/csv/player/999999/batting.csv',
      '/sbsa/csv/player/1/games-999999.csv',
      '/sbsa/csv/player/1/games-.csv',
      '/sbsa/csv/player/1/games-1e2.csv',
      '/sbsa/csv',
      '/sbsa/csv/',
      '/sbsa/csv/%E0%A4%A',
      '/sbsa/csv/game/%00/batting.csv',
      `/sbsa/csv/game/${game.id}/..%2F..%2Fbatting.csv`,
    ];
    for (const path of bad) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe('페이지를 찾을 수 없습니다.');
    }
    expect((await get(paths.csv.gameBatting(game.id), { method: 'POST' })).status).toBe(404);
  });

  it('leaves paths it does not know to the site, which answers its own 404 page', async () => {
    const app = createApp(
      { db: t.db, sqlite: t.sqlite, config: t.config },
      { site: (c) => c.html('<h1>페이지를 찾을 수 없습니다</h1>', 404) },
    );
    const res = await app.request('/sbsa/csv/game/999999/batting.csv');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>');
    const game = await finalGame(true);
    expect((await app.request(paths.csv.gameBatting(game.id))).status).toBe(200);
  });
});

describe('file names', () => {
  it('keeps Korean, drops path and reserved characters', () => {
    expect(csvFileName('2026 여자부 리그 순위')).toBe('2026 여자부 리그 순위.csv');
    expect(csvFileName('a/b\\c:d*e?"f"<g>|h\u0000i')).toBe('a b c d e f g h i.csv');
    expect(csvFileName('  ')).toBe('기록.csv');
    expect(csvFileName('가'.repeat(300)).length).toBe(124);
  });

  it('writes RFC 5987 names that decode back', () => {
    const header = contentDisposition('games-3.csv', "홍길동 (2026) 'A'*.csv");
    expect(header).toBe(
      `attachment; filename="games-3.csv"; filename*=UTF-8''${encodeURIComponent('홍길동 ')}%282026%29%20%27A%27%2A.csv`,
    );
    expect(decodeURIComponent(header.split("UTF-8''")[1])).toBe("홍길동 (2026) 'A'*.csv");
    expect(contentDisposition('a"b.csv', 'x.csv')).toContain('filename="a_b.csv"');
  });
});

describe('CsvCache', () => {
  const csv = (body: string) => ({ name: 'x', body, etag: '"e"', bytes: body.length });

  it('drops what it kept when a new build goes live, and stays within its bytes', () => {
    const cache = new CsvCache({ maxBytes: 1600 });
    expect(cache.get('build-1', '/a')).toBeUndefined();
    cache.set('build-1', '/a', csv('a'));
    cache.set('build-1', '/nothing', null);
    expect(cache.get('build-1', '/a')?.body).toBe('a');
    expect(cache.get('build-1', '/nothing')).toBeNull();
    expect(cache.get('build-2', '/a')).toBeUndefined();
    // a CSV kept for the old build is not kept for the new one
    cache.set('build-1', '/a', csv('old'));
    expect(cache.get('build-2', '/a')).toBeUndefined();
    for (let i = 0; i < 30; i++) cache.set('build-2', `/${i}`, csv('x'.repeat(100)));
    expect(cache.get('build-2', '/0')).toBeUndefined();
    expect(cache.get('build-2', '/29')?.bytes).toBe(100);
  });

  it('keeps a CSV from its second ask, and one it kept from its first ask after a new build', () => {
    const cache = new CsvCache();
    expect(cache.keeps('/hot')).toBe(false);
    expect(cache.keeps('/hot')).toBe(true);
    expect(cache.keeps('/once')).toBe(false);
    cache.get('build-1', '/hot');
    cache.set('build-1', '/hot', csv('hot'));
    expect(cache.get('build-2', '/hot')).toBeUndefined();
    expect(cache.keeps('/hot')).toBe(true);
    expect(cache.keeps('/other')).toBe(false);
  });

  it('after a new build, forgets the least recently used of what it kept first, and no unknown paths', () => {
    const cache = new CsvCache();
    cache.get('build-1', '/');
    for (let i = 0; i < 4999; i++) cache.set('build-1', `/${i}`, csv('x'));
    cache.set('build-1', '/nothing', null); // 5,000 entries, its bound
    expect(cache.get('build-1', '/0')?.body).toBe('x'); // now the most recently used
    cache.get('build-2', '/');
    // 4,096 of the 4,999 CSVs are remembered: the most recently used, /0 among them
    expect(cache.keeps('/0')).toBe(true);
    expect(cache.keeps('/4998')).toBe(true);
    expect(cache.keeps('/1')).toBe(false);
    expect(cache.keeps('/nothing')).toBe(false);
  });
});
