import { addDays, latestDate, seoulTimestamp } from './calendar.ts';
import { ASSOCIATION, DEMO_SEED, DIVISIONS, SEASONS, TEAMS } from './catalog.ts';
import { buildCoaches } from './coaches.ts';
import { buildLeague } from './build-league.ts';
import { emptyRows } from './demo-rows.ts';
import type { DemoRows } from './demo-rows.ts';
import { createIdAllocator } from './ids.ts';
import type { IdAllocator } from './ids.ts';
import { buildNotices } from './notices.ts';
import type { NoticeLeague } from './notices.ts';
import { buildSquads } from './people.ts';
import type { DemoTeam } from './people.ts';
import { createRng } from './random.ts';
import { DEMO_USERS } from './demo-users.ts';
import type { DemoUser } from './demo-users.ts';

export interface DemoDataOptions {
  /** argon2 hash of the demo password, made once and shared by every demo user */
  passwordHash: string;
  /** highest id already used per table; the demo rows continue after it */
  idStart?: Readonly<Record<string, number>>;
  /** demo accounts to leave out because their email is already registered */
  skipEmails?: readonly string[];
}

/** The whole demo association as rows, computed in memory: the same rows on every run. */
export function buildDemoData(options: DemoDataOptions): DemoRows {
  const rows = emptyRows();
  const ids = createIdAllocator(options.idStart);
  const mainId = ids.next('league_main');
  rows.league_main.push({
    id: mainId,
    path: ASSOCIATION.path,
    name: ASSOCIATION.name,
    short_name: ASSOCIATION.shortName,
    logo: null,
    created_at: ASSOCIATION.createdAt,
  });

  const skip = new Set(options.skipEmails ?? []);
  const users = DEMO_USERS.filter((u) => !skip.has(u.email));
  const userIds = new Map<string, number>();
  for (const u of users) {
    const id = ids.next('users');
    userIds.set(u.email, id);
    const at = seoulTimestamp(u.joined, '09:00');
    rows.users.push({
      id,
      email: u.email,
      password_hash: options.passwordHash,
      username: u.username,
      nickname: u.nickname,
      phone: u.phone,
      photo: null,
      gender: u.gender,
      birthday: u.birthday,
      is_admin: 0,
      disabled: u.disabled ? 1 : 0,
      created_at: at,
      updated_at: at,
    });
    if (u.grade)
      rows.league_managers.push({
        id: ids.next('league_managers'),
        main_id: mainId,
        user_id: id,
        grade: u.grade,
      });
  }

  const divisionIds = new Map<string, number>();
  for (const d of DIVISIONS) {
    const id = ids.next('divisions');
    divisionIds.set(d.key, id);
    rows.divisions.push({ id, main_id: mainId, name: d.name, sort_order: d.sortOrder });
  }
  const teams: DemoTeam[] = TEAMS.map((spec) => {
    const division = DIVISIONS.find((d) => d.key === spec.division)!;
    return { id: ids.next('teams'), spec, division, divisionId: divisionIds.get(spec.division)! };
  });
  for (const t of teams) {
    rows.teams.push({
      id: t.id,
      main_id: mainId,
      division_id: t.divisionId,
      name: t.spec.name,
      short_name: t.spec.shortName,
      logo: null,
      home_region: t.spec.region,
      founded: t.spec.founded,
    });
  }

  const usedNames = new Set<string>(DEMO_USERS.map((u) => u.username));
  const squads = buildSquads(createRng(`${DEMO_SEED}:squads`), teams, ids, usedNames);
  const staff = buildCoaches(createRng(`${DEMO_SEED}:coaches`), teams, ids, usedNames);
  const players = new Map(squads.players.map((p) => [p.id, p]));

  // A few association members without a team (the admin's "no team" list).
  const freeRng = createRng(`${DEMO_SEED}:free-agents`);
  for (const [name, gender, birthDate, position] of [
    ['문하린', 'F', '1999-04-17', '2루수'],
    ['권태준', 'M', '1996-09-02', '우익수'],
    ['배성찬', 'M', '2001-01-23', '투수'],
  ] as const) {
    usedNames.add(name);
    const p = {
      id: ids.next('players'),
      name,
      birthDate,
      gender,
      bats: 'R' as const,
      throws: 'R' as const,
      position,
      userId: null,
      skills: {
        contact: 1,
        power: 1,
        eye: 1,
        speed: 1,
        stuff: 1,
        control: 1,
        stamina: freeRng.int(20, 30),
      },
    };
    squads.players.push(p);
    players.set(p.id, p);
  }

  const seasonNotices: {
    year: number;
    registration: string;
    resultDate: string | null;
    leagues: NoticeLeague[];
  }[] = [];
  for (const season of SEASONS) {
    const seasonId = ids.next('seasons');
    rows.seasons.push({
      id: seasonId,
      main_id: mainId,
      name: season.name,
      year: season.year,
      active: season.active,
    });
    const leagues = DIVISIONS.map((division, order) =>
      buildLeague(
        { ids, rows, teams, players, stints: squads.stints, staff },
        season,
        division,
        seasonId,
        order,
      ),
    );
    const end = latestDate(leagues.map((l) => l.end));
    seasonNotices.push({
      year: season.year,
      registration: addDays(season.from, -12),
      resultDate: season.active ? null : addDays(end, 8),
      leagues,
    });
  }

  linkAccounts(rows, ids, users, teams, squads.stints, players, staff, userIds);

  for (const p of squads.players) {
    rows.players.push({
      id: p.id,
      main_id: mainId,
      name: p.name,
      birth_date: p.birthDate,
      gender: p.gender,
      bats: p.bats,
      throws: p.throws,
      position: p.position,
      photo: null,
      user_id: p.userId,
    });
  }
  for (const s of squads.stints) {
    rows.team_players.push({
      id: s.id,
      team_id: s.teamId,
      player_id: s.playerId,
      back_number: s.backNumber,
      from_date: s.from,
      to_date: s.to,
    });
  }
  for (const c of staff.coaches) {
    rows.coaches.push({
      id: c.id,
      main_id: mainId,
      name: c.name,
      birth_date: c.birthDate,
      phone: c.phone,
      photo: null,
      user_id: c.userId,
    });
  }
  for (const s of staff.stints) {
    rows.team_coaches.push({
      id: s.id,
      team_id: s.teamId,
      coach_id: s.coachId,
      role: s.role,
      from_date: s.from,
      to_date: s.to,
    });
  }

  const noticeRng = createRng(`${DEMO_SEED}:notices`);
  const authorId = userIds.get('league1@sbsa.kr') ?? null;
  for (const n of buildNotices(seasonNotices)) {
    const at = seoulTimestamp(n.date, n.time);
    const age = 2027 - Number(n.date.slice(0, 4));
    rows.notices.push({
      wr_id: ids.next('notices'),
      main_id: mainId,
      title: n.title,
      body: n.body,
      author_id: authorId,
      author_name: '사무국',
      pinned: n.pinned ? 1 : 0,
      views: noticeRng.int(40, 400) * age + (n.pinned ? 900 : 0),
      created_at: at,
      updated_at: at,
    });
  }
  return rows;
}

