import { afterAll, describe, expect, it } from 'vitest';
import { openSiteInBrowser } from './site.ts';
import { rowLinks, rowsByHeader, tableByCaption } from './page-tables.ts';
import { createTestApp } from '../../helpers/test-app.ts';
import { seedDemo } from '../../../src/server/db/seed/demo-seed.ts';
import { paths } from '../../../src/lib/paths.ts';

// The API runs on its own copy of the demo data; the seed is deterministic, so ids and numbers match the build's.
const { site, browser } = await openSiteInBrowser();
const app = await createTestApp({ seed: seedDemo });
afterAll(() => app.close());
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });

const BATTING = [
  '타석',
  '타수',
  '득점',
  '안타',
  '2루타',
  '3루타',
  '홈런',
  '타점',
  '볼넷',
  '사구',
  '삼진',
  '도루',
  '희타',
  '희비',
  '실책',
];
const BATTING_KEYS = [
  'pa',
  'ab',
  'r',
  'h',
  'b2',
  'b3',
  'hr',
  'rbi',
  'bb',
  'hbp',
  'so',
  'sb',
  'sh',
  'sf',
  'e',
] as const;
const PITCHING = ['타자', '피안타', '실점', '자책', '볼넷', '사구', '탈삼진', '피홈런', '폭투'];
const PITCHING_KEYS = ['bf', 'h', 'r', 'er', 'bb', 'hbp', 'so', 'hr', 'wp'] as const;

const pick = (row: Record<string, string>, labels: readonly string[]) => labels.map((l) => row[l]);
const texts = (line: Record<string, unknown>, keys: readonly string[]) =>
  keys.map((k) => String(line[k]));

