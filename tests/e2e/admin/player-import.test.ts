import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accounts, baseUrl, launchBrowser, logIn } from './helpers.ts';
import { adminApi } from './fixtures.ts';

/** Made by openpyxl (tests/fixtures/players/make-fixtures.py): 김민준 and 박하늘 of 서울 레드삭스, 이서연 of 갈매기. */
const workbook = fileURLToPath(new URL('../../fixtures/players/players.xlsx', import.meta.url));
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let api: Awaited<ReturnType<typeof adminApi>>;
let mainId: number;
/** The demo team whose short name the workbook uses. */
let gull: { id: number; name: string };

type Listed = {
  id: number;
  name: string;
  birthDate: string | null;
  currentTeams: Array<{ teamName: string; backNumber: number | null }>;
};

async function playersNamed(name: string): Promise<Listed[]> {
  const res = await api.call(
    'GET',
    `/api/players?mainId=${mainId}&q=${encodeURIComponent(name)}&limit=100`,
  );
  return (res.body.data.items as Listed[]).filter((p) => p.name === name);
}

beforeAll(async () => {
  browser = await launchBrowser();
  // axe is injected from outside the page, so the console's strict CSP is bypassed for this context alone.
  context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'ko-KR',
    baseURL: baseUrl(),
    bypassCSP: true,
  });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  api = await adminApi();
  mainId = (await api.call('GET', '/api/common/config')).body.data.defaultMainId as number;
  const teams = (
    await api.call('GET', `/api/teams?mainId=${mainId}&q=${encodeURIComponent('갈매기')}`)
  ).body.data.items as Array<{ id: number; name: string }>;
  gull = teams[0];
  // The side menu (which logIn waits for) folds away on a phone: log in wide, then work at a
  // phone's width, where the whole flow must fit without the page scrolling sideways.
  await logIn(page, accounts.admin, '/admin/team-players/list');
  await page.setViewportSize({ width: 375, height: 800 });
});
afterAll(async () => browser?.close());

const table = () => page.getByRole('table', { name: '파일의 선수 행' });
const importButton = () => page.getByRole('button', { name: '등록', exact: true });

async function preview() {
  await page.getByLabel('선수 파일 (xlsx, csv)').setInputFiles(workbook);
  await page.getByRole('button', { name: '미리보기' }).click();
  await table().waitFor();
}

