import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed/catalog.ts';
import { seoulToday } from '../../src/lib/seoul-date.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import type { JsonAnswer } from '../helpers/json-answer.ts';

/**
 * Who sees a phone number or a birth date, by job, on the demo league: the demo accounts sign in
 * and read the people of team A (managed by team@sbsa.kr) and of team B (another team of the same
 * league) through every kind of read that returns people.
 */

type Job =
  | 'site admin'
  | 'grade 1'
  | 'grade 2'
  | 'scorer'
  | 'team manager'
  | 'board writer'
  | 'no role';
const accounts: Record<Exclude<Job, 'site admin' | 'board writer'>, string> = {
  'grade 1': 'league1@sbsa.kr',
  'grade 2': 'league2@sbsa.kr',
  scorer: 'scorer@sbsa.kr',
  'team manager': 'team@sbsa.kr',
  'no role': 'fan1@sbsa.kr',
};
/** [team A's people, team B's people] */
const sees: Record<Job, [boolean, boolean]> = {
  'site admin': [true, true],
  'grade 1': [true, true],
  'grade 2': [true, true],
  scorer: [false, false],
  'team manager': [true, false],
  'board writer': [false, false],
  'no role': [false, false],
};

let t: TestApp;
const tokens = {} as Record<Job, string>;
let leagueId: number;
const team = {} as Record<'A' | 'B', { id: number; player: number; coach: number }>;

const personal = (o: Record<string, unknown>) =>
  ['phone', 'birthDate', 'email'].some((k) => o[k] !== null && o[k] !== undefined);

beforeAll(async () => {
  t = await createTestApp({ seed: seedDemo });
  const today = seoulToday();
  const now = `from_date <= '${today}' AND (to_date IS NULL OR to_date >= '${today}')`;
  const a =
    (await t.sql.get(`SELECT tm.team_id AS id FROM team_managers tm JOIN users u ON u.id = tm.user_id
       WHERE u.email = 'team@sbsa.kr'`)) as { id: number };
  // A league of the active season that has team A and another team, both with current players.
  const pick = async (teamId: number, lid?: number) =>
    (await t.sql.get(
      `SELECT lp.league_id, lp.team_id, lp.player_id,
           (SELECT coach_id FROM team_coaches WHERE team_id = lp.team_id AND ${now} LIMIT 1) AS coach
         FROM league_players lp JOIN leagues l ON l.id = lp.league_id
         JOIN seasons s ON s.id = l.season_id AND s.active = 1
         JOIN players p ON p.id = lp.player_id AND p.birth_date IS NOT NULL
         JOIN team_players tp ON tp.player_id = lp.player_id AND tp.team_id = lp.team_id
         WHERE ${now.replaceAll('from_date', 'tp.from_date').replaceAll('to_date', 'tp.to_date')}
           AND ${teamId ? 'lp.team_id = ?' : 'lp.team_id != ?'} ${lid ? `AND lp.league_id = ${lid}` : ''}
         ORDER BY lp.league_id LIMIT 1`,
      teamId || a.id,
    )) as {
      league_id: number;
      team_id: number;
      player_id: number;
      coach: number;
    };
  const rowA = await pick(a.id);
  const rowB = await pick(0, rowA.league_id);
  leagueId = rowA.league_id;
  team.A = { id: rowA.team_id, player: rowA.player_id, coach: rowA.coach };
  team.B = { id: rowB.team_id, player: rowB.player_id, coach: rowB.coach };
  tokens['site admin'] = await t.adminToken();
  for (const [job, email] of Object.entries(accounts)) {
    const res = await t.api('POST', '/api/auth/login', {
      body: { email, password: DEMO_PASSWORD },
    });
    expect(res.status, email).toBe(200);
    tokens[job as Job] = res.body.data.access_token;
  }
  const writer = await t.makeUser({ email: 'writer@sbsa.kr' });
  await t.sql.run(
    "INSERT INTO board_roles (main_id, board, user_id, role) VALUES (?, 'notice', ?, 'write')",
    t.main.id,
    writer.id,
  );
  tokens['board writer'] = writer.token;
});

afterAll(() => t?.close());

