import type { Db } from '../db/database.ts';
import type { BuildDeps } from './static-site.ts';

/**
 * What a write changed, as the change record's rows name it (change-map.ts, decision 150), turned
 * into the data keys pages read (src/server/read/read-deps.ts). The names:
 *
 * - `game:G` — a game's schedule or record: the game, its league's games, its season's games, and
 *   for every player now in its record his pages and his games in the league (`player-league:L:P`:
 *   a new date or stage moves the game among the season rates of all his box scores there);
 * - `game-record:G` — a game's record, its date and stage as they were: as `game:G`, but of his
 *   games in the league only the box scores on or after its date (`game-rates:G`), as the season
 *   rates beside a box score's lines count the games up to that box score's date;
 * - `game-player:G:P` — a player who was in a game's record before a change of that record: his
 *   pages and the box scores of his games of the league on or after its date (a line deleted or
 *   changed names its old player this way);
 * - `game-live:G` — the line score of a game being played (decision 149): the game's live state
 *   (`live:G`), its league's and its season's live games (`live-league:L`, `live-season:S`), read by the pages that show it live
 *   (its box score, the home page, the result and schedule lists), never by the statistics;
 * - `roster:L:T` — a team's roster or coaches in a league: the league, its season, the team, the
 *   set of pages and every player now on that roster;
 * - `team-info:T`, `player-info:P` — a team's or a player's own fields (a name, a logo), shown
 *   wherever a league or season they are in is shown;
 * - `notice:N` — a notice: its page, the lists, the set of pages;
 * - any read key as it is (`player:P`, `paths`, …).
 *
 * A change with no narrower name (change-map.ts says which) renders every page.
 *
 * With the keys come the teams the change is about, whose own pages go live first
 * (publish-order.ts): the two teams of each game it names, a team whose own fields changed. (A
 * roster change names the set of pages, and goes live in one switch.)
 */
