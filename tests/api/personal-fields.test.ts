import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { seoulToday } from '../../src/lib/seoul-date.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * The role × field matrix of personal data (auth/personal-fields.ts): every GET of the API whose
 * documented answer can carry a phone number, a birth date or an e-mail address — found in the
 * OpenAPI document, so a new read is covered as soon as it is documented — called by each role.
 * Only site admins and the association's 협회 관리자 and 리그 운영자 (grades 1–2) see them on all its
 * people; a team manager sees them on the people now on his team and nobody else; a 기록원, a board
 * writer or an account without a role never sees them.
 */

const personalKeys = ['phone', 'birthDate', 'birthday', 'email'];

type Role =
  | 'anonymous'
  | 'no role'
  | 'board writer'
  | 'other association manager'
  | 'team manager'
  | 'other team manager'
  | 'grade 3'
  | 'grade 2'
  | 'grade 1'
  | 'site admin';
/** Member accounts belong to no association: self, site admins and 협회 관리자 of any association. */
const mayShowAccounts: Record<Role, boolean> = {
  anonymous: false,
  'no role': false,
  'board writer': false,
  'other association manager': true,
  'team manager': false,
  'other team manager': false,
  'grade 3': false,
  'grade 2': false,
  'grade 1': true,
  'site admin': true,
};
const isAccountRead = (path: string) => /^\/users?\//.test(path) || path === '/users';
/** true: on every person of the association; 'own team': on the people now on the role's team. */
const mayShow: Record<Role, boolean | 'own team'> = {
  anonymous: false,
  'no role': false,
  'board writer': false,
  'other association manager': false,
  'team manager': 'own team',
  'other team manager': 'own team',
  'grade 3': false,
  'grade 2': true,
  'grade 1': true,
  'site admin': true,
};

let t: TestApp;
const tokens = {} as Record<Role, string | undefined>;
let reads: string[] = [];
let values: Record<string, number>;
/** The players and coaches now on each team (a career covering today in Seoul). */
const onTeam = new Map<number, { players: Set<number>; coaches: Set<number> }>();
const teamOf = {} as Record<'team manager' | 'other team manager', number>;

/** Every non-null value under a personal key, anywhere in an answer. */
function personalValues(value: unknown, out: string[] = [], key = ''): string[] {
  if (Array.isArray(value)) for (const v of value) personalValues(v, out, key);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) personalValues(v, out, k);
  else if (value !== null && value !== undefined && personalKeys.includes(key))
    out.push(`${key}=${value}`);
  return out;
}

/**
 * Each person of an answer that carries a personal value, as `player 12`, `coach 3` or, for an
 * account or anything else, `other 7`: a team manager may see the first two of his team only.
 */
function peopleShown(path: string, value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) peopleShown(path, v, out);
  else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (personalKeys.some((k) => obj[k] !== null && obj[k] !== undefined)) {
      if (typeof obj.playerId === 'number') out.push(`player ${obj.playerId}`);
      else if (path.startsWith('/players')) out.push(`player ${obj.id}`);
      else if (path.startsWith('/coaches')) out.push(`coach ${obj.id}`);
      else out.push(`other ${obj.id}`);
    }
    for (const v of Object.values(obj)) peopleShown(path, v, out);
  }
  return out;
}

/** Path parameters from the demo data: a rostered player with a birth date, a coach with a phone. */
function fill(path: string): string {
  const byPrefix = (name: string) => {
    if (name !== 'id') return values[name] ?? 1;
    if (path.startsWith('/players/')) return values.playerId;
    if (path.startsWith('/coaches/')) return values.coachId;
    if (path.startsWith('/users/') || path.startsWith('/user/')) return values.userId;
    if (path.startsWith('/league/main/') || path.startsWith('/league/base/')) return values.mainId;
    if (path.startsWith('/league/season/')) return values.seasonId;
    if (path.includes('/league/')) return values.leagueId;
    if (path.startsWith('/teams/')) return values.teamId;
    return 1;
  };
  return `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => String(byPrefix(name)))}`;
}

