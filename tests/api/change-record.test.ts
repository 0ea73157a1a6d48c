import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { tableVisibility } from '../../src/server/publish/change-map.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { ApiResponse, TestApp } from '../helpers/test-app.ts';
import {
  fillPath,
  openWritePaths,
  ownAccountWritePaths,
  writeEndpoints,
} from './write-endpoints.ts';
import { matrixCases } from './_role-matrix-cases.ts';
import type { MatrixCase, MatrixContext, MatrixRequest } from './_role-matrix-cases.ts';

/**
 * The change record (docs/decisions/150) driven through every write endpoint of the API, as a site
 * admin, with the fixtures of the role matrix: the rows each call left in `public_changes` and
 * the pages the publisher makes of them (change-map.ts → change-keys.ts names, or every page).
 * No route names pages: what a call changed is read from the record alone.
 */

let t: TestApp;
let admin: string;
let ctx: MatrixContext;

/** One call made, and what it left. */
interface Call {
  req: MatrixRequest;
  res: ApiResponse;
  taken: Awaited<ReturnType<TestApp['takeChanges']>>;
}

type Expected = 'no rows' | 'every page' | ((call: Call) => string[]);

const p = (call: Call, name: string) => Number(call.req.params?.[name]);
const roster = (call: Call) => `roster:${p(call, 'leagueId')}:${p(call, 'teamId')}`;
const notice = (call: Call) => [`notice:${p(call, 'wrId')}`];

/**
 * What each write endpoint leaves, as the routes chose before the record (decision 150 lists the
 * few that now name fewer pages because the record says exactly what changed).
 */
