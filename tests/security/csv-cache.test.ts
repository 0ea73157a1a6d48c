import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './helpers/target.ts';
import { adminLogin, call, login, startTarget } from './helpers/target.ts';

const METRICS_TOKEN = 'security-metrics-token-0123456789';
let target: Target;
let token: string;
let path: string;
let teamId: number;

beforeAll(async () => {
  target = await startTarget({ METRICS_TOKEN });
  token = await login(target.url, adminLogin);
  // standings of a league of the active season, with its teams' names in it
  const row = target.query<{ league_id: number; team_id: number }>(
    `SELECT lt.league_id, lt.team_id FROM league_teams lt JOIN leagues l ON l.id = lt.league_id
     JOIN seasons s ON s.id = l.season_id ORDER BY s.id DESC, lt.league_id, lt.team_id LIMIT 1`,
  )[0];
  path = `/sbsa/csv/league/${row.league_id}/standings.csv`;
  teamId = row.team_id;
});
afterAll(() => target?.stop());

async function counters() {
  const text = await (
    await fetch(`${target.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { made: value('csv_downloads_made_total'), cached: value('csv_downloads_cached_total') };
}

describe('CSV downloads are made once per generation of the site', () => {
  it('a repeated download is not computed again; a change of data gives the new CSV', async () => {
    const first = await fetch(target.url + path);
    expect(first.status).toBe(200);
    const body = await first.text();
    const start = await counters();
    const again = await Promise.all(
      Array.from({ length: 20 }, () => fetch(target.url + path).then((r) => r.text())),
    );
    expect(new Set(again)).toEqual(new Set([body]));
    const after = await counters();
    expect(after.made - start.made).toBe(0);
    expect(after.cached - start.cached).toBe(20);

    const renamed = await call(target.url, 'PATCH', `/api/teams/${teamId}`, {
      token,
      body: { name: '이름바뀐 팀' },
    });
    expect(renamed.status).toBe(200);
    const changed = await (await fetch(target.url + path)).text();
    expect(changed).not.toBe(body);
    expect(changed).toContain('이름바뀐 팀');
    expect((await counters()).made - after.made).toBe(1);
  });
});
