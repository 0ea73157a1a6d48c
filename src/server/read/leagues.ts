import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { LeagueStatus } from '../db/schema.ts';
import { parseTieBreakers } from '../../lib/stats/index.ts';
import type { StandingsRules, TieBreaker } from '../../lib/stats/index.ts';
import { memoByDb } from './memo.ts';
import { dependsOn } from './read-deps.ts';
import type { LeagueSummary, TeamRef } from './types.ts';

/** A league with the rules its pages explain and its standings use. */
export interface LeagueDetail extends LeagueSummary {
  inningsPerGame: number;
  runAheadRule: { afterInning: number; runs: number }[];
  tiesAllowed: boolean;
  rankingMethod: 'pct' | 'points';
  pointsWin: number;
  pointsDraw: number;
  pointsLoss: number;
  tieBreakers: TieBreaker[];
  eraBasis: number;
  qualifyPaPerGame: number;
  qualifyIpPerGame: number;
}

function parseRunAhead(json: string): { afterInning: number; runs: number }[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (r): r is { afterInning: number; runs: number } =>
          typeof r?.afterInning === 'number' && typeof r?.runs === 'number',
      )
      .sort((a, b) => a.afterInning - b.afterInning);
  } catch {
    return [];
  }
}

const leagueQuery = (db: Db) =>
  db
    .selectFrom('leagues as l')
    .leftJoin('divisions as d', 'd.id', 'l.division_id')
    .selectAll('l')
    .select([
      'd.name as division_name',
      'd.sort_order as division_order',
      (eb) =>
        eb
          .selectFrom('league_teams')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('league_teams.league_id', '=', 'l.id')
          .as('team_count'),
      (eb) =>
        eb
          .selectFrom('games')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('games.league_id', '=', 'l.id')
          .as('game_count'),
      (eb) =>
        eb
          .selectFrom('games')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('games.league_id', '=', 'l.id')
          .where('games.status', 'in', ['final', 'forfeit'])
          .as('played_count'),
    ]);

type LeagueRow = Awaited<ReturnType<ReturnType<typeof leagueQuery>['executeTakeFirstOrThrow']>>;

function toDetail(row: LeagueRow): LeagueDetail {
  return {
    id: row.id,
    seasonId: row.season_id,
    name: row.name,
    divisionId: row.division_id,
    divisionName: row.division_name ?? '',
    startDate: row.start_date,
    endDate: row.end_date,
    status: row.status as LeagueStatus,
    teamCount: Number(row.team_count ?? 0),
    gameCount: Number(row.game_count ?? 0),
    playedCount: Number(row.played_count ?? 0),
    inningsPerGame: row.innings_per_game,
    runAheadRule: parseRunAhead(row.run_ahead_rule),
    tiesAllowed: row.ties_allowed === 1,
    rankingMethod: row.ranking_method,
    pointsWin: row.points_win,
    pointsDraw: row.points_draw,
    pointsLoss: row.points_loss,
    tieBreakers: parseTieBreakers(row.tie_breakers),
    eraBasis: row.era_basis,
    qualifyPaPerGame: row.qualify_pa_per_game,
    qualifyIpPerGame: row.qualify_ip_per_game,
  };
}

/**
 * A league whose game counts name the league's games (`games:L`) when a page reads them, not when
 * it reads the league: most pages that list a season's leagues show only their names (the
 * schedule filter of every schedule page), and a saved game must not render them all again.
 */
function countsNamedOnRead(league: LeagueDetail): LeagueDetail {
  const count = (n: number) => ({
    enumerable: true,
    get: () => {
      dependsOn(`games:${league.id}`);
      return n;
    },
  });
  return Object.defineProperties(league, {
    gameCount: count(league.gameCount),
    playedCount: count(league.playedCount),
  });
}

/** The leagues of a season, in division order. */
export const readSeasonLeagues = memoByDb(
  async (db: Db, seasonId: number): Promise<LeagueDetail[]> => {
    const rows = await leagueQuery(db)
      .where('l.season_id', '=', seasonId)
      .orderBy(sql`coalesce(d.sort_order, 9999)`)
      .orderBy('l.name')
      .orderBy('l.id')
      .execute();
    return rows.map((row) => countsNamedOnRead(toDetail(row)));
  },
  // the list of leagues; their game counts name `games:L` as they are read (countsNamedOnRead)
  ([seasonId]) => [`season:${seasonId}`],
);

/** One league with its rules. */
export const readLeague = memoByDb(
  async (db: Db, leagueId: number): Promise<LeagueDetail> => {
    return toDetail(await leagueQuery(db).where('l.id', '=', leagueId).executeTakeFirstOrThrow());
  },
  ([leagueId]) => [`league:${leagueId}`, `games:${leagueId}`],
);

/** The teams of a league, by name. */
export const readLeagueTeams = memoByDb(
  async (db: Db, leagueId: number): Promise<(TeamRef & { region: string })[]> => {
    const rows = await db
      .selectFrom('league_teams as lt')
      .innerJoin('teams as t', 't.id', 'lt.team_id')
      .select(['t.id', 't.name', 't.short_name', 't.home_region'])
      .where('lt.league_id', '=', leagueId)
      .orderBy('t.name')
      .execute();
    return rows.map((t) => ({
      id: t.id,
      name: t.name,
      shortName: t.short_name || t.name,
      region: t.home_region,
    }));
  },
  ([leagueId]) => [`league:${leagueId}`],
);

/** The rules a league's standings are computed with. */
export function standingsRules(league: LeagueDetail): StandingsRules {
  return {
    rankingMethod: league.rankingMethod,
    pointsWin: league.pointsWin,
    pointsDraw: league.pointsDraw,
    pointsLoss: league.pointsLoss,
    tieBreakers: league.tieBreakers,
    inningsPerGame: league.inningsPerGame,
    lotSeed: league.id,
  };
}