beforeAll(async () => {
  t = await createTestApp({ seed: seedDemo });
  const today = `'${seoulToday()}'`;
  const row =
    (await t.sql.get(`SELECT lp.player_id, lp.team_id, lp.league_id, l.season_id FROM league_players lp
       JOIN players p ON p.id = lp.player_id JOIN leagues l ON l.id = lp.league_id
       JOIN team_players tp ON tp.player_id = p.id AND tp.team_id = lp.team_id
       JOIN team_coaches tc ON tc.team_id = lp.team_id
       JOIN coaches c ON c.id = tc.coach_id AND c.phone IS NOT NULL AND c.birth_date IS NOT NULL
       WHERE p.birth_date IS NOT NULL AND tp.from_date <= ${today}
         AND (tp.to_date IS NULL OR tp.to_date >= ${today})
         AND tc.from_date <= ${today} AND (tc.to_date IS NULL OR tc.to_date >= ${today})
       LIMIT 1`)) as { player_id: number; team_id: number; league_id: number; season_id: number };
  const coach = (await t.sql.get(
    `SELECT c.id FROM coaches c JOIN team_coaches tc ON tc.coach_id = c.id AND tc.team_id = ?
       WHERE c.phone IS NOT NULL AND c.birth_date IS NOT NULL LIMIT 1`,
    row.team_id,
  )) as { id: number };
  for (const r of (await t.sql.all(`SELECT team_id, player_id AS id, 'players' AS kind FROM team_players
       WHERE from_date <= ${today} AND (to_date IS NULL OR to_date >= ${today})
       UNION ALL SELECT team_id, coach_id, 'coaches' FROM team_coaches
       WHERE from_date <= ${today} AND (to_date IS NULL OR to_date >= ${today})`)) as {
    team_id: number;
    id: number;
    kind: 'players' | 'coaches';
  }[]) {
    const team = onTeam.get(r.team_id) ?? { players: new Set(), coaches: new Set() };
    team[r.kind].add(r.id);
    onTeam.set(r.team_id, team);
  }
  teamOf['team manager'] = row.team_id;
  teamOf['other team manager'] = [...onTeam.keys()].find(
    (id) => id !== row.team_id && onTeam.get(id)!.players.size > 0,
  )!;
  const other = (await t.sql.get(
    "INSERT INTO league_main (path, name) VALUES ('other', '다른 협회') RETURNING id",
  )) as { id: number };
  tokens['site admin'] = await t.adminToken();
  tokens['grade 1'] = (await t.makeUser({ email: 'g1@sbsa.kr', grade: 1 })).token;
  tokens['grade 2'] = (await t.makeUser({ email: 'g2@sbsa.kr', grade: 2 })).token;
  tokens['grade 3'] = (await t.makeUser({ email: 'g3@sbsa.kr', grade: 3 })).token;
  tokens['team manager'] = (await t.makeUser({ email: 'tm@sbsa.kr', teamId: row.team_id })).token;
  tokens['other team manager'] = (
    await t.makeUser({ email: 'tm2@sbsa.kr', teamId: teamOf['other team manager'] })
  ).token;
  tokens['no role'] = (await t.makeUser({ email: 'none@sbsa.kr' })).token;
  const writer = await t.makeUser({ email: 'writer@sbsa.kr' });
  await t.sql.run(
    "INSERT INTO board_roles (main_id, board, user_id, role) VALUES (?, 'notice', ?, 'write')",
    t.main.id,
    writer.id,
  );
  tokens['board writer'] = writer.token;
  const outsider = await t.makeUser({ email: 'other@sbsa.kr' });
  await t.sql.run(
    'INSERT INTO league_managers (main_id, user_id, grade) VALUES (?, ?, 1)',
    other.id,
    outsider.id,
  );
  tokens['other association manager'] = await t.tokenFor({
    id: outsider.id,
    email: 'other@sbsa.kr',
    isAdmin: false,
  });
  tokens.anonymous = undefined;
  const admin = (await t.sql.get("SELECT id FROM users WHERE email = 'admin@sbsa.kr'")) as {
    id: number;
  };
  values = {
    mainId: t.main.id,
    seasonId: row.season_id,
    leagueId: row.league_id,
    teamId: row.team_id,
    playerId: row.player_id,
    coachId: coach.id,
    userId: admin.id,
  };
  const doc = (await t.api('GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    components?: { schemas?: Record<string, unknown> };
  };
  // the documented answer with every named schema it refers to written out
  const schemas = doc.components?.schemas ?? {};
  const expand = (value: unknown, seen = new Set<string>()): string =>
    JSON.stringify(value, (key, v) => {
      if (key !== '$ref' || typeof v !== 'string') return v;
      const name = v.split('/').pop()!;
      if (seen.has(name)) return v;
      seen.add(name);
      return expand(schemas[name], seen);
    });
  reads = Object.entries(doc.paths)
    .filter(([, ops]) => {
      const ok = ops.get?.responses?.['200'];
      return ok !== undefined && personalKeys.some((k) => expand(ok).includes(`${k}`));
    })
    .map(([path]) => path);
});

afterAll(() => t?.close());

describe('phone numbers, birth dates and e-mail addresses: one rule for every read that returns people', () => {
  it('finds the reads from the API document, the known ones among them', () => {
    for (const known of [
      '/players',
      '/players/{id}',
      '/players/no-team',
      '/coaches',
      '/coaches/{id}',
      '/league/main/{id}/writers',
      '/league/admin/league/{leagueId}/team/{teamId}/{playerId}',
    ])
      expect(reads).toContain(known);
  });

  for (const role of Object.keys(mayShow) as Role[]) {
    const on = { true: 'sees them', false: 'never sees them', 'own team': 'sees them only' };
    const what = `${on[`${mayShow[role]}`]} on people of the association${mayShow[role] === 'own team' ? ' now on his team' : ''}, ${mayShowAccounts[role] ? 'sees' : 'never sees'} those of accounts`;
    it(`${role}: ${what}`, async () => {
      const seen: string[] = [];
      const statuses: string[] = [];
      for (const path of reads) {
        const res = await t.api('GET', fill(path), { token: tokens[role] });
        statuses.push(`${res.status} ${path}`);
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status !== 200) continue;
        const found = personalValues(res.body);
        const allowed = isAccountRead(path) ? mayShowAccounts[role] : mayShow[role];
        if (!allowed) expect(found, `${role} on ${path}`).toEqual([]);
        if (allowed === 'own team') {
          const team = onTeam.get(teamOf[role as keyof typeof teamOf])!;
          const ownPeople = [
            ...[...team.players].map((id) => `player ${id}`),
            ...[...team.coaches].map((id) => `coach ${id}`),
          ];
          for (const person of peopleShown(path, res.body.data))
            expect(ownPeople, `${role} on ${path}`).toContain(person);
        }
        seen.push(...found.map((f) => `${path} ${f}`));
      }
      if (mayShow[role] === 'own team') {
        // on his own team's people only; the rest of the association stays without them
        expect(seen.some((s) => s.startsWith('/players birthDate='))).toBe(true);
      }
      if (role === 'other team manager') {
        expect(seen.filter((s) => /^\/(players|coaches)\/\{id\} /.test(s))).toEqual([]);
      }
      if (mayShow[role] === true || role === 'team manager') {
        // the rule lets them through where the data has them
        expect(seen.some((s) => s.startsWith('/players/{id} birthDate='))).toBe(true);
        expect(seen.some((s) => s.startsWith('/coaches/{id} phone='))).toBe(true);
        expect(seen.some((s) => s.startsWith('/coaches/{id} birthDate='))).toBe(true);
      }
      expect(statuses.length).toBe(reads.length);
    });
  }

  it('a run-out sign-in is refused (401, so the client refreshes) rather than answered as anonymous', async () => {
    const expired = await t.tokenFor({ id: 1, email: 'admin@sbsa.kr', isAdmin: true }, -10);
    const res = await t.api('GET', '/api/players?limit=5', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('로그인이 만료되었습니다. 다시 로그인해 주세요.');
    // Without a token the same read is the public one.
    expect((await t.api('GET', '/api/players?limit=5')).status).toBe(200);
  });

  it('anonymous callers get no list of the accounts that may write notices', async () => {
    const res = await t.api('GET', `/api/league/main/${t.main.id}/writers`);
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain('admin');
  });
});
