import { writeTx } from '../database.ts';
import type { Db } from '../database.ts';
import type { CoachRole } from '../schema.ts';
import { buildLeague } from './build-league.ts';
import type { LeagueContext } from './build-league.ts';
import { addDays, latestDate, saturdayOnOrAfter, seoulTimestamp } from './calendar.ts';
import { ASSOCIATION, DIVISIONS, SEASONS } from './catalog.ts';
import type { DivisionKey, DivisionSpec, SeasonSpec, TeamSpec } from './catalog.ts';
import type { CoachStaff, DemoCoach, DemoCoachStint } from './coaches.ts';
import { emptyRows } from './demo-rows.ts';
import type { DemoRows } from './demo-rows.ts';
import { createIdAllocator } from './ids.ts';
import { insertRows } from './insert-rows.ts';
import { koreanName } from './korean-names.ts';
import type { NameKind } from './korean-names.ts';
import { buildNotices } from './notices.ts';
import type { NoticeLeague } from './notices.ts';
import { dateIn, makeSkills, neededPosition, squadPositions } from './people.ts';
import type { DemoPlayer, DemoStint, DemoTeam } from './people.ts';
import { createRng } from './random.ts';

/**
 * The benchmark's association (bench/run.ts): ten seasons 2017–2026 (2026 active and not quite
 * finished, as in the demo), one league per division and season with 12–13 teams playing a double
 * round robin, clubs coming and going every winter until 300+ teams have played, squads of 18–20
 * with winter departures and newcomers, and every game played PA by PA by the demo's simulation
 * (`buildLeague`), so box scores add up and standings, awards and player pages are real.
 * Deterministic: the same options give the same rows.
 */
export interface LargeSeedOptions {
  /** master seed of the random streams */
  seed?: string;
  /** first season's year; the last season is always 2026, the demo's active one */
  firstYear?: number;
  /** distinct teams that play at least one season */
  targetTeams?: number;
  /** the 남자 3부 league starts this year */
  men3From?: number;
}

export interface LargeSeedCounts {
  seasons: number;
  leagues: number;
  teams: number;
  players: number;
  coaches: number;
  games: number;
  finalGames: number;
  scheduledGames: number;
  battingLines: number;
  pitchingLines: number;
  leagueRosterEntries: number;
  notices: number;
}

const LAST_YEAR = 2026;
const TIMES = ['09:00', '10:30', '12:00', '13:30', '15:00', '16:30', '18:00'];
/** The division the demo does not have; DivisionKey is the demo's union, so the key is cast once here. */
const MEN3 = 'men3' as DivisionKey;

/** The demo's four divisions (more time slots: a round has six games) and a 남자 3부 with 2부 rules. */
function benchDivisions(): DivisionSpec[] {
  const [women, men1, men2, senior] = DIVISIONS.map((d) => ({ ...d, times: TIMES }));
  const men3: DivisionSpec = {
    ...men2,
    key: MEN3,
    name: '남자 3부',
    sortOrder: 4,
    ages: [20, 52],
    venues: ['광주 챔피언스 소프트볼장', '청주 오창 소프트볼장', '전주 덕진 소프트볼장'],
  };
  return [women, men1, men2, men3, { ...senior, sortOrder: 5 }];
}

