import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { GameStage } from '../db/schema.ts';
import { battingFractions, pitchingFractions } from '../../lib/stats/index.ts';
import type { Fraction } from '../../lib/stats/index.ts';
import { readGame } from './games.ts';
import { readLeague } from './leagues.ts';
import { memoByDb } from './memo.ts';
import { COUNTED_STATUSES, POSTSEASON_STAGES, REGULAR_SEASON } from './player-lines.ts';

/** A player's season AVG and ERA in a league as they stood after a game (null when not defined). */
export interface SeasonRatesAfterGame {
  leagueId: number;
  /** the players with a line in the game: their rates change with any game they play in the league */
  players: number[];
  avg: Map<number, Fraction | null>;
  era: Map<number, Fraction | null>;
}

/**
 * Season AVG of every batter and ERA of every pitcher of a game, over the league's games played up to
 * that game's date (same-day games included), as a box score prints them beside each line. A
 * regular-season game shows regular-season rates, a postseason game postseason rates (as KBO).
 */
export const readBoxSeasonRates = memoByDb(
  async (db: Db, gameId: number): Promise<SeasonRatesAfterGame> => {
    const game = await readGame(db, gameId);
    const league = await readLeague(db, game.leagueId);
    const stages: GameStage[] =
      game.stage === REGULAR_SEASON ? [REGULAR_SEASON] : [...POSTSEASON_STAGES];
    const sum = (column: string) => sql<number>`sum(${sql.ref(column)})`;
    const [batting, pitching, players] = await Promise.all([
      db
        .selectFrom('game_batting as b')
        .innerJoin('games as g', 'g.id', 'b.game_id')
        .select('b.player_id')
        .select([
          sum('b.ab').as('ab'),
          sum('b.h').as('h'),
          sum('b.b2').as('b2'),
          sum('b.b3').as('b3'),
          sum('b.hr').as('hr'),
          sum('b.bb').as('bb'),
          sum('b.hbp').as('hbp'),
          sum('b.sf').as('sf'),
        ])
        .where('g.league_id', '=', game.leagueId)
        .where('g.status', 'in', COUNTED_STATUSES)
        .where('g.stage', 'in', stages)
        .where('g.game_date', '<=', game.date)
        .where(
          'b.player_id',
          'in',
          db.selectFrom('game_batting').select('player_id').where('game_id', '=', gameId),
        )
        .groupBy('b.player_id')
        .execute(),
      db
        .selectFrom('game_pitching as p')
        .innerJoin('games as g', 'g.id', 'p.game_id')
        .select('p.player_id')
        .select([
          sum('p.outs').as('outs'),
          sum('p.er').as('er'),
          sum('p.bb').as('bb'),
          sum('p.h').as('h'),
        ])
        .where('g.league_id', '=', game.leagueId)
        .where('g.status', 'in', COUNTED_STATUSES)
        .where('g.stage', 'in', stages)
        .where('g.game_date', '<=', game.date)
        .where(
          'p.player_id',
          'in',
          db.selectFrom('game_pitching').select('player_id').where('game_id', '=', gameId),
        )
        .groupBy('p.player_id')
        .execute(),
      db
        .selectFrom('game_batting')
        .select('player_id')
        .where('game_id', '=', gameId)
        .union(db.selectFrom('game_pitching').select('player_id').where('game_id', '=', gameId))
        .execute(),
    ]);
    return {
      leagueId: game.leagueId,
      players: players.map((p) => p.player_id),
      avg: new Map(batting.map((row) => [row.player_id, battingFractions(row).avg])),
      era: new Map(
        pitching.map((row) => [row.player_id, pitchingFractions(row, league.eraBasis).era]),
      ),
    };
  },
  // The rates sum the player's games of this league up to this game's date: a saved record names
  // the box scores of its players' games of its league from its date on (`game-rates:G`), a new
  // date or stage of a game all their games of the league (`player-league:L:P`, change-keys.ts).
  // Their box scores of other seasons and leagues are not rendered again, nor those without them.
  ([gameId], rates) => [
    `game:${gameId}`,
    `game-rates:${gameId}`,
    `league:${rates.leagueId}`,
    ...rates.players.map((p) => `player-league:${rates.leagueId}:${p}`),
  ],
);
