import { FIELD_LABELS } from './catalog.ts';
import type { DemoPlayer } from './people.ts';
import type { Rng } from './random.ts';
import type { SimBatter, SimPitcher, SimTeam } from './simulate-game.ts';

/** The order positions are filled in, most specialised first, so the catcher and shortstop are real ones. */
const FILL_ORDER = ['포수', '유격수', '2루수', '중견수', '3루수', '1루수', '좌익수', '우익수'];

const batValue = (p: DemoPlayer) =>
  p.skills.contact * 0.6 + p.skills.power * 0.3 + p.skills.eye * 0.1;

const batter = (p: DemoPlayer, position: string): SimBatter => ({
  playerId: p.id,
  position,
  contact: p.skills.contact,
  power: p.skills.power,
  eye: p.skills.eye,
  speed: p.skills.speed,
});

const pitcher = (p: DemoPlayer): SimPitcher => ({
  playerId: p.id,
  stuff: p.skills.stuff,
  control: p.skills.control,
  stamina: p.skills.stamina,
});

/**
 * A team's line-up for one game from the players eligible that day: the regular at each position
 * (who sometimes rests), a DP (and an EP with 10 batters), batting order by ability, starting pitcher
 * mostly the ace. Pitchers play as FLEX and do not bat.
 */
export function pickLineup(rng: Rng, eligible: readonly DemoPlayer[], slots: 9 | 10): SimTeam {
  const pitchers = eligible
    .filter((p) => p.position === '투수')
    .sort((a, b) => b.skills.stuff - a.skills.stuff || a.id - b.id);
  const hitters = eligible
    .filter((p) => p.position !== '투수')
    .sort((a, b) => batValue(b) - batValue(a) || a.id - b.id);
  const used = new Set<number>();
  const lineup: SimBatter[] = [];

  for (const position of FILL_ORDER) {
    const candidates = hitters.filter((p) => p.position === position && !used.has(p.id));
    let chosen = candidates[0];
    if (candidates.length > 1 && rng.chance(0.12)) chosen = candidates[1];
    chosen ??= hitters.find((p) => !used.has(p.id))!;
    used.add(chosen.id);
    lineup.push(batter(chosen, FIELD_LABELS[position]));
  }
  for (const label of slots === 10 ? ['DP', 'EP'] : ['DP']) {
    const chosen = hitters.find((p) => !used.has(p.id));
    if (!chosen) break;
    used.add(chosen.id);
    lineup.push(batter(chosen, label));
  }

  // Best hitters bat third and fourth, the next ones lead off.
  const byBat = lineup
    .map((b) => ({ b, v: b.contact * 0.6 + b.power * 0.3 + b.eye * 0.1 + rng.range(-0.08, 0.08) }))
    .sort((x, y) => y.v - x.v)
    .map((x) => x.b);
  const order = [byBat[2], byBat[3], byBat[0], byBat[1], ...byBat.slice(4)];

  const bench = hitters.filter((p) => !used.has(p.id)).map((p) => batter(p, '대타'));
  const staff = pitchers.map(pitcher);
  if (staff.length > 1) {
    const starterIndex = rng.weighted(
      staff.slice(0, 3).map((_, i) => [i, [60, 30, 10][i]] as const),
    );
    staff.unshift(...staff.splice(starterIndex, 1));
  }
  if (staff.length === 0)
    staff.push({ ...pitcher(hitters[0]), stuff: 0.8, control: 0.85, stamina: 30 });
  return { lineup: order, bench, pitchers: staff };
}
