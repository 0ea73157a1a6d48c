import type { Db } from '../db/database.ts';
import { isDecided, readLeagueGames } from './games.ts';
import { memoByDb } from './memo.ts';
import { REGULAR_SEASON } from './player-lines.ts';
import { readLeagueFinal } from './results.ts';
import type { GameSummary, TeamRef } from './types.ts';

/** A place at the end of a league: 우승, 준우승, then 3위, 4위… */
export interface PostseasonRank {
  rank: number;
  /** 우승, 준우승, 3위… */
  label: string;
  team: TeamRef;
  note: string;
  /** true when no final ranks are entered yet and the place comes from the final's games */
  fromFinal: boolean;
}

/** The postseason of a league: its playoff and final games and the final ranks. */
export interface LeaguePostseason {
  games: GameSummary[];
  ranks: PostseasonRank[];
}

/** Korean name of a final place. */
export function finalPlaceLabel(rank: number): string {
  return rank === 1 ? '우승' : rank === 2 ? '준우승' : `${rank}위`;
}

/** Note on places read from the final's games, before the league manager enters the ranks. */
export const FROM_FINAL_NOTE = '결승 경기 결과 (최종 순위 발표 전)';

/**
 * Champion and runner-up as the final's games decide them: once no final game is left to play
 * (scheduled, postponed or suspended), the one of the two finalists with more wins. Nothing while
 * the final is unfinished, level, or played by more than two teams.
 */
export function placesFromFinal(
  games: readonly GameSummary[],
): { winner: TeamRef; loser: TeamRef } | null {
  const finals = games.filter((g) => g.stage === 'final');
  if (finals.length === 0) return null;
  if (
    finals.some(
      (g) => g.status === 'scheduled' || g.status === 'postponed' || g.status === 'suspended',
    )
  )
    return null;
  const teams = new Map<number, { team: TeamRef; wins: number }>();
  for (const g of finals) {
    for (const team of [g.home, g.away])
      if (!teams.has(team.id)) teams.set(team.id, { team, wins: 0 });
  }
  if (teams.size !== 2) return null;
  for (const g of finals) {
    if (!isDecided(g) || g.homeScore === null || g.awayScore === null) continue;
    if (g.homeScore === g.awayScore) continue;
    const winner = g.homeScore > g.awayScore ? g.home : g.away;
    teams.get(winner.id)!.wins++;
  }
  const [a, b] = [...teams.values()];
  if (a.wins === b.wins) return null;
  return a.wins > b.wins ? { winner: a.team, loser: b.team } : { winner: b.team, loser: a.team };
}

/**
 * A league's postseason section: its playoff and final games by date, and the final ranks as the
 * league manager entered them, or, until he does, champion and runner-up from the final's games.
 */
export const readLeaguePostseason = memoByDb(
  async (db: Db, leagueId: number): Promise<LeaguePostseason> => {
    const [games, final] = await Promise.all([
      readLeagueGames(db, leagueId),
      readLeagueFinal(db, leagueId),
    ]);
    const postseason = games.filter((g) => g.stage !== REGULAR_SEASON);
    let ranks: PostseasonRank[] = final.ranks.map((r) => ({
      rank: r.rank,
      label: finalPlaceLabel(r.rank),
      team: r.team,
      note: r.note,
      fromFinal: false,
    }));
    if (ranks.length === 0) {
      const places = placesFromFinal(postseason);
      if (places)
        ranks = [places.winner, places.loser].map((team, i) => ({
          rank: i + 1,
          label: finalPlaceLabel(i + 1),
          team,
          note: FROM_FINAL_NOTE,
          fromFinal: true,
        }));
    }
    return { games: postseason, ranks };
  },
  ([leagueId]) => [`games:${leagueId}`, `league:${leagueId}`],
);
