import type { ApiResponse, TestApp } from '../helpers/test-app.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { exportStream } from '../../src/server/ops/export-stream.ts';
import { validBoxScore } from './_game-fixtures.ts';
import type { GameFixture } from './_game-fixtures.ts';
import { sevenInningFile } from './_event-file.ts';

/**
 * The role matrix of the admin API (DESIGN.md §4, decision 007): for every write endpoint, a
 * builder that makes the fresh fixtures one call needs and the roles that may make that call.
 */

export const ROLES = ['admin', 'grade1', 'grade2', 'grade3', 'teamManager', 'boardWriter'] as const;
export type Role = (typeof ROLES)[number];

/** Site admins and 협회 관리자 (grade 1): the association's master data, accounts' roles, publishing. */
const association: Role[] = ['admin', 'grade1'];
/** …and 리그 운영자 (grade 2): seasons, leagues, league rosters, schedules, results, notices. */
const league: Role[] = ['admin', 'grade1', 'grade2'];
/** …and the team's own manager: the team's league roster and staff. */
const roster: Role[] = ['admin', 'grade1', 'grade2', 'teamManager'];
/** …and 기록원 (grade 3): game records. */
const records: Role[] = ['admin', 'grade1', 'grade2', 'grade3'];
/** …and a user whose only role is `write` on the association's notice board. */
const notices: Role[] = [...league, 'boardWriter'];
/** A team's own manager edits its player careers (besides admins and grade 1). */
const career: Role[] = ['admin', 'grade1', 'teamManager'];
const adminOnly: Role[] = ['admin'];

/** One concrete call: path parameters for the endpoint's template, and a JSON body or a multipart form. */
export interface MatrixRequest {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  form?: FormData;
  /** a text/plain body (an event file) */
  text?: string;
  /** Send the call to this app with this token instead (an empty instance for the import). */
  elsewhere?: { t: TestApp; token: string };
}

export interface MatrixCase {
  /** `METHOD /openapi/path`, exactly as listed by writeEndpoints() */
  endpoint: string;
  /** what makes this case differ from the endpoint's main case */
  variant?: string;
  allowed: readonly Role[];
  build: (ctx: MatrixContext, role: Role) => Promise<MatrixRequest>;
}

export interface MatrixContext {
  t: TestApp;
  mainId: number;
  /** the association's active season */
  seasonId: number;
  /** team A (managed by the team-manager user) and team B, both in a league of the active season */
  teamA: number;
  teamB: number;
  teamAName: string;
  teamBName: string;
  /** sends a call as the site admin (to build fixtures through the API) */
  asAdmin: (
    method: string,
    path: string,
    init?: { body?: unknown; form?: FormData },
  ) => Promise<ApiResponse>;
  /** apps opened by builders, closed after the suite */
  extraApps: TestApp[];
}

/* ---------- tiny valid files ---------- */

const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const PDF = new Uint8Array([
  ...Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'),
]);

function fileForm(bytes: Uint8Array, name: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new File([bytes as BlobPart], name, { type }));
  return form;
}

/* ---------- fresh fixtures, straight in the database ---------- */

let serial = 0;
/** A suffix no other fixture of this run has. */
export const uniq = () => String(++serial);

