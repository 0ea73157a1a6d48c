import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import {
  apiAs,
  accounts,
  baseUrl,
  demoPassword,
  launchBrowser,
  logIn,
  newPage,
  passwordOf,
  storedUser,
} from './helpers.ts';

/** What an authenticator app shows for the secret at `at` (ms). */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

let browser: Browser;
let email: string;
beforeAll(async () => {
  browser = await launchBrowser();
  // an account of its own: turning its second factor on changes nobody else's sign-in
  email = `totp-${Date.now()}@sbsa.kr`;
  const admin = await apiAs(accounts.admin);
  const mainId = (await admin.call('GET', '/api/common/config')).body.data.defaultMainId;
  const created = await admin.call('POST', '/api/users', {
    email,
    password: demoPassword,
    username: '이단계 시험',
  });
  if (created.status !== 201) throw new Error(`user: ${created.status}`);
  const role = await admin.call('POST', `/api/league/main/${mainId}/managers`, {
    userId: created.body.data.id,
    grade: 2,
  });
  if (role.status !== 201 && role.status !== 200) throw new Error(`role: ${role.status}`);
});
afterAll(async () => browser?.close());

describe('second factor at 375 px', () => {
  it('sets it up from the QR code screen, shows the recovery codes, then asks for the code at sign-in', async () => {
    const { page, errors } = await newPage(browser, { width: 375, height: 740 });
    await page.goto('/admin/login?next=%2Fadmin%2Fsecurity');
    await page.getByLabel('이메일').fill(email);
    await page.getByLabel('비밀번호').fill(demoPassword);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByRole('heading', { level: 1, name: '2단계 인증' }).waitFor();

    await page.getByRole('button', { name: '2단계 인증 설정 시작' }).click();
    const qr = page.getByRole('img', { name: '인증 앱으로 찍을 2단계 인증 QR 코드' });
    await qr.waitFor();
    await qr.scrollIntoViewIfNeeded();
    const box = await qr.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeGreaterThan(100);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    // no sideways scrolling at 375 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    const shown = (await page.locator('.totp-secret').textContent()) ?? '';
    const secret = shown.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('앱에 표시된 6자리 코드').fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: '2단계 인증 켜기' }).click();
    await page.getByRole('heading', { name: '복구 코드' }).waitFor();
    const codes = await page.locator('.totp-codes code').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await page.getByRole('button', { name: '적어 두었습니다' }).click();
    await page.getByText('남은 복구 코드').waitFor();

    await page.getByRole('button', { name: '로그아웃' }).click();
    // logout reloads the page, which then leads to the login form
    await page.waitForURL(/\/admin\/login/);
    await page.getByRole('heading', { level: 1, name: '관리자 로그인' }).waitFor();
    await expect.poll(() => storedUser(page)).toBeNull();

    await page.getByLabel('이메일').fill(email);
    await page.getByLabel('비밀번호').fill(demoPassword);
    await page.getByRole('button', { name: '로그인' }).click();
    const otp = page.getByLabel('일회용 코드');
    await otp.waitFor();
    expect(await page.locator('.field-error').textContent()).toBe(
      '2단계 인증을 쓰는 계정입니다. 인증 앱의 일회용 코드를 입력해 주세요.',
    );
    // the code of the step enabling took is spent: the app's next one
    await otp.fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: '로그인' }).click();
    // signed in, back on the screen it left (at 375 px the menu is folded away)
    await page.getByText('2단계 인증을 쓰고 있습니다.').waitFor();
    expect(page.url()).toMatch(/\/admin\/security$/);
    expect(await storedUser(page)).toMatchObject({ email });
    expect(errors).toEqual([]);
  });

  it("resets the person's second factor from the accounts screen, and he signs in with the password alone", async () => {
    const signIn = () =>
      fetch(`${baseUrl()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: demoPassword }),
      });
    expect((await signIn()).status).toBe(401);
    const { page, errors } = await newPage(browser);
    await logIn(page, accounts.admin, '/admin/accounts');
    await page.getByRole('searchbox', { name: '검색' }).fill(email);
    await page.getByRole('button', { name: '이단계 시험 2단계 인증 초기화' }).click();
    const dialog = page.getByRole('dialog', { name: '2단계 인증 초기화' });
    expect(await dialog.textContent()).toContain(
      `이단계 시험(${email}) 님의 2단계 인증을 지울까요?`,
    );
    await dialog.getByRole('button', { name: '초기화', exact: true }).click();
    await page
      .getByText('이단계 시험 님의 2단계 인증을 초기화했습니다.', { exact: false })
      .waitFor();
    expect((await signIn()).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('says on the login page why the server ended the sign-in, until the next sign-in', async () => {
    // what the client keeps when a refresh is refused as idle (src/lib/api-client-idle.test.ts)
    const { page, errors } = await newPage(browser, { width: 375, height: 740 });
    await page.goto('/admin/login');
    await page.evaluate(() =>
      sessionStorage.setItem(
        'sbsa:admin:signOutReason',
        '오랫동안 사용하지 않아 로그아웃되었습니다. 다시 로그인해 주세요.',
      ),
    );
    await page.reload();
    await page
      .getByRole('status')
      .filter({ hasText: '오랫동안 사용하지 않아 로그아웃되었습니다.' })
      .waitFor();
    await page.getByLabel('이메일').fill(accounts.admin);
    await page.getByLabel('비밀번호').fill(passwordOf(accounts.admin));
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByRole('heading', { level: 1, name: '대시보드' }).waitFor();
    expect(
      await page.evaluate(() => sessionStorage.getItem('sbsa:admin:signOutReason')),
    ).toBeNull();
    expect(errors).toEqual([]);
  });

  it('takes a manager of an association that requires it to the set-up screen; the admin sets the rule there', async () => {
    const admin = await apiAs(accounts.admin);
    const mainId = (await admin.call('GET', '/api/common/config')).body.data.defaultMainId;
    try {
      const { page: adminPage } = await newPage(browser);
      await logIn(adminPage, accounts.admin, '/admin/security');
      const rule = adminPage.getByLabel(/의 관리자\(1~3급\)에게 2단계 인증 요구$/);
      await rule.click();
      expect(await rule.isChecked()).toBe(true);
      await adminPage
        .getByText('이제 이 협회의 관리자는 2단계 인증을 설정해야 저장할 수 있습니다.')
        .waitFor();
      expect((await admin.call('GET', `/api/auth/totp/requirement/${mainId}`)).body.data).toEqual({
        required: true,
      });

      // the person whose second factor was reset above signs in and is taken to set it up
      const { page, errors } = await newPage(browser, { width: 375, height: 740 });
      await page.goto('/admin/login?next=%2Fadmin%2Fdashboard');
      await page.getByLabel('이메일').fill(email);
      await page.getByLabel('비밀번호').fill(demoPassword);
      await page.getByRole('button', { name: '로그인' }).click();
      await page.waitForURL(/\/admin\/security$/);
      await page.getByText('에서 관리자에게 2단계 인증을 요구합니다.', { exact: false }).waitFor();
      await page.getByRole('button', { name: '2단계 인증 설정 시작' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await admin.call('PUT', `/api/auth/totp/requirement/${mainId}`, { required: false });
    }
  });
});
