import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, launchBrowser, logIn, newPage } from './helpers.ts';
import { adminApi, makeLeague, seoulToday } from './fixtures.ts';

let browser: Browser;
let page: Page;
let errors: string[];
let api: Awaited<ReturnType<typeof adminApi>>;
let league: Awaited<ReturnType<typeof makeLeague>>;
const tag = String(Date.now() % 100000);
/** Two people of one name on the league's two teams, told apart by team and birth year. */
const twin = `동명설정${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser, { width: 1400, height: 1000 }));
  api = await adminApi();
  league = await makeLeague(api, `선수 설정 시험 ${tag}`);
  await logIn(page, accounts.admin);
});
afterAll(async () => browser?.close());

type Listed = {
  id: number;
  name: string;
  birthDate: string | null;
  currentTeams: Array<{ teamId: number; teamName: string; backNumber: number | null }>;
};

async function playersNamed(name: string): Promise<Listed[]> {
  const res = await api.call('GET', `/api/players?q=${encodeURIComponent(name)}&limit=50`);
  return (res.body.data.items as Listed[]).filter((p) => p.name === name);
}

const form = () => page.locator('form.entity-form');

async function openNewPlayerForm() {
  await page.goto('/admin/team-players/list');
  await page.getByRole('button', { name: '선수 추가' }).click();
  await form().waitFor();
}

describe('player setup in one place', () => {
  it('the player form places a new player on a team with his back number and position', async () => {
    const name = `설정${tag}`;
    await openNewPlayerForm();
    await form().getByLabel('이름', { exact: true }).fill(name);
    await form().getByLabel('생년월일', { exact: true }).fill('1999-01-02');
    await form()
      .getByLabel('소속 팀', { exact: true })
      .selectOption({ label: league.away.teamName });
    await form().getByLabel('등번호', { exact: true }).fill('21');
    await form().getByLabel('포지션', { exact: true }).fill('투수');
    await form().getByRole('button', { name: '저장' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${name} · ${league.away.teamName} · 1999년생을 추가했습니다.` })
      .waitFor();
    const [made] = await playersNamed(name);
    expect(made.currentTeams).toEqual([
      { teamId: league.away.teamId, teamName: league.away.teamName, backNumber: 21 },
    ]);
    const careers = (await api.call('GET', `/api/players/${made.id}/career`)).body.data;
    expect(careers).toEqual([
      expect.objectContaining({ teamId: league.away.teamId, backNumber: 21, toDate: null }),
    ]);
    expect(careers[0].fromDate).toBe(seoulToday());
    expect(errors).toEqual([]);
  });

  it('refuses a back number without a team in Korean and stores nothing', async () => {
    const name = `번호만${tag}`;
    await openNewPlayerForm();
    await form().getByLabel('이름', { exact: true }).fill(name);
    await form().getByLabel('등번호', { exact: true }).fill('9');
    await form().getByRole('button', { name: '저장' }).click();
    await form().getByText('등번호는 소속 팀과 함께 입력해 주세요.').waitFor();
    expect(await playersNamed(name)).toEqual([]);
  });

  it('asks 같은 사람 / 다른 사람 with team and birth year, and the two rows have different names', async () => {
    const first = await api.call('POST', `/api/teams/${league.away.teamId}/players`, {
      name: twin,
      birthDate: '1990-03-03',
      backNumber: 5,
    });
    expect(first.status).toBe(201);
    const fillTwin = async () => {
      await openNewPlayerForm();
      await form().getByLabel('이름', { exact: true }).fill(twin);
      await form().getByLabel('생년월일', { exact: true }).fill('2002-07-07');
      await form()
        .getByLabel('소속 팀', { exact: true })
        .selectOption({ label: league.home.teamName });
      await form().getByLabel('등번호', { exact: true }).fill('6');
      await form().getByRole('button', { name: '저장' }).click();
      const dialog = page.getByRole('dialog', { name: '동명이인 확인' });
      await dialog.waitFor();
      return dialog;
    };
    const existing = `${twin} · ${league.away.teamName} · 1990년생`;

    let dialog = await fillTwin();
    expect(await dialog.textContent()).toContain(existing);
    expect(await playersNamed(twin)).toHaveLength(1);
    await dialog.getByRole('button', { name: `같은 사람: ${existing}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${existing}은 이미 등록된 선수라서 새로 만들지 않았습니다.` })
      .waitFor();
    expect(await playersNamed(twin)).toHaveLength(1);

    dialog = await fillTwin();
    await dialog.getByRole('button', { name: '다른 사람 — 새로 등록' }).click();
    const second = `${twin} · ${league.home.teamName} · 2002년생`;
    await page
      .getByRole('status')
      .filter({ hasText: `${second}을 추가했습니다.` })
      .waitFor();
    const both = await playersNamed(twin);
    expect(both.map((p) => p.currentTeams[0]?.backNumber).sort()).toEqual([5, 6]);

    await page.getByRole('searchbox', { name: '검색' }).fill(twin);
    // the list reloads after the save: the new row may come a moment after the message
    await page.getByRole('button', { name: `${second} 수정` }).waitFor();
    expect(await page.getByRole('button', { name: `${existing} 수정` }).count()).toBe(1);
    expect(await page.getByRole('button', { name: `${second} 수정` }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('league roster from the team’s players', () => {
  it('puts several players on the roster at once with the back numbers of their careers', async () => {
    const team = league.home;
    await page.goto(`/admin/league/${league.seasonId}/${league.leagueId}/teams`);
    await page.getByRole('button', { name: `${team.teamName} 명단 편집` }).click();
    const picker = page.getByRole('group', { name: '소속 선수 추가' });
    await picker.waitFor();
    const current = (await api.call('GET', `/api/players?teamId=${team.teamId}&limit=500`)).body
      .data.items as Listed[];
    expect(await picker.getByRole('checkbox').count()).toBe(current.length);
    // Each choice names team and birth year, and the career's number.
    await picker
      .getByRole('checkbox', { name: `${twin} · ${team.teamName} · 2002년생 · 등번호 6` })
      .waitFor();

    let clicks = 0;
    await picker.getByRole('button', { name: '모두 선택' }).click();
    clicks++;
    await picker
      .getByRole('button', { name: `선택한 선수 ${current.length}명 명단에 넣기` })
      .click();
    clicks++;
    await page.getByRole('button', { name: '명단 저장' }).click();
    clicks++;
    await page.getByRole('status').filter({ hasText: '명단을 저장했습니다.' }).waitFor();
    expect(clicks).toBe(3);

    const saved = (
      await api.call('GET', `/api/league/league/${league.leagueId}/team/${team.teamId}/players`)
    ).body.data as Array<{ playerId: number; backNumber: number | null }>;
    const numberOf = new Map(
      current.map((p) => [
        p.id,
        p.currentTeams.find((t) => t.teamId === team.teamId)?.backNumber ?? null,
      ]),
    );
    expect(saved).toHaveLength(current.length);
    for (const entry of saved) expect(entry.backNumber).toBe(numberOf.get(entry.playerId));
    expect(saved.some((p) => p.backNumber === 6)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('player choices name team and birth year', () => {
  it('the award picker, the record grid and its MVP list tell the two players of one name apart', async () => {
    const twins = await playersNamed(twin);
    const away = twins.find((p) => p.currentTeams[0]?.teamId === league.away.teamId)!;
    const base = `/api/league/main/${league.mainId}/season/${league.seasonId}/league/${league.leagueId}`;
    const onAway = await api.call('PATCH', `${base}/team/${league.away.teamId}/players`, {
      players: [{ playerId: away.id, backNumber: 5, status: 'active' }],
    });
    expect(onAway.status).toBe(200);
    const game = await api.call('POST', `/api/league/league/${league.leagueId}/schedule/game`, {
      date: seoulToday(),
      time: '10:00',
      venue: '시험구장',
      homeTeamId: league.home.teamId,
      awayTeamId: league.away.teamId,
    });
    expect(game.status).toBe(201);
    const awayText = `${twin} · ${league.away.teamName} · 1990년생`;
    const homeText = `${twin} · ${league.home.teamName} · 2002년생`;
    // The award picker of the league result.
    await page.goto(`/admin/league/resultform/${league.leagueId}`);
    await page.getByRole('button', { name: '시상 추가' }).click();
    const award = await page.getByLabel('수상 선수').first().locator('option').allTextContents();
    expect(award).toContain(awayText);
    expect(award).toContain(homeText);
    await page.goto(`/admin/league/game/write/${league.leagueId}/${game.body.data.gameId}`);
    await page.locator('form.record-form').waitFor();
    const optionsOf = (label: string) =>
      page.getByLabel(label, { exact: true }).locator('option').allTextContents();
    // A player cell suggests each player by back number and name, told apart by team and birth year.
    const suggestions = (side: 'away' | 'home') =>
      page
        .locator(`#${side}-roster option`)
        .evaluateAll((os) => os.map((o) => `${(o as HTMLOptionElement).value} ${o.textContent}`));
    expect(await suggestions('away')).toContain(`5 ${twin} ${awayText}`);
    expect(await suggestions('home')).toContain(`6 ${twin} ${homeText}`);
    // The MVP list holds the players on the lines, of both teams.
    await page.getByLabel('원정 팀 타자 1 선수', { exact: true }).fill('5');
    await page.getByLabel('홈 팀 타자 1 선수', { exact: true }).fill('6');
    const mvp = await optionsOf('MVP');
    expect(mvp).toContain(awayText);
    expect(mvp).toContain(homeText);

    expect(errors).toEqual([]);
  });
});
