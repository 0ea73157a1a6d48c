import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accounts, launchBrowser, logIn, newPage } from './helpers.ts';
import { adminApi, makeLeague, seoulToday } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("the scorer's queue", () => {
  it('lists the games waiting for a record across leagues on the dashboard; one click opens the record form', async () => {
    const api = await adminApi();
    const tag = String(Date.now() % 100000);
    // Two fresh leagues, each with one game played today and no record yet.
    const games: Array<{ leagueId: number; gameId: number; leagueName: string }> = [];
    for (const name of [`대기열 가 리그 ${tag}`, `대기열 나 리그 ${tag}`]) {
      const league = await makeLeague(api, name);
      const game = await api.call('POST', `/api/league/league/${league.leagueId}/schedule/game`, {
        date: seoulToday(),
        homeTeamId: league.home.teamId,
        awayTeamId: league.away.teamId,
      });
      expect(game.status).toBe(201);
      games.push({ leagueId: league.leagueId, gameId: game.body.data.gameId, leagueName: name });
    }

    const { page, errors } = await newPage(browser);
    await logIn(page, accounts.scorer);
    const queue = page.getByRole('table', { name: /기록을 기다리는 경기/ });
    await queue.waitFor();
    await page.getByRole('searchbox', { name: '검색' }).fill(`대기열`);
    for (const g of games)
      expect(await queue.getByRole('row', { name: new RegExp(g.leagueName) }).count()).toBe(1);

    const clicks = { n: 0 };
    await queue
      .getByRole('link', { name: new RegExp(`${games[1].leagueName} .* 기록 입력`) })
      .click()
      .then(() => clicks.n++);
    await page.getByRole('heading', { level: 1, name: /경기 기록 입력/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe(
      `/admin/league/game/write/${games[1].leagueId}/${games[1].gameId}`,
    );
    expect(clicks.n).toBe(1);
    expect(errors).toEqual([]);
  });
});