const expected: Record<string, Expected> = {
  // the publisher's own actions and everything about accounts, roles and sign-in: no page
  'POST /publish/rebuild': 'no rows',
  'POST /publish/rollback': 'no rows',
  'POST /admin/backup': 'no rows',
  'POST /auth/unlock': 'no rows',
  'POST /auth/totp/reset/{userId}': 'no rows',
  'PUT /auth/totp/requirement/{mainId}': 'no rows',
  'POST /league/main/{mainId}/personal-access-log/review': 'no rows',
  'POST /league/main/{mainId}/managers': 'no rows',
  'PATCH /league/main/{mainId}/managers/{userId}': 'no rows',
  'DELETE /league/main/{mainId}/managers/{userId}': 'no rows',
  'PUT /league/main/{mainId}/boards/{board}/roles/{userId}': 'no rows',
  'DELETE /league/main/{mainId}/boards/{board}/roles/{userId}': 'no rows',
  'POST /teams/{teamId}/managers': 'no rows',
  'DELETE /teams/{teamId}/managers/{userId}': 'no rows',
  'POST /users': 'no rows',
  'PATCH /users/{id}': 'no rows',
  'DELETE /users/{id}': 'no rows',
  'POST /users/{id}/link': 'no rows',
  'POST /players/{id}/personal-data/export': 'no rows',
  'POST /coaches/{id}/personal-data/export': 'no rows',
  'POST /users/{id}/personal-data/export': 'no rows',
  'POST /users/{id}/personal-data/erase': 'no rows',
  // the import replaces every table
  'POST /admin/import': 'every page',
  // seasons, leagues, their teams and results, divisions: every page
  'POST /league/main/{mainId}/season': 'every page',
  'PUT /league/main/{mainId}/season/{seasonId}': 'every page',
  'DELETE /league/main/{mainId}/season/{seasonId}': 'every page',
  'POST /league/main/{mainId}/season/{seasonId}/league': 'every page',
  'PUT /league/main/{mainId}/season/{seasonId}/league/{leagueId}': 'every page',
  'DELETE /league/main/{mainId}/season/{seasonId}/league/{leagueId}': 'every page',
  'POST /league/main/{mainId}/season/{seasonId}/league/{leagueId}/logo': 'every page',
  'POST /league/main/{mainId}/season/{seasonId}/league/{leagueId}/teams': 'every page',
  'DELETE /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}': 'every page',
  'POST /league/league/{id}/result': 'every page',
  'POST /divisions': 'every page',
  'PATCH /divisions/{id}': 'every page',
  'DELETE /divisions/{id}': 'every page',
  // a league's roster and staff: the roster (its players now), and a player taken off it
  'PATCH /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}/players': (
    call,
  ) => [roster(call)],
  'PUT /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}/coaches': (call) => [
    roster(call),
  ],
  'DELETE /league/admin/league/{leagueId}/team/{teamId}/{playerId}': (call) => [
    roster(call),
    `player:${p(call, 'playerId')}`,
  ],
  // teams, players and coaches: their own fields where they are shown; new or deleted ones and
  // careers change lists and the set of pages
  'POST /teams': 'every page',
  'PATCH /teams/{id}': (call) => [`team-info:${p(call, 'id')}`],
  'POST /teams/{id}/logo': (call) => [`team-info:${p(call, 'id')}`],
  'DELETE /teams/{id}': 'every page',
  'POST /players': 'every page',
  'POST /players/import_file': 'every page',
  'PATCH /players/{id}': (call) => [`player-info:${p(call, 'id')}`],
  'DELETE /players/{id}': 'every page',
  'POST /players/{id}/career': 'every page',
  'PATCH /players/{id}/career/{careerId}': 'every page',
  'DELETE /players/{id}/career/{careerId}': 'every page',
  'POST /teams/{id}/players': 'every page',
  'POST /players/{id}/personal-data/erase': (call) => [`player-info:${p(call, 'id')}`],
  'POST /coaches': 'every page',
  'PATCH /coaches/{id}': 'every page',
  'DELETE /coaches/{id}': 'every page',
  'POST /coaches/{id}/career': 'every page',
  'PATCH /coaches/{id}/career/{careerId}': 'every page',
  'DELETE /coaches/{id}/career/{careerId}': 'every page',
  'POST /coaches/{id}/personal-data/erase': 'every page',
  // notices: the notice (its page, the lists, the set of pages)
  'POST /league/main/{mainId}/notice': (call) => [`notice:${call.res.body.data.wrId}`],
  'PUT /notice/{wrId}': notice,
  'POST /notice/{wrId}/publish': notice,
  'POST /notice/{wrId}/unpublish': notice,
  'DELETE /notice/{wrId}': notice,
  'POST /notice/{wrId}/attachments': notice,
  'DELETE /notice/{wrId}/attachments/{uploadId}': notice,
  // schedules: a new or moved game with the set of pages; a deleted one, every page; a schedule
  // file's games each as a new game
  'POST /league/league/{leagueId}/schedule/game': (call) => [
    `game:${call.res.body.data.gameId}`,
    'paths',
  ],
  'PATCH /league/league/{leagueId}/schedule/game/{gameId}': (call) => [
    `game:${p(call, 'gameId')}`,
    'paths',
  ],
  'DELETE /league/league/{leagueId}/schedule/game/{gameId}': 'every page',
  'POST /league/league/{id}/schedule/upload_file': (call) =>
    call.taken.rows.filter((r) => r.table === 'games').flatMap((r) => [`game:${r.rowId}`, 'paths']),
  'DELETE /league/league/{id}/schedule/delete_file': 'no rows',
  // a game's record: the record, and every player taken out of it
  'PUT /league/game/{gameId}/record': (call) => [`game-record:${p(call, 'gameId')}`],
  // a game from an event file: its box score, as a typed record's (the plays themselves are on no page yet)
  'PUT /league/game/{gameId}/retrosheet': (call) => [`game-record:${p(call, 'gameId')}`],
  'DELETE /league/game/{gameId}/record': (call) => [
    `game-record:${p(call, 'gameId')}`,
    ...call.taken.rows
      .filter((r) => r.table === 'game_batting' || r.table === 'game_pitching')
      .map((r) => `game-player:${p(call, 'gameId')}:${JSON.parse(r.old!).player_id}`),
  ],
  // the live line score: the pages that show the game live; suspended, its record as well
  'PUT /league/game/{gameId}/live': (call) => [`game-live:${p(call, 'gameId')}`],
  'POST /league/game/{gameId}/live/end': (call) => [`game-live:${p(call, 'gameId')}`],
  'DELETE /league/game/{gameId}/live': (call) => [`game-live:${p(call, 'gameId')}`],
  'POST /league/game/{gameId}/live/suspend': (call) => [
    `game-record:${p(call, 'gameId')}`,
    `game-live:${p(call, 'gameId')}`,
  ],
};

