import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { memoByDb } from './memo.ts';
import type { GameSummary } from './types.ts';

const gameQuery = (db: Db) =>
  db
    .selectFrom('games as g')
    .innerJoin('leagues as l', 'l.id', 'g.league_id')
    .innerJoin('teams as h', 'h.id', 'g.home_team_id')
    .innerJoin('teams as a', 'a.id', 'g.away_team_id')
    .selectAll('g')
    .select([
      'l.name as league_name',
      'l.season_id',
      'h.name as home_name',
      'h.short_name as home_short',
      'a.name as away_name',
      'a.short_name as away_short',
      // A record exists once a result is in or some innings are entered (a suspended game).
      sql<number>`(case when g.status in ('final','forfeit') or exists (select 1 from game_innings gi where gi.game_id = g.id) then 1 else 0 end)`.as(
        'has_record',
      ),
    ])
    .orderBy('g.game_date')
    // a game whose time is not set yet comes after the day's timed games
    .orderBy(sql`coalesce(g.game_time, '99:99')`)
    .orderBy('g.league_id')
    .orderBy('g.game_no');

type GameRow = Awaited<ReturnType<ReturnType<typeof gameQuery>['executeTakeFirstOrThrow']>>;

function toSummary(row: GameRow): GameSummary {
  return {
    id: row.id,
    leagueId: row.league_id,
    leagueName: row.league_name,
    seasonId: row.season_id,
    gameNo: row.game_no,
    round: row.round,
    stage: row.stage,
    date: row.game_date,
    time: row.game_time,
    venue: row.venue,
    home: { id: row.home_team_id, name: row.home_name, shortName: row.home_short || row.home_name },
    away: { id: row.away_team_id, name: row.away_name, shortName: row.away_short || row.away_name },
    status: row.status,
    homeScore: row.home_score,
    awayScore: row.away_score,
    inningsPlayed: row.innings_played,
    forfeitWinnerTeamId: row.forfeit_winner_team_id,
    notes: row.notes,
    hasRecord: row.has_record === 1,
    updatedAt: row.updated_at,
  };
}

/** Every game of a season, by date and time. */
export const readSeasonGames = memoByDb(
  async (db: Db, seasonId: number): Promise<GameSummary[]> => {
    return (await gameQuery(db).where('l.season_id', '=', seasonId).execute()).map(toSummary);
  },
  ([seasonId]) => [`season:${seasonId}`, `season-games:${seasonId}`],
);

/** Every game of a league, by date and time. */
export const readLeagueGames = memoByDb(
  async (db: Db, leagueId: number): Promise<GameSummary[]> => {
    return (await gameQuery(db).where('g.league_id', '=', leagueId).execute()).map(toSummary);
  },
  ([leagueId]) => [`games:${leagueId}`, `league:${leagueId}`],
);

/** One game, or null when there is none with that id. */
export const findGame = memoByDb(
  async (db: Db, gameId: number): Promise<GameSummary | null> => {
    const row = await gameQuery(db).where('g.id', '=', gameId).executeTakeFirst();
    return row ? toSummary(row) : null;
  },
  ([gameId], game) => (game ? [`game:${gameId}`, `league:${game.leagueId}`] : [`game:${gameId}`]),
);

/** One game that must exist. */
export async function readGame(db: Db, gameId: number): Promise<GameSummary> {
  const game = await findGame(db, gameId);
  if (!game) throw new Error(`game ${gameId} does not exist`);
  return game;
}

/** The same order as the reads give: date, time (unset last), league, game number. */
export function compareGames(a: GameSummary, b: GameSummary): number {
  return (
    a.date.localeCompare(b.date) ||
    (a.time ?? '99:99').localeCompare(b.time ?? '99:99') ||
    a.leagueId - b.leagueId ||
    a.gameNo - b.gameNo
  );
}

/** A team's games among some. */
export function gamesOfTeam(games: readonly GameSummary[], teamId: number): GameSummary[] {
  return games.filter((g) => g.home.id === teamId || g.away.id === teamId);
}

/**
 * The result list: games with a result, or suspended with the score so far, latest first (the
 * reverse of the schedule's order).
 */
export function resultList(games: readonly GameSummary[]): GameSummary[] {
  return games.filter((g) => isDecided(g) || g.status === 'suspended').reverse();
}

/** True once a game has a result that counts (played to the end, or forfeited). */
export function isDecided(game: Pick<GameSummary, 'status'>): boolean {
  return game.status === 'final' || game.status === 'forfeit';
}

/** Played or forfeited games, newest first, on or before the given day. */
export function recentResults(
  games: readonly GameSummary[],
  today: string,
  count: number,
): GameSummary[] {
  return games
    .filter((g) => isDecided(g) && g.date <= today)
    .reverse()
    .slice(0, count);
}

/** Games still to be played from the given day on, soonest first. */
export function upcomingGames(
  games: readonly GameSummary[],
  today: string,
  count: number,
): GameSummary[] {
  return games.filter((g) => g.status === 'scheduled' && g.date >= today).slice(0, count);
}