const noSidewaysScroll = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('player import', () => {
  it('is reached from the players list', async () => {
    await page.getByRole('link', { name: '선수 파일로 일괄 등록' }).click();
    await page.getByRole('heading', { level: 1, name: '선수 일괄 등록' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/team-players/import');
  });

  it('previews the workbook row by row; rows naming a team the association lacks block the import and the reason stands beside the button', async () => {
    await preview();
    const rows = table().locator('tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual(
      expect.arrayContaining(['김민준', '2001-05-10', '서울 레드삭스 ⚠', '7']),
    );
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual(
      expect.arrayContaining(['이서연', '1999년생', '갈매기', '11']),
    );
    // 서울 레드삭스 is not a team of the demo association: both its rows say so, in their own row.
    expect(await table().locator('tbody tr.row-invalid').count()).toBe(2);
    expect(await rows.nth(2).locator('.problems li').allTextContents()).toEqual([
      '협회에 없는 팀입니다: "서울 레드삭스"',
    ]);
    expect(await importButton().isDisabled()).toBe(true);
    const reason = await page.locator('#import-blocked').textContent();
    expect(reason).toContain('문제가 있는 행이 2개 있습니다.');
    expect(await importButton().getAttribute('aria-describedby')).toBe('import-blocked');
    expect(await playersNamed('박하늘')).not.toContainEqual(
      expect.objectContaining({ birthDate: '2003-03-03' }),
    );
    expect(await noSidewaysScroll()).toBe(true);
  });

  it('asks 같은 사람 / 다른 사람 for a name the association already has, showing that person’s team and birth year', async () => {
    // Staff add the missing team, and a 김민준 already plays for another club.
    const made = await api.call('POST', '/api/teams', {
      mainId,
      name: '서울 레드삭스',
      shortName: '레드삭스',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const kim = await api.call('POST', '/api/players', {
      mainId,
      name: '김민준',
      birthDate: '1990-02-02',
      teamId: gull.id,
      backNumber: 2,
    });
    expect(kim.status, JSON.stringify(kim.body)).toBe(201);

    // The same file read again (the button, no new choice of file): the new team now matches.
    await page.getByRole('button', { name: '미리보기' }).click();
    const question = page.getByRole('group', { name: '2행 김민준: 같은 사람인가요?' });
    await question
      .getByRole('radio', { name: `같은 사람: 김민준 · ${gull.name} · 1990년생` })
      .waitFor();
    expect(await table().locator('.problems li').allTextContents()).toEqual([]);
    await question.getByRole('radio', { name: '다른 사람 (새로 등록)' }).waitFor();
    expect(await importButton().isDisabled()).toBe(true);
    expect(await page.locator('#import-blocked').textContent()).toMatch(
      /같은 이름의 선수가 있는 \d+개 행에서 같은 사람인지 골라 주세요\./,
    );

    // axe over the preview with its questions, at 375 px
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(): Promise<{
              violations: Array<{
                id: string;
                impact: string | null;
                nodes: Array<{ target: unknown[] }>;
              }>;
            }>;
          };
        }
      ).axe;
      return (await axe.run()).violations.map(
        (v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    });
    expect(violations).toEqual([]);
    expect(await noSidewaysScroll()).toBe(true);
  });

  it('imports with the keyboard alone after each same-name row is answered, puts the focus on the result, and the players are on their teams with their numbers', async () => {
    // The demo data may hold more people of these names: every question is answered 다른 사람.
    const questions = page.locator('fieldset.same-name-choice');
    const asked = await questions.count();
    for (let i = 0; i < asked; i++) {
      await questions.nth(i).getByRole('radio', { name: '다른 사람 (새로 등록)' }).focus();
      await page.keyboard.press('Space');
      await questions
        .nth(i)
        .getByRole('radio', { name: '다른 사람 (새로 등록)' })
        .and(page.locator(':checked'))
        .waitFor();
    }
    await expect.poll(() => importButton().isEnabled()).toBe(true);
    expect(await page.locator('#import-blocked').count()).toBe(0);

    await importButton().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '선수 등록' });
    await dialog.getByText('파일의 3행을 등록할까요? 새 선수 3명을 만들고').waitFor();
    await dialog.getByRole('button', { name: '등록' }).focus();
    await page.keyboard.press('Enter');

    const result = page.getByRole('status').filter({ hasText: '선수 파일을 가져왔습니다.' });
    await result.waitFor();
    expect(await result.textContent()).toBe(
      '선수 파일을 가져왔습니다. 새 선수 3명을 등록하고 팀 소속 3건을 추가했습니다.',
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      await result.textContent(),
    );

    const kim = (await playersNamed('김민준')).find((p) => p.birthDate === '2001-05-10');
    expect(kim?.currentTeams).toEqual([
      expect.objectContaining({ teamName: '서울 레드삭스', backNumber: 7 }),
    ]);
    // a year alone is shown and matched, not stored
    const seoyeon = (await playersNamed('이서연')).filter((p) => p.birthDate === null);
    expect(seoyeon.map((p) => p.currentTeams)).toEqual([
      [expect.objectContaining({ teamName: gull.name, backNumber: 11 })],
    ]);
    const haneul = (await playersNamed('박하늘')).find((p) => p.birthDate === '2003-03-03');
    expect(haneul?.currentTeams).toEqual([
      expect.objectContaining({ teamName: '서울 레드삭스', backNumber: null }),
    ]);
    // the 김민준 of the other club is untouched
    const other = (await playersNamed('김민준')).find((p) => p.birthDate === '1990-02-02');
    expect(other?.currentTeams).toEqual([
      expect.objectContaining({ teamName: gull.name, backNumber: 2 }),
    ]);
    expect(errors).toEqual([]);
  });
});
