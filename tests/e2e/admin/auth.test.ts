import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  accounts,
  apiAs,
  baseUrl,
  launchBrowser,
  logIn,
  newPage,
  passwordOf,
  storedUser,
  watchApi,
} from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('admin login and session', () => {
  it('shows the Korean message under apiError for a wrong password', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto('/admin/login');
    await page.getByLabel('이메일').fill(accounts.admin);
    await page.getByLabel('비밀번호').fill('not-the-password');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
    expect(await storedUser(page)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows Korean field messages before calling the server', async () => {
    const { page } = await newPage(browser);
    await page.goto('/admin/login');
    await page.getByLabel('이메일').fill('not-an-email');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect
      .poll(() => page.locator('.field-error').allTextContents())
      .toEqual(['이메일의 형식이 올바르지 않습니다.', '비밀번호를 입력해 주세요.']);
  });

  it('sends an anonymous visitor to login and back to the page asked for, which survives a reload', async () => {
    const { page } = await newPage(browser);
    await page.goto('/admin/league/list');
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Fleague%2Flist/);
    await page.getByLabel('이메일').fill(accounts.admin);
    await page.getByLabel('비밀번호').fill(passwordOf(accounts.admin));
    await page.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(`${baseUrl()}/admin/league/list`);
    await page.getByRole('heading', { level: 1, name: '리그 관리' }).waitFor();
    expect(await storedUser(page)).toMatchObject({ email: accounts.admin, isAdmin: true });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '리그 관리' }).waitFor();
    expect(page.url().startsWith(`${baseUrl()}/admin/league/list`)).toBe(true);
    await page.goto('/admin/team-players/list');
    await page.getByRole('heading', { level: 1, name: '선수 관리' }).waitFor();
  });

  it('refreshes an access token that expired mid-session once, and the action completes', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, accounts.admin, '/admin/division');
    await page.getByRole('heading', { level: 1, name: '부 관리' }).waitFor();
    const before = (await storedUser(page))!;
    await wait(6500); // access tokens live 5 seconds in this run
    const name = `만료 시험부 ${Date.now() % 100000}`;
    const watch = watchApi(context);
    await page.getByRole('button', { name: '부 추가' }).click();
    await page.getByLabel('부 이름').fill(name);
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('부를 추가했습니다.').waitFor();
    watch.stop();
    expect(watch.refreshes).toHaveLength(1);
    // Rejected once for the expired token, then replayed once with the new one.
    expect(
      watch.answers
        .filter((a) => a.method === 'POST' && a.path === '/api/divisions')
        .map((a) => a.status),
    ).toEqual([401, 201]);
    const fresh = (await (await watch.refreshes[0].response())!.json()) as {
      data: { access_token: string; refresh_token: string };
    };
    const after = (await storedUser(page))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after).toMatchObject({
      accessToken: fresh.data.access_token,
      refreshToken: fresh.data.refresh_token,
    });
    const api = await apiAs(accounts.admin);
    const list = await api.call('GET', `/api/divisions?limit=500`);
    expect(list.body.data.items.some((d: { name: string }) => d.name === name)).toBe(true);
  });

  it('lands on the login page with the session cleared when the refresh token was revoked', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.admin, '/admin/season');
    const user = (await storedUser(page))!;
    const revoke = await fetch(
      `${baseUrl()}/api/auth/logout?refreshToken=${encodeURIComponent(String(user.refreshToken))}&userId=${user.userId}`,
    );
    expect(revoke.status).toBe(200);
    await wait(6500);
    // The dashboard needs a login (public lists would still answer an anonymous call).
    await page.getByRole('link', { name: '대시보드' }).click();
    // SPEC.md §4: the client goes to /login, which the server sends on to /admin/login.
    await page.waitForURL((url) => url.pathname === '/admin/login' && url.search === '');
    await page.waitForLoadState('load');
    expect(await storedUser(page)).toBeNull();
    await page.getByRole('heading', { name: '관리자 로그인' }).waitFor();
  });

  it('logs out with the server unreachable: the session is cleared and the page reloads to login', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.admin);
    await page.route('**/api/auth/logout**', (route) => route.abort('connectionrefused'));
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await reloaded;
    await page.getByRole('heading', { name: '관리자 로그인' }).waitFor();
    expect(await storedUser(page)).toBeNull();
  });

  it('logs out on the server: the old refresh token no longer works', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.admin);
    const user = (await storedUser(page))!;
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await reloaded;
    await page.getByRole('heading', { name: '관리자 로그인' }).waitFor();
    const res = await fetch(`${baseUrl()}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: user.refreshToken, userId: user.userId }),
    });
    expect(res.status).toBe(401);
  });
});
