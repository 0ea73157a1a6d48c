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

/** A player's line of one game: the figures his season AVG or ERA is summed from. */
interface BattingRateLine {
  date: string;
  ab: number;
  h: number;
  b2: number;
  b3: number;
  hr: number;
  bb: number;
  hbp: number;
  sf: number;
}
interface PitchingRateLine {
  date: string;
  outs: number;
  er: number;
  bb: number;
  h: number;
}
interface RateLines {
  batting: Map<number, BattingRateLine[]>;
  pitching: Map<number, PitchingRateLine[]>;
}

type SeasonPart = 'regular' | 'postseason';

/**
 * The batting and pitching lines, by player, of a league's counted games of one part of its
 * season (the regular season or the postseason): of every player, or (`only`) of the players
 * with a line in one game, up to that game's date.
 */
async function readRateLines(
  db: Db,
  leagueId: number,
  part: SeasonPart,
  only: { gameId: number; date: string } | null,
): Promise<RateLines> {
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
      .select(['b.player_id', 'g.game_date as date'])
      .select(['b.ab', 'b.h', 'b.b2', 'b.b3', 'b.hr', 'b.bb', 'b.hbp', 'b.sf'])
      .$if(only !== null, (q) =>
        q.where(
          'b.player_id',
          'in',
          db.selectFrom('game_batting').select('player_id').where('game_id', '=', only!.gameId),
        ),
      )
      .execute(),
    db
      .selectFrom('game_pitching as p')
      .innerJoin(counted, 'g.id', 'p.game_id')
      .select(['p.player_id', 'g.game_date as date'])
      .select(['p.outs', 'p.er', 'p.bb', 'p.h'])
      .$if(only !== null, (q) =>
        q.where(
          'p.player_id',
          'in',
          db.selectFrom('game_pitching').select('player_id').where('game_id', '=', only!.gameId),
        ),
      )
      .execute(),
  ]);
  return { batting: byPlayer(batting), pitching: byPlayer(pitching) };
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
  game: { id: number; leagueId: number; date: string },
  part: SeasonPart,
): Promise<RateLines> {
  let byLeague = asked.get(db);
  if (!byLeague) asked.set(db, (byLeague = new Map()));
  const key = `${game.leagueId}:${part}`;
  const n = (byLeague.get(key) ?? 0) + 1;
  byLeague.set(key, n);
  return n === 1
    ? readRateLines(db, game.leagueId, part, { gameId: game.id, date: game.date })
    : readLeagueRateLines(db, game.leagueId, part);
}

function byPlayer<L>(rows: (L & { player_id: number })[]): Map<number, L[]> {
  const out = new Map<number, L[]>();
  for (const row of rows) {
    const lines = out.get(row.player_id);
    if (lines) lines.push(row);
    else out.set(row.player_id, [row]);
  }
  return out;
}

/** The sum of each figure over a player's lines up to a date (same day included); null without one. */
function sumUpTo<L extends { date: string }>(
  lines: L[] | undefined,
  date: string,
  figures: readonly Exclude<keyof L, 'date'>[],
): Record<Exclude<keyof L, 'date'>, number> | null {
  const upTo = lines?.filter((line) => line.date <= date) ?? [];
  if (upTo.length === 0) return null;
  const sum = Object.fromEntries(figures.map((f) => [f, 0])) as Record<
    Exclude<keyof L, 'date'>,
    number
  >;
  for (const line of upTo) for (const f of figures) sum[f] += line[f] as number;
  return sum;
}

const BATTING_FIGURES = ['ab', 'h', 'b2', 'b3', 'hr', 'bb', 'hbp', 'sf'] as const;
const PITCHING_FIGURES = ['outs', 'er', 'bb', 'h'] as const;

/**
 * Season AVG of every batter and ERA of every pitcher of a game, over the league's games played up to
 * that game's date (same-day games included), as a box score prints them beside each line. A
 * regular-season game shows regular-season rates, a postseason game postseason rates (as KBO).
 */
export const readBoxSeasonRates = memoByDb(
  async (db: Db, gameId: number): Promise<SeasonRatesAfterGame> => {
    const game = await readGame(db, gameId);
    const part = game.stage === REGULAR_SEASON ? 'regular' : 'postseason';
    const [league, lines, batters, pitchers] = await Promise.all([
      readLeague(db, game.leagueId),
      linesFor(db, game, part),
      db.selectFrom('game_batting').select('player_id').where('game_id', '=', gameId).execute(),
      db.selectFrom('game_pitching').select('player_id').where('game_id', '=', gameId).execute(),
    ]);
    const avg = new Map<number, Fraction | null>();
    for (const { player_id } of batters) {
      const sum = sumUpTo(lines.batting.get(player_id), game.date, BATTING_FIGURES);
      if (sum) avg.set(player_id, battingFractions(sum).avg);
    }
    const era = new Map<number, Fraction | null>();
    for (const { player_id } of pitchers) {
      const sum = sumUpTo(lines.pitching.get(player_id), game.date, PITCHING_FIGURES);
      if (sum) era.set(player_id, pitchingFractions(sum, league.eraBasis).era);
    }
    const players = [...new Set([...batters, ...pitchers].map((p) => p.player_id))];
    return { leagueId: game.leagueId, players: players.sort((a, b) => a - b), avg, era };
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
