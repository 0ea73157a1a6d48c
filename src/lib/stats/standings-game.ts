/** A team id as the caller stores it. */
export type TeamId = number | string;

/** A finished game as standings read it; every "home…"/"away…" field is that team at bat. */
export interface StandingsGame {
  id: number | string;
  /** YYYY-MM-DD; orders games for streak and last 10 */
  date: string;
  homeTeamId: TeamId;
  awayTeamId: TeamId;
  homeScore: number;
  awayScore: number;
  status: 'final' | 'forfeit';
  /** for a forfeit: the team awarded the 7–0 win (else the higher recorded score wins) */
  forfeitWinnerTeamId?: TeamId | null;
  /** innings played, used for TQB when outs are not given */
  inningsPlayed?: number | null;
  /** outs the other side's defence recorded = this team's innings at bat × 3 (pitching outs of the opponent) */
  homeOutsBatted?: number | null;
  awayOutsBatted?: number | null;
  /** earned runs this team scored (charged to the opponent's pitchers) */
  homeEarnedRuns?: number | null;
  awayEarnedRuns?: number | null;
  /** this team's batting totals in the game */
  homeAb?: number | null;
  homeH?: number | null;
  awayAb?: number | null;
  awayH?: number | null;
}

/** One team's side of a game, after forfeits are turned into 7–0 and missing outs filled in. */
export interface TeamGame {
  gameId: number | string;
  date: string;
  teamId: TeamId;
  opponentId: TeamId;
  forfeit: boolean;
  runs: number;
  runsAllowed: number;
  outsBatted: number;
  outsFielded: number;
  earnedRuns: number | null;
  earnedRunsAllowed: number | null;
  ab: number | null;
  h: number | null;
}

/** Runs awarded to the winner of a forfeit. */
export const FORFEIT_RUNS = 7;

function forfeitWinner(game: StandingsGame): TeamId | null {
  if (
    game.forfeitWinnerTeamId === game.homeTeamId ||
    game.forfeitWinnerTeamId === game.awayTeamId
  ) {
    return game.forfeitWinnerTeamId;
  }
  if (game.homeScore === game.awayScore) return null;
  return game.homeScore > game.awayScore ? game.homeTeamId : game.awayTeamId;
}

const orNull = (value: number | null | undefined): number | null => value ?? null;

/** Both sides of a game: a forfeit as 7–0 (earned too) over full innings, missing outs from innings played (else per game). */
export function teamGames(
  game: StandingsGame,
  inningsPerGame = 7,
): [home: TeamGame, away: TeamGame] {
  const base = { gameId: game.id, date: game.date };
  const winner = game.status === 'forfeit' ? forfeitWinner(game) : null;
  if (winner !== null) {
    const outs = inningsPerGame * 3;
    const side = (teamId: TeamId, opponentId: TeamId): TeamGame => {
      const runs = teamId === winner ? FORFEIT_RUNS : 0;
      const runsAllowed = FORFEIT_RUNS - runs;
      return {
        ...base,
        teamId,
        opponentId,
        forfeit: true,
        runs,
        runsAllowed,
        outsBatted: outs,
        outsFielded: outs,
        earnedRuns: runs,
        earnedRunsAllowed: runsAllowed,
        ab: null,
        h: null,
      };
    };
    return [side(game.homeTeamId, game.awayTeamId), side(game.awayTeamId, game.homeTeamId)];
  }
  const defaultOuts = (game.inningsPlayed ?? inningsPerGame) * 3;
  const homeOuts = game.homeOutsBatted ?? defaultOuts;
  const awayOuts = game.awayOutsBatted ?? defaultOuts;
  const home: TeamGame = {
    ...base,
    teamId: game.homeTeamId,
    opponentId: game.awayTeamId,
    forfeit: game.status === 'forfeit',
    runs: game.homeScore,
    runsAllowed: game.awayScore,
    outsBatted: homeOuts,
    outsFielded: awayOuts,
    earnedRuns: orNull(game.homeEarnedRuns),
    earnedRunsAllowed: orNull(game.awayEarnedRuns),
    ab: orNull(game.homeAb),
    h: orNull(game.homeH),
  };
  const away: TeamGame = {
    ...base,
    teamId: game.awayTeamId,
    opponentId: game.homeTeamId,
    forfeit: game.status === 'forfeit',
    runs: game.awayScore,
    runsAllowed: game.homeScore,
    outsBatted: awayOuts,
    outsFielded: homeOuts,
    earnedRuns: orNull(game.awayEarnedRuns),
    earnedRunsAllowed: orNull(game.homeEarnedRuns),
    ab: orNull(game.awayAb),
    h: orNull(game.awayH),
  };
  return [home, away];
}

/** 'W', 'L' or 'D' for one team's side of a game. */
export function teamGameResult(side: Pick<TeamGame, 'runs' | 'runsAllowed'>): 'W' | 'L' | 'D' {
  return side.runs > side.runsAllowed ? 'W' : side.runs < side.runsAllowed ? 'L' : 'D';
}

/**
 * A team's result in a game from its status and the two scores, or null while the game has none:
 * only a final or forfeited game with both scores counts, as in the standings.
 */
export function decidedResult(
  status: string,
  runs: number | null,
  runsAllowed: number | null,
): 'W' | 'L' | 'D' | null {
  if ((status !== 'final' && status !== 'forfeit') || runs === null || runsAllowed === null)
    return null;
  return teamGameResult({ runs, runsAllowed });
}