/** Cities and club names the team names are drawn from (city + name, unique in the association). */
const CITIES: readonly (readonly [string, string])[] = [
  ['서울', '서울특별시'],
  ['부산', '부산광역시'],
  ['대구', '대구광역시'],
  ['인천', '인천광역시'],
  ['광주', '광주광역시'],
  ['대전', '대전광역시'],
  ['울산', '울산광역시'],
  ['세종', '세종특별자치시'],
  ['수원', '경기도 수원시'],
  ['성남', '경기도 성남시'],
  ['고양', '경기도 고양시'],
  ['용인', '경기도 용인시'],
  ['화성', '경기도 화성시'],
  ['안산', '경기도 안산시'],
  ['안양', '경기도 안양시'],
  ['부천', '경기도 부천시'],
  ['평택', '경기도 평택시'],
  ['의정부', '경기도 의정부시'],
  ['파주', '경기도 파주시'],
  ['김포', '경기도 김포시'],
  ['춘천', '강원특별자치도 춘천시'],
  ['원주', '강원특별자치도 원주시'],
  ['강릉', '강원특별자치도 강릉시'],
  ['청주', '충청북도 청주시'],
  ['충주', '충청북도 충주시'],
  ['천안', '충청남도 천안시'],
  ['아산', '충청남도 아산시'],
  ['전주', '전북특별자치도 전주시'],
  ['군산', '전북특별자치도 군산시'],
  ['익산', '전북특별자치도 익산시'],
  ['목포', '전라남도 목포시'],
  ['여수', '전라남도 여수시'],
  ['순천', '전라남도 순천시'],
  ['포항', '경상북도 포항시'],
  ['구미', '경상북도 구미시'],
  ['경주', '경상북도 경주시'],
  ['창원', '경상남도 창원시'],
  ['김해', '경상남도 김해시'],
  ['진주', '경상남도 진주시'],
  ['제주', '제주특별자치도'],
];
const CLUB_NAMES = [
  '블루윙즈',
  '씨걸스',
  '레인보우',
  '한빛스타즈',
  '프리지아',
  '돌풍',
  '오션스',
  '라이온하트',
  '썬더스',
  '마린스',
  '드림즈',
  '웨일즈',
  '레드호크스',
  '그린몬스터즈',
  '파이어볼스',
  '킹스',
  '스틸러스',
  '블랙이글스',
  '스틸웨이브',
  '호반베어스',
  '유니콘스',
  '뉴스타즈',
  '올드보이즈',
  '갈매기',
  '달구벌',
  '무등',
  '한울',
  '솔향',
  '타이거즈',
  '팔콘스',
  '스파크스',
  '피닉스',
  '레전드',
  '챌린저스',
  '히어로즈',
  '비바스',
  '메이플스',
  '스톰',
  '블레이즈',
  '코메츠',
  '로켓츠',
  '바이킹스',
  '자이언츠',
  '트윈스',
  '베어스',
  '와이번스',
  '펭귄스',
  '다이노스',
  '레이커스',
  '선라이즈',
  '어벤저스',
  '스피릿',
  '플라잉피쉬',
  '썬더볼트',
  '아이언맨',
  '골든이글스',
  '실버폭스',
  '화이트삭스',
  '레드윙스',
  '블루오션',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** A season of the large association: the demo's calendar shape for any year; 2026 is the demo's own. */
function seasonSpec(year: number): SeasonSpec {
  if (year === LAST_YEAR) return SEASONS.find((s) => s.year === LAST_YEAR)!;
  return {
    year,
    name: `${year} 시즌`,
    active: 0,
    from: saturdayOnOrAfter(`${year}-04-01`),
    to: `${year}-10-31`,
    holidays: [`${year}-05-05`, `${year}-06-06`, `${year}-10-03`, `${year}-10-09`],
    breaks: [[`${year}-07-20`, `${year}-08-20`]],
  };
}

interface Club {
  team: DemoTeam;
  first: number;
  last: number;
}

/** Every row of the large association, computed in memory. */
export function buildLargeData(options: LargeSeedOptions = {}): {
  rows: DemoRows;
  counts: LargeSeedCounts;
} {
  const seed = options.seed ?? 'sbsa-bench';
  const firstYear = options.firstYear ?? 2017;
  const targetTeams = options.targetTeams ?? 310;
  const men3From = options.men3From ?? 2023;
  const years = Array.from({ length: LAST_YEAR - firstYear + 1 }, (_, i) => firstYear + i);
  const rows = emptyRows();
  const ids = createIdAllocator();
  const rng = createRng(`${seed}:clubs`);
  const squadRng = createRng(`${seed}:squads`);

  const mainId = ids.next('league_main');
  rows.league_main.push({
    id: mainId,
    path: ASSOCIATION.path,
    name: ASSOCIATION.name,
    short_name: ASSOCIATION.shortName,
    logo: null,
    created_at: `${firstYear - 1}-12-01T00:00:00.000Z`,
  });
  const divisions = benchDivisions();
  const divisionIds = new Map<string, number>();
  for (const d of divisions) {
    const id = ids.next('divisions');
    divisionIds.set(d.key, id);
    rows.divisions.push({ id, main_id: mainId, name: d.name, sort_order: d.sortOrder });
  }
  const startOf = (d: DivisionSpec) => (d.key === MEN3 ? men3From : firstYear);

  // Clubs: who plays which season. New clubs each winter replace those that fold, at the rate that reaches targetTeams.
  const clubs: Club[] = [];
  const usedTeamNames = new Set<string>();
  // `taken`: the short names of the league's other teams, which must differ (team-short-names.ts)
  const newClub = (division: DivisionSpec, year: number, taken: Set<string>): Club => {
    let name: string;
    let city: readonly [string, string];
    do {
      city = rng.pick(CITIES);
      name = `${city[0]} ${rng.pick(CLUB_NAMES)}${division.key === 'senior' ? ' 시니어' : ''}`;
    } while (usedTeamNames.has(name) || taken.has(name.split(' ')[1]));
    usedTeamNames.add(name);
    const spec: TeamSpec = {
      division: division.key,
      name,
      shortName: name.split(' ')[1],
      region: city[1],
      founded: rng.int(1995, year),
      firstSeason: year,
      strength: rng.range(0.88, 1.12),
    };
    const club: Club = {
      team: { id: ids.next('teams'), spec, division, divisionId: divisionIds.get(division.key)! },
      first: year,
      last: year,
    };
    clubs.push(club);
    return club;
  };
  const leagueSeasons = years.flatMap((y) =>
    divisions.filter((d) => startOf(d) <= y).map((d) => ({ year: y, division: d })),
  );
  const playing = new Map<string, Club[]>(); // `${year}:${division}` → clubs
  let churnLeft = leagueSeasons.filter(({ year, division }) => year > startOf(division)).length;
  for (const { year, division } of leagueSeasons) {
    const size = rng.int(12, 13);
    const previous = playing.get(`${year - 1}:${division.key}`) ?? [];
    let entrants = size;
    if (previous.length > 0) {
      // Teams still to come: the clubs of divisions that have not started yet play their first season anyway.
      const reserved = divisions.filter((d) => startOf(d) > year).length * 12.5;
      const wanted = Math.round(Math.max(0, targetTeams - clubs.length - reserved) / churnLeft);
      churnLeft--;
      entrants = Math.min(size - 4, Math.max(2, wanted, size - previous.length));
    }
    const staying = rng.shuffle(previous).slice(0, size - entrants);
    for (const club of staying) club.last = year;
    const list = [...staying];
    for (let i = 0; i < entrants; i++)
      list.push(newClub(division, year, new Set(list.map((c) => c.team.spec.shortName))));
    playing.set(
      `${year}:${division.key}`,
      list.sort((a, b) => a.team.id - b.team.id),
    );
  }
  for (const c of clubs) {
    rows.teams.push({
      id: c.team.id,
      main_id: mainId,
      division_id: c.team.divisionId,
      name: c.team.spec.name,
      short_name: c.team.spec.shortName,
      logo: null,
      home_region: c.team.spec.region,
      founded: c.team.spec.founded,
    });
  }

  // Squads: formed when a club enters, a few leave each winter and newcomers (or players of folded clubs) fill up.
  const players = new Map<number, DemoPlayer>();
  const stints: DemoStint[] = [];
  const open = new Map<number, DemoStint[]>(clubs.map((c) => [c.team.id, []]));
  const usedNames = new Set<string>();
  const nameKind = (d: DivisionSpec): NameKind =>
    d.gender === 'F' ? 'female' : d.key === 'senior' ? 'senior' : 'male';
  const newPlayer = (club: Club, position: string, year: number, rookie: boolean): DemoPlayer => {
    const [minAge, maxAge] = club.team.division.ages;
    const age =
      rookie && club.team.division.key !== 'senior'
        ? squadRng.int(minAge, minAge + 7)
        : squadRng.int(minAge, maxAge);
    const throws =
      squadRng.chance(position === '투수' ? 0.2 : 0.12) &&
      !['포수', '2루수', '3루수', '유격수'].includes(position)
        ? 'L'
        : 'R';
    const bats =
      throws === 'L'
        ? squadRng.chance(0.85)
          ? 'L'
          : 'S'
        : squadRng.weighted<'R' | 'L' | 'S'>([
            ['R', 70],
            ['L', 22],
            ['S', 8],
          ]);
    const p: DemoPlayer = {
      id: ids.next('players'),
      name: koreanName(squadRng, nameKind(club.team.division), usedNames),
      birthDate: dateIn(squadRng, year - age, 1, 12),
      gender: club.team.division.gender,
      bats,
      throws,
      position,
      userId: null,
      skills: makeSkills(squadRng, position, club.team.spec.strength),
    };
    players.set(p.id, p);
    return p;
  };
  const join = (club: Club, player: DemoPlayer, from: string, wish?: number) => {
    const list = open.get(club.team.id)!;
    const used = new Set(list.map((s) => s.backNumber));
    let backNumber = wish !== undefined && !used.has(wish) ? wish : -1;
    while (backNumber < 0 || used.has(backNumber))
      backNumber = squadRng.chance(0.97) ? squadRng.int(1, 99) : 0;
    const stint: DemoStint = {
      id: ids.next('team_players'),
      teamId: club.team.id,
      playerId: player.id,
      backNumber,
      from,
      to: null,
    };
    stints.push(stint);
    list.push(stint);
  };
  const leave = (stint: DemoStint, to: string) => {
    stint.to = to;
    const list = open.get(stint.teamId)!;
    list.splice(list.indexOf(stint), 1);
  };
  for (const year of years) {
    const winter = `${year - 1}-12-31`;
    const pool = new Map<string, { player: DemoPlayer; backNumber: number }[]>();
    for (const club of clubs.filter((c) => c.last === year - 1)) {
      for (const stint of [...open.get(club.team.id)!]) {
        leave(stint, winter);
        if (squadRng.chance(0.15)) {
          const list = pool.get(club.team.division.key) ?? [];
          list.push({ player: players.get(stint.playerId)!, backNumber: stint.backNumber });
          pool.set(club.team.division.key, list);
        }
      }
    }
    for (const club of clubs.filter((c) => c.first <= year && c.last >= year)) {
      const positions = () => open.get(club.team.id)!.map((s) => players.get(s.playerId)!.position);
      const from = () => dateIn(squadRng, year, 1, 2);
      const fromPool = (position: string) => {
        const list = pool.get(club.team.division.key) ?? [];
        const i = list.findIndex((e) => e.player.position === position);
        return i >= 0 && squadRng.chance(0.5) ? list.splice(i, 1)[0] : undefined;
      };
      if (club.first === year) {
        for (const position of squadPositions(squadRng, squadRng.int(18, 20))) {
          const moved = fromPool(position);
          if (moved) join(club, moved.player, from(), moved.backNumber);
          else
            join(
              club,
              newPlayer(club, position, year, false),
              year === firstYear
                ? dateIn(
                    squadRng,
                    squadRng.int(Math.max(club.team.spec.founded, year - 6), year),
                    1,
                    2,
                  )
                : from(),
            );
        }
        continue;
      }
      for (const stint of squadRng.shuffle(open.get(club.team.id)!).slice(0, squadRng.int(3, 5)))
        leave(stint, winter);
      const target = squadRng.int(18, 20);
      while (open.get(club.team.id)!.length < target) {
        const position = neededPosition(squadRng, positions());
        const moved = fromPool(position);
        if (moved) join(club, moved.player, from(), moved.backNumber);
        else join(club, newPlayer(club, position, year, true), from());
      }
    }
  }

  // Staff: a 감독 and one or two 코치 from the club's first season, sometimes a new 감독 in a winter.
  const staff: CoachStaff = { coaches: [], stints: [] };
  const coachRng = createRng(`${seed}:coaches`);
  const newCoach = (club: Club): DemoCoach => {
    const senior = club.team.division.key === 'senior';
    const female = club.team.division.gender === 'F' && coachRng.chance(0.4);
    const coach: DemoCoach = {
      id: ids.next('coaches'),
      name: koreanName(
        coachRng,
        female ? 'female' : senior || coachRng.chance(0.4) ? 'senior' : 'male',
        usedNames,
      ),
      birthDate: dateIn(
        coachRng,
        senior
          ? coachRng.int(1952, 1966)
          : female
            ? coachRng.int(1975, 1990)
            : coachRng.int(1962, 1988),
        1,
        12,
      ),
      phone: `010-${coachRng.int(2000, 9999)}-${String(coachRng.int(0, 9999)).padStart(4, '0')}`,
      userId: null,
    };
    staff.coaches.push(coach);
    return coach;
  };
  for (const club of clubs) {
    const end = club.last === LAST_YEAR ? null : `${club.last}-12-31`;
    const hire = (role: CoachRole, from: string, to: string | null): DemoCoachStint => {
      const s: DemoCoachStint = {
        id: ids.next('team_coaches'),
        teamId: club.team.id,
        coachId: newCoach(club).id,
        role,
        from,
        to,
      };
      staff.stints.push(s);
      return s;
    };
    const start = `${club.first}-01-${pad(coachRng.int(2, 20))}`;
    const manager = hire('감독', start, end);
    for (let i = coachRng.int(1, 2); i > 0; i--) hire('코치', start, end);
    if (club.last - club.first >= 2 && coachRng.chance(0.4)) {
      const year = coachRng.int(club.first + 1, club.last);
      manager.to = `${year - 1}-12-31`;
      hire('감독', `${year}-01-${pad(coachRng.int(2, 15))}`, end);
    }
  }
  for (const c of staff.coaches)
    rows.coaches.push({
      id: c.id,
      main_id: mainId,
      name: c.name,
      birth_date: c.birthDate,
      phone: c.phone,
      photo: null,
      user_id: null,
    });
  for (const s of staff.stints)
    rows.team_coaches.push({
      id: s.id,
      team_id: s.teamId,
      coach_id: s.coachId,
      role: s.role,
      from_date: s.from,
      to_date: s.to,
    });

  // Leagues: the demo's league builder, one league per division and season, fed only that season's clubs.
  const stintsOf = new Map<number, DemoStint[]>();
  for (const s of stints) stintsOf.set(s.teamId, [...(stintsOf.get(s.teamId) ?? []), s]);
  const staffOf = new Map<number, DemoCoachStint[]>();
  for (const s of staff.stints) staffOf.set(s.teamId, [...(staffOf.get(s.teamId) ?? []), s]);
  const seasonNotices: {
    year: number;
    registration: string;
    resultDate: string | null;
    leagues: NoticeLeague[];
  }[] = [];
  for (const year of years) {
    const season = seasonSpec(year);
    const seasonId = ids.next('seasons');
    rows.seasons.push({
      id: seasonId,
      main_id: mainId,
      name: season.name,
      year,
      active: year === LAST_YEAR ? 1 : 0,
    });
    const leagues: NoticeLeague[] = [];
    divisions
      .filter((d) => startOf(d) <= year)
      .forEach((division, order) => {
        const teams = playing.get(`${year}:${division.key}`)!.map((c) => c.team);
        const ctx: LeagueContext = {
          ids,
          rows,
          teams,
          players,
          stints: teams.flatMap((t) => stintsOf.get(t.id) ?? []),
          staff: { coaches: staff.coaches, stints: teams.flatMap((t) => staffOf.get(t.id) ?? []) },
        };
        leagues.push(buildLeague(ctx, season, division, seasonId, order));
      });
    const end = latestDate(leagues.map((l) => l.end));
    seasonNotices.push({
      year,
      registration: addDays(season.from, -12),
      resultDate: year === LAST_YEAR ? null : addDays(end, 8),
      leagues,
    });
  }

  for (const p of players.values()) {
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
      user_id: null,
    });
  }
  for (const s of stints)
    rows.team_players.push({
      id: s.id,
      team_id: s.teamId,
      player_id: s.playerId,
      back_number: s.backNumber,
      from_date: s.from,
      to_date: s.to,
    });

  const noticeRng = createRng(`${seed}:notices`);
  for (const n of buildNotices(seasonNotices)) {
    const at = seoulTimestamp(n.date, n.time);
    rows.notices.push({
      wr_id: ids.next('notices'),
      main_id: mainId,
      title: n.title,
      body: n.body,
      author_id: null,
      author_name: '사무국',
      pinned: n.pinned ? 1 : 0,
      views: noticeRng.int(40, 400) * (2027 - Number(n.date.slice(0, 4))),
      created_at: at,
      updated_at: at,
    });
  }

  const counts: LargeSeedCounts = {
    seasons: rows.seasons.length,
    leagues: rows.leagues.length,
    teams: rows.teams.length,
    players: rows.players.length,
    coaches: rows.coaches.length,
    games: rows.games.length,
    finalGames: rows.games.filter((g) => g.status === 'final').length,
    scheduledGames: rows.games.filter((g) => g.status === 'scheduled').length,
    battingLines: rows.game_batting.length,
    pitchingLines: rows.game_pitching.length,
    leagueRosterEntries: rows.league_players.length,
    notices: rows.notices.length,
  };
  return { rows, counts };
}

/**
 * Fills an empty database with the large association in one transaction (the demo's batched
 * inserts). Refuses when an association with the demo's path already exists.
 */
export async function seedLarge(
  db: Db,
  options: LargeSeedOptions = {},
): Promise<LargeSeedCounts & { buildMs: number; insertMs: number }> {
  const existing = await db
    .selectFrom('league_main')
    .select('id')
    .where('path', '=', ASSOCIATION.path)
    .executeTakeFirst();
  if (existing)
    throw new Error(
      `association "${ASSOCIATION.path}" already exists; seed the large association into an empty database`,
    );
  const t0 = performance.now();
  const { rows, counts } = buildLargeData(options);
  const t1 = performance.now();
  await writeTx(db, (tx) => insertRows(tx, rows));
  return { ...counts, buildMs: Math.round(t1 - t0), insertMs: Math.round(performance.now() - t1) };
}
