import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { databaseDigest } from './write-endpoints.ts';

/**
 * A team manager moves only players of teams they also manage: adding another team's player to
 * their league roster, or giving him a career on their team, is refused and changes nothing.
 */

let t: TestApp;
let admin: string;
let managerA: string;
let scope: string;
const team: Record<string, number> = {};
const player: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const season = await t.api('POST', `/api/league/main/${t.main.id}/season`, {
    token: admin,
    body: { seasonName: '2025 시즌', year: 2025 },
  });
  const base = `/api/league/main/${t.main.id}/season/${season.body.data.seasonId}/league`;
  const leagueId = (await t.api('POST', base, { token: admin, body: { leagueName: '리그' } })).body
    .data.leagueId;
  scope = `${base}/${leagueId}`;
  for (const [key, name] of [
    ['a', '에이스'],
    ['b', '비버스'],
  ] as const)
    team[key] = (
      await t.db
        .insertInto('teams')
        .values({ main_id: t.main.id, name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await t.api('POST', `${scope}/teams`, { token: admin, body: { teams: [team.a, team.b] } });
  for (const [key, name] of [
    ['ofA', '김에이'],
    ['ofB', '박비버'],
    ['free', '이자유'],
  ] as const)
    player[key] = (
      await t.db
        .insertInto('players')
        .values({ main_id: t.main.id, name, position: '투수' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await t.db
    .insertInto('team_players')
    .values([
      { team_id: team.a, player_id: player.ofA, from_date: '2020-01-01' },
      { team_id: team.b, player_id: player.ofB, from_date: '2020-01-01' },
    ])
    .execute();
  managerA = (await t.makeUser({ email: 'a-manager@sbsa.kr', teamId: team.a })).token;
});
afterAll(() => t?.close());

const roster = (...ids: number[]) => ({
  players: ids.map((playerId, i) => ({ playerId, backNumber: i + 1, status: 'active' })),
});

describe('roster and career writes check both sides', () => {
  it("refuses another team's player on the manager's league roster (403), changing nothing", async () => {
    const before = await databaseDigest(t);
    const res = await t.api('PATCH', `${scope}/team/${team.a}/players`, {
      token: managerA,
      body: roster(player.ofA, player.ofB),
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      '박비버는 비버스 팀 선수입니다. 다른 팀 선수는 그 팀을 관리하는 사람만 옮길 수 있습니다.',
    );
    expect(await databaseDigest(t)).toBe(before);
  });

  it('takes his own players and players of no team', async () => {
    const res = await t.api('PATCH', `${scope}/team/${team.a}/players`, {
      token: managerA,
      body: roster(player.ofA, player.free),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((p: { playerId: number }) => p.playerId).sort()).toEqual(
      [player.ofA, player.free].sort(),
    );
  });

  it('league staff may still put any player of the association on any roster', async () => {
    const res = await t.api('PATCH', `${scope}/team/${team.b}/players`, {
      token: admin,
      body: roster(player.ofB),
    });
    expect(res.status).toBe(200);
  });

  it("refuses a career on the manager's team for another team's player (403)", async () => {
    const before = await databaseDigest(t);
    const res = await t.api('POST', `/api/players/${player.ofB}/career`, {
      token: managerA,
      body: { teamId: team.a, backNumber: 9, fromDate: '2025-01-01' },
    });
    expect(res.status).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
  });
});