export async function expandChange(
  db: Db,
  changes: Iterable<string>,
): Promise<{ keys: Set<string>; teams: Set<number> }> {
  const keys = new Set<string>();
  const teams = new Set<number>();
  for (const change of changes) {
    const [kind, a, b] = change.split(':');
    const id = Number(a);
    switch (kind) {
      case 'game':
      case 'game-record': {
        keys.add(`game:${id}`);
        const game = await db
          .selectFrom('games as g')
          .innerJoin('leagues as l', 'l.id', 'g.league_id')
          .select([
            'g.league_id',
            'l.season_id',
            'g.game_date',
            'g.home_team_id',
            'g.away_team_id',
            'g.win_pitcher_id',
            'g.loss_pitcher_id',
            'g.save_pitcher_id',
            'g.mvp_player_id',
          ])
          .where('g.id', '=', id)
          .executeTakeFirst();
        if (!game) {
          keys.add('paths'); // deleted: its page goes (a deleted game renders every page anyway)
          break;
        }
        keys.add(`games:${game.league_id}`).add(`season-games:${game.season_id}`);
        teams.add(game.home_team_id).add(game.away_team_id);
        const players = new Set<number>();
        for (const p of [
          ...(await gamePlayers(db, id)),
          game.win_pitcher_id,
          game.loss_pitcher_id,
          game.save_pitcher_id,
          game.mvp_player_id,
        ])
          if (p !== null) players.add(p);
        for (const p of players) keys.add(`player:${p}`);
        if (kind === 'game')
          for (const p of players) keys.add(`player-league:${game.league_id}:${p}`);
        else
          for (const g of await gamesWithFrom(db, game.league_id, game.game_date, [...players]))
            keys.add(`game-rates:${g}`);
        break;
      }
      case 'game-live': {
        keys.add(`live:${id}`);
        const game = await db
          .selectFrom('games as g')
          .innerJoin('leagues as l', 'l.id', 'g.league_id')
          .select(['l.season_id', 'g.league_id', 'g.home_team_id', 'g.away_team_id'])
          .where('g.id', '=', id)
          .executeTakeFirst();
        if (game) {
          keys.add(`live-season:${game.season_id}`).add(`live-league:${game.league_id}`);
          teams.add(game.home_team_id).add(game.away_team_id);
        }
        break;
      }
      case 'game-player': {
        const playerId = Number(b);
        keys.add(`player:${playerId}`);
        const game = await db
          .selectFrom('games')
          .select(['league_id', 'game_date', 'home_team_id', 'away_team_id'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (game) {
          teams.add(game.home_team_id).add(game.away_team_id);
          for (const g of await gamesWithFrom(db, game.league_id, game.game_date, [playerId]))
            keys.add(`game-rates:${g}`);
        }
        // a game that is gone took its lines with it: his rates changed in any league he still
        // has games in (a box score shows them only there)
        else
          for (const l of await lineLeagues(db, playerId))
            keys.add(`player-league:${l}:${playerId}`);
        break;
      }
      case 'roster': {
        const leagueId = id;
        const teamId = Number(b);
        keys.add(`league:${leagueId}`).add(`team:${teamId}`).add('paths');
        const league = await db
          .selectFrom('leagues')
          .select('season_id')
          .where('id', '=', leagueId)
          .executeTakeFirst();
        if (league) keys.add(`season:${league.season_id}`);
        for (const p of await rosterPlayers(db, leagueId, teamId)) keys.add(`player:${p}`);
        break;
      }
      case 'team-info': {
        keys.add(`team:${id}`);
        teams.add(id);
        const leagues = await db
          .selectFrom('league_teams as lt')
          .innerJoin('leagues as l', 'l.id', 'lt.league_id')
          .select(['l.id', 'l.season_id'])
          .where('lt.team_id', '=', id)
          .execute();
        for (const l of leagues) keys.add(`league:${l.id}`).add(`season:${l.season_id}`);
        break;
      }
      case 'player-info': {
        keys.add(`player:${id}`);
        const leagues = await db
          .selectFrom('leagues as l')
          .select(['l.id', 'l.season_id'])
          .where((eb) =>
            eb.or([
              eb(
                'l.id',
                'in',
                eb.selectFrom('league_players').select('league_id').where('player_id', '=', id),
              ),
              eb(
                'l.id',
                'in',
                eb
                  .selectFrom('game_batting as b')
                  .innerJoin('games as g', 'g.id', 'b.game_id')
                  .select('g.league_id')
                  .where('b.player_id', '=', id),
              ),
              eb(
                'l.id',
                'in',
                eb
                  .selectFrom('game_pitching as p')
                  .innerJoin('games as g', 'g.id', 'p.game_id')
                  .select('g.league_id')
                  .where('p.player_id', '=', id),
              ),
            ]),
          )
          .execute();
        for (const l of leagues) keys.add(`league:${l.id}`).add(`season:${l.season_id}`);
        break;
      }
      case 'notice':
        keys.add(change).add('notices').add('paths');
        break;
      default:
        keys.add(change);
    }
  }
  return { keys, teams };
}

/** The players on a team's roster in a league. */
async function rosterPlayers(db: Db, leagueId: number, teamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('league_players')
    .select('player_id')
    .where('league_id', '=', leagueId)
    .where('team_id', '=', teamId)
    .execute();
  return rows.map((r) => r.player_id);
}

/**
 * The games of a league on or after a date in which any of the players has a line: the box scores
 * whose season rates (readBoxSeasonRates: the league's games up to the box score's date) a change
 * of those players' lines on that date can alter.
 */
async function gamesWithFrom(
  db: Db,
  leagueId: number,
  date: string,
  players: number[],
): Promise<number[]> {
  if (players.length === 0) return [];
  const rows = await db
    .selectFrom('games')
    .select('id')
    .where('league_id', '=', leagueId)
    .where('game_date', '>=', date)
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb.selectFrom('game_batting').select('game_id').where('player_id', 'in', players),
        ),
        eb(
          'id',
          'in',
          eb.selectFrom('game_pitching').select('game_id').where('player_id', 'in', players),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** The leagues a player has a batting or pitching line in. */
async function lineLeagues(db: Db, playerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('game_batting as b')
    .innerJoin('games as g', 'g.id', 'b.game_id')
    .select('g.league_id')
    .where('b.player_id', '=', playerId)
    .union(
      db
        .selectFrom('game_pitching as p')
        .innerJoin('games as g', 'g.id', 'p.game_id')
        .select('g.league_id')
        .where('p.player_id', '=', playerId),
    )
    .execute();
  return rows.map((r) => r.league_id);
}

/** The players in a game's record. */
export async function gamePlayers(db: Db, gameId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('game_batting')
    .select('player_id')
    .where('game_id', '=', gameId)
    .union(db.selectFrom('game_pitching').select('player_id').where('game_id', '=', gameId))
    .execute();
  return rows.map((r) => r.player_id);
}

/**
 * Makes the files of a build read from disk share one string per data key. JSON.parse makes a
 * string of many occurrences: the bench association's manifest names 29,000 keys 595,000 times.
 * Sharing them saved about 6 MB of the server's heap there when measured, for about 50 ms.
 */
export function shareKeyStrings(deps: BuildDeps): void {
  const shared = new Map<string, string>();
  for (const keys of Object.values(deps.files))
    for (let i = 0; i < keys.length; i++) {
      const one = shared.get(keys[i]);
      if (one === undefined) shared.set(keys[i], keys[i]);
      else keys[i] = one;
    }
}

/**
 * The files of a build that read any of the keys (and those whose reads named none, `*`). One pass
 * over every file's keys: 16 ms for a saved record on the bench association (19,600 files, 595,000
 * reads), where a key → files index made it 0.2 ms but held 21 MB of the server's heap for good.
 */
export function dependents(deps: BuildDeps, keys: ReadonlySet<string>): string[] {
  const files: string[] = [];
  for (const [file, read] of Object.entries(deps.files))
    if (read.some((key) => key === '*' || keys.has(key))) files.push(file);
  return files;
}
