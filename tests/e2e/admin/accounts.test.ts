import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  accounts,
  baseUrl,
  demoPassword,
  launchBrowser,
  logIn,
  menuLabels,
  newPage,
  requestsDuring,
} from './helpers.ts';
import { adminApi } from './fixtures.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
let mainId: number;
let team: { id: number; name: string };
let userId: number | undefined;
const tag = String(Date.now() % 100000);
const email = `volunteer-${tag}@sbsa.kr`;
const name = `김봉사${tag}`;
const renamed = `이봉사${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  api = await adminApi();
  mainId = (await api.call('GET', '/api/common/config')).body.data.defaultMainId;
  team = (await api.call('GET', `/api/teams?mainId=${mainId}&sort=name&limit=1`)).body.data
    .items[0];
  await logIn(page, accounts.admin, '/admin/accounts');
  await page.getByRole('heading', { level: 1, name: '회원 관리' }).waitFor();
});
afterAll(async () => {
  if (userId !== undefined) await api?.call('DELETE', `/api/users/${userId}`);
  await browser?.close();
});

const visible = (p: Page) => p.locator(':visible');
const table = (p: Page = page) => p.getByRole('table', { name: '회원 목록' }).and(visible(p));
const search = (text: string, p: Page = page) =>
  p.getByRole('searchbox', { name: '검색' }).and(visible(p)).fill(text);
/** The role column of the row that shows this e-mail. */
const rolesOf = (who: string) =>
  table().getByRole('row').filter({ hasText: who }).getByRole('cell').nth(2).textContent();
/** Waits until the list shows exactly these roles for the account (the list reloads after a change). */
const rolesShown = (who: string, roles: string) =>
  table()
    .getByRole('row')
    .filter({ hasText: who })
    .getByRole('cell')
    .nth(2)
    .filter({ hasText: new RegExp(`^${roles.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .waitFor();
const status = (text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();
const panel = () => page.getByRole('region', { name: `${renamed} 권한` });

async function usersFound(
  q: string,
  includeDisabled = false,
): Promise<Array<{ id: number; email: string; username: string; disabled: boolean }>> {
  return (
    await api.call(
      'GET',
      `/api/users?q=${encodeURIComponent(q)}&includeDisabled=${includeDisabled}`,
    )
  ).body.data.items;
}

describe('the accounts screen', () => {
  it('lists accounts with a summary of their roles, searchable by initial consonants and sortable by role', async () => {
    await search('');
    await table().getByRole('button', { name: '권한', exact: true }).click();
    expect(await table().locator('tbody tr').first().getByRole('cell').nth(2).textContent()).toBe(
      '사이트 관리자',
    );
    expect(await rolesOf(accounts.grade1)).toBe('협회 관리자');
    await search('ㅂㅈㅎ');
    await expect.poll(() => table().locator('tbody tr').count()).toBe(1);
    expect(await table().locator('tbody tr').textContent()).toContain('박정호');
    await search(accounts.team);
    expect(await rolesOf(accounts.team)).toBe('팀 관리자(서울 블루윙즈)');
  });

  it('refuses a malformed e-mail with a Korean message under the field and creates nothing', async () => {
    await page.getByRole('button', { name: '회원 추가' }).click();
    const form = page.getByRole('form', { name: '새 회원 추가' });
    await form.getByLabel('이메일', { exact: true }).fill('not-an-email');
    await form.getByLabel('이름', { exact: true }).fill(name);
    await form.getByLabel('비밀번호', { exact: true }).fill(demoPassword);
    const posts = await requestsDuring(page, '/api/users', async () => {
      await form.getByRole('button', { name: '저장' }).click();
      await form.locator('.field-error').first().waitFor();
    });
    const emailField = form
      .locator('.field')
      .filter({ has: page.getByLabel('이메일', { exact: true }) });
    expect(await emailField.locator('.field-error').textContent()).toMatch(/이메일/);
    expect(await form.getByLabel('이메일', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(posts.filter((r) => r.method() === 'POST')).toHaveLength(0);
    expect(await usersFound(name, true)).toHaveLength(0);
    await form.getByRole('button', { name: '취소' }).click();
  });

  it('creates an account, which the list and the API then show', async () => {
    await page.getByRole('button', { name: '회원 추가' }).click();
    const form = page.getByRole('form', { name: '새 회원 추가' });
    await form.getByLabel('이메일', { exact: true }).fill(email);
    await form.getByLabel('이름', { exact: true }).fill(name);
    await form.getByLabel('비밀번호', { exact: true }).fill(demoPassword);
    await form.getByRole('button', { name: '저장' }).click();
    await status(`${name} 님의 계정을 만들었습니다.`);
    const found = await usersFound(email);
    expect(found).toEqual([expect.objectContaining({ email, username: name, disabled: false })]);
    userId = found[0].id;
    // The new account's roles open at once, to give the volunteer a role.
    await page.getByRole('region', { name: `${name} 권한` }).waitFor();
    await search(email);
    expect(await rolesOf(email)).toBe('권한 없음');
  });

  it('edits the name', async () => {
    await page.getByRole('button', { name: `${name} 수정` }).click();
    const form = page.getByRole('form', { name: `${name} 수정` });
    await form.getByLabel('이름', { exact: true }).fill(renamed);
    await form.getByRole('button', { name: '저장' }).click();
    await status(`${renamed} 님의 정보를 수정했습니다.`);
    expect((await api.call('GET', `/api/users/${userId}`)).body.data).toMatchObject({
      username: renamed,
      email,
    });
    await table().getByRole('cell', { name: renamed, exact: true }).waitFor();
  });

  it('gives grade 3 (기록원), and the account then signs in to the scorer menu', async () => {
    await page.getByRole('button', { name: `${renamed} 권한` }).click();
    await panel().getByLabel('관리 등급').selectOption({ label: '기록원' });
    await panel().getByRole('button', { name: '등급 저장' }).click();
    await status(`${renamed} 님을 기록원으로 지정했습니다.`);
    const managers = (await api.call('GET', `/api/league/main/${mainId}/managers`)).body
      .data as Array<{ userId: number; grade: number }>;
    expect(managers.find((m) => m.userId === userId)?.grade).toBe(3);
    await rolesShown(email, '기록원');

    const fresh = await newPage(browser);
    await logIn(fresh.page, email);
    expect(await menuLabels(fresh.page)).toEqual(['대시보드', '경기 기록']);
    expect(fresh.errors).toEqual([]);
    await fresh.context.close();
  });

  it('makes it a team manager', async () => {
    await panel().getByLabel('관리할 팀').selectOption({ label: team.name });
    await panel().getByRole('button', { name: '팀 관리자로 지정' }).click();
    await status(`${renamed} 님을 ${team.name} 팀 관리자로 지정했습니다.`);
    const managers = (await api.call('GET', `/api/teams/${team.id}/managers`)).body.data as Array<{
      userId: number;
    }>;
    expect(managers.map((m) => m.userId)).toContain(userId);
    await rolesShown(email, `기록원, 팀 관리자(${team.name})`);
  });

  it('gives the notice board write role', async () => {
    await panel().getByLabel('공지사항 권한').selectOption({ label: '쓰기' });
    await panel().getByRole('button', { name: '권한 저장' }).click();
    await status(`${renamed} 님에게 공지사항 쓰기 권한을 주었습니다.`);
    const roles = (await api.call('GET', `/api/league/main/${mainId}/boards/notice/roles`)).body
      .data as Array<{ userId: number; role: string }>;
    expect(roles.find((r) => r.userId === userId)?.role).toBe('write');
    await rolesShown(email, `기록원, 팀 관리자(${team.name}), 공지 작성자`);
  });

  it('takes every role away again', async () => {
    await panel().getByLabel('관리 등급').selectOption({ label: '없음' });
    await panel().getByRole('button', { name: '등급 저장' }).click();
    await status('관리 등급을 해제했습니다.');
    await panel()
      .getByRole('button', { name: `${team.name} 팀 관리자 해제` })
      .click();
    await status(`${team.name} 팀 관리자 지정을 해제했습니다.`);
    await panel().getByLabel('공지사항 권한').selectOption({ label: '없음' });
    await panel().getByRole('button', { name: '권한 저장' }).click();
    await status('공지사항 권한을 해제했습니다.');

    const managers = (await api.call('GET', `/api/league/main/${mainId}/managers`)).body
      .data as Array<{ userId: number }>;
    const teamManagers = (await api.call('GET', `/api/teams/${team.id}/managers`)).body
      .data as Array<{ userId: number }>;
    const roles = (await api.call('GET', `/api/league/main/${mainId}/boards/notice/roles`)).body
      .data as Array<{ userId: number }>;
    expect(
      [managers, teamManagers, roles].map((list) => list.some((r) => r.userId === userId)),
    ).toEqual([false, false, false]);
    await rolesShown(email, '권한 없음');
    await panel().getByRole('button', { name: '닫기' }).click();
  });

  it("explains what blocks disabling, and shows the server's reason for one's own account", async () => {
    await search(accounts.admin);
    await page.getByRole('button', { name: '관리자 사용 중지', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '회원 사용 중지' });
    expect(await dialog.textContent()).toContain('자기 자신의 계정은 사용 중지할 수 없습니다.');
    await dialog.getByRole('button', { name: '사용 중지', exact: true }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: '자기 자신은 사용 중지할 수 없습니다.' })
      .waitFor();
    await dialog.getByRole('button', { name: '취소' }).click();
    expect((await usersFound(accounts.admin))[0].disabled).toBe(false);
  });

  it('disables the account after confirmation; the server keeps it, disabled, and it can no longer sign in', async () => {
    await search(email);
    await page.getByRole('button', { name: `${renamed} 사용 중지` }).click();
    const dialog = page.getByRole('dialog', { name: '회원 사용 중지' });
    expect(await dialog.textContent()).toContain(
      `${renamed}(${email}) 님의 계정을 사용 중지할까요?`,
    );
    await dialog.getByRole('button', { name: '사용 중지', exact: true }).click();
    await status(`${renamed} 님의 계정을 사용 중지했습니다.`);
    await expect.poll(() => table().getByRole('row').filter({ hasText: email }).count()).toBe(0);
    expect((await api.call('GET', `/api/users/${userId}`)).body.data.disabled).toBe(true);
    expect(await usersFound(email)).toHaveLength(0);
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: demoPassword }),
    });
    expect(login.status).toBe(401);
  });
});

describe('for a 협회 관리자 (grade 1)', () => {
  it('gives roles but neither creates, edits nor disables accounts, as the API allows', async () => {
    const { page: own, context, errors } = await newPage(browser);
    await logIn(own, accounts.grade1, '/admin/accounts');
    await own.getByRole('heading', { level: 1, name: '회원 관리' }).waitFor();
    await search(accounts.scorer, own);
    await own.getByRole('button', { name: '최민석 권한' }).waitFor();
    expect(await own.getByRole('button', { name: '회원 추가' }).count()).toBe(0);
    expect(await own.getByRole('button', { name: /수정$|사용 중지$/ }).count()).toBe(0);
    await own.getByRole('button', { name: '최민석 권한' }).click();
    expect(
      await own.getByRole('region', { name: '최민석 권한' }).getByLabel('관리 등급').inputValue(),
    ).toBe('3');
    expect(errors).toEqual([]);
    await context.close();
  });
});
