import { DIVISIONS, SQUAD_POSITIONS } from './catalog.ts';
import type { DivisionSpec, TeamSpec } from './catalog.ts';
import type { IdAllocator } from './ids.ts';
import { koreanName } from './korean-names.ts';
import type { NameKind } from './korean-names.ts';
import type { Rng } from './random.ts';

/** Hidden abilities that drive the simulation; 1.0 is an average player of the association. */
export interface PlayerSkills {
  contact: number;
  power: number;
  eye: number;
  speed: number;
  stuff: number;
  control: number;
  stamina: number;
}

export interface DemoPlayer {
  id: number;
  name: string;
  birthDate: string;
  gender: 'M' | 'F';
  bats: 'R' | 'L' | 'S';
  throws: 'R' | 'L';
  position: string;
  userId: number | null;
  skills: PlayerSkills;
}

/** One spell of a player at a team (team_players). */
export interface DemoStint {
  id: number;
  teamId: number;
  playerId: number;
  backNumber: number;
  from: string;
  to: string | null;
}

export interface DemoTeam {
  id: number;
  spec: TeamSpec;
  division: DivisionSpec;
  divisionId: number;
}

export interface Squads {
  players: DemoPlayer[];
  stints: DemoStint[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A day of the given months of a year (days 1–28, so every month has it). */
export const dateIn = (rng: Rng, year: number, fromMonth: number, toMonth: number) =>
  `${year}-${pad(rng.int(fromMonth, toMonth))}-${pad(rng.int(1, 28))}`;

/** Playing strengths of a new player, from the team's strength and the player's position. */
export function makeSkills(rng: Rng, position: string, strength: number): PlayerSkills {
  const s = strength ** 1.3;
  const powerBias = ['1루수', '좌익수', '우익수', '3루수', '포수'].includes(position) ? 1.15 : 0.95;
  const speedBias = ['유격수', '2루수', '중견수'].includes(position) ? 1.15 : 0.95;
  return {
    contact: s * rng.range(0.82, 1.18),
    power: powerBias * rng.range(0.5, 1.6),
    eye: rng.range(0.8, 1.2),
    speed: speedBias * rng.range(0.65, 1.3),
    stuff: position === '투수' ? s * rng.range(0.9, 1.15) : 0.75,
    control: position === '투수' ? rng.range(0.85, 1.15) : 0.8,
    stamina: position === '투수' ? rng.int(24, 34) : 10,
  };
}

/** Squad positions for a squad of the given size: the usual 17, fewer or more. */
export function squadPositions(rng: Rng, size: number): string[] {
  const positions = SQUAD_POSITIONS.flatMap(([p, n]) => Array.from({ length: n }, () => p));
  while (positions.length > size)
    positions.splice(positions.indexOf(rng.pick(['1루수', '2루수', '3루수', '중견수'])), 1);
  while (positions.length < size)
    positions.push(rng.pick(['투수', '중견수', '유격수', '좌익수', '우익수', '포수']));
  return positions;
}

/** The position a squad most lacks against the usual composition, or any if none is missing. */
export function neededPosition(rng: Rng, current: readonly string[]): string {
  for (const [position, wanted] of SQUAD_POSITIONS) {
    if (current.filter((p) => p === position).length < wanted) return position;
  }
  return rng.pick(SQUAD_POSITIONS.map(([p]) => p));
}

/** Players who joined during a season: they may play only from their registration on. */
const MID_SEASON_SIGNINGS: readonly (readonly [string, string])[] = [
  ['화성 드림즈', '2025-06-09'],
  ['수원 레인보우', '2026-05-18'],
];

/**
 * Builds every player and their team careers for 2024–2026: squads of 16–18, a few retirements and
 * transfers each winter, newcomers to refill, and two mid-season signings.
 */
export function buildSquads(
  rng: Rng,
  teams: readonly DemoTeam[],
  ids: IdAllocator,
  usedNames: Set<string>,
): Squads {
  const players: DemoPlayer[] = [];
  const stints: DemoStint[] = [];
  const playerById = new Map<number, DemoPlayer>();
  const open = new Map<number, DemoStint[]>(teams.map((t) => [t.id, []]));

  const nameKind = (division: DivisionSpec): NameKind =>
    division.gender === 'F' ? 'female' : division.key === 'senior' ? 'senior' : 'male';

  const newPlayer = (team: DemoTeam, position: string, rookie: boolean): DemoPlayer => {
    const [minAge, maxAge] = team.division.ages;
    const age =
      rookie && team.division.key !== 'senior'
        ? rng.int(minAge, minAge + 7)
        : rng.int(minAge, maxAge);
    const throws =
      rng.chance(position === '투수' ? 0.2 : 0.12) &&
      !['포수', '2루수', '3루수', '유격수'].includes(position)
        ? 'L'
        : 'R';
    const bats =
      throws === 'L'
        ? rng.chance(0.85)
          ? 'L'
          : 'S'
        : rng.weighted<'R' | 'L' | 'S'>([
            ['R', 70],
            ['L', team.division.gender === 'F' ? 22 : 20],
            ['S', 8],
          ]);
    const player: DemoPlayer = {
      id: ids.next('players'),
      name: koreanName(rng, nameKind(team.division), usedNames),
      birthDate: dateIn(rng, 2026 - age, 1, 12),
      gender: team.division.gender,
      bats,
      throws,
      position,
      userId: null,
      skills: makeSkills(rng, position, team.spec.strength),
    };
    players.push(player);
    playerById.set(player.id, player);
    return player;
  };

  const freeNumber = (teamId: number): number => {
    const used = new Set(open.get(teamId)!.map((s) => s.backNumber));
    for (;;) {
      const n = rng.chance(0.97) ? rng.int(1, 99) : 0;
      if (!used.has(n)) return n;
    }
  };

  const join = (
    team: DemoTeam,
    player: DemoPlayer,
    from: string,
    backNumber = freeNumber(team.id),
  ): DemoStint => {
    const stint: DemoStint = {
      id: ids.next('team_players'),
      teamId: team.id,
      playerId: player.id,
      backNumber,
      from,
      to: null,
    };
    stints.push(stint);
    open.get(team.id)!.push(stint);
    return stint;
  };

  const leave = (stint: DemoStint, to: string) => {
    stint.to = to;
    const list = open.get(stint.teamId)!;
    list.splice(list.indexOf(stint), 1);
  };

  const positionsOf = (teamId: number) =>
    open.get(teamId)!.map((s) => playerById.get(s.playerId)!.position);

  const formSquad = (team: DemoTeam, year: number) => {
    const size = rng.int(16, 18);
    for (const position of squadPositions(rng, size)) {
      const player = newPlayer(team, position, false);
      const adult = Number(player.birthDate.slice(0, 4)) + 18;
      const firstYear =
        year === 2024
          ? rng.int(Math.min(2024, Math.max(team.spec.founded, 2014, adult)), 2024)
          : year;
      const from =
        firstYear === 2024 || firstYear === year
          ? dateIn(rng, firstYear, 1, 2)
          : dateIn(rng, firstYear, 1, 10);
      join(team, player, from);
    }
  };

  for (const year of [2024, 2025, 2026]) {
    const playing = teams.filter((t) => t.spec.firstSeason <= year);
    if (year > 2024) {
      const continuing = playing.filter((t) => t.spec.firstSeason < year);
      const winter = `${year - 1}-12-31`;
      for (const team of continuing) {
        const leaving = rng.shuffle(open.get(team.id)!).slice(0, rng.int(1, 2));
        for (const stint of leaving) leave(stint, winter);
      }
      // Transfers within a division (the two men's divisions trade players with each other too).
      for (const division of DIVISIONS) {
        const pool = continuing.filter((t) => t.division.key === division.key);
        if (pool.length < 2) continue;
        for (let i = rng.int(1, 2); i > 0; i--) {
          const fromTeam = rng.pick(pool);
          const targets = continuing.filter(
            (t) =>
              t !== fromTeam &&
              (t.division.key === division.key ||
                (division.key === 'men2' && t.division.key === 'men1' && rng.chance(0.5))),
          );
          const toTeam = rng.pick(
            targets.length > 0 ? targets : pool.filter((t) => t !== fromTeam),
          );
          const stint = rng.pick(
            open.get(fromTeam.id)!.filter((s) => playerById.get(s.playerId)!.position !== '투수'),
          );
          leave(stint, winter);
          const taken = new Set(open.get(toTeam.id)!.map((s) => s.backNumber));
          join(
            toTeam,
            playerById.get(stint.playerId)!,
            dateIn(rng, year, 1, 2),
            taken.has(stint.backNumber) ? undefined : stint.backNumber,
          );
        }
      }
      for (const team of continuing) {
        const target = rng.int(16, 18);
        while (open.get(team.id)!.length < target) {
          join(
            team,
            newPlayer(team, neededPosition(rng, positionsOf(team.id)), true),
            dateIn(rng, year, 1, 2),
          );
        }
      }
    }
    for (const team of playing.filter((t) => t.spec.firstSeason === year)) formSquad(team, year);
    for (const [teamName, date] of MID_SEASON_SIGNINGS) {
      if (!date.startsWith(String(year))) continue;
      const team = teams.find((t) => t.spec.name === teamName)!;
      join(team, newPlayer(team, rng.pick(['중견수', '유격수', '3루수']), true), date);
    }
  }

  return { players, stints };
}
