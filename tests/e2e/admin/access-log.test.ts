import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiAs, launchBrowser, newPage, passwordOf } from './helpers.ts';

/**
 * 개인정보 접속기록 (/admin/access-log, decision 146) on a phone (375 px): a 협회 관리자 who has just
 * read players with their birth dates finds that read in the list, and marks the month reviewed.
 */

let browser: Browser;
let page: Page;
let errors: string[];
let mainId: number;
let readIds: number[];

const seoulMonth = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser, { width: 375, height: 740 }));
  const grade1 = await apiAs(accounts.grade1);
  mainId = (await grade1.call('GET', '/api/common/config')).body.data.defaultMainId as number;
  // a read that hands out birth dates: a 조회 row naming these players
  const players = await grade1.call('GET', `/api/players?mainId=${mainId}&sort=id&limit=3`);
  readIds = (players.body.data.items as { id: number; birthDate?: unknown }[])
    .filter((p) => 'birthDate' in p)
    .map((p) => p.id);
  expect(readIds.length).toBeGreaterThan(0);
});
afterAll(async () => browser?.close());

describe('개인정보 접속기록 at 375 px', () => {
  it('lists the record with its filters and marks the month reviewed', async () => {
    // at 375 px the menu hides behind its button: the screen's heading says the login is done
    await page.goto(`/admin/login?next=${encodeURIComponent('/admin/access-log')}`);
    await page.getByLabel('이메일').fill(accounts.grade1);
    await page.getByLabel('비밀번호').fill(passwordOf(accounts.grade1));
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByRole('heading', { level: 1, name: '개인정보 접속기록' }).waitFor();

    // the list: filter to 조회 of the first player read above
    const subject = `player:${readIds[0]}`;
    await page.getByLabel('정보주체').fill(subject);
    await page.getByLabel('처리').selectOption('read');
    await page.getByRole('button', { name: '조회', exact: true }).click();
    const list = page.getByRole('table', { name: /개인정보 접속기록/ });
    const row = list
      .getByRole('row')
      .filter({ hasText: `선수 ${readIds[0]}` })
      .first();
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[1]).toBe(accounts.grade1);
    expect(cells[3]).toBe('조회');
    expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await list.getByRole('row').filter({ hasText: '다운로드' }).count()).toBe(0);

    // the monthly review of this month: the account and its reads, then 검토 완료
    const month = seoulMonth();
    const counts = page.getByRole('table', { name: `${month} 계정별 처리 건수` });
    const mine = counts.getByRole('row').filter({ hasText: accounts.grade1 });
    await mine.waitFor();
    expect(Number((await mine.getByRole('cell').first().textContent()) ?? '0')).toBeGreaterThan(0);
    await page.getByText('아직 검토하지 않은 달입니다.').waitFor();
    await page.getByRole('button', { name: '검토 완료' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${month} 검토 완료를 기록했습니다.` })
      .waitFor();
    await page.getByText(`검토 완료: ${accounts.grade1},`).waitFor();

    // stored: the API says the same after a reload of the screen
    await page.reload();
    await page.getByText(`검토 완료: ${accounts.grade1},`).waitFor();
    const api = await apiAs(accounts.admin);
    const review = await api.call(
      'GET',
      `/api/league/main/${mainId}/personal-access-log/review?month=${month}`,
    );
    expect(review.body.data.reviewed.account).toBe(accounts.grade1);

    // nothing wider than the phone
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the CSV asks for a reason first', async () => {
    await page.getByRole('button', { name: 'CSV 내려받기' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: '개인정보가 담긴 파일을 내려받으려면 사유를 입력해 주세요.' })
      .waitFor();
    await page.getByLabel('CSV로 내려받는 사유').fill('월간 점검');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV 내려받기' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('personal-access-log.csv');
    await page.getByRole('status').filter({ hasText: 'CSV 파일을 내려받았습니다.' }).waitFor();
  });
});
