import type { Db, Tx } from '../db/database.ts';
import type { GameLiveTable } from '../db/schema.ts';
import { lineTotals } from '../../lib/live-line.ts';
import type { LiveLine } from '../../lib/live-line.ts';
import { memoByDb } from './memo.ts';
import type { BoxScore } from './box-score.ts';
import type { GameSummary, LiveSummary } from './types.ts';

/**
 * The line scores of games being played (decision 149), for the pages that show a game live: its
 * box score, the home page, the result and schedule lists. They name `live:G`, `live-league:L` and
 * `live-season:S` alone, so a tap renders those pages and never the statistics, which read the games' results.
 */

type LiveRow = Omit<GameLiveTable, 'seq' | 'started_at' | 'updated_at'> & {
  seq: number;
  started_at: string;
  updated_at: string;
};

/** A stored row as a line score and the state it is in. */
export function lineOfRow(row: LiveRow): LiveLine & { state: LiveSummary['state'] } {
  return {
    away: JSON.parse(row.away_runs) as number[],
    home: JSON.parse(row.home_runs) as number[],
    inning: row.inning,
    half: row.half,
    outs: row.outs,
    awayHits: row.away_hits,
    homeHits: row.home_hits,
    awayErrors: row.away_errors,
    homeErrors: row.home_errors,
    state: row.ended_at ? 'ended' : 'playing',
  };
}

export const liveRowOf = (db: Db | Tx, gameId: number) =>
  db.selectFrom('game_live').selectAll().where('game_id', '=', gameId).executeTakeFirst();

function summary(row: LiveRow): LiveSummary {
  const line = lineOfRow(row);
  const { away, home } = lineTotals(line);
  return { ...line, awayRuns: away.runs, homeRuns: home.runs };
}

/** The line score of one game, or null when none was sent. */
export const readLiveGame = memoByDb(
  async (db: Db, gameId: number): Promise<LiveSummary | null> => {
    const row = await liveRowOf(db, gameId);
    return row ? summary(row) : null;
  },
  ([gameId]) => [`live:${gameId}`],
);

/** The line scores of a season's games, by game id. */
export const readSeasonLive = memoByDb(
  async (db: Db, seasonId: number): Promise<ReadonlyMap<number, LiveSummary>> => {
    const rows = await db
      .selectFrom('game_live as gl')
      .innerJoin('games as g', 'g.id', 'gl.game_id')
      .innerJoin('leagues as l', 'l.id', 'g.league_id')
      .selectAll('gl')
      .where('l.season_id', '=', seasonId)
      .execute();
    return new Map(rows.map((row) => [row.game_id, summary(row)]));
  },
  ([seasonId]) => [`live-season:${seasonId}`],
);

/** The line scores of a league's games, by game id (its schedule pages: not every league's). */
export const readLeagueLive = memoByDb(
  async (db: Db, leagueId: number): Promise<ReadonlyMap<number, LiveSummary>> => {
    const rows = await db
      .selectFrom('game_live as gl')
      .innerJoin('games as g', 'g.id', 'gl.game_id')
      .selectAll('gl')
      .where('g.league_id', '=', leagueId)
      .execute();
    return new Map(rows.map((row) => [row.game_id, summary(row)]));
  },
  ([leagueId]) => [`live-league:${leagueId}`],
);

/** Games with their line scores beside them, for a game still to be recorded. */
export function withLive(
  games: readonly GameSummary[],
  lives: ReadonlyMap<number, LiveSummary>,
): GameSummary[] {
  return games.map((g) => {
    const live = g.status === 'scheduled' ? lives.get(g.id) : undefined;
    return live ? { ...g, live } : g;
  });
}

/**
 * A box score of a game still to be recorded with its line score so far: the innings, the runs,
 * hits and errors of each side, as a finished game's are shown.
 */
export function liveBoxScore(box: BoxScore, live: LiveSummary | null): BoxScore {
  if (!live || box.game.status !== 'scheduled') return box;
  const innings = live.away.map((away, i) => ({ inning: i + 1, away, home: live.home[i] ?? null }));
  return {
    ...box,
    game: { ...box.game, live },
    innings,
    away: {
      ...box.away,
      runs: live.awayRuns,
      hits: live.awayHits ?? null,
      errors: live.awayErrors ?? null,
    },
    home: {
      ...box.home,
      runs: live.homeRuns,
      hits: live.homeHits ?? null,
      errors: live.homeErrors ?? null,
    },
  };
}
