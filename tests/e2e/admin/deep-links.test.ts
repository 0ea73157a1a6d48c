import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, launchBrowser, logIn, newPage } from './helpers.ts';
import { adminApi } from './fixtures.ts';

/** Real ids of the demo data, found through the API. */
interface Ids {
  seasonId: number;
  leagueId: number;
  leagueName: string;
  gameId: number;
  gameNo: number;
  playerId: number;
  playerName: string;
  coachId: number;
  coachName: string;
  wrId: number;
}

let browser: Browser;
let page: Page;
let ids: Ids;

async function findIds(): Promise<Ids> {
  const api = await adminApi();
  const config = (await api.call('GET', '/api/common/config')).body.data;
  const mainId = config.defaultMainId as number;
  const seasonId = config.activeSeason.seasonId as number;
  const leagues = (await api.call('GET', `/api/league/season/${seasonId}/league`)).body
    .data as Array<{ leagueId: number; leagueName: string }>;
  let found: { leagueId: number; leagueName: string; gameId: number; gameNo: number } | null = null;
  for (const league of leagues) {
    const games = (
      await api.call('GET', `/api/league/admin/schedule/${seasonId}/${league.leagueId}`)
    ).body.data.games as Array<{ gameId: number; gameNo: number }>;
    if (games.length > 0) {
      found = { ...league, gameId: games[0].gameId, gameNo: games[0].gameNo };
      break;
    }
  }
  if (!found) throw new Error('no demo league with games');
  const player = (await api.call('GET', `/api/players?mainId=${mainId}&limit=1`)).body.data
    .items[0] as { id: number; name: string };
  const coach = (await api.call('GET', `/api/coaches?mainId=${mainId}&limit=1`)).body.data
    .items[0] as { id: number; name: string };
  const notice = (await api.call('GET', `/api/league/main/${mainId}/notice`)).body.data
    .items[0] as { wrId: number };
  return {
    seasonId,
    ...found,
    playerId: player.id,
    playerName: player.name,
    coachId: coach.id,
    coachName: coach.name,
    wrId: notice.wrId,
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  ids = await findIds();
  await logIn(page, accounts.admin);
});
afterAll(async () => browser?.close());

/** Every /admin child route of SPEC.md §2 and the two the console adds (decisions 018, 020): the address with real ids, and the screen heading it must show. */
const routes: ReadonlyArray<[string, (i: Ids) => string, (i: Ids) => string]> = [
  ['dashboard', () => '/admin/dashboard', () => '대시보드'],
  ['division', () => '/admin/division', () => '부 관리'],
  ['teams', () => '/admin/teams', () => '팀 관리'],
  ['team-players list', () => '/admin/team-players/list', () => '선수 관리'],
  [
    'team-players career',
    (i) => `/admin/team-players/career/${i.playerId}`,
    (i) => `${i.playerName} 선수 경력`,
  ],
  [
    'team-players noTeamPlayers',
    () => '/admin/team-players/noTeamPlayers',
    () => '소속 팀 없는 선수',
  ],
  ['team-players import', () => '/admin/team-players/import', () => '선수 일괄 등록'],
  ['coaches list', () => '/admin/coaches/list', () => '지도자 관리'],
  [
    'coaches career',
    (i) => `/admin/coaches/career/${i.coachId}`,
    (i) => `${i.coachName} 지도자 경력`,
  ],
  ['unregistered', () => '/admin/unregistered', () => '미연결 회원'],
  ['accounts', () => '/admin/accounts', () => '회원 관리'],
  ['data', () => '/admin/data', () => '데이터 관리'],
  ['access log', () => '/admin/access-log', () => '개인정보 접속기록'],
  ['season', () => '/admin/season', () => '시즌 관리'],
  ['league list', () => '/admin/league/list', () => '리그 관리'],
  [
    'league teams',
    (i) => `/admin/league/${i.seasonId}/${i.leagueId}/teams`,
    (i) => `${i.leagueName} 참가 팀과 명단`,
  ],
  [
    'league schedule',
    (i) => `/admin/league/schedule?season=${i.seasonId}&league=${i.leagueId}`,
    (i) => `${i.leagueName} 경기 일정`,
  ],
  [
    'league schedule upload',
    (i) => `/admin/league/${i.seasonId}/${i.leagueId}/schedule/uploadFile`,
    (i) => `${i.leagueName} 일정 파일 올리기`,
  ],
  ['league gamelist', () => '/admin/league/gamelist', () => '경기 기록'],
  [
    'league game write',
    (i) => `/admin/league/game/write/${i.leagueId}/${i.gameId}`,
    (i) => `${i.gameNo}번 경기 기록 입력`,
  ],
  ['league resultlist', () => '/admin/league/resultlist', () => '리그 결과'],
  [
    'league resultform',
    (i) => `/admin/league/resultform/${i.leagueId}`,
    (i) => `${i.leagueName} 결과 입력`,
  ],
  ['notice', () => '/admin/notice', () => '공지사항'],
  ['notice write', () => '/admin/notice/write', () => '공지사항 쓰기'],
  ['notice write with wrId', (i) => `/admin/notice/write/${i.wrId}`, () => '공지사항 수정'],
];

describe('every admin route works as a deep link, and again after a reload', () => {
  it.each(routes)('%s', async (_name, pathOf, headingOf) => {
    const path = pathOf(ids);
    const heading = page.getByRole('heading', { level: 1, name: headingOf(ids), exact: true });
    await page.goto(path);
    await heading.waitFor();
    await page.reload();
    await heading.waitFor();
    // Screens may add their filters to the query; the address itself stays.
    expect(new URL(page.url()).pathname).toBe(new URL(path, 'http://x').pathname);
    expect(await page.title()).toContain('SBSA 관리자');
  });
});
