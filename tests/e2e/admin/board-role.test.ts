import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  demoPassword,
  launchBrowser,
  logIn,
  menuLabels,
  newPage,
  openRefused,
  requestsDuring,
} from './helpers.ts';
import { adminApi } from './fixtures.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
let mainId: number;
let userId: number;
let notices: Array<{ wrId: number; title: string }>;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  api = await adminApi();
  mainId = (await api.call('GET', '/api/common/config')).body.data.defaultMainId;
  const email = `board-${Date.now()}@sbsa.kr`;
  const created = await api.call('POST', '/api/users', {
    email,
    password: demoPassword,
    username: '게시판 시험',
  });
  if (created.status !== 201)
    throw new Error(`user: ${created.status} ${JSON.stringify(created.body)}`);
  userId = created.body.data.id;
  const manager = await api.call('POST', `/api/league/main/${mainId}/managers`, {
    userId,
    grade: 2,
  });
  if (manager.status >= 300)
    throw new Error(`manager: ${manager.status} ${JSON.stringify(manager.body)}`);
  notices = (await api.call('GET', `/api/league/main/${mainId}/notice`)).body.data.items.slice(
    0,
    2,
  );
  await logIn(page, email);
});
afterAll(async () => {
  await api?.call('DELETE', `/api/users/${userId}`);
  await browser?.close();
});

const menu = () => page.getByRole('navigation', { name: '관리자 메뉴' });
/** The title field of the notice view on screen (views visited before stay in the page, hidden). */
const titleField = () => page.getByLabel('제목').and(page.locator(':visible'));
const boardCheck = `/api/league/board/`;

/** Opens the notice list through the menu and follows one of its links, without reloading the page. */
async function openFromList(link: string): Promise<void> {
  await menu().getByRole('link', { name: '공지사항' }).click();
  await page.getByRole('heading', { level: 1, name: '공지사항' }).waitFor();
  await page.getByRole('link', { name: link, exact: true }).first().click();
}

describe('the notice board role check', () => {
  it('asks for the board role when the write screen opens; a 리그 운영자 may write', async () => {
    const seen = await requestsDuring(page, boardCheck, async () => {
      await openFromList('공지 쓰기');
      await page.getByRole('heading', { level: 1, name: '공지사항 쓰기' }).waitFor();
      await titleField().waitFor();
    });
    expect(seen.map((r) => new URL(r.url()).pathname)).toContain(
      `/api/league/board/${mainId}/notice/user/${userId}`,
    );
  });

  it('lets a user whose grade was taken away write with a board role alone, as the server does', async () => {
    expect((await api.call('DELETE', `/api/league/main/${mainId}/managers/${userId}`)).status).toBe(
      200,
    );
    expect(
      (
        await api.call('PUT', `/api/league/main/${mainId}/boards/notice/roles/${userId}`, {
          role: 'write',
        })
      ).status,
    ).toBe(200);
    await openFromList(`${notices[0].title} 수정`);
    await page.getByRole('heading', { level: 1, name: '공지사항 수정' }).waitFor();
    await titleField().waitFor();
    expect(await titleField().inputValue()).toBe(notices[0].title);
  });

  it('shows a user without the board role 권한이 없습니다, with /league/{id} as the way out', async () => {
    expect(
      (await api.call('DELETE', `/api/league/main/${mainId}/boards/notice/roles/${userId}`)).status,
    ).toBe(200);
    await openFromList(`${notices[1].title} 수정`);
    await page.getByRole('heading', { level: 1, name: '권한이 없습니다' }).waitFor();
    expect(await page.getByRole('link', { name: '공개 사이트로 가기' }).getAttribute('href')).toBe(
      `/league/${mainId}`,
    );
  });
});

describe('a user whose only role is writing on the notice board', () => {
  it('signs in, sees the notices alone and writes one, and is refused every other screen', async () => {
    const email = `board-only-${Date.now()}@sbsa.kr`;
    const created = await api.call('POST', '/api/users', {
      email,
      password: demoPassword,
      username: '공지 작성자',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    try {
      expect(
        (
          await api.call('PUT', `/api/league/main/${mainId}/boards/notice/roles/${id}`, {
            role: 'write',
          })
        ).status,
      ).toBe(200);
      const { page: own } = await newPage(browser);
      await logIn(own, email, '/admin/notice/write');
      await own.getByRole('heading', { level: 1, name: '공지사항 쓰기' }).waitFor();
      expect(await menuLabels(own)).toEqual(['대시보드', '공지사항']);
      const title = `게시판 권한만으로 쓴 공지 ${Date.now()}`;
      await own.getByLabel('제목').fill(title);
      await own.getByLabel('내용 (Markdown)').fill('게시판 쓰기 권한만 있는 회원이 쓴 공지입니다.');
      await own.getByRole('button', { name: '임시 저장' }).click();
      await own.waitForURL(/\/admin\/notice\/write\/\d+/);
      const wrId = Number(new URL(own.url()).pathname.split('/').pop());
      expect((await api.call('GET', `/api/notice/${wrId}`)).body.data).toMatchObject({ title });
      expect((await api.call('DELETE', `/api/notice/${wrId}`)).status).toBe(200);
      const refused = await openRefused(own, '/admin/season');
      expect(refused.text).toContain('공지 작성자');
      expect(refused.publicLink).toBe(`/league/${mainId}`);
      await own.close();
    } finally {
      await api.call('DELETE', `/api/users/${id}`);
    }
  });
});
