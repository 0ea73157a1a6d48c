import { compareFractions, fraction, fractionValue, ratio } from './fraction.ts';
import type { Fraction } from './fraction.ts';
import { teamGameResult, teamGames } from './standings-game.ts';
import type { StandingsGame, TeamGame, TeamId } from './standings-game.ts';
import { TIE_BREAKER_LABELS, leaguePoints } from './standings-rules.ts';
import type { StandingsRules, TieBreaker } from './standings-rules.ts';
import { breakTies } from './tie-breakers.ts';

/** One line of the standings table. */
export interface StandingsRow {
  rank: number;
  teamId: TeamId;
  g: number;
  w: number;
  l: number;
  d: number;
  /** W / (W + L), draws left out; null before a decision */
  pct: number | null;
  /** the same as an exact fraction, for display */
  pctExact: Fraction | null;
  /** league points; null unless the league ranks by points */
  points: number | null;
  /** games behind the first row: ((Wl − W) + (L − Ll)) / 2 */
  gb: number;
  rs: number;
  ra: number;
  /** '3승', '2패', '1무'; '-' before the first game */
  streak: string;
  /** '7승 2패 1무'; '-' before the first game */
  last10: string;
  /**
   * For every team of a tie: the Korean names of the rules that separated it from the tied teams
   * next to it, in the order the league applies them ('TQB', or 'TQB · 승자승' for the middle team
   * of three); absent when the team was not level with another, or stays level (shared rank)
   */
  tieNote?: string;
}

/** A game result from one team's side. */
export type GameResult = 'W' | 'L' | 'D';

/** Korean result letters: 승, 패, 무. */
export const RESULT_LABELS: Readonly<Record<GameResult, string>> = { W: '승', L: '패', D: '무' };

/** Current run of equal results, newest last in the input: '3승'. */
export function streakLabel(results: readonly GameResult[]): string {
  const last = results.at(-1);
  if (!last) return '-';
  let count = 0;
  for (let i = results.length - 1; i >= 0 && results[i] === last; i--) count++;
  return `${count}${RESULT_LABELS[last]}`;
}

/** Record over the last ten results, newest last in the input: '7승 2패 1무'. */
export function lastTenLabel(results: readonly GameResult[]): string {
  if (results.length === 0) return '-';
  const recent = results.slice(-10);
  const count = (result: GameResult) => recent.filter((r) => r === result).length;
  return `${count('W')}승 ${count('L')}패 ${count('D')}무`;
}

/** Games behind a leader: ((Wl − W) + (L − Ll)) / 2. */
export function gamesBehind(
  leader: { w: number; l: number },
  team: { w: number; l: number },
): number {
  return (leader.w - team.w + (team.l - leader.l)) / 2;
}

function compareIds(a: number | string, b: number | string): number {
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b));
}

function chronological(a: TeamGame, b: TeamGame): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : compareIds(a.gameId, b.gameId);
}

interface Tally {
  teamId: TeamId;
  index: number;
  g: number;
  w: number;
  l: number;
  d: number;
  rs: number;
  ra: number;
  points: number | null;
  results: GameResult[];
  key: Fraction;
}

function tally(
  teamId: TeamId,
  index: number,
  sides: readonly TeamGame[],
  rules: StandingsRules,
): Tally {
  const results = sides.map(teamGameResult);
  const w = results.filter((r) => r === 'W').length;
  const l = results.filter((r) => r === 'L').length;
  const d = results.length - w - l;
  const points = rules.rankingMethod === 'points' ? leaguePoints({ w, d, l }, rules) : null;
  return {
    teamId,
    index,
    g: sides.length,
    w,
    l,
    d,
    points,
    results,
    rs: sides.reduce((total, side) => total + side.runs, 0),
    ra: sides.reduce((total, side) => total + side.runsAllowed, 0),
    // A team without a decision ranks as .000 on pct.
    key: points !== null ? fraction(points, 1) : fraction(w, w + l),
  };
}

/** The rules that separated a team from the one above (`above`) and the one below (`below`), in the league's order. */
function tieNote(
  above: TieBreaker | null | undefined,
  below: TieBreaker | null | undefined,
  order: readonly TieBreaker[],
): string | undefined {
  const rules = [...new Set([above, below].filter((r): r is TieBreaker => !!r))];
  rules.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return rules.length > 0 ? rules.map((r) => TIE_BREAKER_LABELS[r]).join(' · ') : undefined;
}

/** The standings table: by pct or points, level teams split by tie-breakers over games among them, the rest sharing a rank. */
export function computeStandings(
  teamIds: readonly TeamId[],
  games: readonly StandingsGame[],
  rules: StandingsRules,
): StandingsRow[] {
  const sides = games
    .filter((game) => game.status === 'final' || game.status === 'forfeit')
    .flatMap((game) => teamGames(game, rules.inningsPerGame ?? 7))
    .sort(chronological);
  const tallies = teamIds.map((teamId, index) =>
    tally(
      teamId,
      index,
      sides.filter((side) => side.teamId === teamId),
      rules,
    ),
  );
  tallies.sort((a, b) => compareFractions(b.key, a.key) || a.index - b.index);

  const byId = new Map(tallies.map((t) => [t.teamId, t]));
  const ordered: Tally[] = [];
  // separatedBy[i]: why ordered[i] is above ordered[i + 1]; null = level (shared rank); undefined = not tied at all.
  const separatedBy: (TieBreaker | null | undefined)[] = [];
  for (let start = 0; start < tallies.length; ) {
    let end = start + 1;
    while (end < tallies.length && compareFractions(tallies[end].key, tallies[start].key) === 0)
      end++;
    const group = tallies.slice(start, end);
    if (start > 0) separatedBy.push(undefined);
    if (group.length === 1) {
      ordered.push(group[0]);
    } else if (group.every((t) => t.g === 0)) {
      ordered.push(...group);
      separatedBy.push(...group.slice(1).map(() => null));
    } else {
      const resolved = breakTies(
        group.map((t) => t.teamId),
        sides,
        rules,
      );
      ordered.push(...resolved.order.map((teamId) => byId.get(teamId)!));
      separatedBy.push(...resolved.separatedBy);
    }
    start = end;
  }

  const leader = ordered[0];
  let rank = 0;
  return ordered.map((t, i) => {
    if (i === 0 || separatedBy[i - 1] !== null) rank = i + 1;
    const pctExact = ratio(t.w, t.w + t.l);
    const row: StandingsRow = {
      rank,
      teamId: t.teamId,
      g: t.g,
      w: t.w,
      l: t.l,
      d: t.d,
      pct: fractionValue(pctExact),
      pctExact,
      points: t.points,
      gb: gamesBehind(leader, t),
      rs: t.rs,
      ra: t.ra,
      streak: streakLabel(t.results),
      last10: lastTenLabel(t.results),
    };
    const note = tieNote(separatedBy[i - 1], separatedBy[i], rules.tieBreakers);
    if (note) row.tieNote = note;
    return row;
  });
}
