import { sql } from 'kysely';
import type { SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import type { GameStage } from '../db/schema.ts';
import {
  BATTING_KEYS,
  PITCHING_LINE_KEYS,
  battingFractions,
  pitchingFractions,
  sumBatting,
  sumPitching,
} from '../../lib/stats/index.ts';
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

type SeasonPart = 'regular' | 'postseason';

/** `column IN (ids)`; for no ids a condition that holds for no row (`IN ()` is an error on PostgreSQL). */
const playerIn = (column: 'b.player_id' | 'p.player_id', ids: number[]) =>
  ids.length > 0 ? sql<SqlBool>`${sql.ref(column)} IN (${sql.join(ids)})` : sql<SqlBool>`1 = 0`;

/**
 * The batting and pitching lines, by player, of a league's counted games of one part of its
 * season (the regular season or the postseason), each with its game's date: of every player, or
 * only of `only.players` up to `only.date`.
 */
async function readRateLines(
  db: Db,
  leagueId: number,
  part: SeasonPart,
  only: { players: number[]; date: string } | null,
) {
  const stages: GameStage[] = part === 'regular' ? [REGULAR_SEASON] : [...POSTSEASON_STAGES];
  const counted = db
    .selectFrom('games')
    .select(['id', 'game_date'])
    .where('league_id', '=', leagueId)
    .where('status', 'in', COUNTED_STATUSES)
    .where('stage', 'in', stages)
    .$if(only !== null, (q) => q.where('game_date', '<=', only!.date))
    .as('g');
  const [batting, pitching] = await Promise.all([
    db
      .selectFrom('game_batting as b')
      .innerJoin(counted, 'g.id', 'b.game_id')
      .select(['b.player_id', 'g.game_date'])
      .select(BATTING_KEYS.map((key) => `b.${key}` as const))
      .$if(only !== null, (q) => q.where(playerIn('b.player_id', only!.players)))
      .execute(),
    db
      .selectFrom('game_pitching as p')
      .innerJoin(counted, 'g.id', 'p.game_id')
      .select(['p.player_id', 'g.game_date'])
      .select(PITCHING_LINE_KEYS.map((key) => `p.${key}` as const))
      .$if(only !== null, (q) => q.where(playerIn('p.player_id', only!.players)))
      .execute(),
  ]);
  return {
    batting: Map.groupBy(batting, (line) => line.player_id),
    pitching: Map.groupBy(pitching, (line) => line.player_id),
  };
}

/** Every player's lines of a league's part of the season, read once per handle (a render job). */
const readLeagueRateLines = memoByDb((db: Db, leagueId: number, part: SeasonPart) =>
  readRateLines(db, leagueId, part, null),
);

/**
 * Box scores asked per league on each handle. A request asks for one: its players' lines are
 * read alone (about 1 ms on the bench association, against 5 ms for a whole league's). A render
 * job asks for the league's games one after another: from the second one, the league's lines are
 * read once for all, where a full render used to make 12,600 queries.
 */
const asked = new WeakMap<Db, Map<string, number>>();

function linesFor(
  db: Db,
  leagueId: number,
  part: SeasonPart,
  only: { players: number[]; date: string },
) {
  let byLeague = asked.get(db);
  if (!byLeague) {
    byLeague = new Map();
    asked.set(db, byLeague);
  }
  const key = `${leagueId}:${part}`;
  const n = (byLeague.get(key) ?? 0) + 1;
  byLeague.set(key, n);
  return n === 1
    ? readRateLines(db, leagueId, part, only)
    : readLeagueRateLines(db, leagueId, part);
}

/**
 * Season AVG of every batter and ERA of every pitcher of a game, over the league's games played up to
 * that game's date (same-day games included), as a box score prints them beside each line. A
 * regular-season game shows regular-season rates, a postseason game postseason rates (as KBO).
 */
export const readBoxSeasonRates = memoByDb(
  async (db: Db, gameId: number): Promise<SeasonRatesAfterGame> => {
    const game = await readGame(db, gameId);
    const part = game.stage === REGULAR_SEASON ? 'regular' : 'postseason';
    const [league, batters, pitchers] = await Promise.all([
      readLeague(db, game.leagueId),
      db.selectFrom('game_batting').select('player_id').where('game_id', '=', gameId).execute(),
      db.selectFrom('game_pitching').select('player_id').where('game_id', '=', gameId).execute(),
    ]);
    const players = [...new Set([...batters, ...pitchers].map((p) => p.player_id))].sort(
      (a, b) => a - b,
    );
    const lines = await linesFor(db, game.leagueId, part, { players, date: game.date });
    const upTo = <L extends { game_date: string }>(own: L[] | undefined) =>
      own?.filter((line) => line.game_date <= game.date) ?? [];
    const avg = new Map<number, Fraction | null>();
    for (const { player_id } of batters) {
      const own = upTo(lines.batting.get(player_id));
      if (own.length > 0) avg.set(player_id, battingFractions(sumBatting(own)).avg);
    }
    const era = new Map<number, Fraction | null>();
    for (const { player_id } of pitchers) {
      const own = upTo(lines.pitching.get(player_id));
      if (own.length > 0)
        era.set(player_id, pitchingFractions(sumPitching(own), league.eraBasis).era);
    }
    return { leagueId: game.leagueId, players, avg, era };
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
