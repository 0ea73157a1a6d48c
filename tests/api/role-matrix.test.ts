import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Publisher } from '../../src/server/publish/publisher.ts';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { ApiResponse, TestApp } from '../helpers/test-app.ts';
import {
  databaseDigest,
  dataFiles,
  fillPath,
  openWritePaths,
  ownAccountWritePaths,
  writeEndpoints,
} from './write-endpoints.ts';
import { matrixCases, ROLES } from './_role-matrix-cases.ts';
import type { MatrixCase, MatrixContext, MatrixRequest, Role } from './_role-matrix-cases.ts';

/**
 * The role matrix (DESIGN.md §4, decision 007) on the demo association: every write endpoint, called
 * by a site admin, a 협회 관리자 (1), a 리그 운영자 (2), a 기록원 (3), the manager of team A and a user
 * whose only role is writing on the notice board. Allowed roles get a 2xx and an audit-log entry;
 * the others get 403 and leave the database, the data folder and the publisher as they were.
 * role-gate.test.ts covers anonymous callers and users without any role.
 */

let t: TestApp;
let ctx: MatrixContext;
let app: ReturnType<typeof createApp>;
const tokens = {} as Record<Role, string>;
/** What the stub publisher was asked to do. */
const publisherCalls: string[] = [];

/** Stands in for the static-site builder so that rebuild and rollback can succeed. */
const stubPublisher = {
  rollbackOnAnyNode: async () => {
    publisherCalls.push('rollback');
    return { before: 'build-2', live: 'build-1' };
  },
  status: () => ({ building: false, dirty: false, live: 'build-2', previous: 'build-1', pages: 1 }),
  whenIdle: async () => undefined,
  stop: async () => undefined,
} as unknown as Publisher;

async function send(
  target: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  method: string,
  path: string,
  token: string,
  req: Pick<MatrixRequest, 'body' | 'form' | 'text'>,
): Promise<ApiResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: BodyInit | undefined;
  if (req.form) body = req.form;
  else if (req.text !== undefined) {
    headers['content-type'] = 'text/plain; charset=utf-8';
    body = req.text;
  } else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  const res = await target.request(path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * What a refused call must leave alone, cheap enough to check after every call: rows written on the
 * app's (only) SQLite connection, files in the data folder, the publisher and the change record.
 * The full databaseDigest() is compared around the whole run of refused calls as well.
 */
function sideEffects() {
  const { n } = t.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number };
  return {
    'rows written': n,
    'data files': dataFiles(t.dir),
    'publisher calls': publisherCalls.length,
    'change record': lastChangeRow(),
  };
}

/**
 * The newest audit-log id of a database. AUTOINCREMENT never hands out an id twice, so a row above
 * it is a new entry, even after an import replaced the whole table.
 */
const lastAuditId = (sqlite: TestApp['sqlite']) =>
  Number(
    (sqlite.prepare('SELECT coalesce(max(id), 0) AS n FROM audit_log').get() as { n: number }).n,
  );

/** The newest row of the change record (docs/decisions/150): a refused call adds none. */
const lastChangeRow = () =>
  Number(
    (
      t.sqlite.prepare('SELECT coalesce(max(id), 0) AS n FROM public_changes').get() as {
        n: number;
      }
    ).n,
  );

const caseName = (c: MatrixCase) => c.endpoint + (c.variant ? ` (${c.variant})` : '');

