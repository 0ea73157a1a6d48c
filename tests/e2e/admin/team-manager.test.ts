import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiAs, launchBrowser, logIn, newPage } from './helpers.ts';

const TEAM = '서울 블루윙즈';
let browser: Browser;
let page: Page;
let errors: string[];
let admin: Awaited<ReturnType<typeof apiAs>>;
const tag = String(Date.now() % 100000);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser));
  await logIn(page, accounts.team);
  admin = await apiAs(accounts.admin);
});
afterAll(async () => browser?.close());

/** Opens the roster editor of his team in the first league the list shows. */
async function openOwnRoster(): Promise<void> {
  await page.goto('/admin/league/list');
  await page
    .getByRole('link', { name: /참가 팀과 명단/ })
    .first()
    .click();
  await page.getByRole('button', { name: `${TEAM} 명단 편집` }).click();
  await page.getByRole('group', { name: `새 선수 등록 (${TEAM})` }).waitFor();
}

const newPlayer = () => page.getByRole('group', { name: `새 선수 등록 (${TEAM})` });

async function playersNamed(name: string) {
  const data = (await admin.call('GET', `/api/players?q=${encodeURIComponent(name)}&limit=50`)).body
    .data as {
    items: Array<{
      id: number;
      name: string;
      currentTeams: Array<{ teamName: string; backNumber: number | null }>;
    }>;
  };
  return data.items.filter((p) => p.name === name);
}

describe('the team manager', () => {
  it('sees only the leagues his team plays in, each with a link to his team’s schedule', async () => {
    await page.goto('/admin/league/list');
    const table = page.getByRole('table', { name: '리그 목록' });
    await table.waitFor();
    const links = table.getByRole('link', { name: new RegExp(`${TEAM} 일정`) });
    await links.first().waitFor();
    const rows = (await table.getByRole('row').count()) - 1;
    expect(await links.count()).toBe(rows);
    const config = (await admin.call('GET', '/api/common/config')).body.data;
    const all = (
      await admin.call('GET', `/api/league/season/${config.activeSeason.seasonId}/league`)
    ).body.data as unknown[];
    expect(rows).toBeLessThan(all.length);
    const href = (await links.first().getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/sbsa\/schedule\/league\/\d+\/\d+$/);
    const opened = await page.goto(href);
    expect(opened?.status()).toBe(200);
    expect(await page.locator('body').textContent()).toContain(TEAM);
  });

  it('registers a new club player with his back number onto the roster in one go', async () => {
    const name = `새얼굴${tag}`;
    await openOwnRoster();
    let clicks = 0;
    await newPlayer().getByLabel('이름').fill(name);
    await newPlayer().getByLabel('등번호').fill('77');
    await newPlayer().getByRole('button', { name: '새 선수 등록' }).click();
    clicks++;
    await page
      .getByRole('status')
      .filter({ hasText: `${name} 선수를 ${TEAM}에 등록하고` })
      .waitFor();
    expect(await page.getByLabel(`${name} · ${TEAM} · 생년 모름 등번호`).inputValue()).toBe('77');
    await page.getByRole('button', { name: '명단 저장' }).click();
    clicks++;
    await page.getByRole('status').filter({ hasText: '명단을 저장했습니다.' }).waitFor();
    expect(clicks).toBe(2);
    const made = await playersNamed(name);
    expect(made).toHaveLength(1);
    expect(made[0].currentTeams).toEqual([
      expect.objectContaining({ teamName: TEAM, backNumber: 77 }),
    ]);
    expect(errors).toEqual([]);
  });

  it("asks 같은 사람 / 다른 사람 with the team, without the birth year of another team's player, before making a second person of the same name", async () => {
    const name = `동명${tag}`;
    const teams = (await admin.call('GET', '/api/teams?limit=500')).body.data;
    const other = ((teams.items ?? teams) as Array<{ id: number; name: string }>).find(
      (t) => t.name !== TEAM,
    )!;
    const first = await admin.call('POST', `/api/teams/${other.id}/players`, {
      name,
      birthDate: '1990-03-03',
      backNumber: 5,
    });
    expect(first.status).toBe(201);

    await openOwnRoster();
    await newPlayer().getByLabel('이름').fill(name);
    await newPlayer().getByRole('button', { name: '새 선수 등록' }).click();
    const prompt = newPlayer().getByRole('group', { name: /동명이인 확인/ });
    await prompt.waitFor();
    // A team manager sees the birth dates of his own team's people only (decision 144).
    const asked = await prompt.textContent();
    expect(asked).toContain(`${name} · ${other.name}`);
    expect(asked).not.toContain('1990');
    expect(asked).not.toContain('생년 모름');
    // Nothing was made while asking.
    expect(await playersNamed(name)).toHaveLength(1);

    // 같은 사람 on another club: refused in words, nothing changes.
    await prompt.getByRole('button', { name: /^같은 사람/ }).click();
    await newPlayer().getByRole('alert').filter({ hasText: '다른 팀 소속' }).waitFor();
    expect(await playersNamed(name)).toHaveLength(1);

    await newPlayer().getByLabel('생년월일').fill('2002-07-07');
    await prompt.getByRole('button', { name: '다른 사람 — 새로 등록' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${name} 선수를 ${TEAM}에 등록하고` })
      .waitFor();
    const both = await playersNamed(name);
    expect(both.map((p) => p.currentTeams[0]?.teamName).sort()).toEqual([other.name, TEAM].sort());
    expect(errors).toEqual([]);
  });
});
