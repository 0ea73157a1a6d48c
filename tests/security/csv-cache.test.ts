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

async function metricsText(): Promise<string> {
  return (
    await fetch(`${target.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).text();
}

async function counters() {
  const text = await metricsText();
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { made: value('csv_downloads_made_total'), cached: value('csv_downloads_cached_total') };
}

describe('CSV downloads are made once per generation of the site', () => {
  it('a repeated download is not computed again; a change of data gives the new CSV', async () => {
    const first = await fetch(target.url + path);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(await (await fetch(target.url + path)).text()).toBe(body); // kept from its second ask
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

describe('the bounded caches report their size', () => {
  it('gives the bytes each cache keeps and its bound, for operators to size them', async () => {
    const gauge = (text: string, name: string, cache: string) =>
      Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    const before = await metricsText();
    const seasons = `/api/league/main/${target.query<{ id: number }>('SELECT id FROM league_main LIMIT 1')[0].id}/season`;
    await fetch(target.url + seasons); // kept from its second ask
    const answer = await fetch(target.url + seasons);
    expect(answer.status).toBe(200);
    const bytes = Buffer.byteLength(await answer.text());
    const csv = await (await fetch(target.url + path)).text();
    const after = await metricsText();

    expect(gauge(after, 'memory_cache_bytes', 'api')).toBeGreaterThanOrEqual(
      gauge(before, 'memory_cache_bytes', 'api') + bytes,
    );
    expect(gauge(after, 'memory_cache_bytes', 'csv')).toBeGreaterThanOrEqual(
      Buffer.byteLength(csv),
    );
    // the defaults of API_CACHE_MB, SITE_CACHE_MB and the CSV cache
    expect(gauge(after, 'memory_cache_max_bytes', 'api')).toBe(16 * 1024 * 1024);
    expect(gauge(after, 'memory_cache_max_bytes', 'site')).toBe(32 * 1024 * 1024);
    expect(gauge(after, 'memory_cache_max_bytes', 'csv')).toBe(16 * 1024 * 1024);
    // no site is built here (BUILD_SITE=0): the hot-file cache holds nothing
    expect(gauge(after, 'memory_cache_bytes', 'site')).toBe(0);
  });
});
