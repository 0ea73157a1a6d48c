import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import {
  accounts,
  apiAs,
  holdRefreshUntil,
  launchBrowser,
  logIn,
  newPage,
  storedUser,
  watchApi,
} from './helpers.ts';
import type { ApiAnswer } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Access tokens live 5 seconds in this run. */
const letTokenExpire = () => wait(6500);

/** The statuses one call got, in order: a call rejected for its old token shows [401, 2xx]. */
const statusesOf = (answers: ApiAnswer[], call: ApiAnswer) =>
  answers
    .filter((a) => a.page === call.page && a.method === call.method && a.path === call.path)
    .map((a) => a.status);

async function tokensFrom(
  refresh: Request,
): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await refresh.response();
  expect(response?.status()).toBe(200);
  const body = (await response!.json()) as {
    data: { access_token: string; refresh_token: string };
  };
  return { accessToken: body.data.access_token, refreshToken: body.data.refresh_token };
}

async function storedTokens(page: Page) {
  const user = (await storedUser(page))!;
  return { accessToken: user.accessToken, refreshToken: user.refreshToken };
}

describe('token refresh shared by concurrent requests', () => {
  it('several calls rejected at once in one tab wait on one refresh, and each is replayed once', async () => {
    const { context, page, errors } = await newPage(browser);
    await logIn(page, accounts.admin);
    await page.getByRole('heading', { name: '현황' }).waitFor();
    const before = await storedTokens(page);
    await letTokenExpire();

    const watch = watchApi(context);
    await holdRefreshUntil(context, () => watch.waiting.size === 0);
    // The accounts screen asks for users, managers, board roles and teams at the same time; the team
    // list is public, so it answers even with an expired token, and the other three are rejected.
    await page
      .getByRole('navigation', { name: '관리자 메뉴' })
      .getByRole('link', { name: '회원 관리' })
      .click();
    await page.getByRole('table', { name: '회원 목록' }).locator('tbody tr').first().waitFor();
    watch.stop();

    const rejected = watch.answers.filter((a) => a.status === 401);
    expect(rejected.length).toBeGreaterThanOrEqual(3);
    expect(watch.refreshes).toHaveLength(1);
    for (const call of rejected)
      expect(statusesOf(watch.answers, call), call.path).toEqual([401, 200]);
    expect(watch.answers.every((a) => a.status === 200 || a.status === 401)).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);

    const fresh = await tokensFrom(watch.refreshes[0]);
    expect(fresh.accessToken).not.toBe(before.accessToken);
    expect(fresh.refreshToken).not.toBe(before.refreshToken);
    expect(await storedTokens(page)).toEqual(fresh);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('two tabs rejected at the same time make one refresh between them, and both saves go through', async () => {
    const { context, page: first, errors } = await newPage(browser);
    await logIn(first, accounts.admin, '/admin/division');
    // Same context, so the second tab shares the first one's localStorage and login.
    const second = await context.newPage();
    second.on('pageerror', (e) => errors.push(e.message));
    await second.goto('/admin/division');
    const tag = String(Date.now() % 100000);
    const tabs = [
      { page: first, name: `첫째 탭부${tag}` },
      { page: second, name: `둘째 탭부${tag}` },
    ];
    for (const tab of tabs) {
      await tab.page.getByRole('heading', { level: 1, name: '부 관리' }).waitFor();
      await tab.page.getByRole('button', { name: '부 추가' }).click();
      await tab.page.getByLabel('부 이름', { exact: true }).fill(tab.name);
    }
    const before = await storedTokens(first);
    await letTokenExpire();

    const watch = watchApi(context);
    const saves = () =>
      watch.answers.filter((a) => a.method === 'POST' && a.path === '/api/divisions');
    await holdRefreshUntil(context, () => saves().filter((a) => a.status === 401).length === 2);
    await Promise.all(tabs.map((tab) => tab.page.getByRole('button', { name: '저장' }).click()));
    await Promise.all(
      tabs.map((tab) =>
        tab.page.getByRole('status').filter({ hasText: '부를 추가했습니다.' }).waitFor(),
      ),
    );
    watch.stop();

    // The tab that takes the Web Lock first refreshes; the other waits for the lock, re-reads
    // localStorage, finds a token newer than the one rejected and replays with it, sending no refresh
    // (a second refresh with the rotated-out refresh token would end the session).
    expect(watch.refreshes).toHaveLength(1);
    for (const tab of tabs)
      expect(
        saves()
          .filter((a) => a.page === tab.page)
          .map((a) => a.status),
      ).toEqual([401, 201]);

    const fresh = await tokensFrom(watch.refreshes[0]);
    expect(fresh.accessToken).not.toBe(before.accessToken);
    expect(fresh.refreshToken).not.toBe(before.refreshToken);
    expect(await storedTokens(first)).toEqual(fresh);
    expect(await storedTokens(second)).toEqual(fresh);

    const api = await apiAs(accounts.admin);
    const divisions = (
      await api.call('GET', `/api/divisions?limit=500&q=${encodeURIComponent(tag)}`)
    ).body.data.items as Array<{ id: number; name: string }>;
    for (const tab of tabs) {
      const made = divisions.find((d) => d.name === tab.name);
      expect(made, tab.name).toBeDefined();
      await api.call('DELETE', `/api/divisions/${made!.id}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
