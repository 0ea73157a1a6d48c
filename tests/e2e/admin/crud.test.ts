import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { josa } from '../../../src/lib/validation/josa.ts';
import { accounts, apiAs, launchBrowser, logIn, newPage } from './helpers.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof apiAs>>;
const tag = String(Date.now() % 100000);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await logIn(page, accounts.admin);
  api = await apiAs(accounts.admin);
});
afterAll(async () => browser?.close());

type Fill = Record<string, string | { select: string } | { check: boolean }>;

async function fill(values: Fill): Promise<void> {
  const form = page.locator('form.entity-form');
  for (const [label, value] of Object.entries(values)) {
    const field = form.getByLabel(label, { exact: true });
    if (typeof value === 'string') await field.fill(value);
    else if ('select' in value) await field.selectOption({ label: value.select });
    else await field.setChecked(value.check);
  }
}

async function search(text: string): Promise<void> {
  await page.getByRole('searchbox', { name: '검색' }).fill(text);
}

/** Create → edit → delete through a list screen, with the API checked after each step. */
async function roundTrip(spec: {
  path: string;
  noun: string;
  name: string;
  renamed: string;
  create: Fill;
  edit: Fill;
  exists: (name: string) => Promise<boolean>;
  /** how a row names itself in its buttons, when more than the name */
  rowName?: (name: string) => string;
}) {
  const rowName = spec.rowName ?? ((name: string) => name);
  await page.goto(spec.path);
  await page.getByRole('button', { name: `${spec.noun} 추가` }).click();
  await fill(spec.create);
  await page.getByRole('button', { name: '저장' }).click();
  await page.getByRole('status').filter({ hasText: '추가했습니다.' }).waitFor();
  expect(await spec.exists(spec.name)).toBe(true);

  await search(spec.name);
  await page.getByRole('button', { name: `${rowName(spec.name)} 수정` }).click();
  await fill(spec.edit);
  await page.getByRole('button', { name: '저장' }).click();
  await page.getByRole('status').filter({ hasText: '수정했습니다.' }).waitFor();
  expect(await spec.exists(spec.renamed)).toBe(true);
  expect(await spec.exists(spec.name)).toBe(false);

  await search(spec.renamed);
  await page.getByRole('button', { name: `${rowName(spec.renamed)} 삭제` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '삭제', exact: true }).click();
  await page.getByRole('status').filter({ hasText: '삭제했습니다.' }).waitFor();
  expect(await spec.exists(spec.renamed)).toBe(false);
}

const listed =
  (path: string, key = 'name') =>
  async (name: string) => {
    // Paged lists are asked with the name as the server-side search, so large tables need no paging here.
    const url = path.includes('limit=') ? `${path}&q=${encodeURIComponent(name)}` : path;
    const res = await api.call('GET', url);
    const items = (res.body.data.items ?? res.body.data) as Array<Record<string, unknown>>;
    return items.some((item) => item[key] === name);
  };

