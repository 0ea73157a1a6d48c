import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { inject } from 'vitest';
import type { JsonAnswer } from '../../helpers/json-answer.ts';

export const demoPassword = 'demo-password-1';
export const accounts = {
  admin: 'admin@sbsa.kr',
  grade1: 'league1@sbsa.kr',
  grade2: 'league2@sbsa.kr',
  scorer: 'scorer@sbsa.kr',
  team: 'team@sbsa.kr',
} as const;

export const baseUrl = () => inject('baseUrl');
export const passwordOf = (email: string) =>
  email === accounts.admin ? inject('adminPassword') : demoPassword;

/** Debian's Chromium, headless (the project downloads no browser builds). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A fresh browser context (its own localStorage) whose page fails the test on any uncaught page error. */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'ko-KR', baseURL: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Logs in through the form and waits for the console to show the first screen. */
export async function logIn(page: Page, email: string, to = '/admin/dashboard'): Promise<void> {
  await page.goto(`/admin/login?next=${encodeURIComponent(to)}`);
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(passwordOf(email));
  await page.getByRole('button', { name: '로그인' }).click();
  await page.getByRole('navigation', { name: '관리자 메뉴' }).waitFor();
}

/** Labels of the menu links the console shows. */
export async function menuLabels(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: '관리자 메뉴' }).getByRole('link').allTextContents();
}

/** Calls the API as a given account (to check what the console did). */
export async function apiAs(email: string) {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: passwordOf(email) }),
  });
  const body = (await login.json()) as {
    data: { access_token: string; refresh_token: string; user_id: number };
  };
  let token = body.data.access_token;
  let refresh = body.data.refresh_token;
  const call = async <T = JsonAnswer>(
    method: string,
    path: string,
    json?: unknown,
  ): Promise<{
    status: number;
    body: { ok: boolean; data: T; message?: string; errors?: Record<string, string> };
  }> => {
    const send = () =>
      fetch(`${baseUrl()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
    let res = await send();
    if (res.status === 401) {
      // Access tokens live 5 seconds in this run.
      const r = await fetch(`${baseUrl()}/api/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: refresh, userId: body.data.user_id }),
      });
      const fresh = (await r.json()) as { data: { access_token: string; refresh_token: string } };
      token = fresh.data.access_token;
      refresh = fresh.data.refresh_token;
      res = await send();
    }
    return { status: res.status, body: await res.json() };
  };
  return { call, userId: body.data.user_id, tokens: () => ({ access: token, refresh }) };
}

/** Requests to a path made while `action` runs. */
export async function requestsDuring(
  page: Page,
  pathPart: string,
  action: () => Promise<void>,
): Promise<Request[]> {
  const seen: Request[] = [];
  const listener = (r: Request) => {
    if (new URL(r.url()).pathname.includes(pathPart)) seen.push(r);
  };
  page.on('request', listener);
  try {
    await action();
  } finally {
    page.off('request', listener);
  }
  return seen;
}

/** The stored login user of the page's origin, or null. */
export function storedUser(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('sbsa:auth:user');
    return raw ? JSON.parse(raw) : null;
  });
}

/**
 * Opens an admin address the role may not use and reads the refusal screen: it stays in the
 * console and says so, with the way to the public site (SPEC.md §6/§8) as a link.
 */
export async function openRefused(
  page: Page,
  path: string,
): Promise<{ pathname: string; text: string; publicLink: string | null; toDashboard: boolean }> {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1, name: '권한이 없습니다' });
  await heading.waitFor({ timeout: 20_000 });
  const screen = page.locator('section.forbidden');
  return {
    pathname: new URL(page.url()).pathname,
    text: (await screen.textContent()) ?? '',
    publicLink: await screen.getByRole('link', { name: '공개 사이트로 가기' }).getAttribute('href'),
    toDashboard: (await screen.getByRole('link', { name: '대시보드로 가기' }).count()) === 1,
  };
}

/** One answered API call: the page that made it, what was asked (path and query) and the status it got. */
export interface ApiAnswer {
  page: Page;
  method: string;
  path: string;
  status: number;
}

/**
 * Watches the API calls of every page of a context: the token refreshes sent, the other calls'
 * answers in the order they came, and the calls still waiting for theirs.
 */
export function watchApi(context: BrowserContext) {
  const refreshes: Request[] = [];
  const answers: ApiAnswer[] = [];
  const waiting = new Set<Request>();
  const kind = (r: Request) => {
    const { pathname } = new URL(r.url());
    if (pathname === '/api/auth/refresh') return 'refresh';
    return pathname.startsWith('/api/') ? 'call' : 'other';
  };
  const onRequest = (r: Request) => {
    if (kind(r) === 'refresh') refreshes.push(r);
    if (kind(r) === 'call') waiting.add(r);
  };
  const onResponse = (res: Response) => {
    const r = res.request();
    if (kind(r) !== 'call') return;
    waiting.delete(r);
    const url = new URL(r.url());
    answers.push({
      page: r.frame().page(),
      method: r.method(),
      path: url.pathname + url.search,
      status: res.status(),
    });
  };
  const onFailed = (r: Request) => void waiting.delete(r);
  context.on('request', onRequest);
  context.on('response', onResponse);
  context.on('requestfailed', onFailed);
  return {
    refreshes,
    answers,
    waiting,
    stop: () => {
      context.off('request', onRequest);
      context.off('response', onResponse);
      context.off('requestfailed', onFailed);
    },
  };
}

/**
 * Lets the pages' token refresh reach the server only once `ready()` holds (15 seconds at most),
 * so the calls rejected with the old token are all waiting on it when it goes out.
 */
export async function holdRefreshUntil(
  context: BrowserContext,
  ready: () => boolean,
): Promise<void> {
  await context.route('**/api/auth/refresh', async (route) => {
    const started = Date.now();
    while (!ready() && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 20));
    await route.continue();
  });
}
