import { ratio } from './fraction.ts';
import type { Fraction } from './fraction.ts';
import { teamGameResult, teamGames } from './standings-game.ts';
import type { StandingsGame, TeamGame, TeamId } from './standings-game.ts';

/** One line of a team's record: games, wins, losses, draws, PCT and runs for and against. */
export interface SplitLine {
  g: number;
  w: number;
  l: number;
  d: number;
  /** W / (W + L), draws left out, as the standings count it */
  pct: Fraction | null;
  rs: number;
  ra: number;
}

/** A team's record in a league: in all, at home, away, and against each opponent. */
export interface TeamSplits {
  total: SplitLine;
  home: SplitLine;
  away: SplitLine;
  /** one line per opponent met, in the order of `opponentIds` */
  opponents: { opponentId: TeamId; line: SplitLine }[];
}

function line(sides: readonly TeamGame[]): SplitLine {
  const results = sides.map(teamGameResult);
  const w = results.filter((r) => r === 'W').length;
  const l = results.filter((r) => r === 'L').length;
  return {
    g: sides.length,
    w,
    l,
    d: sides.length - w - l,
    pct: ratio(w, w + l),
    rs: sides.reduce((n, s) => n + s.runs, 0),
    ra: sides.reduce((n, s) => n + s.runsAllowed, 0),
  };
}

/**
 * Splits a team's finished games the way the standings count them (a forfeit as 7–0): in all, at
 * home, away and against each opponent of `opponentIds` it has met.
 */
export function teamSplits(
  teamId: TeamId,
  games: readonly StandingsGame[],
  opponentIds: readonly TeamId[],
  inningsPerGame = 7,
): TeamSplits {
  const home: TeamGame[] = [];
  const away: TeamGame[] = [];
  for (const game of games) {
    if (game.status !== 'final' && game.status !== 'forfeit') continue;
    const [h, a] = teamGames(game, inningsPerGame);
    if (h.teamId === teamId) home.push(h);
    else if (a.teamId === teamId) away.push(a);
  }
  const all = [...home, ...away];
  return {
    total: line(all),
    home: line(home),
    away: line(away),
    opponents: opponentIds
      .filter((id) => id !== teamId)
      .map((opponentId) => ({
        opponentId,
        line: line(all.filter((s) => s.opponentId === opponentId)),
      }))
      .filter((o) => o.line.g > 0),
  };
}