beforeAll(async () => {
  t = await createTestApp({ seed: seedDemo });
  app = createApp({
    db: t.db,
    sqlite: t.sqlite,
    config: t.config,
    publisher: stubPublisher,
  });

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
  const teams = await t.db
    .selectFrom('league_teams')
    .innerJoin('teams', 'teams.id', 'league_teams.team_id')
    .select(['teams.id', 'teams.name'])
    .where('league_teams.league_id', '=', league.id)
    .orderBy('teams.id')
    .limit(2)
    .execute();
  expect(teams).toHaveLength(2);
  const [teamA, teamB] = teams;

  tokens.admin = (await t.makeUser({ email: 'matrix-admin@sbsa.kr', admin: true })).token;
  tokens.grade1 = (await t.makeUser({ email: 'matrix-grade1@sbsa.kr', grade: 1 })).token;
  tokens.grade2 = (await t.makeUser({ email: 'matrix-grade2@sbsa.kr', grade: 2 })).token;
  tokens.grade3 = (await t.makeUser({ email: 'matrix-grade3@sbsa.kr', grade: 3 })).token;
  tokens.teamManager = (
    await t.makeUser({ email: 'matrix-team-a@sbsa.kr', teamId: teamA.id })
  ).token;
  const boardWriter = await t.makeUser({ email: 'matrix-board@sbsa.kr' });
  await t.db
    .insertInto('board_roles')
    .values({ main_id: t.main.id, board: 'notice', user_id: boardWriter.id, role: 'write' })
    .execute();
  tokens.boardWriter = boardWriter.token;

  ctx = {
    t,
    mainId: t.main.id,
    seasonId: season.id,
    teamA: teamA.id,
    teamB: teamB.id,
    teamAName: teamA.name,
    teamBName: teamB.name,
    asAdmin: (method, path, init = {}) => send(app, method, path, tokens.admin, init),
    extraApps: [],
  };
}, 60_000);

afterAll(async () => {
  for (const extra of ctx?.extraApps ?? []) await extra.close();
  await t?.close();
});

/** Failures per case, filled by the run below. */
const outcomes = new Map<MatrixCase, string[]>();
let refusedChangedDatabase = true;

/**
 * Runs the whole matrix in three phases: fresh fixtures and the request for every case and role;
 * then every refused call, back to back, each checked for side effects and the whole run framed by
 * two database digests (the digest is the slow part: two instead of two per call); then every
 * allowed call.
 */
async function runMatrix() {
  const calls: Array<{
    c: MatrixCase;
    role: Role;
    method: string;
    path: string;
    req: MatrixRequest;
  }> = [];
  for (const c of matrixCases) {
    outcomes.set(c, []);
    const [method, template] = c.endpoint.split(' ');
    for (const role of ROLES) {
      try {
        const req = await c.build(ctx, role);
        calls.push({
          c,
          role,
          method,
          path: fillPath(template, req.params) + (req.query ? `?${req.query}` : ''),
          req,
        });
      } catch (err) {
        outcomes.get(c)!.push(`${role}: building the fixtures failed: ${(err as Error).message}`);
      }
    }
  }
  const fail = (c: MatrixCase, message: string) => outcomes.get(c)!.push(message);
  const shown = (body: unknown) => JSON.stringify(body).slice(0, 300);

  const digestBefore = await databaseDigest(t);
  for (const { c, role, method, path, req } of calls.filter(
    (call) => !call.c.allowed.includes(call.role),
  )) {
    const before = sideEffects();
    const res = await send(app, method, path, tokens[role], req);
    if (res.status !== 403) fail(c, `${role}: expected 403, got ${res.status} ${shown(res.body)}`);
    else if ((res.body as { ok?: boolean }).ok !== false)
      fail(c, `${role}: 403 without the error envelope`);
    const after = sideEffects();
    for (const key of Object.keys(after) as Array<keyof typeof after>) {
      if (before[key] !== after[key]) fail(c, `${role}: the refused call changed the ${key}`);
    }
  }
  refusedChangedDatabase = (await databaseDigest(t)) !== digestBefore;

  for (const { c, role, method, path, req } of calls.filter((call) =>
    call.c.allowed.includes(call.role),
  )) {
    const target = req.elsewhere?.t ?? t;
    const auditBefore = lastAuditId(target.sqlite);
    const res = req.elsewhere
      ? await send(req.elsewhere.t.app, method, path, req.elsewhere.token, req)
      : await send(app, method, path, tokens[role], req);
    if (res.status < 200 || res.status >= 300)
      fail(c, `${role}: expected 2xx, got ${res.status} ${shown(res.body)}`);
    else if (lastAuditId(target.sqlite) <= auditBefore)
      fail(c, `${role}: the write succeeded without an audit-log entry`);
  }
}

