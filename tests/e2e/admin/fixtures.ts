import { accounts, apiAs } from './helpers.ts';

type Api = Awaited<ReturnType<typeof apiAs>>;

/** Today in Asia/Seoul, YYYY-MM-DD. */
export const seoulToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());

/** A fresh league of the active season with two teams, made through the API so tests do not touch the demo leagues. */
export async function makeLeague(api: Api, name: string) {
  const config = (await api.call('GET', '/api/common/config')).body.data;
  const mainId = config.defaultMainId as number;
  const seasonId = config.activeSeason.seasonId as number;
  const created = await api.call('POST', `/api/league/main/${mainId}/season/${seasonId}/league`, {
    leagueName: name,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
  });
  if (created.status >= 300)
    throw new Error(`league: ${created.status} ${JSON.stringify(created.body)}`);
  const leagueId = created.body.data.leagueId as number;
  const notIn = (
    await api.call('GET', `/api/league/main/${mainId}/season/${seasonId}/league/${leagueId}/notIn`)
  ).body.data as Array<{ teamId: number; teamName: string }>;
  // Teams with enough current players for a box score.
  const teams: Array<{ teamId: number; teamName: string; playerIds: number[] }> = [];
  for (const team of notIn) {
    const players = (await api.call('GET', `/api/players?teamId=${team.teamId}&limit=20`)).body.data
      .items as Array<{ id: number }>;
    if (players.length >= 4) teams.push({ ...team, playerIds: players.map((p) => p.id) });
    if (teams.length === 2) break;
  }
  const added = await api.call(
    'POST',
    `/api/league/main/${mainId}/season/${seasonId}/league/${leagueId}/teams`,
    { teams: teams.map((t) => t.teamId) },
  );
  if (added.status >= 300) throw new Error(`teams: ${added.status} ${JSON.stringify(added.body)}`);
  return { mainId, seasonId, leagueId, away: teams[0], home: teams[1] };
}

export async function adminApi() {
  return apiAs(accounts.admin);
}
