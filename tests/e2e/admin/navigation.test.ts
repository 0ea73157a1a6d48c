import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, launchBrowser, logIn, newPage } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const collator = new Intl.Collator('ko', { numeric: true });
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
/** 홍길동 → ㅎㄱㄷ (other characters kept), worked out here rather than with the console's own helper. */
const initialsOf = (text: string) =>
  [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0) - 0xac00;
      return code >= 0 && code < 11172 ? INITIALS[Math.floor(code / 588)] : ch;
    })
    .join('');
const menu = (page: Page) => page.getByRole('navigation', { name: '관리자 메뉴' });
const focusedHeading = (page: Page) =>
  page.evaluate(() =>
    document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null,
  );

describe('console navigation', () => {
  it('moves focus to the new screen heading and sets the title on every route change', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.admin);
    await menu(page).getByRole('link', { name: '팀 관리' }).click();
    await expect.poll(() => focusedHeading(page)).toBe('팀 관리');
    expect(await page.title()).toBe('팀 관리 · SBSA 관리자');
    expect(
      await menu(page).getByRole('link', { name: '팀 관리' }).getAttribute('aria-current'),
    ).toBe('page');
    await page.goBack();
    await expect.poll(() => focusedHeading(page)).toBe('대시보드');
  });

  it('keeps the state of the 10 most recently visited views, and forgets older ones', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.admin, '/admin/teams');
    const teamsSearch = () =>
      page.getByRole('searchbox', { name: '검색' }).and(page.locator(':visible'));
    await page.getByRole('heading', { level: 1, name: '팀 관리' }).waitFor();
    await teamsSearch().fill('ㅅㅇ');
    const visits = [
      '부 관리',
      '선수 관리',
      '지도자 관리',
      '시즌 관리',
      '리그 관리',
      '경기 일정',
      '경기 기록',
      '리그 결과',
    ];
    for (const name of visits) {
      await menu(page).getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1 }).and(page.locator(':visible')).waitFor();
    }
    await menu(page).getByRole('link', { name: '팀 관리' }).click();
    await page.getByRole('heading', { level: 1, name: '팀 관리' }).waitFor();
    expect(await teamsSearch().inputValue()).toBe('ㅅㅇ');
    // Ten other views later (dashboard, notices and more), the teams view has been dropped.
    for (const name of [
      '대시보드',
      '공지사항',
      '소속 팀 없는 선수',
      '미연결 회원',
      ...visits.slice(0, 7),
    ]) {
      await menu(page).getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1 }).and(page.locator(':visible')).waitFor();
    }
    expect(await page.locator('[data-view]').count()).toBe(10);
    await menu(page).getByRole('link', { name: '팀 관리' }).click();
    await page.getByRole('heading', { level: 1, name: '팀 관리' }).waitFor();
    expect(await teamsSearch().inputValue()).toBe('');
  });

  it('searches by initial consonants, sorts and pages a list', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.admin, '/admin/team-players/list');
    const table = page.getByRole('table', { name: '선수 목록' });
    await table.waitFor();
    const count = async () =>
      Number(
        (await page.locator('.result-count').and(page.locator(':visible')).textContent())!.replace(
          '건',
          '',
        ),
      );
    const column = (n: number) => table.locator(`tbody tr td:nth-child(${n})`).allTextContents();
    const total = await count();
    const firstName = (await column(1))[0];
    const initials = initialsOf(firstName);
    await page.getByRole('searchbox', { name: '검색' }).fill(initials);
    await expect.poll(count).toBeLessThan(total);
    const found = await count();
    expect(found).toBeGreaterThan(0);
    const names = await column(1);
    const teams = await column(2);
    expect(names).toContain(firstName);
    expect(names.length).toBe(Math.min(found, 20));
    // Every row left matches on its name or, failing that, on its team's name.
    names.forEach((name, i) => {
      const matches =
        initialsOf(name).includes(initials) ||
        initialsOf(teams[i].replace(/\s|\(.*?\)/g, '')).includes(initials);
      expect(matches, `${name} / ${teams[i]}`).toBe(true);
    });
    await page.getByRole('searchbox', { name: '검색' }).fill('');
    await expect.poll(count).toBe(total);

    const ascending = await column(1);
    expect(ascending).toEqual([...ascending].sort(collator.compare));
    await table.getByRole('button', { name: /이름/ }).click();
    expect(await table.getByRole('columnheader', { name: /이름/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const descending = await column(1);
    expect(descending).toEqual([...descending].sort((a, b) => collator.compare(b, a)));
    expect(descending[0]).not.toBe(ascending[0]);
    // The first page now starts at the other end of the whole list.
    expect(collator.compare(descending[0], ascending.at(-1)!)).toBeGreaterThanOrEqual(0);
    await page
      .getByRole('navigation', { name: '선수 목록 페이지' })
      .getByRole('button', { name: '다음' })
      .click();
    await page.getByText(/^2 \/ \d+ 페이지$/).waitFor();
    const secondPage = await column(1);
    expect(collator.compare(secondPage[0], descending.at(-1)!)).toBeLessThanOrEqual(0);
  });

  it('works on a small screen: the menu opens with a button and closes after choosing', async () => {
    const { page } = await newPage(browser, { width: 375, height: 740 });
    await page.goto('/admin/login');
    await page.getByLabel('이메일').fill(accounts.admin);
    await page.getByLabel('비밀번호').fill('e2e-admin-password-1');
    await page.getByRole('button', { name: '로그인' }).click();
    const toggle = page.getByRole('button', { name: '메뉴' });
    await toggle.waitFor();
    expect(await menu(page).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await menu(page).getByRole('link', { name: '공지사항' }).click();
    await page.getByRole('heading', { level: 1, name: '공지사항' }).waitFor();
    expect(await menu(page).isVisible()).toBe(false);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
  });

  it('shows a Korean page for an unknown console address', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.admin, '/admin/nothing-here');
    await page.getByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다' }).waitFor();
  });
});
