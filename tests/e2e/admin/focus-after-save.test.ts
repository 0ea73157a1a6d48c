import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiAs, launchBrowser, logIn, newPage } from './helpers.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof apiAs>>;
const tag = String(Date.now() % 100000);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await logIn(page, accounts.admin);
  api = await apiAs(accounts.admin);
});
afterAll(async () => browser?.close());

/** What has the keyboard focus: its role and text. */
const focused = () =>
  page.evaluate(() => ({
    role: document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName,
    text: document.activeElement?.textContent ?? '',
  }));

describe('after saving, focus goes to what happened', () => {
  it('a form saved with the keyboard alone leaves the focus on the saved message, not the top of the page', async () => {
    const name = `초점 확인 부 ${tag}`;
    await page.goto('/admin/division');
    await page.getByRole('heading', { level: 1, name: '부 관리' }).waitFor();
    await page.getByRole('button', { name: '부 추가' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('form.entity-form').getByLabel('부 이름', { exact: true }).focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: '추가했습니다.' }).waitFor();
    expect(await focused()).toEqual({ role: 'status', text: '부를 추가했습니다.' });

    // The next Tab goes on from the message, into the screen (not back to the skip link).
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() =>
      document.querySelector('#admin-main')?.contains(document.activeElement),
    );
    expect(next).toBe(true);

    const data = (await api.call('GET', '/api/divisions?limit=500')).body.data;
    const items = (data.items ?? data) as Array<{ id: number; name: string }>;
    const made = items.find((d) => d.name === name);
    expect(made).toBeDefined();
    expect((await api.call('DELETE', `/api/divisions/${made!.id}`)).status).toBe(200);
  });
});
