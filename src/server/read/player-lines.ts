import type { Db } from '../db/database.ts';
import { sql } from 'kysely';
import {
  BATTING_KEYS,
  DECISION_CODES,
  PITCHING_KEYS,
  PITCHING_LINE_KEYS,
  battingRates,
  emptyBatting,
  emptyPitching,
  pitchingRates,
} from '../../lib/stats/index.ts';
import type {
  BattingLine,
  BattingRates,
  PitchingRates,
  PitchingTotals,
} from '../../lib/stats/index.ts';
import { readLeague } from './leagues.ts';
import { memoWhileUnchanged } from './memo.ts';
import type { PlayerRef, TeamRef } from './types.ts';

/** A batter's totals over a league for one team, summed from game lines. */
export interface BatterTotals {
  player: PlayerRef;
  team: TeamRef;
  games: number;
  line: BattingLine;
  rates: BattingRates;
}

/** A pitcher's totals over a league for one team, summed from game lines. */
export interface PitcherTotals {
  player: PlayerRef;
  team: TeamRef;
  games: number;
  line: PitchingTotals;
  rates: PitchingRates;
}

/** Only games played to a result carry individual stats (a forfeit is 7–0 with none). */
export const COUNTED_STATUSES = ['final'] as const;

/** League figures (standings, leaders, team lines) are the regular season's; postseason games count apart. */
export const REGULAR_SEASON = 'regular' as const;
/** The stages of the postseason, as KBO's 포스트시즌. */
export const POSTSEASON_STAGES = ['playoff', 'final'] as const;

// The sums run in SQL: a league has thousands of game lines and a few hundred players, and only
// the totals leave the database. They are the same key-by-key additions as sumBatting and
// sumPitching (src/lib/stats), whose keys they take.
const total = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;
const decisions = (column: string) =>
  (Object.entries(DECISION_CODES) as [keyof typeof DECISION_CODES, string][]).map(([key, code]) =>
    // CASE, not the comparison itself: a comparison is 0/1 on SQLite but a boolean on PostgreSQL
    sql<number>`coalesce(sum(CASE WHEN ${sql.ref(column)} = ${code} THEN 1 ELSE 0 END), 0)`.as(key),
  );

/** Team name and id, then player name and id: two teams, or two players of a team, may share a name. */
const byTeamAndName = (
  a: { team: TeamRef; player: PlayerRef },
  b: { team: TeamRef; player: PlayerRef },
) =>
  a.team.name.localeCompare(b.team.name, 'ko') ||
  a.team.id - b.team.id ||
  a.player.name.localeCompare(b.player.name, 'ko') ||
  a.player.id - b.player.id;

interface TotalsRow {
  player_id: number;
  team_id: number;
  player_name: string;
  team_name: string;
  team_short: string | null;
  back_number: number | null;
  games: number;
}

const refsOf = (row: TotalsRow): { player: PlayerRef; team: TeamRef } => ({
  player: {
    id: row.player_id,
    name: row.player_name,
    teamId: row.team_id,
    backNumber: row.back_number,
  },
  team: { id: row.team_id, name: row.team_name, shortName: row.team_short || row.team_name },
});

/** Every batter of a league with regular-season totals per team, by team then name. */
export const readLeagueBatters = memoWhileUnchanged(
  async (db: Db, leagueId: number): Promise<BatterTotals[]> => {
    const rows = await db
      .selectFrom('game_batting as b')
      .innerJoin('games as g', 'g.id', 'b.game_id')
      .innerJoin('players as p', 'p.id', 'b.player_id')
      .innerJoin('teams as t', 't.id', 'b.team_id')
      .leftJoin('league_players as lp', (join) =>
        join.onRef('lp.league_id', '=', 'g.league_id').onRef('lp.player_id', '=', 'b.player_id'),
      )
      .select(BATTING_KEYS.map((key) => total(`b.${key}`).as(key)))
      .select((eb) => [
        'b.player_id',
        'b.team_id',
        'p.name as player_name',
        't.name as team_name',
        't.short_name as team_short',
        'lp.back_number',
        eb.fn.count<number>('b.game_id').distinct().as('games'),
      ])
      .where('g.league_id', '=', leagueId)
      .where('g.status', 'in', COUNTED_STATUSES)
      .where('g.stage', '=', REGULAR_SEASON)
      // the names' rows too: PostgreSQL lists only columns of grouped keys (SQLite takes any)
      .groupBy(['b.team_id', 'b.player_id', 'p.id', 't.id', 'lp.id'])
      .execute();
    return rows
      .map((row): BatterTotals => {
        const line = emptyBatting();
        for (const key of BATTING_KEYS) line[key] = row[key];
        return { ...refsOf(row), games: row.games, line, rates: battingRates(line) };
      })
      .sort(byTeamAndName);
  },
  ([leagueId]) => [`games:${leagueId}`, `league:${leagueId}`],
);

/** Every pitcher of a league with regular-season totals per team (decisions counted), by team then name. */
export const readLeaguePitchers = memoWhileUnchanged(
  async (db: Db, leagueId: number): Promise<PitcherTotals[]> => {
    const league = await readLeague(db, leagueId);
    const rows = await db
      .selectFrom('game_pitching as p')
      .innerJoin('games as g', 'g.id', 'p.game_id')
      .innerJoin('players as pl', 'pl.id', 'p.player_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .leftJoin('league_players as lp', (join) =>
        join.onRef('lp.league_id', '=', 'g.league_id').onRef('lp.player_id', '=', 'p.player_id'),
      )
      .select(PITCHING_LINE_KEYS.map((key) => total(`p.${key}`).as(key)))
      .select(decisions('p.decision'))
      .select((eb) => [
        'p.player_id',
        'p.team_id',
        'pl.name as player_name',
        't.name as team_name',
        't.short_name as team_short',
        'lp.back_number',
        eb.fn.count<number>('p.game_id').distinct().as('games'),
      ])
      .where('g.league_id', '=', leagueId)
      .where('g.status', 'in', COUNTED_STATUSES)
      .where('g.stage', '=', REGULAR_SEASON)
      .groupBy(['p.team_id', 'p.player_id', 'pl.id', 't.id', 'lp.id'])
      .execute();
    return rows
      .map((row): PitcherTotals => {
        const line = emptyPitching();
        for (const key of PITCHING_KEYS) line[key] = row[key];
        return {
          ...refsOf(row),
          games: row.games,
          line,
          rates: pitchingRates(line, league.eraBasis),
        };
      })
      .sort(byTeamAndName);
  },
  ([leagueId]) => [`games:${leagueId}`, `league:${leagueId}`],
);

/** Regular-season games each team of a league has played to a result (forfeits included): the base of leaderboard qualification. */
export const readTeamGamesPlayed = memoWhileUnchanged(
  async (db: Db, leagueId: number): Promise<Map<number, number>> => {
    const rows = await db
      .selectFrom('games')
      .select(['home_team_id', 'away_team_id'])
      .where('league_id', '=', leagueId)
      .where('status', 'in', ['final', 'forfeit'])
      .where('stage', '=', REGULAR_SEASON)
      .execute();
    const counts = new Map<number, number>();
    for (const row of rows) {
      counts.set(row.home_team_id, (counts.get(row.home_team_id) ?? 0) + 1);
      counts.set(row.away_team_id, (counts.get(row.away_team_id) ?? 0) + 1);
    }
    return counts;
  },
  ([leagueId]) => [`games:${leagueId}`],
);