/** A pitcher's ERA over the league's final games up to a game's date, summed here from the game lines. */
async function seasonEraAfter(gameId: number, playerId: number): Promise<string> {
  const game = await site.db
    .selectFrom('games as g')
    .innerJoin('leagues as l', 'l.id', 'g.league_id')
    .select(['g.league_id', 'g.game_date', 'l.era_basis'])
    .where('g.id', '=', gameId)
    .executeTakeFirstOrThrow();
  const lines = await site.db
    .selectFrom('game_pitching as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select(['p.outs', 'p.er'])
    .where('p.player_id', '=', playerId)
    .where('g.league_id', '=', game.league_id)
    .where('g.status', '=', 'final')
    .where('g.game_date', '<=', game.game_date)
    .execute();
  const outs = lines.reduce((n, l) => n + l.outs, 0);
  const er = lines.reduce((n, l) => n + l.er, 0);
  if (outs === 0) return er > 0 ? '∞' : '-';
  return ((er * game.era_basis * 3) / outs).toFixed(2);
}

describe('box score page', () => {
  it('shows the numbers the API gives for the same game', async () => {
    const active = site.index.site.active;
    const game = await site.db
      .selectFrom('games')
      .select(['id', 'league_id'])
      .where('status', '=', 'final')
      .where('save_pitcher_id', 'is not', null)
      .where('mvp_player_id', 'is not', null)
      .where(
        'league_id',
        'in',
        site.index.leagues.filter((l) => l.seasonId === active.id).map((l) => l.id),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await app.api('GET', `/api/league/game/${game.id}/boxscore`);
    expect(res.status).toBe(200);
    const box = res.body.data;

    await page.goto(
      site.origin + paths.boxScore({ id: active.id, active: true }, game.league_id, game.id),
    );
    const line = rowsByHeader(await tableByCaption(page, '이닝별 점수'));
    for (const [i, side] of [box.away, box.home].entries()) {
      expect(line[i]['팀']).toBe(side.teamName);
      expect([line[i].R, line[i].H, line[i].E]).toEqual([
        String(side.r),
        String(side.h),
        String(side.e),
      ]);
      side.innings.forEach((runs: number | null, n: number) => {
        const shown = line[i][String(n + 1)];
        if (runs === null) expect(['X', '-']).toContain(shown);
        else expect(shown, `${side.teamName} ${n + 1}회`).toBe(String(runs));
      });

      const batting = rowsByHeader(await tableByCaption(page, `${side.teamName} 타격 기록`));
      const batters = batting.filter((r) => r['선수'] !== '합계');
      expect(batters.map((r) => r['선수'])).toEqual(
        side.batting.map((b: { name: string }) => b.name),
      );
      side.batting.forEach((b: Record<string, unknown>, n: number) => {
        expect(pick(batters[n], BATTING), String(b.name)).toEqual(texts(b, BATTING_KEYS));
      });

      const pitching = rowsByHeader(await tableByCaption(page, `${side.teamName} 투구 기록`));
      const pitchers = pitching.filter((r) => r['선수'] !== '합계');
      expect(pitchers.map((r) => r['선수'])).toEqual(
        side.pitching.map((p: { name: string }) => p.name),
      );
      for (const [n, p] of (side.pitching as Record<string, unknown>[]).entries()) {
        expect(pitchers[n]['이닝']).toBe(p.ipText);
        expect(pick(pitchers[n], PITCHING), String(p.name)).toEqual(texts(p, PITCHING_KEYS));
        expect(pitchers[n]['시즌 평균자책점'], String(p.name)).toBe(
          await seasonEraAfter(game.id, Number(p.playerId)),
        );
      }
    }
    const facts = await page.locator('main dl').first().innerText();
    for (const [label, who] of [
      ['승리 투수', box.winPitcher],
      ['패전 투수', box.lossPitcher],
      ['세이브', box.savePitcher],
      ['MVP', box.mvp],
    ] as const) {
      expect(who, label).not.toBeNull();
      expect(facts).toMatch(new RegExp(`${label}\\s+${who.name}`));
    }
    expect(facts).toContain(box.venue);
  });
});

describe('player page', () => {
  /** A player with games in more than one season, who pitched (or not), on a team of the active season. */
  async function playerWith(pitcher: boolean) {
    const active = site.index.site.active;
    const rows = pitcher
      ? await site.db
          .selectFrom('game_pitching as x')
          .innerJoin('games as g', 'g.id', 'x.game_id')
          .innerJoin('leagues as l', 'l.id', 'g.league_id')
          .select('x.player_id')
          .groupBy('x.player_id')
          .having((eb) => eb.fn.count('l.season_id').distinct(), '>', 1)
          .execute()
      : await site.db
          .selectFrom('game_batting as x')
          .innerJoin('games as g', 'g.id', 'x.game_id')
          .innerJoin('leagues as l', 'l.id', 'g.league_id')
          .select('x.player_id')
          .groupBy('x.player_id')
          .having((eb) => eb.fn.count('l.season_id').distinct(), '>', 1)
          .execute();
    const ids = new Set(rows.map((r) => r.player_id));
    return site.index.seasonPlayers
      .filter((p) => p.seasonId === active.id && ids.has(p.playerId))
      .sort((a, b) => a.playerId - b.playerId)[0];
  }

  for (const pitcher of [true, false])
    it(`shows the season, career and game-log numbers the API gives for the same ${pitcher ? 'pitcher' : 'batter'}`, async () => {
      const active = site.index.site.active;
      const entry = await playerWith(pitcher);
      const res = await app.api('GET', `/api/stats/player/${entry.playerId}`);
      expect(res.status).toBe(200);
      const stats = res.body.data;

      await page.goto(
        site.origin + paths.player({ id: active.id, active: true }, entry.teamId, entry.playerId),
      );
      expect(await page.locator('h1').innerText()).toBe(stats.name);

      // Each table is shown when the player has lines of that kind.
      expect(
        await page.locator('caption', { hasText: `${stats.name} 정규시즌 타격 기록` }).count(),
      ).toBe(stats.career.batting ? 1 : 0);
      expect(
        await page.locator('caption', { hasText: `${stats.name} 정규시즌 투구 기록` }).count(),
      ).toBe(stats.career.pitching ? 1 : 0);
      if (stats.career.batting) {
        const bat = rowsByHeader(await tableByCaption(page, `${stats.name} 정규시즌 타격 기록`));
        const battingCols = [
          '경기',
          ...BATTING.slice(0, 7),
          '타점',
          '볼넷',
          '사구',
          '삼진',
          '도루',
          '희타',
          '희비',
          '실책',
          '타율',
          '출루율',
          '장타율',
          'OPS',
        ];
        const battingKeys = (b: Record<string, unknown>) => [
          String(b.g),
          ...texts(b, BATTING_KEYS),
          b.avgText,
          b.obpText,
          b.slgText,
          b.opsText,
        ];
        for (const s of stats.seasons.filter((x: { batting: unknown }) => x.batting)) {
          const shown = bat.find(
            // the team column shows the short name (블루윙즈 of 서울 블루윙즈) to save a phone's width
            (r) =>
              r['시즌'] === s.seasonName &&
              r['리그'] === s.leagueName &&
              s.teamName.endsWith(r['팀']),
          );
          expect(shown, `${s.seasonName} ${s.leagueName}`).toBeDefined();
          expect(pick(shown!, battingCols)).toEqual(battingKeys(s.batting));
        }
        expect(pick(bat.find((r) => r['시즌'] === '정규시즌 통산')!, battingCols)).toEqual(
          battingKeys(stats.career.batting),
        );
      }
      if (stats.career.pitching) {
        const pit = rowsByHeader(await tableByCaption(page, `${stats.name} 정규시즌 투구 기록`));
        const pitchingCols = [
          '경기',
          '승',
          '패',
          '세',
          '홀드',
          '이닝',
          '타자',
          '피안타',
          '피홈런',
          '볼넷',
          '사구',
          '탈삼진',
          '폭투',
          '실점',
          '자책',
          '평균자책점',
          'WHIP',
        ];
        const pitchingKeys = (p: Record<string, unknown>) => [
          String(p.g),
          ...texts(p, ['w', 'l', 'sv', 'hld']),
          p.ipText,
          ...texts(p, ['bf', 'h', 'hr', 'bb', 'hbp', 'so', 'wp', 'r', 'er']),
          p.eraText,
          p.whipText,
        ];
        for (const s of stats.seasons.filter((x: { pitching: unknown }) => x.pitching)) {
          const shown = pit.find(
            // the team column shows the short name (블루윙즈 of 서울 블루윙즈) to save a phone's width
            (r) =>
              r['시즌'] === s.seasonName &&
              r['리그'] === s.leagueName &&
              s.teamName.endsWith(r['팀']),
          );
          expect(shown, `${s.seasonName} ${s.leagueName}`).toBeDefined();
          expect(pick(shown!, pitchingCols), `${s.seasonName} ${s.leagueName}`).toEqual(
            pitchingKeys(s.pitching),
          );
        }
        expect(pick(pit.find((r) => r['시즌'] === '정규시즌 통산')!, pitchingCols)).toEqual(
          pitchingKeys(stats.career.pitching),
        );
      }

      const log = rowsByHeader(
        await tableByCaption(page, `${stats.name} ${active.name} 경기별 기록`),
      );
      const seasonLeagues = new Set(
        site.index.leagues.filter((l) => l.seasonId === active.id).map((l) => l.id),
      );
      const apiLog = stats.gameLog.filter(
        (g: { leagueId: number; batting: unknown; pitching: unknown }) =>
          seasonLeagues.has(g.leagueId) && (g.batting || g.pitching),
      );
      expect(apiLog.length).toBeGreaterThan(0);
      expect(log.length).toBe(apiLog.length);
      const links = await rowLinks(page, `${stats.name} ${active.name} 경기별 기록`);
      for (const g of apiLog) {
        const at = links.findIndex((href) => href?.endsWith(`/${g.leagueId}/${g.gameId}`));
        expect(at, `game ${g.gameId}`).toBeGreaterThanOrEqual(0);
        const shown = log[at];
        expect(g.opponentTeamName).toContain(shown['상대'].replace(/^(vs|@) /, ''));
        expect(shown['결과']).toBe(
          `${{ W: '승', L: '패', D: '무' }[g.result as 'W' | 'L' | 'D']} ${g.teamScore}:${g.opponentScore}`,
        );
        if (g.batting) expect(pick(shown, BATTING)).toEqual(texts(g.batting, BATTING_KEYS));
        if (g.pitching)
          expect([
            shown['이닝'],
            shown['피안타'],
            shown['실점'],
            shown['자책'],
            shown['탈삼진'],
          ]).toEqual([g.pitching.ipText, ...texts(g.pitching, ['h', 'r', 'er', 'so'])]);
      }
    });
});
