import type { CoachRole } from '../schema.ts';
import type { IdAllocator } from './ids.ts';
import { koreanName } from './korean-names.ts';
import type { DemoTeam } from './people.ts';
import type { Rng } from './random.ts';

export interface DemoCoach {
  id: number;
  name: string;
  birthDate: string;
  phone: string;
  userId: number | null;
}
export interface DemoCoachStint {
  id: number;
  teamId: number;
  coachId: number;
  role: CoachRole;
  from: string;
  to: string | null;
}
export interface CoachStaff {
  coaches: DemoCoach[];
  stints: DemoCoachStint[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Staff of every team: a 감독, one or two 코치, sometimes a 단장; a few 감독 change (and move) between seasons. */
export function buildCoaches(
  rng: Rng,
  teams: readonly DemoTeam[],
  ids: IdAllocator,
  usedNames: Set<string>,
): CoachStaff {
  const coaches: DemoCoach[] = [];
  const stints: DemoCoachStint[] = [];

  const newCoach = (team: DemoTeam): DemoCoach => {
    const senior = team.division.key === 'senior';
    const female = team.division.gender === 'F' && rng.chance(0.4);
    const coach: DemoCoach = {
      id: ids.next('coaches'),
      name: koreanName(
        rng,
        female ? 'female' : senior || rng.chance(0.4) ? 'senior' : 'male',
        usedNames,
      ),
      birthDate: `${senior ? rng.int(1952, 1966) : female ? rng.int(1975, 1990) : rng.int(1962, 1988)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
      phone: `010-${rng.int(2000, 9999)}-${String(rng.int(0, 9999)).padStart(4, '0')}`,
      userId: null,
    };
    coaches.push(coach);
    return coach;
  };
  const hire = (
    team: DemoTeam,
    coach: DemoCoach,
    role: CoachRole,
    from: string,
  ): DemoCoachStint => {
    const stint: DemoCoachStint = {
      id: ids.next('team_coaches'),
      teamId: team.id,
      coachId: coach.id,
      role,
      from,
      to: null,
    };
    stints.push(stint);
    return stint;
  };
  const since = (team: DemoTeam) =>
    `${Math.max(team.spec.founded, rng.int(2015, 2023))}-01-${pad(rng.int(2, 20))}`;

  for (const team of teams) {
    hire(team, newCoach(team), '감독', since(team));
    for (let i = rng.int(1, 2); i > 0; i--) hire(team, newCoach(team), '코치', since(team));
    if (rng.chance(0.35)) hire(team, newCoach(team), '단장', since(team));
  }

  // Winter changes of manager: a coach is promoted or someone new comes; in 2026 one former manager moves to another club.
  const released: DemoCoach[] = [];
  for (const [year, changes] of [
    [2025, 3],
    [2026, 2],
  ] as const) {
    const candidates = rng.shuffle(teams.filter((t) => t.spec.firstSeason < year));
    for (const team of candidates.slice(0, changes)) {
      const manager = stints.find(
        (s) => s.teamId === team.id && s.role === '감독' && s.to === null,
      )!;
      manager.to = `${year - 1}-12-31`;
      released.push(coaches.find((c) => c.id === manager.coachId)!);
      const from = `${year}-01-${pad(rng.int(2, 15))}`;
      const assistant = stints.find(
        (s) => s.teamId === team.id && s.role === '코치' && s.to === null,
      );
      if (assistant && rng.chance(0.5)) {
        assistant.to = `${year - 1}-12-31`;
        hire(team, coaches.find((c) => c.id === assistant.coachId)!, '감독', from);
        hire(team, newCoach(team), '코치', from);
      } else if (year === 2026 && released.length > 1) {
        hire(team, released.shift()!, '감독', from);
      } else {
        hire(team, newCoach(team), '감독', from);
      }
    }
  }
  return { coaches, stints };
}