describe('role matrix', () => {
  beforeAll(runMatrix, 120_000);

  it('has a case for every write endpoint, and every case names a real endpoint', async () => {
    const documented = (await writeEndpoints(t))
      .filter((e) => !openWritePaths.includes(e.path) && !ownAccountWritePaths.includes(e.path))
      .map((e) => `${e.method} ${e.path}`);
    const covered = new Set(matrixCases.map((c) => c.endpoint));
    expect(
      documented.filter((e) => !covered.has(e)),
      'write endpoints without a role-matrix case',
    ).toEqual([]);
    expect(
      [...covered].filter((e) => !documented.includes(e)),
      'cases for endpoints that do not exist',
    ).toEqual([]);
    expect(new Set(matrixCases.map(caseName)).size, 'case names are unique').toBe(
      matrixCases.length,
    );
  });

  for (const c of matrixCases) {
    it(caseName(c), () => {
      expect(outcomes.get(c)).toEqual([]);
    });
  }

  it('leaves the database as it was after all the refused calls (full digest)', () => {
    expect(refusedChangedDatabase).toBe(false);
  });

  it('covers the scorer: game records, live line scores, event files and nothing else', () => {
    const scorerCases = matrixCases
      .filter((c) => c.allowed.includes('grade3'))
      .map((c) => c.endpoint);
    expect(scorerCases.sort()).toEqual([
      'DELETE /league/game/{gameId}/live',
      'DELETE /league/game/{gameId}/record',
      'POST /league/game/{gameId}/live/end',
      'POST /league/game/{gameId}/live/suspend',
      'PUT /league/game/{gameId}/live',
      'PUT /league/game/{gameId}/record',
      'PUT /league/game/{gameId}/retrosheet',
    ]);
  });

  it('lets the scorer (grade 3) save a full box score that adds up', async () => {
    const c = matrixCases.find(
      (x) => x.endpoint === 'PUT /league/game/{gameId}/record' && !x.variant,
    )!;
    const req = await c.build(ctx, 'grade3');
    const res = await send(
      app,
      'PUT',
      fillPath('/league/game/{gameId}/record', req.params),
      tokens.grade3,
      req,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const gameId = Number(req.params!.gameId);
    const game = await t.db
      .selectFrom('games')
      .select(['status', 'home_score', 'away_score', 'home_team_id'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(game).toEqual({
      status: 'final',
      home_score: 5,
      away_score: 3,
      home_team_id: ctx.teamA,
    });
    const batting = await t.db
      .selectFrom('game_batting')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(Number(batting.n)).toBe(18);
  });

  it('lets a board writer make the notice writes and nothing else', () => {
    const boardCases = matrixCases
      .filter((c) => c.allowed.includes('boardWriter'))
      .map((c) => c.endpoint);
    expect(boardCases.sort()).toEqual([
      'DELETE /notice/{wrId}',
      'DELETE /notice/{wrId}/attachments/{uploadId}',
      'POST /league/main/{mainId}/notice',
      'POST /notice/{wrId}/attachments',
      'POST /notice/{wrId}/publish',
      'POST /notice/{wrId}/unpublish',
      'PUT /notice/{wrId}',
    ]);
  });

  it("keeps team B's roster, staff, careers, new players and roster entries out of reach of team A's manager", () => {
    const teamB = matrixCases.filter((c) => c.variant && /team B/.test(c.variant));
    expect(teamB.map(caseName).sort()).toEqual([
      "DELETE /league/admin/league/{leagueId}/team/{teamId}/{playerId} (a player of team B's roster)",
      'DELETE /players/{id}/career/{careerId} (a career on team B)',
      "PATCH /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}/players (team B's roster)",
      'PATCH /players/{id}/career/{careerId} (a career on team B)',
      'PATCH /players/{id}/career/{careerId} (moving a team-A career to team B)',
      'POST /players/{id}/career (a career on team B)',
      'POST /teams/{id}/players (a new player on team B)',
      "PUT /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}/coaches (team B's staff)",
    ]);
    for (const c of teamB) expect(c.allowed, caseName(c)).not.toContain('teamManager');
  });
});
