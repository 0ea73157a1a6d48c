import type { Db } from '../db/database.ts';
import { qualifiedBatters, qualifiedPitchers } from '../../lib/stats/index.ts';
import { readLeague } from './leagues.ts';
import { memoByDb } from './memo.ts';
import { readLeagueBatters, readLeaguePitchers, readTeamGamesPlayed } from './player-lines.ts';
import type { BatterTotals, PitcherTotals } from './player-lines.ts';

/** Every batter and pitcher of a league for the records room, each marked when qualified for rate titles. */
export interface LeagueRecords {
  batters: (BatterTotals & { qualified: boolean })[];
  pitchers: (PitcherTotals & { qualified: boolean })[];
  eraBasis: number;
  qualifyPaPerGame: number;
  qualifyIpPerGame: number;
}

/** The records room's tables of one league: all players, with the league's qualification lines applied. */
export const readLeagueRecords = memoByDb(
  async (db: Db, leagueId: number): Promise<LeagueRecords> => {
    const [league, batters, pitchers, teamGames] = await Promise.all([
      readLeague(db, leagueId),
      readLeagueBatters(db, leagueId),
      readLeaguePitchers(db, leagueId),
      readTeamGamesPlayed(db, leagueId),
    ]);
    const gamesOf = (row: { team: { id: number } }) => teamGames.get(row.team.id) ?? 0;
    const qb = new Set(
      qualifiedBatters(
        batters.map((b) => ({ ...b, pa: b.line.pa })),
        gamesOf,
        league.qualifyPaPerGame,
      ).map((b) => b.player.id * 100_000 + b.team.id),
    );
    const qp = new Set(
      qualifiedPitchers(
        pitchers.map((p) => ({ ...p, outs: p.line.outs })),
        gamesOf,
        league.qualifyIpPerGame,
      ).map((p) => p.player.id * 100_000 + p.team.id),
    );
    return {
      batters: batters.map((b) => ({ ...b, qualified: qb.has(b.player.id * 100_000 + b.team.id) })),
      pitchers: pitchers.map((p) => ({
        ...p,
        qualified: qp.has(p.player.id * 100_000 + p.team.id),
      })),
      eraBasis: league.eraBasis,
      qualifyPaPerGame: league.qualifyPaPerGame,
      qualifyIpPerGame: league.qualifyIpPerGame,
    };
  },
  ([leagueId]) => [`games:${leagueId}`, `league:${leagueId}`],
);