/** Each read that returns people of one team, and the people objects it answers with. */
const reads: [
  string,
  (id: 'A' | 'B') => string,
  (body: JsonAnswer) => Record<string, unknown>[],
][] = [
  ['player list', (x) => `/api/players?teamId=${team[x].id}&limit=500`, (b) => b.data.items],
  ['player detail', (x) => `/api/players/${team[x].player}`, (b) => [b.data]],
  ['coach list', (x) => `/api/coaches?teamId=${team[x].id}&limit=500`, (b) => b.data.items],
  ['coach detail', (x) => `/api/coaches/${team[x].coach}`, (b) => [b.data]],
  [
    'league roster',
    (x) => `/api/league/league/${leagueId}/team/${team[x].id}/players`,
    (b) => b.data,
  ],
  [
    'roster entry',
    (x) => `/api/league/admin/league/${leagueId}/team/${team[x].id}/${team[x].player}`,
    (b) => [b.data],
  ],
];

describe('personal fields by job: team A (managed by team@sbsa.kr) and team B', () => {
  for (const job of Object.keys(sees) as Job[]) {
    it(`${job}: ${sees[job][0] ? 'sees' : 'does not see'} team A's, ${sees[job][1] ? 'sees' : 'does not see'} team B's`, async () => {
      const got: string[] = [];
      for (const [name, path, people] of reads)
        for (const x of ['A', 'B'] as const) {
          const res = await t.api('GET', path(x), { token: tokens[job] });
          if (res.status !== 200) {
            // a read the job may not make at all shows nothing
            expect([401, 403], `${job} ${name} ${x}`).toContain(res.status);
            continue;
          }
          const list = people(res.body);
          expect(list.length, `${name} ${x}`).toBeGreaterThan(0);
          got.push(`${name} ${x} ${list.some(personal) ? 'with' : 'without'}`);
          // all or nothing within one team: the rule is per person, and these are all on the team
          expect(list.every(personal) || !list.some(personal), `${name} ${x}`).toBe(true);
        }
      const expected = got.map((g) => {
        const [, , x] = g.match(/^(.*) (A|B) /)!;
        return g.replace(/ (with|without)$/, sees[job][x === 'A' ? 0 : 1] ? ' with' : ' without');
      });
      expect(got).toEqual(expected);
      // the details are read by everyone; the people's own pages must be among what was checked
      expect(got.filter((g) => g.startsWith('player detail'))).toHaveLength(2);
    });
  }

  it('careers, past ones included, are read by a team manager without personal fields', async () => {
    for (const x of ['A', 'B'] as const) {
      const res = await t.api('GET', `/api/players/${team[x].player}/career`, {
        token: tokens['team manager'],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data.some(personal)).toBe(false);
    }
  });
});

describe('an order by birth date is given only to a reader who sees every birth date listed', () => {
  const byBirth = (filter: string) => `/api/players?sort=birthDate&limit=500&${filter}`;
  const refused =
    '생년월일을 볼 수 없는 선수가 목록에 있어 생년월일 순으로 정렬할 수 없습니다. 이름 순으로 보거나, 생년월일을 볼 수 있는 팀이나 협회로 좁혀 주세요.';

  it('grade 1 gets the association in birth-date order, with the birth dates', async () => {
    const res = await t.api('GET', byBirth(`mainId=${t.main.id}`), { token: tokens['grade 1'] });
    expect(res.status).toBe(200);
    const dates = (res.body.data.items as { birthDate: string | null }[])
      .map((p) => p.birthDate)
      .filter((d) => d !== null);
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort());
  });

  it('a team manager gets it for his team, and a 400 in Korean for the whole association', async () => {
    const own = await t.api('GET', byBirth(`teamId=${team.A.id}`), {
      token: tokens['team manager'],
    });
    expect(own.status).toBe(200);
    expect(own.body.data.items.every(personal)).toBe(true);
    for (const filter of [`mainId=${t.main.id}`, `teamId=${team.B.id}`, '']) {
      const res = await t.api('GET', byBirth(filter), { token: tokens['team manager'] });
      expect(res.status, filter).toBe(400);
      expect(res.body.message).toBe(refused);
    }
  });

  it('a scorer, a visitor and the no-team list are refused the same way; the name order still answers', async () => {
    for (const token of [tokens.scorer, undefined]) {
      const res = await t.api('GET', byBirth(`teamId=${team.A.id}`), { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(refused);
      const named = await t.api('GET', `/api/players?sort=name&teamId=${team.A.id}`, { token });
      expect(named.status).toBe(200);
      expect(named.body.data.items.some(personal)).toBe(false);
    }
    const noTeam = await t.api('GET', '/api/players/no-team?sort=birthDate', {
      token: tokens.scorer,
    });
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.message).toBe(refused);
  });
});
