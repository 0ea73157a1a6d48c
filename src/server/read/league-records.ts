import type { Db } from '../db/database.ts';
import {
  battingRates,
  pitchingRates,
  qualifiedBatters,
  qualifiedPitchers,
  sumBatting,
  sumPitching,
} from '../../lib/stats/index.ts';
import type {
  BattingLine,
  BattingRates,
  PitchingRates,
  PitchingTotals,
} from '../../lib/stats/index.ts';
import { readLeague } from './leagues.ts';
import { memoByDb } from './memo.ts';
import { readLeagueBatters, readLeaguePitchers, readTeamGamesPlayed } from './player-lines.ts';
import type { BatterTotals, PitcherTotals } from './player-lines.ts';
import type { TeamRef } from './types.ts';

/** A team's season totals in a league: its batters' lines and its pitchers' lines summed. */
export interface TeamTotals {
  team: TeamRef;
  /** games the team played to a result */
  games: number;
  batting: BattingLine;
  battingRates: BattingRates;
  pitching: PitchingTotals;
  pitchingRates: PitchingRates;
}

/** Every batter and pitcher of a league for the records room, each marked when qualified for rate titles. */
export interface LeagueRecords {
  batters: (BatterTotals & { qualified: boolean })[];
  pitchers: (PitcherTotals & { qualified: boolean })[];
  /** each team's batting and pitching totals, by team name, then id (two teams may share a name) */
  teams: TeamTotals[];
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
    const teams = new Map<number, TeamRef>();
    for (const row of [...batters, ...pitchers]) teams.set(row.team.id, row.team);
    const teamTotals = [...teams.values()]
      .sort((a, b) => a.name.localeCompare(b.name, 'ko') || a.id - b.id)
      .map((team): TeamTotals => {
        const batting = sumBatting(batters.filter((b) => b.team.id === team.id).map((b) => b.line));
        const pitching = sumPitching(
          pitchers.filter((p) => p.team.id === team.id).map((p) => p.line),
        );
        return {
          team,
          games: teamGames.get(team.id) ?? 0,
          batting,
          battingRates: battingRates(batting),
          pitching,
          pitchingRates: pitchingRates(pitching, league.eraBasis),
        };
      });
    return {
      teams: teamTotals,
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

/** One team's totals in a league (the records room's line for it), or null when it has no lines there. */
export async function readTeamTotals(
  db: Db,
  leagueId: number,
  teamId: number,
): Promise<TeamTotals | null> {
  const records = await readLeagueRecords(db, leagueId);
  return records.teams.find((t) => t.team.id === teamId) ?? null;
}
