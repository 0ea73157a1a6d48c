import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { accounts, launchBrowser, logIn, newPage } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('the midnight check on the dashboard', () => {
  it('tells an administrator which pages changed with no change naming them, with links to them', async () => {
    // What the publisher's midnight rebuild records when it finds such pages (decision 125): a
    // real rebuild waits for midnight, so the run is written as it would write it, as of now (the
    // newest check, whenever the suite runs).
    const dbFile = inject('dbFile');
    if (!dbFile) throw new Error('ADMIN_E2E_DB_FILE: the database file of the server under test');
    const startedAt = new Date().toISOString();
    const db = new DatabaseSync(dbFile, { timeout: 5000 });
    try {
      db.prepare(
        `INSERT INTO publish_runs (reason, started_at, finished_at, pages, duration_ms, status,
           unnamed_pages, unnamed_files)
         VALUES ('날짜 변경 (자정)', ?, ?, 100, 20000, 'success', 23, ?)`,
      ).run(startedAt, startedAt, JSON.stringify(['sbsa/index.html', 'sbsa/notice/index.html']));
    } finally {
      db.close();
    }
    const shownAt = new Intl.DateTimeFormat('ko-KR', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'Asia/Seoul',
    }).format(new Date(startedAt));

    const { page, errors } = await newPage(browser);
    await logIn(page, accounts.admin);
    const check = page.locator('.nightly-check');
    await check.waitFor();
    expect(await check.locator('p').textContent()).toBe(
      `자정 점검(${shownAt}): 데이터가 바뀌었는데 바로 다시 게시되지 않은 페이지 23개를 찾았습니다. 자정 빌드로 바로잡았지만 그때까지 예전 내용이 보였습니다. 개발 담당자에게 알려 주세요.`,
    );
    expect(await check.getByRole('listitem').allTextContents()).toEqual([
      '/sbsa/',
      '/sbsa/notice/',
      '외 21개',
    ]);
    await check.getByRole('link', { name: '/sbsa/notice/' }).click();
    await page.waitForURL((url) => url.pathname === '/sbsa/notice/');
    expect(await page.title()).toMatch(/공지/);
    expect(errors).toEqual([]);

    // a scorer does not run the site: the dashboard leaves it out
    const scorer = await newPage(browser);
    await logIn(scorer.page, accounts.scorer);
    await scorer.page.getByRole('heading', { name: '공개 사이트 게시 상태' }).waitFor();
    expect(await scorer.page.locator('.nightly-check').count()).toBe(0);
  });
});
