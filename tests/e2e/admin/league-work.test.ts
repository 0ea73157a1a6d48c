import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, launchBrowser, logIn, newPage } from './helpers.ts';
import { adminApi, makeLeague } from './fixtures.ts';

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
let league: Awaited<ReturnType<typeof makeLeague>>;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { width: 1400, height: 1000 }));
  api = await adminApi();
  league = await makeLeague(api, `리그 작업 시험 ${Date.now() % 100000}`);
  await logIn(page, accounts.admin);
});
afterAll(async () => browser?.close());

const teamsPath = () => `/admin/league/${league.seasonId}/${league.leagueId}/teams`;
const leagueTeams = async () =>
  (await api.call('GET', `/api/league/league/${league.leagueId}/teams`)).body.data as Array<{
    teamId: number;
    teamName: string;
  }>;
const roster = async (teamId: number) =>
  (await api.call('GET', `/api/league/league/${league.leagueId}/team/${teamId}/players`)).body
    .data as Array<{ playerId: number; backNumber: number | null; status: string }>;
const games = async () =>
  (await api.call('GET', `/api/league/admin/schedule/${league.seasonId}/${league.leagueId}`)).body
    .data.games as Array<{
    gameId: number;
    date: string;
    time: string | null;
    venue: string;
    status: string;
  }>;