async function freshUser(ctx: MatrixContext): Promise<number> {
  const u = uniq();
  // The hash is never checked: these accounts only receive roles, they never sign in.
  const row = await ctx.t.db
    .insertInto('users')
    .values({
      email: `matrix-${u}@sbsa.kr`,
      password_hash: 'x',
      username: `회원${u}`,
      nickname: `회원${u}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshPlayer(
  ctx: MatrixContext,
  careerTeamId?: number,
): Promise<{ playerId: number; careerId: number | null }> {
  const row = await ctx.t.db
    .insertInto('players')
    .values({
      main_id: ctx.mainId,
      name: `선수${uniq()}`,
      birth_date: '1995-05-05',
      position: '내야수',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let careerId: number | null = null;
  if (careerTeamId !== undefined) {
    careerId = (
      await ctx.t.db
        .insertInto('team_players')
        .values({
          team_id: careerTeamId,
          player_id: row.id,
          back_number: null,
          from_date: '2020-01-01',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  return { playerId: row.id, careerId };
}

async function freshCoach(
  ctx: MatrixContext,
  careerTeamId?: number,
): Promise<{ coachId: number; careerId: number | null }> {
  const row = await ctx.t.db
    .insertInto('coaches')
    .values({ main_id: ctx.mainId, name: `지도자${uniq()}`, birth_date: '1970-07-07' })
    .returning('id')
    .executeTakeFirstOrThrow();
  let careerId: number | null = null;
  if (careerTeamId !== undefined) {
    careerId = (
      await ctx.t.db
        .insertInto('team_coaches')
        .values({ team_id: careerTeamId, coach_id: row.id, role: '코치', from_date: '2020-01-01' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  return { coachId: row.id, careerId };
}

async function freshTeam(ctx: MatrixContext): Promise<number> {
  const u = uniq();
  return (
    await ctx.t.db
      .insertInto('teams')
      .values({ main_id: ctx.mainId, name: `새 팀 ${u}`, short_name: `새팀${u}` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function freshDivision(ctx: MatrixContext): Promise<number> {
  return (
    await ctx.t.db
      .insertInto('divisions')
      .values({ main_id: ctx.mainId, name: `새 부 ${uniq()}`, sort_order: 90 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function freshSeason(ctx: MatrixContext): Promise<number> {
  return (
    await ctx.t.db
      .insertInto('seasons')
      .values({ main_id: ctx.mainId, name: `시즌 ${uniq()}`, year: 2030, active: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

interface FreshLeague {
  leagueId: number;
  rosterA: number[];
  rosterB: number[];
}

/**
 * A league of the active season with teams A and B; with `rosters`, nine fresh players on each
 * team's league roster (registered before any game date used here).
 */
async function freshLeague(
  ctx: MatrixContext,
  options: { teams?: boolean; rosters?: boolean } = {},
): Promise<FreshLeague> {
  const db = ctx.t.db;
  const { id: leagueId } = await db
    .insertInto('leagues')
    .values({ season_id: ctx.seasonId, name: `권한 시험 리그 ${uniq()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const result: FreshLeague = { leagueId, rosterA: [], rosterB: [] };
  if (options.teams === false) return result;
  for (const teamId of [ctx.teamA, ctx.teamB])
    await db.insertInto('league_teams').values({ league_id: leagueId, team_id: teamId }).execute();
  if (options.rosters) {
    for (const [teamId, list] of [
      [ctx.teamA, result.rosterA],
      [ctx.teamB, result.rosterB],
    ] as const) {
      for (let i = 0; i < 9; i++) {
        const { playerId } = await freshPlayer(ctx, teamId);
        await db
          .insertInto('league_players')
          .values({
            league_id: leagueId,
            team_id: teamId,
            player_id: playerId,
            back_number: i + 1,
            status: 'active',
            registered_on: '2026-03-01',
          })
          .execute();
        list.push(playerId);
      }
    }
  }
  return result;
}

async function freshGame(ctx: MatrixContext, leagueId: number, gameNo = 1): Promise<number> {
  return (
    await ctx.t.db
      .insertInto('games')
      .values({
        league_id: leagueId,
        game_no: gameNo,
        game_date: '2026-08-01',
        game_time: '10:00',
        venue: '권한 구장',
        home_team_id: ctx.teamA,
        away_team_id: ctx.teamB,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A line score of the top of the second, one out. */
const liveLine = { away: [0, 1], home: [2], inning: 2, half: 'top', outs: 1 };

/** A game of a fresh league being scored live. */
async function liveGame(ctx: MatrixContext): Promise<number> {
  const l = await freshLeague(ctx);
  const gameId = await freshGame(ctx, l.leagueId);
  const put = await ctx.asAdmin('PUT', `/api/league/game/${gameId}/live`, { body: liveLine });
  if (put.status !== 200)
    throw new Error(`fixture live: ${put.status} ${JSON.stringify(put.body)}`);
  return gameId;
}

/** A box score that satisfies every invariant: team A (home) beats team B 5–3. */
function boxScore(l: FreshLeague) {
  return validBoxScore({} as GameFixture, l.rosterA, l.rosterB);
}

async function rosterEntries(ctx: MatrixContext, leagueId: number, teamId: number) {
  const rows = await ctx.t.db
    .selectFrom('league_players')
    .select(['player_id', 'back_number', 'status'])
    .where('league_id', '=', leagueId)
    .where('team_id', '=', teamId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ playerId: r.player_id, backNumber: r.back_number, status: r.status }));
}

async function freshNotice(ctx: MatrixContext, draft = false): Promise<number> {
  const res = await ctx.asAdmin('POST', `/api/league/main/${ctx.mainId}/notice`, {
    body: { title: `권한 시험 ${uniq()}`, body: '본문', pinned: false, draft },
  });
  if (res.status !== 201)
    throw new Error(`fixture notice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.wrId;
}

const scheduleCsv = (ctx: MatrixContext) =>
  [
    '날짜,시간,구장,홈팀,원정팀,라운드',
    `2026-09-12,09:00,권한 구장,${ctx.teamAName},${ctx.teamBName},1라운드`,
  ].join('\r\n');

let emptyExport: string | undefined;
/** The export file of an empty instance: a valid import body. */
async function emptyExportFile(ctx: MatrixContext): Promise<unknown> {
  if (!emptyExport) {
    const empty = await createTestApp();
    ctx.extraApps.push(empty);
    // the export of the database the instance runs on, SQLite or PostgreSQL
    let text = '';
    for await (const chunk of exportStream(empty.dir, empty.databaseUrl)) text += chunk;
    emptyExport = text;
  }
  return JSON.parse(emptyExport);
}

/* ---------- the cases ---------- */

const seasonScope = (ctx: MatrixContext) => ({ mainId: ctx.mainId, seasonId: ctx.seasonId });

export const matrixCases: MatrixCase[] = [
  // Publishing (the stub publisher of the suite stands in for the static-site builder).
  { endpoint: 'POST /publish/rebuild', allowed: association, build: async () => ({}) },
  { endpoint: 'POST /publish/rollback', allowed: association, build: async () => ({}) },

  // Seasons
  {
    endpoint: 'POST /league/main/{mainId}/season',
    allowed: league,
    build: async (ctx) => ({
      params: { mainId: ctx.mainId },
      body: { seasonName: `시즌 ${uniq()}`, year: 2031, active: false },
    }),
  },
  {
    endpoint: 'PUT /league/main/{mainId}/season/{seasonId}',
    allowed: league,
    build: async (ctx) => ({
      params: { mainId: ctx.mainId, seasonId: await freshSeason(ctx) },
      body: { seasonName: `고친 시즌 ${uniq()}` },
    }),
  },
  {
    endpoint: 'DELETE /league/main/{mainId}/season/{seasonId}',
    allowed: league,
    build: async (ctx) => ({ params: { mainId: ctx.mainId, seasonId: await freshSeason(ctx) } }),
  },

  // Leagues
  {
    endpoint: 'POST /league/main/{mainId}/season/{seasonId}/league',
    allowed: league,
    build: async (ctx) => ({ params: seasonScope(ctx), body: { leagueName: `새 리그 ${uniq()}` } }),
  },
  {
    endpoint: 'PUT /league/main/{mainId}/season/{seasonId}/league/{leagueId}',
    allowed: league,
    build: async (ctx) => ({
      params: { ...seasonScope(ctx), leagueId: (await freshLeague(ctx)).leagueId },
      body: { leagueName: `고친 리그 ${uniq()}` },
    }),
  },
  {
    endpoint: 'DELETE /league/main/{mainId}/season/{seasonId}/league/{leagueId}',
    allowed: league,
    build: async (ctx) => ({
      params: { ...seasonScope(ctx), leagueId: (await freshLeague(ctx)).leagueId },
    }),
  },
  {
    endpoint: 'POST /league/main/{mainId}/season/{seasonId}/league/{leagueId}/logo',
    allowed: league,
    build: async (ctx) => ({
      params: { ...seasonScope(ctx), leagueId: (await freshLeague(ctx)).leagueId },
      form: fileForm(PNG, 'logo.png', 'image/png'),
    }),
  },

  // Teams of a league, league rosters and staff
  {
    endpoint: 'POST /league/main/{mainId}/season/{seasonId}/league/{leagueId}/teams',
    allowed: league,
    build: async (ctx) => ({
      params: {
        ...seasonScope(ctx),
        leagueId: (await freshLeague(ctx, { teams: false })).leagueId,
      },
      body: { teams: [ctx.teamA] },
    }),
  },
  {
    endpoint: 'DELETE /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}',
    allowed: league,
    build: async (ctx) => ({
      params: {
        ...seasonScope(ctx),
        leagueId: (await freshLeague(ctx)).leagueId,
        teamId: ctx.teamA,
      },
    }),
  },
  {
    endpoint:
      'PATCH /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}/players',
    allowed: roster,
    build: async (ctx) => {
      const l = await freshLeague(ctx, { rosters: true });
      const { playerId } = await freshPlayer(ctx, ctx.teamA);
      const players = [
        ...(await rosterEntries(ctx, l.leagueId, ctx.teamA)),
        { playerId, backNumber: 99, status: 'active' },
      ];
      return {
        params: { ...seasonScope(ctx), leagueId: l.leagueId, teamId: ctx.teamA },
        body: { players },
      };
    },
  },
  {
    endpoint:
      'PATCH /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}/players',
    variant: "team B's roster",
    allowed: league,
    build: async (ctx) => {
      const l = await freshLeague(ctx, { rosters: true });
      const { playerId } = await freshPlayer(ctx, ctx.teamB);
      const players = [
        ...(await rosterEntries(ctx, l.leagueId, ctx.teamB)),
        { playerId, backNumber: 99, status: 'active' },
      ];
      return {
        params: { ...seasonScope(ctx), leagueId: l.leagueId, teamId: ctx.teamB },
        body: { players },
      };
    },
  },
  {
    endpoint: 'PUT /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}/coaches',
    allowed: roster,
    build: async (ctx) => {
      const l = await freshLeague(ctx);
      const { coachId } = await freshCoach(ctx);
      return {
        params: { ...seasonScope(ctx), leagueId: l.leagueId, teamId: ctx.teamA },
        body: { coaches: [{ coachId, role: '코치' }] },
      };
    },
  },
  {
    endpoint: 'PUT /league/main/{mainId}/season/{seasonId}/league/{leagueId}/team/{teamId}/coaches',
    variant: "team B's staff",
    allowed: league,
    build: async (ctx) => {
      const l = await freshLeague(ctx);
      const { coachId } = await freshCoach(ctx);
      return {
        params: { ...seasonScope(ctx), leagueId: l.leagueId, teamId: ctx.teamB },
        body: { coaches: [{ coachId, role: '코치' }] },
      };
    },
  },
  {
    endpoint: 'DELETE /league/admin/league/{leagueId}/team/{teamId}/{playerId}',
    allowed: roster,
    build: async (ctx) => {
      const l = await freshLeague(ctx, { rosters: true });
      return { params: { leagueId: l.leagueId, teamId: ctx.teamA, playerId: l.rosterA[8] } };
    },
  },
  {
    endpoint: 'DELETE /league/admin/league/{leagueId}/team/{teamId}/{playerId}',
    variant: "a player of team B's roster",
    allowed: league,
    build: async (ctx) => {
      const l = await freshLeague(ctx, { rosters: true });
      return { params: { leagueId: l.leagueId, teamId: ctx.teamB, playerId: l.rosterB[8] } };
    },
  },

  // Notices
  {
    endpoint: 'POST /league/main/{mainId}/notice',
    allowed: notices,
    build: async (ctx) => ({
      params: { mainId: ctx.mainId },
      body: { title: `새 공지 ${uniq()}`, body: '본문', pinned: false },
    }),
  },
  {
    endpoint: 'PUT /notice/{wrId}',
    allowed: notices,
    build: async (ctx) => ({
      params: { wrId: await freshNotice(ctx) },
      body: { title: `고친 공지 ${uniq()}`, body: '고친 본문', pinned: true },
    }),
  },
  {
    endpoint: 'POST /notice/{wrId}/publish',
    allowed: notices,
    build: async (ctx) => ({ params: { wrId: await freshNotice(ctx, true) } }),
  },
  {
    endpoint: 'POST /notice/{wrId}/unpublish',
    allowed: notices,
    build: async (ctx) => ({ params: { wrId: await freshNotice(ctx) } }),
  },
  {
    endpoint: 'DELETE /notice/{wrId}',
    allowed: notices,
    build: async (ctx) => ({ params: { wrId: await freshNotice(ctx) } }),
  },
  {
    endpoint: 'POST /notice/{wrId}/attachments',
    allowed: notices,
    build: async (ctx) => ({
      params: { wrId: await freshNotice(ctx) },
      form: fileForm(PDF, '규정.pdf', 'application/pdf'),
    }),
  },
  {
    endpoint: 'DELETE /notice/{wrId}/attachments/{uploadId}',
    allowed: notices,
    build: async (ctx) => {
      const wrId = await freshNotice(ctx);
      const up = await ctx.asAdmin('POST', `/api/notice/${wrId}/attachments`, {
        form: fileForm(PNG, 'poster.png', 'image/png'),
      });
      if (up.status !== 201)
        throw new Error(`fixture attachment: ${up.status} ${JSON.stringify(up.body)}`);
      return { params: { wrId, uploadId: up.body.data.uploadId } };
    },
  },

  // The monthly review of the access record of personal data (decision 146): 협회 관리자 and site admins.
  {
    endpoint: 'POST /league/main/{mainId}/personal-access-log/review',
    allowed: association,
    build: async (ctx) => ({ params: { mainId: ctx.mainId }, body: { month: '2026-01' } }),
  },

  // Operations: backups and imports are for site admins only.
  { endpoint: 'POST /admin/backup', allowed: adminOnly, build: async () => ({}) },
  // Lifting a sign-in wait is for site admins only (decision 025).
  {
    endpoint: 'POST /auth/unlock',
    allowed: adminOnly,
    build: async () => ({ body: { email: 'league2@sbsa.kr' } }),
  },
  // A person's second factor is reset, and an association's rule for it set, by site admins and
  // 협회 관리자 (decision 147). The rule stays off: on, it would hold the other roles' writes.
  {
    endpoint: 'POST /auth/totp/reset/{userId}',
    allowed: association,
    build: async (ctx) => {
      const userId = await freshUser(ctx);
      await ctx.t.db
        .insertInto('league_managers')
        .values({ main_id: ctx.mainId, user_id: userId, grade: 3 })
        .execute();
      return { params: { userId } };
    },
  },
  {
    endpoint: 'PUT /auth/totp/requirement/{mainId}',
    allowed: association,
    build: async (ctx) => ({ params: { mainId: ctx.mainId }, body: { required: false } }),
  },
  {
    endpoint: 'POST /admin/import',
    allowed: adminOnly,
    build: async (ctx, role) => {
      const body = await emptyExportFile(ctx);
      if (role !== 'admin') return { body };
      // Only an empty instance accepts an import; the admin's call goes to a new one.
      const target = await createTestApp();
      ctx.extraApps.push(target);
      return { body, elsewhere: { t: target, token: await target.adminToken() } };
    },
  },

  // Association managers and board roles
  {
    endpoint: 'POST /league/main/{mainId}/managers',
    allowed: association,
    build: async (ctx) => ({
      params: { mainId: ctx.mainId },
      body: { userId: await freshUser(ctx), grade: 3 },
    }),
  },
  {
    endpoint: 'PATCH /league/main/{mainId}/managers/{userId}',
    allowed: association,
    build: async (ctx) => {
      const userId = await freshUser(ctx);
      await ctx.t.db
        .insertInto('league_managers')
        .values({ main_id: ctx.mainId, user_id: userId, grade: 3 })
        .execute();
      return { params: { mainId: ctx.mainId, userId }, body: { grade: 2 } };
    },
  },
  {
    endpoint: 'DELETE /league/main/{mainId}/managers/{userId}',
    allowed: association,
    build: async (ctx) => {
      const userId = await freshUser(ctx);
      await ctx.t.db
        .insertInto('league_managers')
        .values({ main_id: ctx.mainId, user_id: userId, grade: 3 })
        .execute();
      return { params: { mainId: ctx.mainId, userId } };
    },
  },
  {
    endpoint: 'PUT /league/main/{mainId}/boards/{board}/roles/{userId}',
    allowed: association,
    build: async (ctx) => ({
      params: { mainId: ctx.mainId, board: 'notice', userId: await freshUser(ctx) },
      body: { role: 'write' },
    }),
  },
  {
    endpoint: 'DELETE /league/main/{mainId}/boards/{board}/roles/{userId}',
    allowed: association,
    build: async (ctx) => {
      const userId = await freshUser(ctx);
      await ctx.t.db
        .insertInto('board_roles')
        .values({ main_id: ctx.mainId, board: 'notice', user_id: userId, role: 'write' })
        .execute();
      return { params: { mainId: ctx.mainId, board: 'notice', userId } };
    },
  },

  // Divisions
  {
    endpoint: 'POST /divisions',
    allowed: association,
    build: async (ctx) => ({
      body: { mainId: ctx.mainId, name: `새 부 ${uniq()}`, sortOrder: 91 },
    }),
  },
  {
    endpoint: 'PATCH /divisions/{id}',
    allowed: association,
    build: async (ctx) => ({ params: { id: await freshDivision(ctx) }, body: { sortOrder: 92 } }),
  },
  {
    endpoint: 'DELETE /divisions/{id}',
    allowed: association,
    build: async (ctx) => ({ params: { id: await freshDivision(ctx) } }),
  },

  // Teams: the team manager of A may not edit team A itself, nor its managers.
  {
    endpoint: 'POST /teams',
    allowed: association,
    build: async (ctx) => ({ body: { mainId: ctx.mainId, name: `새 팀 ${uniq()}` } }),
  },
  {
    endpoint: 'PATCH /teams/{id}',
    allowed: association,
    // a new value each time: a save that changes nothing writes no audit entry
    build: async (ctx) => ({ params: { id: ctx.teamA }, body: { homeRegion: `서울 ${++serial}` } }),
  },
  {
    endpoint: 'POST /teams/{id}/logo',
    allowed: association,
    build: async (ctx) => ({
      params: { id: ctx.teamA },
      form: fileForm(PNG, 'logo.png', 'image/png'),
    }),
  },
  {
    endpoint: 'DELETE /teams/{id}',
    allowed: association,
    build: async (ctx) => ({ params: { id: await freshTeam(ctx) } }),
  },
  {
    endpoint: 'POST /teams/{teamId}/managers',
    allowed: association,
    build: async (ctx) => ({
      params: { teamId: ctx.teamA },
      body: { userId: await freshUser(ctx) },
    }),
  },
  {
    endpoint: 'DELETE /teams/{teamId}/managers/{userId}',
    allowed: association,
    build: async (ctx) => {
      const userId = await freshUser(ctx);
      await ctx.t.db
        .insertInto('team_managers')
        .values({ team_id: ctx.teamA, user_id: userId })
        .execute();
      return { params: { teamId: ctx.teamA, userId } };
    },
  },

  // Players (the person) are association data; their careers belong to the team.
  {
    endpoint: 'POST /players',
    allowed: association,
    build: async (ctx) => ({
      body: { mainId: ctx.mainId, name: `새 선수 ${uniq()}`, birthDate: '1999-09-09' },
    }),
  },
  {
    endpoint: 'POST /players/import_file',
    allowed: association,
    build: async (ctx) => ({
      query: `mainId=${ctx.mainId}&dryRun=false`,
      form: fileForm(
        new TextEncoder().encode(`이름,생년월일\r\n가져온 선수 ${uniq()},1999-09-09\r\n`),
        '선수.csv',
        'text/csv',
      ),
    }),
  },
  {
    endpoint: 'PATCH /players/{id}',
    allowed: association,
    build: async (ctx) => ({
      params: { id: (await freshPlayer(ctx, ctx.teamA)).playerId },
      body: { position: '외야수' },
    }),
  },
  {
    endpoint: 'DELETE /players/{id}',
    allowed: association,
    build: async (ctx) => ({ params: { id: (await freshPlayer(ctx)).playerId } }),
  },
  {
    endpoint: 'POST /players/{id}/career',
    allowed: career,
    build: async (ctx) => ({
      params: { id: (await freshPlayer(ctx)).playerId },
      body: { teamId: ctx.teamA, backNumber: 7, fromDate: '2021-01-01' },
    }),
  },
  {
    endpoint: 'POST /players/{id}/career',
    variant: 'a career on team B',
    allowed: association,
    build: async (ctx) => ({
      params: { id: (await freshPlayer(ctx)).playerId },
      body: { teamId: ctx.teamB, backNumber: 7, fromDate: '2021-01-01' },
    }),
  },
  {
    endpoint: 'POST /teams/{id}/players',
    allowed: career,
    build: async (ctx) => ({
      params: { id: ctx.teamA },
      body: { name: `새 클럽선수 ${++serial}`, backNumber: 11 },
    }),
  },
  {
    endpoint: 'POST /teams/{id}/players',
    variant: 'a new player on team B',
    allowed: association,
    build: async (ctx) => ({
      params: { id: ctx.teamB },
      body: { name: `새 클럽선수 ${++serial}`, backNumber: 11 },
    }),
  },
  {
    endpoint: 'PATCH /players/{id}/career/{careerId}',
    allowed: career,
    build: async (ctx) => {
      const p = await freshPlayer(ctx, ctx.teamA);
      return {
        params: { id: p.playerId, careerId: p.careerId! },
        body: { toDate: '2020-12-31', backNumber: 10 },
      };
    },
  },
  {
    endpoint: 'PATCH /players/{id}/career/{careerId}',
    variant: 'a career on team B',
    allowed: association,
    build: async (ctx) => {
      const p = await freshPlayer(ctx, ctx.teamB);
      return {
        params: { id: p.playerId, careerId: p.careerId! },
        body: { toDate: '2020-12-31', backNumber: 10 },
      };
    },
  },
  {
    endpoint: 'PATCH /players/{id}/career/{careerId}',
    variant: 'moving a team-A career to team B',
    allowed: association,
    build: async (ctx) => {
      const p = await freshPlayer(ctx, ctx.teamA);
      return { params: { id: p.playerId, careerId: p.careerId! }, body: { teamId: ctx.teamB } };
    },
  },
  {
    endpoint: 'DELETE /players/{id}/career/{careerId}',
    allowed: career,
    build: async (ctx) => {
      const p = await freshPlayer(ctx, ctx.teamA);
      return { params: { id: p.playerId, careerId: p.careerId! } };
    },
  },
  {
    endpoint: 'DELETE /players/{id}/career/{careerId}',
    variant: 'a career on team B',
    allowed: association,
    build: async (ctx) => {
      const p = await freshPlayer(ctx, ctx.teamB);
      return { params: { id: p.playerId, careerId: p.careerId! } };
    },
  },

  // Coaches and their careers: association data (a team manager edits only the league staff).
  {
    endpoint: 'POST /coaches',
    allowed: association,
    build: async (ctx) => ({
      body: { mainId: ctx.mainId, name: `새 지도자 ${uniq()}`, birthDate: '1971-01-01' },
    }),
  },
  {
    endpoint: 'PATCH /coaches/{id}',
    allowed: association,
    build: async (ctx) => ({
      params: { id: (await freshCoach(ctx)).coachId },
      body: { phone: '010-1234-5678' },
    }),
  },
  {
    endpoint: 'DELETE /coaches/{id}',
    allowed: association,
    build: async (ctx) => ({ params: { id: (await freshCoach(ctx)).coachId } }),
  },
  {
    endpoint: 'POST /coaches/{id}/career',
    allowed: association,
    build: async (ctx) => ({
      params: { id: (await freshCoach(ctx)).coachId },
      body: { teamId: ctx.teamA, role: '코치', fromDate: '2021-01-01' },
    }),
  },
  {
    endpoint: 'PATCH /coaches/{id}/career/{careerId}',
    allowed: association,
    build: async (ctx) => {
      const c = await freshCoach(ctx, ctx.teamA);
      return { params: { id: c.coachId, careerId: c.careerId! }, body: { role: '단장' } };
    },
  },
  {
    endpoint: 'DELETE /coaches/{id}/career/{careerId}',
    allowed: association,
    build: async (ctx) => {
      const c = await freshCoach(ctx, ctx.teamA);
      return { params: { id: c.coachId, careerId: c.careerId! } };
    },
  },

  // Accounts: site admins only; linking an account to a player or coach edits that player or
  // coach, which grade 1 may do anyway (PATCH /players/{id} takes a userId too).
  {
    endpoint: 'POST /users',
    allowed: adminOnly,
    build: async () => ({
      body: { email: `new-${uniq()}@sbsa.kr`, password: 'matrix-password-1', username: '새 회원' },
    }),
  },
  {
    endpoint: 'PATCH /users/{id}',
    allowed: adminOnly,
    build: async (ctx) => ({
      params: { id: await freshUser(ctx) },
      body: { nickname: `별명${uniq()}` },
    }),
  },
  {
    endpoint: 'DELETE /users/{id}',
    allowed: adminOnly,
    build: async (ctx) => ({ params: { id: await freshUser(ctx) } }),
  },
  // a person's rights (decision 148): site admins and 협회 관리자, with the request's reason
  ...(
    [
      ['players', async (ctx: MatrixContext) => (await freshPlayer(ctx)).playerId],
      ['coaches', async (ctx: MatrixContext) => (await freshCoach(ctx)).coachId],
      ['users', freshUser],
    ] as const
  ).flatMap(([collection, fresh]) =>
    (['export', 'erase'] as const).map(
      (what): MatrixCase => ({
        endpoint: `POST /${collection}/{id}/personal-data/${what}`,
        allowed: association,
        build: async (ctx) => ({
          params: { id: await fresh(ctx) },
          body: { reason: '본인 요청' },
        }),
      }),
    ),
  ),
  {
    endpoint: 'POST /users/{id}/link',
    allowed: association,
    build: async (ctx) => ({
      params: { id: await freshUser(ctx) },
      body: { playerId: (await freshPlayer(ctx, ctx.teamA)).playerId },
    }),
  },

  // Schedules
  {
    endpoint: 'POST /league/league/{leagueId}/schedule/game',
    allowed: league,
    build: async (ctx) => ({
      params: { leagueId: (await freshLeague(ctx)).leagueId },
      body: {
        date: '2026-09-05',
        time: '09:00',
        venue: '권한 구장',
        homeTeamId: ctx.teamA,
        awayTeamId: ctx.teamB,
        round: '1라운드',
      },
    }),
  },
  {
    endpoint: 'PATCH /league/league/{leagueId}/schedule/game/{gameId}',
    allowed: league,
    build: async (ctx) => {
      const { leagueId } = await freshLeague(ctx);
      return {
        params: { leagueId, gameId: await freshGame(ctx, leagueId) },
        body: { venue: '고척', time: '13:30' },
      };
    },
  },
  {
    endpoint: 'DELETE /league/league/{leagueId}/schedule/game/{gameId}',
    allowed: league,
    build: async (ctx) => {
      const { leagueId } = await freshLeague(ctx);
      return { params: { leagueId, gameId: await freshGame(ctx, leagueId) } };
    },
  },
  {
    endpoint: 'POST /league/league/{id}/schedule/upload_file',
    allowed: league,
    build: async (ctx) => ({
      params: { id: (await freshLeague(ctx)).leagueId },
      query: 'dryRun=false',
      form: fileForm(new TextEncoder().encode(scheduleCsv(ctx)), '일정.csv', 'text/csv'),
    }),
  },
  {
    endpoint: 'DELETE /league/league/{id}/schedule/delete_file',
    allowed: league,
    build: async (ctx) => {
      const { leagueId } = await freshLeague(ctx);
      const up = await ctx.asAdmin(
        'POST',
        `/api/league/league/${leagueId}/schedule/upload_file?dryRun=false`,
        {
          form: fileForm(new TextEncoder().encode(scheduleCsv(ctx)), '일정.csv', 'text/csv'),
        },
      );
      if (up.status !== 200)
        throw new Error(`fixture schedule file: ${up.status} ${JSON.stringify(up.body)}`);
      return { params: { id: leagueId } };
    },
  },

  // Game records
  {
    endpoint: 'PUT /league/game/{gameId}/record',
    allowed: records,
    build: async (ctx) => {
      const l = await freshLeague(ctx, { rosters: true });
      return { params: { gameId: await freshGame(ctx, l.leagueId) }, body: boxScore(l) };
    },
  },
  {
    endpoint: 'DELETE /league/game/{gameId}/record',
    allowed: records,
    build: async (ctx) => {
      const l = await freshLeague(ctx, { rosters: true });
      const gameId = await freshGame(ctx, l.leagueId);
      const put = await ctx.asAdmin('PUT', `/api/league/game/${gameId}/record`, {
        body: boxScore(l),
      });
      if (put.status !== 200)
        throw new Error(`fixture record: ${put.status} ${JSON.stringify(put.body)}`);
      return { params: { gameId } };
    },
  },

  // Live line scores (decision 149)
  {
    endpoint: 'PUT /league/game/{gameId}/live',
    allowed: records,
    build: async (ctx) => {
      const l = await freshLeague(ctx);
      return { params: { gameId: await freshGame(ctx, l.leagueId) }, body: liveLine };
    },
  },
  {
    endpoint: 'POST /league/game/{gameId}/live/end',
    allowed: records,
    build: async (ctx) => ({ params: { gameId: await liveGame(ctx) } }),
  },
  {
    endpoint: 'DELETE /league/game/{gameId}/live',
    allowed: records,
    build: async (ctx) => ({ params: { gameId: await liveGame(ctx) } }),
  },
  {
    endpoint: 'POST /league/game/{gameId}/live/suspend',
    allowed: records,
    build: async (ctx) => ({ params: { gameId: await liveGame(ctx) }, body: { reason: '우천' } }),
  },

  // A game from an event file (decision 155)
  {
    endpoint: 'PUT /league/game/{gameId}/retrosheet',
    allowed: records,
    build: async (ctx) => {
      const l = await freshLeague(ctx, { rosters: true });
      const gameId = await freshGame(ctx, l.leagueId);
      // freshGame: team A at home, team B away
      const names = async (ids: number[]) => {
        const rows = await ctx.t.db
          .selectFrom('players')
          .select(['id', 'name'])
          .where('id', 'in', ids)
          .execute();
        return ids.map((id) => rows.find((r) => r.id === id)!.name);
      };
      return {
        params: { gameId },
        text: sevenInningFile(await names(l.rosterB), await names(l.rosterA)),
      };
    },
  },

  // Results
  {
    endpoint: 'POST /league/league/{id}/result',
    allowed: league,
    build: async (ctx) => {
      const l = await freshLeague(ctx, { rosters: true });
      return {
        params: { id: l.leagueId },
        body: {
          ranks: [
            { teamId: ctx.teamA, rank: 1, note: '우승' },
            { teamId: ctx.teamB, rank: 2 },
          ],
          awards: [{ awardName: '최우수선수상', playerId: l.rosterA[0] }],
        },
      };
    },
  },
];