async function send(
  target: TestApp,
  token: string,
  c: MatrixCase,
  req: MatrixRequest,
): Promise<ApiResponse> {
  const [method, template] = c.endpoint.split(' ');
  const path = fillPath(template, req.params) + (req.query ? `?${req.query}` : '');
  if (req.form)
    return target.api(method, path, { token, rawBody: req.form as unknown as BodyInit });
  if (req.text !== undefined)
    return target.api(method, path, {
      token,
      rawBody: req.text,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  return target.api(method, path, { token, body: req.body });
}

beforeAll(async () => {
  t = await createTestApp({ seed: seedDemo });
  admin = (await t.makeUser({ email: 'change-admin@sbsa.kr', admin: true })).token;
  const season = await t.db
    .selectFrom('seasons')
    .select('id')
    .where('main_id', '=', t.main.id)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  const league = await t.db
    .selectFrom('leagues')
    .select('id')
    .where('season_id', '=', season.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const [teamA, teamB] = await t.db
    .selectFrom('league_teams')
    .innerJoin('teams', 'teams.id', 'league_teams.team_id')
    .select(['teams.id', 'teams.name'])
    .where('league_teams.league_id', '=', league.id)
    .orderBy('teams.id')
    .limit(2)
    .execute();
  // 'teamManager' in the fixtures: the manager of team A (the admin's calls do not need one)
  await t.makeUser({ email: 'matrix-team-a@sbsa.kr', teamId: teamA.id });
  ctx = {
    t,
    mainId: t.main.id,
    seasonId: season.id,
    teamA: teamA.id,
    teamB: teamB.id,
    teamAName: teamA.name,
    teamBName: teamB.name,
    asAdmin: (method, path, init = {}) =>
      t.api(method, path, {
        token: admin,
        ...(init.form ? { rawBody: init.form as unknown as BodyInit } : { body: init.body }),
      }),
    extraApps: [],
  };
}, 60_000);

afterAll(async () => {
  for (const extra of ctx?.extraApps ?? []) await extra.close();
  await t?.close();
});

describe('the change record of every write endpoint', () => {
  it('has an expectation for every write endpoint the API documents', async () => {
    const documented = (await writeEndpoints(t))
      .filter((e) => !openWritePaths.includes(e.path) && !ownAccountWritePaths.includes(e.path))
      .map((e) => `${e.method} ${e.path}`);
    expect(documented.filter((e) => !(e in expected))).toEqual([]);
    expect(Object.keys(expected).filter((e) => !documented.includes(e))).toEqual([]);
  });

  for (const c of matrixCases.filter((m) => m.allowed.includes('admin'))) {
    const name = c.endpoint + (c.variant ? ` (${c.variant})` : '');
    it(`${name}: leaves rows of public tables only, naming the pages that show them`, async () => {
      const req = await c.build(ctx, 'admin');
      const target = req.elsewhere?.t ?? t;
      await target.takeChanges(); // what the fixtures wrote
      const committed = target.signals.committed;
      const res = await send(target, req.elsewhere?.token ?? admin, c, req);
      const want = expected[c.endpoint];
      const taken = await target.takeChanges();
      // the publisher is woken once after each write request
      expect(target.signals.committed).toBe(committed + 1);
      for (const row of taken.rows)
        expect(tableVisibility[row.table as keyof typeof tableVisibility], row.table).toBe(
          'public',
        );
      if (c.endpoint.startsWith('POST /publish/')) {
        // this app makes no site: the publisher's actions answer so, and change nothing
        expect(res.status).toBe(409);
      } else expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      if (want === 'no rows') expect(taken.rows).toEqual([]);
      else if (want === 'every page') {
        expect(taken.rows.length).toBeGreaterThan(0);
        expect(taken.changes).toBeNull();
      } else {
        const names = want({ req, res, taken });
        expect(names.length).toBeGreaterThan(0);
        expect(new Set(taken.changes)).toEqual(new Set(names));
      }
    });
  }
});
