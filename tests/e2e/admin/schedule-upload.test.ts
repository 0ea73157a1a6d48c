import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, launchBrowser, logIn, newPage } from './helpers.ts';
import { adminApi, makeLeague } from './fixtures.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
let league: Awaited<ReturnType<typeof makeLeague>>;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  api = await adminApi();
  league = await makeLeague(api, `일정 올리기 시험 리그 ${Date.now() % 100000}`);
  await logIn(
    page,
    accounts.admin,
    `/admin/league/${league.seasonId}/${league.leagueId}/schedule/uploadFile`,
  );
});
afterAll(async () => browser?.close());

const gameCount = async () =>
  (
    (await api.call('GET', `/api/league/admin/schedule/${league.seasonId}/${league.leagueId}`)).body
      .data.games as unknown[]
  ).length;

function csv(rows: string[][]): { name: string; mimeType: string; buffer: Buffer } {
  const text = ['날짜,시간,구장,홈팀,원정팀,라운드,경기번호', ...rows.map((r) => r.join(','))].join(
    '\n',
  );
  return { name: '일정.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}\n`, 'utf8') };
}

async function preview(file: ReturnType<typeof csv>) {
  await page.getByLabel('일정 파일 (xlsx, csv)').setInputFiles(file);
  await page.getByRole('button', { name: '미리보기' }).click();
  await page.getByRole('table', { name: '파일의 경기 행' }).waitFor();
}

describe('schedule upload', () => {
  it('offers the template for download', async () => {
    const href = await page.getByRole('link', { name: 'CSV 양식 내려받기' }).getAttribute('href');
    const res = await fetch(new URL(href!, page.url()));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('날짜,시간,구장,홈팀,원정팀');
  });

  it('previews a file with two bad rows, names both problems in Korean and imports nothing', async () => {
    const { home, away } = league;
    // Team names typed loosely (spaces) still match; the bad rows have an impossible date and an unknown team.
    const loose = home.teamName.replace(' ', '  ');
    await preview(
      csv([
        ['2026-09-05', '10:00', '시험구장', loose, away.teamName, '1라운드', ''],
        ['2026-13-45', '12:00', '시험구장', away.teamName, home.teamName, '1라운드', ''],
        ['2026-09-06', '10:00', '시험구장', '없는 팀이름', away.teamName, '1라운드', ''],
      ]),
    );
    const status = await page
      .locator(
        'section[aria-labelledby="upload-preview"] [role=status], section[aria-labelledby="upload-preview"] [role=alert]',
      )
      .first()
      .textContent();
    expect(status).toContain('3행 중 2행에 문제가 있습니다');
    const problemRows = page.locator('table.upload-preview tbody tr.row-invalid');
    expect(await problemRows.count()).toBe(2);
    const problems = await page.locator('table.upload-preview .problems li').allTextContents();
    expect(problems.length).toBeGreaterThanOrEqual(2);
    expect(problems.some((p) => /날짜/.test(p))).toBe(true);
    expect(problems.some((p) => /팀/.test(p) && /없는 팀이름/.test(p))).toBe(true);
    for (const p of problems) expect(p).toMatch(/[가-힣]/);
    expect(await page.getByRole('button', { name: '가져오기' }).isDisabled()).toBe(true);
    expect(await gameCount()).toBe(0);
  });

  it('imports every game of the fixed file after confirmation, adds only new games on a re-upload, and keeps the file until it is deleted', async () => {
    const { home, away } = league;
    await preview(
      csv([
        ['2026-09-05', '10:00', '시험구장', home.teamName, away.teamName, '1라운드', ''],
        ['2026-09-05', '12:00', '시험구장', away.teamName, home.teamName, '1라운드', ''],
        ['2026-09-06', '10:00', '시험구장', home.teamName, away.teamName, '2라운드', ''],
      ]),
    );
    await page.getByText('새 경기 3개를 가져올 수 있습니다.').waitFor();
    await page.getByRole('button', { name: '가져오기' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('새 경기 3개를').waitFor();
    await dialog.getByRole('button', { name: '가져오기' }).click();
    await page.getByText('3경기를 가져왔습니다.').waitFor();
    // the dialog closed, the focus is on what happened (not lost to the top of the page)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      '3경기를 가져왔습니다.',
    );
    expect(await gameCount()).toBe(3);
    let stored = (await api.call('GET', `/api/league/league/${league.leagueId}`)).body.data;
    expect(stored.scheduleUploadId).not.toBeNull();

    // the master file again, with one more game: only the new game is added
    await preview(
      csv([
        ['2026-09-05', '10:00', '시험구장', home.teamName, away.teamName, '1라운드', ''],
        ['2026-09-05', '12:00', '시험구장', away.teamName, home.teamName, '1라운드', ''],
        ['2026-09-06', '10:00', '시험구장', home.teamName, away.teamName, '2라운드', ''],
        ['2026-09-12', '10:00', '시험구장', away.teamName, home.teamName, '3라운드', ''],
      ]),
    );
    await page
      .getByText('새 경기 1개를 가져올 수 있습니다. 이미 일정에 있는 3경기는 건너뜁니다.')
      .waitFor();
    expect(await page.getByRole('cell', { name: '이미 일정에 있음 (건너뜀)' }).count()).toBe(3);
    await page.getByRole('button', { name: '가져오기' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '가져오기' }).click();
    await page
      .getByText('1경기를 가져왔습니다. 이미 일정에 있던 3경기는 건너뛰었습니다.')
      .waitFor();
    expect(await gameCount()).toBe(4);

    await page.getByRole('button', { name: '저장된 파일 지우기' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '삭제', exact: true }).click();
    await page.getByText('저장된 일정 파일을 지웠습니다.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      '저장된 일정 파일을 지웠습니다.',
    );
    stored = (await api.call('GET', `/api/league/league/${league.leagueId}`)).body.data;
    expect(stored.scheduleUploadId).toBeNull();
    expect(await gameCount()).toBe(4);
  });
});
