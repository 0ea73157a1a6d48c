import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiAs, baseUrl, launchBrowser, logIn, newPage } from './helpers.ts';

let browser: Browser;
let page: Page;
let errors: string[];
let api: Awaited<ReturnType<typeof apiAs>>;
const tag = String(Date.now() % 100000);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser));
  await logIn(page, accounts.admin);
  api = await apiAs(accounts.admin);
});
afterAll(async () => browser?.close());

/** What anyone without an account gets. */
const anonymous = (path: string) => fetch(`${baseUrl()}${path}`);

async function publicList(): Promise<Array<{ wrId: number }>> {
  const config = (await api.call('GET', '/api/common/config')).body.data;
  const res = await anonymous(`/api/league/main/${config.defaultMainId}/notice?limit=100`);
  return ((await res.json()) as { data: { items: Array<{ wrId: number }> } }).data.items;
}

describe('notices: draft, attachments, then publish', () => {
  it('a draft is not public, takes attachments, and 게시 asks before it goes public', async () => {
    const title = `임시 공지 ${tag}`;
    await page.goto('/admin/notice/write');
    // The form says what becomes public, and when.
    await page.getByText('임시 저장한 공지는 공지를 쓸 수 있는 관리자만 봅니다.').waitFor();
    await page.getByLabel('제목').fill(title);
    await page.getByLabel('내용 (Markdown)').fill('다음 주 경기 안내입니다.');
    await page.getByRole('button', { name: '임시 저장' }).click();
    await page.waitForURL(/\/admin\/notice\/write\/\d+/);
    const wrId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('임시 저장 — 아직 공개되지 않았습니다.').waitFor();

    expect((await anonymous(`/api/notice/${wrId}`)).status).toBe(404);
    expect((await publicList()).some((n) => n.wrId === wrId)).toBe(false);
    const mine = (await api.call('GET', `/api/notice/${wrId}`)).body.data;
    expect(mine).toMatchObject({ title, published: false });

    // Attachments go on while it is still a draft.
    await page.getByLabel(/파일 추가/).setInputFiles({
      name: '경기안내.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('경기 안내문입니다.\n'),
    });
    await page.getByRole('button', { name: '첨부 올리기' }).click();
    await page.getByRole('link', { name: '경기안내.txt' }).waitFor();
    expect((await anonymous(`/api/notice/${wrId}`)).status).toBe(404);

    // 게시 asks first; 취소 leaves it a draft.
    await page.getByRole('button', { name: '게시', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '공지 게시' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('첨부 파일 1개');
    await dialog.getByRole('button', { name: '취소' }).click();
    expect((await api.call('GET', `/api/notice/${wrId}`)).body.data.published).toBe(false);

    await page.getByRole('button', { name: '게시', exact: true }).click();
    await dialog.getByRole('button', { name: '게시', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '공지를 게시했습니다.' }).waitFor();
    const shown = await anonymous(`/api/notice/${wrId}`);
    expect(shown.status).toBe(200);
    const body = (await shown.json()) as { data: { attachments: Array<{ url: string }> } };
    expect(body.data.attachments).toHaveLength(1);
    expect((await publicList()).some((n) => n.wrId === wrId)).toBe(true);
    expect(errors).toEqual([]);

    // The public page offers the attachment as a download once the site is rebuilt.
    const started = Date.now();
    let html = '';
    while (Date.now() - started < 300_000) {
      const res = await anonymous(`/sbsa/notice/${wrId}`);
      if (res.status === 200) {
        html = await res.text();
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    const reader = await browser.newPage({ baseURL: baseUrl() });
    await reader.setContent(html);
    const link = reader.getByRole('link', { name: /경기안내\.txt/ });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(body.data.attachments[0].url);
    expect(await link.getAttribute('download')).toBe('경기안내.txt');
    const file = await anonymous(href);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('경기 안내문입니다.\n');
    await reader.close();
  }, 420_000);

  it('the notice list tells drafts from published notices', async () => {
    const created = await api.call(
      'POST',
      `/api/league/main/${(await api.call('GET', '/api/common/config')).body.data.defaultMainId}/notice`,
      { title: `목록 임시 ${tag}`, body: '', draft: true },
    );
    expect(created.status).toBe(201);
    expect(created.body.data.published).toBe(false);
    await page.goto('/admin/notice');
    await page.getByRole('searchbox', { name: '검색' }).fill(`목록 임시 ${tag}`);
    const row = page.getByRole('row').filter({ hasText: `목록 임시 ${tag}` });
    await row.getByText('임시 저장').waitFor();
  });
});