/** Ties demo accounts to the people they are: a team manager to a club's 감독, two members to players. */
function linkAccounts(
  rows: DemoRows,
  ids: IdAllocator,
  users: readonly DemoUser[],
  teams: readonly DemoTeam[],
  stints: readonly { teamId: number; playerId: number; to: string | null }[],
  players: ReadonlyMap<
    number,
    {
      id: number;
      name: string;
      position: string;
      gender: 'M' | 'F';
      birthDate: string;
      userId: number | null;
    }
  >,
  staff: {
    coaches: { id: number; name: string; userId: number | null }[];
    stints: { teamId: number; coachId: number; role: string; to: string | null }[];
  },
  userIds: ReadonlyMap<string, number>,
): void {
  const user = (email: string) => rows.users.find((u) => u.email === email)!;
  for (const u of users) {
    const id = userIds.get(u.email)!;
    if (u.managesTeam) {
      const team = teams.find((t) => t.spec.name === u.managesTeam)!;
      rows.team_managers.push({ id: ids.next('team_managers'), team_id: team.id, user_id: id });
      const manager = staff.stints.find(
        (s) => s.teamId === team.id && s.role === '감독' && s.to === null,
      );
      const coach = manager && staff.coaches.find((c) => c.id === manager.coachId);
      if (coach) {
        coach.userId = id;
        user(u.email).username = coach.name;
      }
    }
    if (u.playsFor) {
      const team = teams.find((t) => t.spec.name === u.playsFor)!;
      const current = stints
        .filter((s) => s.teamId === team.id && s.to === null)
        .map((s) => players.get(s.playerId)!)
        .find((p) => p.position !== '투수' && p.userId === null)!;
      current.userId = id;
      Object.assign(user(u.email), {
        username: current.name,
        gender: current.gender,
        birthday: current.birthDate,
      });
    }
  }
}