describe('create → edit → delete on every managed entity', () => {
  it('divisions', async () => {
    await roundTrip({
      path: '/admin/division',
      noun: '부',
      name: `시험부${tag}`,
      renamed: `시험부${tag}수정`,
      create: { '부 이름': `시험부${tag}`, '정렬 순서': '50' },
      edit: { '부 이름': `시험부${tag}수정` },
      exists: listed('/api/divisions?limit=500'),
    });
  });

  it('teams', async () => {
    await roundTrip({
      path: '/admin/teams',
      noun: '팀',
      name: `시험 이글스${tag}`,
      renamed: `시험 호크스${tag}`,
      create: { '팀 이름': `시험 이글스${tag}`, 약칭: '시험', 연고지: '세종', '창단 연도': '2020' },
      edit: { '팀 이름': `시험 호크스${tag}` },
      exists: listed('/api/teams?limit=500'),
    });
  });

  it('players', async () => {
    await roundTrip({
      path: '/admin/team-players/list',
      noun: '선수',
      name: `김시험${tag}`,
      renamed: `이시험${tag}`,
      create: {
        이름: `김시험${tag}`,
        생년월일: '2001-02-03',
        성별: { select: '여' },
        포지션: '유격수',
      },
      edit: { 이름: `이시험${tag}` },
      exists: listed('/api/players?limit=500'),
      // Two people of one name are told apart by team and birth year.
      rowName: (name) => `${name} · 소속 팀 없음 · 2001년생`,
    });
  });

  it('coaches', async () => {
    await roundTrip({
      path: '/admin/coaches/list',
      noun: '지도자',
      name: `박지도${tag}`,
      renamed: `최지도${tag}`,
      create: { 이름: `박지도${tag}`, 전화번호: '010-1234-5678' },
      edit: { 이름: `최지도${tag}` },
      exists: listed('/api/coaches?limit=500'),
    });
  });

  it('seasons', async () => {
    const year = String(2040 + (Number(tag) % 50));
    await roundTrip({
      path: '/admin/season',
      noun: '시즌',
      name: `${year} 시험 시즌`,
      renamed: `${year} 시험 시즌 수정`,
      create: { '시즌 이름': `${year} 시험 시즌`, 연도: year },
      edit: { '시즌 이름': `${year} 시험 시즌 수정` },
      exists: listed('/api/league/main/1/season', 'seasonName'),
    });
  });

  it('leagues of the active season', async () => {
    const config = (await api.call('GET', '/api/common/config')).body.data;
    const seasonId = config.activeSeason.seasonId;
    await roundTrip({
      path: '/admin/league/list',
      noun: '리그',
      name: `시험 리그${tag}`,
      renamed: `시험 리그${tag} 수정`,
      create: { '리그 이름': `시험 리그${tag}`, 시작일: '2026-09-01', 종료일: '2026-10-31' },
      edit: { '리그 이름': `시험 리그${tag} 수정` },
      exists: listed(`/api/league/season/${seasonId}/league`, 'leagueName'),
    });
  });

  it('notices, with Markdown preview, pinning and an attachment', async () => {
    const title = `시험 공지 ${tag}`;
    await page.goto('/admin/notice/write');
    await page.getByLabel('제목').fill(title);
    await page.getByLabel('내용 (Markdown)').fill('# 안내\n\n**굵게** <script>alert(1)</script>');
    const preview = page.locator('.markdown-preview .notice-body');
    await expect.poll(() => preview.locator('strong').textContent()).toBe('굵게');
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.textContent()).toContain('<script>alert(1)</script>');
    await page.getByLabel('목록 위에 고정').check();
    await page.getByRole('button', { name: '게시', exact: true }).click();
    await page
      .getByRole('dialog', { name: '공지 게시' })
      .getByRole('button', { name: '게시', exact: true })
      .click();
    await page.waitForURL(/\/admin\/notice\/write\/\d+/);
    const wrId = Number(new URL(page.url()).pathname.split('/').pop());
    let notice = (await api.call('GET', `/api/notice/${wrId}`)).body.data;
    expect(notice).toMatchObject({ title, pinned: true });

    await page.getByRole('heading', { level: 1, name: '공지사항 수정' }).waitFor();
    await page.getByLabel(/파일 추가/).setInputFiles({
      name: '안내문.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('경기 안내문입니다.\n'),
    });
    await page.getByRole('button', { name: '첨부 올리기' }).click();
    await page.getByRole('link', { name: '안내문.txt' }).waitFor();
    notice = (await api.call('GET', `/api/notice/${wrId}`)).body.data;
    expect(notice.attachments).toHaveLength(1);

    await page.getByLabel('제목').fill(`${title} 수정`);
    await page.getByLabel('목록 위에 고정').uncheck();
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await page.getByText('공지를 저장했습니다.').waitFor();
    notice = (await api.call('GET', `/api/notice/${wrId}`)).body.data;
    expect(notice).toMatchObject({ title: `${title} 수정`, pinned: false });

    await page.getByRole('link', { name: '목록으로' }).click();
    await search(`${title} 수정`);
    await page.getByRole('button', { name: `${title} 수정 삭제` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '삭제', exact: true }).click();
    await page.getByText('공지를 삭제했습니다.').waitFor();
    expect((await api.call('GET', `/api/notice/${wrId}`)).status).toBe(404);
  });

  it('a delete the server refuses shows its Korean reason in the dialog', async () => {
    const divisions = (await api.call('GET', '/api/divisions?limit=500')).body.data.items as Array<{
      name: string;
      teamCount: number;
    }>;
    const used = divisions.find((d) => d.teamCount > 0)!;
    await page.goto('/admin/division');
    await search(used.name);
    await page.getByRole('button', { name: `${used.name} 삭제` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '삭제', exact: true }).click();
    const reason = await dialog.getByRole('alert').textContent();
    expect(reason).toMatch(/[가-힣]/);
    expect(reason).toMatch(/팀/);
    await dialog.getByRole('button', { name: '취소' }).click();
    expect(await listed('/api/divisions?limit=500')(used.name)).toBe(true);
  });

  it('a name only the server knows is taken gets the server Korean message under that field', async () => {
    const divisions = () => api.call('GET', '/api/divisions?limit=500');
    const before = (await divisions()).body.data;
    const existing = before.items[0].name as string;
    await page.goto('/admin/division');
    await page.getByRole('button', { name: '부 추가' }).click();
    await fill({ '부 이름': existing });
    // The token may have expired: the answer that counts is the one after any refresh.
    const answered = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        new URL(r.url()).pathname === '/api/divisions' &&
        r.status() !== 401,
    );
    await page.getByRole('button', { name: '저장' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(409);
    const message = ((await answer.json()) as { errors: Record<string, string> }).errors.name;
    expect(message).toBe('같은 이름의 부가 이미 있습니다.');

    const form = page.locator('form.entity-form');
    const field = form.getByLabel('부 이름', { exact: true });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby'))!.split(' ');
    const descriptions = await Promise.all(
      describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions).toContain(message);
    // Matched to its field, it is not repeated as a message for the whole form.
    expect(await form.locator('.field-error').allTextContents()).toEqual([message]);
    expect(await form.getByRole('alert').count()).toBe(0);
    expect((await divisions()).body.data.total).toBe(before.total);
  });
});

