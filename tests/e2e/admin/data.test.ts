import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  accounts,
  apiAs,
  launchBrowser,
  logIn,
  menuLabels,
  newPage,
  openRefused,
  requestsDuring,
} from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface ExportFile {
  format: string;
  formatVersion: number;
  schema: string[];
  tables: Record<string, { columns: string[]; rows: unknown[][] }>;
  uploads: unknown[];
}

/** How many rows of an exported table have this value in this column. */
function countWhere(file: ExportFile, table: string, column: string, value: unknown): number {
  const { columns, rows } = file.tables[table];
  const at = columns.indexOf(column);
  expect(at, `${table}.${column}`).toBeGreaterThanOrEqual(0);
  return rows.filter((row) => row[at] === value).length;
}

/** The exported data but the audit log, which every sign-in adds to, and the access record, which every download adds to. */
function dataOf(file: ExportFile) {
  const { audit_log: _audit, personal_access_log: _access, ...tables } = file.tables;
  return { schema: file.schema, tables, uploads: file.uploads };
}

/** `2026. 03. 02. 03:05:09`: the instant in Asia/Seoul (UTC+9, no daylight saving), worked out here. */
function seoulText(iso: string): string {
  const kst = new Date(Date.parse(iso) + 9 * 3600_000).toISOString();
  return `${kst.slice(0, 4)}. ${kst.slice(5, 7)}. ${kst.slice(8, 10)}. ${kst.slice(11, 19)}`;
}

describe('데이터 관리 (/admin/data)', () => {
  it('site admin: takes a backup, downloads the export, and is refused an import into this non-empty instance', async () => {
    const api = await apiAs(accounts.admin);
    const { page, errors } = await newPage(browser);
    await logIn(page, accounts.admin);
    expect(await menuLabels(page)).toContain('데이터 관리');
    await page
      .getByRole('navigation', { name: '관리자 메뉴' })
      .getByRole('link', { name: '데이터 관리' })
      .click();
    await page.getByRole('heading', { level: 1, name: '데이터 관리' }).waitFor();
    expect(await page.title()).toBe('데이터 관리 · SBSA 관리자');
    const backups = page.getByRole('table', { name: '보관 중인 백업' });
    await backups.waitFor();

    // 지금 백업: the new backup is listed on the screen and by the API.
    await page.getByRole('button', { name: '지금 백업' }).click();
    const done = page.getByRole('status').filter({ hasText: '백업을 만들었습니다' });
    await done.waitFor();
    const file = /sbsa-\d{8}-\d{6}(?:-\d+)?\.sqlite/.exec((await done.textContent())!)?.[0];
    expect(file).toBeDefined();
    const listed = (await api.call('GET', '/api/admin/backups')).body.data as {
      backups: Array<{
        file: string;
        createdAt: string;
        reason: string;
        by: string;
        migrations: string[];
      }>;
    };
    const backup = listed.backups.find((b) => b.file === file)!;
    expect(backup).toMatchObject({ reason: 'manual', by: accounts.admin });
    const row = backups.getByRole('row').filter({ hasText: file! });
    await row.waitFor();
    const rowText = (await row.textContent())!;
    expect(rowText).toContain(seoulText(backup.createdAt));
    expect(rowText).toContain(`관리자 요청 (${accounts.admin})`);
    expect(rowText).toMatch(/\d+(\.\d)?(바이트|KB|MB)/);

    // 내보내기: a JSON file with the schema version and the association's data, with a reason given.
    await page.getByRole('button', { name: '내보내기', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '사유를 입력해 주세요' }).waitFor();
    await page.getByLabel('내려받는 사유').fill('새 서버로 옮기기');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '내보내기', exact: true }).click(),
    ]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/^sbsa-export-\d{8}-\d{6}\.json$/);
    await page
      .getByRole('status')
      .filter({ hasText: `${name}을 내려받았습니다` })
      .waitFor();
    const text = await readFile((await download.path())!, 'utf8');
    const exported = JSON.parse(text) as ExportFile;
    expect(exported).toMatchObject({ format: 'sbsa-export', formatVersion: 1 });
    expect(exported.schema).toEqual(backup.migrations);
    expect(exported.schema.length).toBeGreaterThan(0);
    const mainId = (await api.call('GET', '/api/common/config')).body.data.defaultMainId as number;
    const counts = (await api.call('GET', `/api/admin/dashboard?mainId=${mainId}`)).body.data
      .counts as { teams: number; players: number; notices: number };
    expect(counts.teams).toBeGreaterThan(0);
    expect(countWhere(exported, 'teams', 'main_id', mainId)).toBe(counts.teams);
    expect(countWhere(exported, 'players', 'main_id', mainId)).toBe(counts.players);
    expect(countWhere(exported, 'notices', 'main_id', mainId)).toBe(counts.notices);

    // 가져오기: no file chosen, JSON that is not an export, then this instance's own export, which has data.
    await page.getByRole('button', { name: '가져오기', exact: true }).click();
    await page.getByText('가져올 내보내기 파일을 선택해 주세요.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const fileInput = page.getByLabel('내보내기 파일 (.json)');
    const dialog = page.getByRole('dialog', { name: '데이터 가져오기' });
    await fileInput.setInputFiles({
      name: 'other.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"other"}'),
    });
    await page.getByRole('button', { name: '가져오기', exact: true }).click();
    await dialog.getByRole('button', { name: '가져오기' }).click();
    await dialog.getByRole('alert').filter({ hasText: '내보내기 파일 형식이 아닙니다.' }).waitFor();
    await dialog.getByRole('button', { name: '취소' }).click();
    await fileInput.setInputFiles({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    await page.getByRole('button', { name: '가져오기', exact: true }).click();
    await dialog.getByText(`${name}을 이 서버에 가져올까요?`).waitFor();
    const imports = await requestsDuring(page, '/api/admin/import', async () => {
      await dialog.getByRole('button', { name: '가져오기' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: '빈 인스턴스에만 가져올 수 있습니다' })
        .waitFor();
    });
    // Tokens here live 5 s: on a slow machine the first try may meet a 401 and go again after a silent refresh.
    const statuses = await Promise.all(imports.map(async (r) => (await r.response())?.status()));
    expect(statuses.filter((s) => s !== 401)).toEqual([409]);
    await dialog.getByRole('button', { name: '취소' }).click();
    expect(await page.getByRole('status').filter({ hasText: '가져왔습니다' }).count()).toBe(0);

    const after = (await api.call('GET', '/api/admin/export?reason=%EB%B9%84%EA%B5%90'))
      .body as unknown as ExportFile;
    expect(dataOf(after)).toEqual(dataOf(exported));
    expect(errors).toEqual([]);
  });

  it.each([
    ['협회 관리자 (grade 1)', accounts.grade1],
    ['기록원 (grade 3)', accounts.scorer],
  ])(
    '%s: no menu item, and the address says 권한이 없습니다 without asking for backups',
    async (_role, email) => {
      const { page } = await newPage(browser);
      await logIn(page, email);
      expect(await menuLabels(page)).not.toContain('데이터 관리');
      let text = '';
      const asked = await requestsDuring(page, '/api/admin/backups', async () => {
        text = (await openRefused(page, '/admin/data')).text;
      });
      expect(text).toContain('사이트 관리자에게 요청해 주세요');
      expect(asked).toHaveLength(0);
    },
  );
});
