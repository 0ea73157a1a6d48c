import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  accounts,
  apiAs,
  demoPassword,
  launchBrowser,
  logIn,
  menuLabels,
  newPage,
  openRefused,
} from './helpers.ts';

let browser: Browser;
let mainId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  const api = await apiAs(accounts.admin);
  mainId = (await api.call('GET', '/api/common/config')).body.data.defaultMainId as number;
});
afterAll(async () => browser?.close());

const everything = [
  '대시보드',
  '부 관리',
  '팀 관리',
  '선수 관리',
  '소속 팀 없는 선수',
  '지도자 관리',
  '미연결 회원',
  '회원 관리',
  '시즌 관리',
  '리그 관리',
  '경기 일정',
  '경기 기록',
  '리그 결과',
  '공지사항',
];

async function reaches(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
}

describe('what each role sees and may open', () => {
  it('site admin: every menu item and screen, and data management', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.admin);
    expect(await menuLabels(page)).toEqual([...everything, '데이터 관리', '개인정보 접속기록']);
    await reaches(page, '/admin/unregistered', '미연결 회원');
    await reaches(page, '/admin/season', '시즌 관리');
  });

  it('협회 관리자 (grade 1): every menu item and screen', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.grade1);
    expect(await menuLabels(page)).toEqual([...everything, '개인정보 접속기록']);
    await reaches(page, '/admin/teams', '팀 관리');
    await reaches(page, '/admin/coaches/list', '지도자 관리');
  });

  it('리그 운영자 (grade 2): league work only; association screens by URL say 권한이 없습니다 and who to ask', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.grade2);
    expect(await menuLabels(page)).toEqual([
      '대시보드',
      '시즌 관리',
      '리그 관리',
      '경기 일정',
      '경기 기록',
      '리그 결과',
      '공지사항',
    ]);
    await reaches(page, '/admin/notice', '공지사항');
    const refused = await openRefused(page, '/admin/teams');
    expect(refused.pathname).toBe('/admin/teams');
    expect(refused.text).toContain('리그 운영자');
    expect(refused.text).toContain('협회 관리자');
    expect(refused.publicLink).toBe(`/league/${mainId}`);
    expect(refused.toDashboard).toBe(true);
    // The menu stays, so the way back is one click.
    expect(await menuLabels(page)).toContain('공지사항');
  });

  it('기록원 (grade 3): game records only; other screens by URL say 권한이 없습니다', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.scorer);
    expect(await menuLabels(page)).toEqual(['대시보드', '경기 기록']);
    await reaches(page, '/admin/league/gamelist', '경기 기록');
    // A demo league with games (other tests add empty leagues to the same season).
    await page.getByLabel('리그', { exact: true }).selectOption({ label: '2026 여자부 리그' });
    await page.getByRole('table', { name: '경기 목록' }).getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: /경기 기록 입력/ }).waitFor();
    const refused = await openRefused(page, '/admin/season');
    expect(refused.pathname).toBe('/admin/season');
    expect(refused.text).toContain('기록원');
    expect(refused.publicLink).toBe(`/league/${mainId}`);
  });

  it('team manager: league rosters of his own team only; other screens by URL say 권한이 없습니다 with a link to /', async () => {
    const { page } = await newPage(browser);
    await logIn(page, accounts.team);
    expect(await menuLabels(page)).toEqual(['대시보드', '리그 관리']);
    await page.getByText('관리하는 팀: 서울 블루윙즈').waitFor();
    await reaches(page, '/admin/league/list', '리그 관리');
    expect(await page.getByRole('button', { name: '리그 추가' }).count()).toBe(0);
    // Find a league with his team and open its teams screen.
    const links = page.getByRole('link', { name: /참가 팀과 명단/ });
    await links.first().waitFor(); // the list loads after the heading
    const count = await links.count();
    let found = false;
    for (let i = 0; i < count && !found; i++) {
      await page.goto('/admin/league/list');
      await page
        .getByRole('link', { name: /참가 팀과 명단/ })
        .nth(i)
        .click();
      await page.getByRole('table', { name: /참가 팀/ }).waitFor();
      found = (await page.getByRole('button', { name: '서울 블루윙즈 명단 편집' }).count()) > 0;
    }
    expect(found).toBe(true);
    expect(await page.getByRole('button', { name: /명단 편집/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /리그에서 빼기/ }).count()).toBe(0);
    const refused = await openRefused(page, '/admin/season');
    expect(refused.text).toContain('팀 관리자');
    expect(refused.publicLink).toBe('/');
  });

  it('a member with no role: 권한이 없습니다 with who to ask, no menu, no screen of the console', async () => {
    const api = await apiAs(accounts.admin);
    const email = `no-role-${Date.now()}@sbsa.kr`;
    const created = await api.call('POST', '/api/users', {
      email,
      password: demoPassword,
      username: '권한 없는 회원',
    });
    expect(created.status).toBe(201);
    try {
      const { page } = await newPage(browser);
      await page.goto('/admin/login?next=%2Fadmin%2Fleague%2Flist');
      await page.getByLabel('이메일').fill(email);
      await page.getByLabel('비밀번호').fill(demoPassword);
      await page.getByRole('button', { name: '로그인' }).click();
      await page.getByRole('heading', { level: 1, name: '권한이 없습니다' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/league/list');
      expect(await page.getByText('협회 관리자(회원 관리 화면)에게 요청해 주세요').count()).toBe(1);
      expect(await page.getByRole('navigation', { name: '관리자 메뉴' }).count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1, name: '리그 관리' }).count()).toBe(0);
      expect(
        await page.getByRole('link', { name: '공개 사이트로 가기' }).getAttribute('href'),
      ).toBe(`/league/${mainId}`);
    } finally {
      await api.call('DELETE', `/api/users/${created.body.data.id}`);
    }
  });
});