describe('accounts and the dashboard', () => {
  it('links an unregistered account to a player record', async () => {
    const before = (await api.call('GET', '/api/users/unregistered?limit=500')).body.data
      .items as Array<{ id: number; username: string }>;
    const target = before.find((u) => u.username === '오세훈') ?? before[0];
    await page.goto('/admin/unregistered');
    await page.getByRole('searchbox', { name: '검색' }).fill(target.username);
    await page.getByRole('button', { name: `${target.username} 연결` }).click();
    const form = page.locator('form.entity-form');
    const playerSelect = form.getByLabel('연결할 선수', { exact: true });
    const value = await playerSelect.locator('option').nth(1).getAttribute('value');
    await playerSelect.selectOption(value!);
    await form.getByRole('button', { name: '저장' }).click();
    const done = page.getByRole('status').filter({ hasText: '연결했습니다.' });
    await done.waitFor();
    expect(await done.textContent()).toBe(`${josa(target.username, '을/를')} 연결했습니다.`);
    const user = (await api.call('GET', `/api/users/${target.id}`)).body.data;
    expect(user.playerIds).toContain(Number(value));
    const after = (await api.call('GET', '/api/users/unregistered?limit=500')).body.data
      .items as Array<{ id: number }>;
    expect(after.some((u) => u.id === target.id)).toBe(false);
  });

  it('shows the counts of the dashboard call and, first among recent changes, a division just added', async () => {
    const mainId = (await api.call('GET', '/api/common/config')).body.data.defaultMainId as number;
    const created = await api.call('POST', '/api/divisions', {
      mainId,
      name: `현황부${tag}`,
      sortOrder: 90,
    });
    expect(created.status).toBe(201);
    const divisionId = created.body.data.id as number;
    try {
      await page.goto('/admin/dashboard');
      await page.getByRole('heading', { name: '현황' }).waitFor();
      const dashboard = (await api.call('GET', `/api/admin/dashboard?mainId=${mainId}`)).body.data;
      const { counts } = dashboard;
      const shown = await page
        .locator('.count')
        .evaluateAll((items) =>
          items.map((item) => [
            item.querySelector('dt')?.textContent,
            item.querySelector('dd')?.textContent,
          ]),
        );
      const expected: Array<[string, number]> = [
        ['팀', counts.teams],
        ['선수', counts.players],
        ['지도자', counts.coaches],
        ['시즌', counts.seasons],
        ['리그', counts.leagues],
        ['경기', counts.games],
        ['공지', counts.notices],
        ['계정', counts.users],
      ];
      expect(shown).toEqual(expected.map(([name, n]) => [name, n.toLocaleString('ko-KR')]));
      const byStatus = counts.gamesByStatus;
      expect(await page.locator('.games-by-status').textContent()).toBe(
        `경기 상태: 예정 ${byStatus.scheduled} · 종료 ${byStatus.final} · 연기 ${byStatus.postponed} · 취소 ${byStatus.cancelled} · 몰수 ${byStatus.forfeit} · 서스펜디드 ${byStatus.suspended}`,
      );

      await page.getByRole('heading', { name: '공개 사이트 게시 상태' }).waitFor();
      expect(await page.locator('.publish').textContent()).toMatch(/게시 완료|빌드 중|실패/);

      await page.getByRole('heading', { name: '최근 변경' }).waitFor();
      const latest = dashboard.recentAudit[0];
      expect(latest).toMatchObject({
        userId: api.userId,
        action: 'create',
        entity: 'division',
        entityId: String(divisionId),
      });
      const first = page.locator('.audit-list li').first();
      expect(await first.locator('time').getAttribute('datetime')).toBe(latest.at);
      // "<time> · <who> · <what> #<id> <action>"
      expect((await first.textContent())!.split(' · ').slice(1)).toEqual([
        latest.userName,
        `부 #${divisionId} 추가`,
      ]);
    } finally {
      await api.call('DELETE', `/api/divisions/${divisionId}`);
    }
  });
});
