import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, apiAs, demoPassword, launchBrowser, logIn, newPage } from './helpers.ts';

let browser: Browser;
let page: Page;
let errors: string[];
let admin: Awaited<ReturnType<typeof apiAs>>;
let playerId: number;
const name = `열람삭제${Date.now() % 100000}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser));
  admin = await apiAs(accounts.admin);
  // a player of its own: the other tests of the run share the demo data
  const made = await admin.call<{ id: number }>('POST', '/api/players', {
    name,
    birthDate: '1991-02-03',
  });
  expect(made.status).toBe(201);
  playerId = made.body.data.id;
  // the side menu (which logIn waits for) folds away on a phone: log in wide, then work at 375 px
  await logIn(page, accounts.grade1, `/admin/team-players/career/${playerId}`);
  await page.setViewportSize({ width: 375, height: 740 });
});
afterAll(async () => browser?.close());

/** The element lies inside the 375 px wide viewport (nothing to scroll sideways for). */
async function fitsPhone(locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
}

describe('개인정보 요구 on a player’s screen, at 375 px, by a 협회 관리자', () => {
  it('downloads the export after asking for the reason', async () => {
    const button = page.getByRole('button', { name: '열람 파일 내려받기' });
    await button.waitFor();
    await fitsPhone(button);
    await button.click();
    const dialog = page.getByRole('dialog', { name: `${name} 선수의 개인정보 열람` });
    await dialog.waitFor();
    await dialog.getByLabel('요구 사유').fill('본인 방문 요청');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '내려받기' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sbsa-person-player-${playerId}.json`);
    await page.getByText('열람 파일을 내려받았습니다.').first().waitFor();
  });

  it('erases after a reason: without one the dialog says so in Korean and nothing changes', async () => {
    await page.getByRole('button', { name: '개인정보 삭제' }).click();
    const dialog = page.getByRole('dialog', { name: `${name} 선수의 개인정보 삭제` });
    await dialog.waitFor();
    const reason = dialog.getByLabel('요구 사유');
    await fitsPhone(reason);
    await fitsPhone(dialog.getByRole('button', { name: '삭제' }));
    await dialog.getByRole('button', { name: '삭제' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/요구 사유/);
    expect(
      (await admin.call<{ birthDate: string | null }>('GET', `/api/players/${playerId}`)).body.data
        .birthDate,
    ).toBe('1991-02-03');

    await reason.fill('본인 서면 삭제 요구');
    await dialog.getByRole('button', { name: '삭제' }).click();
    await page.getByText('개인정보를 지웠습니다.').waitFor();
    await page.getByText('개인정보 삭제됨').waitFor();
    expect(await page.getByRole('button', { name: '개인정보 삭제' }).count()).toBe(0);
    const after = (
      await admin.call<{ birthDate: string | null; erasedAt?: string }>(
        'GET',
        `/api/players/${playerId}`,
      )
    ).body.data;
    expect(after.birthDate).toBeNull();
    expect(after.erasedAt).toMatch(/\+09:00$/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('개인정보 요구 on the accounts screen, for an account of no player or coach', () => {
  it('erases the account after a reason, and the list no longer shows it', async () => {
    const username = `삭제요구${Date.now() % 100000}`;
    const email = `rights-${Date.now() % 100000}@sbsa.kr`;
    const made = await admin.call<{ id: number }>('POST', '/api/users', {
      email,
      password: demoPassword,
      username,
    });
    expect(made.status).toBe(201);
    await page.goto('/admin/accounts');
    const table = page.getByRole('table', { name: '회원 목록' });
    await table.getByRole('button', { name: `${username} 권한` }).click();
    const rights = page.getByRole('region', { name: '개인정보 요구' });
    await rights.getByRole('button', { name: '개인정보 삭제' }).click();
    const dialog = page.getByRole('dialog', { name: `${username} 회원의 개인정보 삭제` });
    await dialog.getByLabel('요구 사유').fill('본인 전화 요청');
    await fitsPhone(dialog.getByRole('button', { name: '삭제' }));
    await dialog.getByRole('button', { name: '삭제' }).click();
    await expect
      .poll(
        async () =>
          (
            await admin.call<{ disabled: boolean; email: string }>(
              'GET',
              `/api/users/${made.body.data.id}`,
            )
          ).body.data,
      )
      .toMatchObject({ disabled: true, email: `erased-${made.body.data.id}@erased.invalid` });
    await expect.poll(() => table.getByText(email).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