describe('league work', () => {
  it('adds a team from those not in the league and removes it again', async () => {
    await page.goto(teamsPath());
    const group = page.getByRole('group', { name: '참가 팀 추가' });
    await group.waitFor();
    const first = group.getByRole('checkbox').first();
    const name = (await group.locator('label').first().textContent())!.trim();
    await first.check();
    await group.getByRole('button', { name: '선택한 팀 1개 추가' }).click();
    await page.getByText('팀 1개를 리그에 추가했습니다.').waitFor();
    expect((await leagueTeams()).some((t) => t.teamName === name)).toBe(true);

    await page.getByRole('button', { name: `${name} 리그에서 빼기` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '빼기', exact: true }).click();
    await page.getByText(`${name} 팀을 리그에서 뺐습니다.`).waitFor();
    expect((await leagueTeams()).some((t) => t.teamName === name)).toBe(false);
  });

  it('edits a team roster: adds players with back numbers, refuses a duplicate number, removes one', async () => {
    const team = league.home;
    await page.goto(teamsPath());
    await page.getByRole('button', { name: `${team.teamName} 명단 편집` }).click();
    const editor = page.locator('form.roster-editor');
    await editor.waitFor();
    for (const number of ['11', '11']) {
      const picker = editor.getByRole('group', { name: '소속 선수 추가' });
      await picker.getByRole('checkbox').first().check();
      await picker.getByRole('button', { name: '선택한 선수 1명 명단에 넣기' }).click();
      const inputs = editor.getByLabel(/. 등번호$/);
      await inputs.last().fill(number);
    }
    await editor.getByRole('button', { name: '명단 저장' }).click();
    await editor.getByText('등번호 11번은 이미 다른 선수가 쓰고 있습니다.').waitFor();
    expect(await roster(team.teamId)).toHaveLength(0);

    await editor
      .getByLabel(/. 등번호$/)
      .last()
      .fill('12');
    await editor.getByRole('button', { name: '명단 저장' }).click();
    await editor.getByText('명단을 저장했습니다.').waitFor();
    let saved = await roster(team.teamId);
    expect(saved.map((p) => p.backNumber).sort()).toEqual([11, 12]);

    await editor
      .getByRole('button', { name: /명단에서 빼기/ })
      .last()
      .click();
    await editor.getByRole('button', { name: '명단 저장' }).click();
    await expect.poll(async () => (await roster(team.teamId)).length).toBe(1);
    saved = await roster(team.teamId);
    expect(saved[0].backNumber).toBe(11);
  });

  it('creates, edits, postpones and deletes a game', async () => {
    await page.goto(`/admin/league/schedule?season=${league.seasonId}&league=${league.leagueId}`);
    await page.getByRole('heading', { level: 1, name: /경기 일정/ }).waitFor();
    await page.getByRole('button', { name: '경기 추가' }).click();
    const form = page.locator('form.entity-form');
    await form.getByLabel('경기일', { exact: true }).fill('2026-09-12');
    await form.getByLabel('경기 시간', { exact: true }).fill('10:30');
    await form.getByLabel('구장', { exact: true }).fill('시험 구장');
    await form.getByLabel('원정 팀', { exact: true }).selectOption({ label: league.away.teamName });
    await form.getByLabel('홈 팀', { exact: true }).selectOption({ label: league.home.teamName });
    await form.getByRole('button', { name: '저장' }).click();
    await page.getByText('경기를 추가했습니다.').waitFor();
    let list = await games();
    expect(list).toHaveLength(1);
    const gameNo = 1;

    await page.getByRole('button', { name: `${gameNo}번 경기 수정` }).click();
    await form.getByLabel('구장', { exact: true }).fill('바뀐 구장');
    await form.getByRole('button', { name: '저장' }).click();
    await page.getByText('수정했습니다.').waitFor();
    expect((await games())[0].venue).toBe('바뀐 구장');

    await page.getByRole('button', { name: `${gameNo}번 경기 연기` }).click();
    await expect.poll(async () => (await games())[0].status).toBe('postponed');

    await page.getByRole('button', { name: `${gameNo}번 경기 삭제` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '삭제', exact: true }).click();
    await page.getByText('삭제했습니다.').waitFor();
    list = await games();
    expect(list).toHaveLength(0);
  });

  it('reschedules a game to another date, and cancels it only after confirmation', async () => {
    const made = await api.call('POST', `/api/league/league/${league.leagueId}/schedule/game`, {
      date: '2026-10-03',
      time: '10:00',
      venue: '일정 변경 구장',
      awayTeamId: league.away.teamId,
      homeTeamId: league.home.teamId,
    });
    expect(made.status).toBe(201);
    const { gameId, gameNo } = made.body.data as { gameId: number; gameNo: number };
    const game = async () => (await games()).find((g) => g.gameId === gameId)!;
    try {
      await page.goto(`/admin/league/schedule?season=${league.seasonId}&league=${league.leagueId}`);
      await page.getByRole('heading', { level: 1, name: /경기 일정/ }).waitFor();

      await page.getByRole('button', { name: `${gameNo}번 경기 수정` }).click();
      const form = page.locator('form.entity-form');
      await form.getByLabel('경기일', { exact: true }).fill('2026-10-17');
      await form.getByLabel('경기 시간', { exact: true }).fill('14:30');
      await form.getByRole('button', { name: '저장' }).click();
      await page.getByText(`${gameNo}번 경기를 수정했습니다.`).waitFor();
      expect(await game()).toMatchObject({
        date: '2026-10-17',
        time: '14:30',
        status: 'scheduled',
        venue: '일정 변경 구장',
      });

      // Dismissing the question leaves the game as it was.
      await page.getByRole('button', { name: `${gameNo}번 경기 취소` }).click();
      const dialog = page.getByRole('dialog', { name: '경기 취소' });
      await dialog
        .getByText(
          `${gameNo}번 경기(2026-10-17 ${league.away.teamName} @ ${league.home.teamName})를 취소할까요?`,
        )
        .waitFor();
      await dialog.getByRole('button', { name: '그대로 두기' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await game()).status).toBe('scheduled');

      await page.getByRole('button', { name: `${gameNo}번 경기 취소` }).click();
      await dialog.getByRole('button', { name: '경기 취소', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await game()).status).toBe('cancelled');
      await page.getByRole('button', { name: `${gameNo}번 경기 예정으로` }).waitFor();
      expect(await page.getByRole('button', { name: `${gameNo}번 경기 취소` }).count()).toBe(0);
    } finally {
      await api.call('DELETE', `/api/league/league/${league.leagueId}/schedule/game/${gameId}`);
    }
  });

  it('uploads a league logo, refusing a file that is not an image with the server reason', async () => {
    const leagueName = (await api.call('GET', `/api/league/league/${league.leagueId}`)).body.data
      .leagueName as string;
    await page.goto(`/admin/league/list?season=${league.seasonId}`);
    await page.getByRole('heading', { level: 1, name: '리그 관리' }).waitFor();
    await page.getByRole('searchbox', { name: '검색' }).fill(leagueName);
    await page.getByRole('button', { name: `${leagueName} 로고`, exact: true }).click();
    const panel = page.getByRole('region', { name: `${leagueName} 로고` });
    await panel.getByText('등록된 로고가 없습니다.').waitFor();
    const file = panel.getByLabel('로고 이미지 (PNG, JPEG, GIF, WEBP, 2MB 이하)');

    await file.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('이것은 그림이 아닙니다'),
    });
    await panel.getByRole('button', { name: '로고 올리기' }).click();
    await panel
      .getByText(
        '지원하지 않는 파일 형식입니다. 이미지(PNG, JPEG, GIF, WEBP) 파일만 올릴 수 있습니다.',
      )
      .waitFor();
    expect(
      (await api.call('GET', `/api/league/league/${league.leagueId}`)).body.data.logo,
    ).toBeNull();

    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await panel.getByRole('button', { name: '로고 올리기' }).click();
    await panel.getByText('로고를 저장했습니다.').waitFor();
    const logo = (await api.call('GET', `/api/league/league/${league.leagueId}`)).body.data
      .logo as string;
    expect(logo).toMatch(/^\/uploads\/.+\.png$/);
    expect(await panel.getByRole('img', { name: `${leagueName} 로고` }).getAttribute('src')).toBe(
      logo,
    );
    await panel.getByRole('link', { name: logo }).waitFor();
    const served = await page.request.get(logo);
    expect(served.status()).toBe(200);
    // stored re-encoded without metadata: still the PNG sent, not its bytes
    expect([...(await served.body()).subarray(0, 8)]).toEqual([...TINY_PNG.subarray(0, 8)]);
    expect(served.headers()['content-type']).toBe('image/png');
  });

  it('saves final ranks and an award', async () => {
    await page.goto(`/admin/league/resultform/${league.leagueId}`);
    await page.getByRole('heading', { level: 1, name: /결과 입력/ }).waitFor();
    await page.getByLabel(`${league.away.teamName} 최종 순위`).fill('1');
    await page.getByLabel(`${league.home.teamName} 최종 순위`).fill('2');
    await page.getByRole('button', { name: '시상 추가' }).click();
    await page.getByLabel('상 이름').fill('');
    await page.getByRole('button', { name: '결과 저장' }).click();
    await page.getByText('상 이름을 입력해 주세요.').waitFor();
    await page.getByLabel('상 이름').fill('우수 팀상');
    await page.getByLabel('수상 팀').selectOption({ label: league.away.teamName });
    await page.getByRole('button', { name: '결과 저장' }).click();
    await page.getByText('리그 결과를 저장했습니다.').waitFor();
    const result = (await api.call('GET', `/api/league/league/${league.leagueId}/result`)).body
      .data;
    expect(result.ranks.map((r: { teamId: number; rank: number }) => [r.teamId, r.rank])).toEqual(
      expect.arrayContaining([
        [league.away.teamId, 1],
        [league.home.teamId, 2],
      ]),
    );
    expect(result.awards).toEqual([
      expect.objectContaining({ awardName: '우수 팀상', teamId: league.away.teamId }),
    ]);
  });

  it('adds, edits and deletes a player career', async () => {
    const playerId = league.away.playerIds[0];
    await page.goto(`/admin/team-players/career/${playerId}`);
    await page.getByRole('heading', { level: 1, name: /선수 경력/ }).waitFor();
    const before = (await api.call('GET', `/api/players/${playerId}/career`)).body.data
      .length as number;
    await page.getByRole('button', { name: '경력 추가' }).click();
    const form = page.locator('form.entity-form');
    await form.getByLabel('팀', { exact: true }).selectOption({ label: league.home.teamName });
    await form.getByLabel('시작일', { exact: true }).fill('2010-03-01');
    await form.getByLabel('종료일', { exact: true }).fill('2009-01-01');
    await form.getByRole('button', { name: '저장' }).click();
    await form.getByText('종료일은 시작일과 같거나 그 뒤여야 합니다.').waitFor();
    await form.getByLabel('종료일', { exact: true }).fill('2011-12-31');
    await form.getByLabel('등번호', { exact: true }).fill('23');
    await form.getByRole('button', { name: '저장' }).click();
    await page.getByText('경력을 추가했습니다.').waitFor();
    let careers = (await api.call('GET', `/api/players/${playerId}/career`)).body.data as Array<{
      id: number;
      backNumber: number;
      fromDate: string;
    }>;
    expect(careers).toHaveLength(before + 1);
    const added = careers.find((c) => c.fromDate === '2010-03-01')!;
    expect(added.backNumber).toBe(23);

    await page
      .getByRole('button', { name: `${league.home.teamName} 경력 수정` })
      .first()
      .click();
    await form.getByLabel('등번호', { exact: true }).fill('24');
    await form.getByRole('button', { name: '저장' }).click();
    await page.getByText('수정했습니다.').waitFor();
    careers = (await api.call('GET', `/api/players/${playerId}/career`)).body.data;
    expect(careers.find((c) => c.id === added.id)?.backNumber).toBe(24);

    await page
      .getByRole('button', { name: `${league.home.teamName} 경력 삭제` })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: '삭제', exact: true }).click();
    await page.getByText('삭제했습니다.').waitFor();
    careers = (await api.call('GET', `/api/players/${playerId}/career`)).body.data;
    expect(careers.some((c) => c.id === added.id)).toBe(false);
  });

  it('adds, edits and deletes a coach career', async () => {
    const made = await api.call('POST', '/api/coaches', {
      mainId: league.mainId,
      name: `경력시험 지도자${Date.now() % 10000}`,
    });
    expect(made.status).toBe(201);
    const coach = made.body.data as { id: number; name: string };
    const careers = async () =>
      (await api.call('GET', `/api/coaches/${coach.id}/career`)).body.data as Array<{
        id: number;
        teamId: number;
        role: string;
        fromDate: string;
        toDate: string | null;
      }>;
    try {
      await page.goto(`/admin/coaches/career/${coach.id}`);
      await page.getByRole('heading', { level: 1, name: `${coach.name} 지도자 경력` }).waitFor();
      await page.getByRole('button', { name: '경력 추가' }).click();
      const form = page.locator('form.entity-form');
      await form.getByLabel('팀', { exact: true }).selectOption({ label: league.away.teamName });
      await form.getByLabel('역할', { exact: true }).selectOption({ label: '코치' });
      await form.getByLabel('시작일', { exact: true }).fill('2020-03-01');
      await form.getByRole('button', { name: '저장' }).click();
      await page.getByText('경력을 추가했습니다.').waitFor();
      let list = await careers();
      expect(list).toEqual([
        expect.objectContaining({
          teamId: league.away.teamId,
          role: '코치',
          fromDate: '2020-03-01',
          toDate: null,
        }),
      ]);
      const careerId = list[0].id;

      await page.getByRole('button', { name: `${league.away.teamName} 경력 수정` }).click();
      await form.getByLabel('역할', { exact: true }).selectOption({ label: '감독' });
      await form.getByLabel('종료일', { exact: true }).fill('2023-11-30');
      await form.getByRole('button', { name: '저장' }).click();
      await page.getByText(`${league.away.teamName} 경력을 수정했습니다.`).waitFor();
      list = await careers();
      expect(list).toEqual([
        expect.objectContaining({
          id: careerId,
          role: '감독',
          fromDate: '2020-03-01',
          toDate: '2023-11-30',
        }),
      ]);

      await page.getByRole('button', { name: `${league.away.teamName} 경력 삭제` }).click();
      await page.getByRole('dialog').getByRole('button', { name: '삭제', exact: true }).click();
      await page.getByText(`${league.away.teamName} 경력을 삭제했습니다.`).waitFor();
      expect(await careers()).toEqual([]);
    } finally {
      await api.call('DELETE', `/api/coaches/${coach.id}`);
    }
  });
});
