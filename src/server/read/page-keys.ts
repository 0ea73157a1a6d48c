import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { buildToday } from './build-db.ts';
import { memoByDb } from './memo.ts';
import { readRouteIndex } from './route-index.ts';

/**
 * Cache keys of the public pages for Astro's incremental build (docs/decisions/014): a page is
 * rendered again only when its key changes, so each key is a digest of every row the page shows.
 * All keys come from a few whole-table queries made once per build (a game record touches its box
 * score, its league's pages, its season's lists, the two teams' rosters and its players' pages).
 *
 * Parts:
 * - base: the site's frame — association, seasons, divisions, teams, leagues, league teams and the
 *   team pages of each season (menus, names and season links on every page read them);
 * - game: the game row, its innings, batting and pitching lines;
 * - roster (per league): league players, coaches, final ranks, awards and the rows of every player
 *   the league's pages name;
 * - player: the player row, the player's league rows and the games the player has lines in.
 *
 * Every column of those tables is hashed (read from the schema), so a new column cannot leave a
 * stale page behind; notices leave out `views`, which no page shows. CSV downloads are made by the
 * server on request and old addresses forward through `_redirects` (docs/decisions/016): neither
 * is a page of the build.
 */
export interface PageKeys {
  /** box score */
  game(gameId: number): string;
  /** league schedule, team schedules and the league's calendars */
  league(leagueId: number): string;
  /** the season's list pages (leagues, games, results, standings, teams) */
  season(seasonId: number): string;
  /** the season's home page (recent and upcoming games depend on "today", notices are listed) */
  home(seasonId: number): string;
  /** a team's roster with season stats */
  teamSeason(seasonId: number, teamId: number): string;
  /** player pages */
  player(playerId: number): string;
  notice(wrId: number): string;
  /** notice list pages */
  noticeList(): string;
}

function digest(...parts: (string | null | undefined)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) {
    hash.update(part ?? '');
    hash.update('\u0000');
  }
  return hash.digest('base64url').slice(0, 22);
}

type Table =
  | 'league_main'
  | 'seasons'
  | 'divisions'
  | 'teams'
  | 'leagues'
  | 'league_teams'
  | 'games'
  | 'game_innings'
  | 'game_batting'
  | 'game_pitching'
  | 'league_players'
  | 'league_coaches'
  | 'coaches'
  | 'league_results'
  | 'league_awards'
  | 'players'
  | 'notices';

/** json_array(alias.col, …) over every column of a table, as the schema has it now. */
async function rowJson(db: Db, table: Table, alias: string, omit: string[] = []): Promise<string> {
  const { rows } = await sql<{
    name: string;
  }>`select name from pragma_table_info(${table}) order by cid`.execute(db);
  const cols = rows.map((r) => r.name).filter((name) => !omit.includes(name));
  return `json_array(${cols.map((c) => `${alias}."${c}"`).join(', ')})`;
}

async function rows<T>(db: Db, query: string): Promise<T[]> {
  return (await sql<T>`${sql.raw(query)}`.execute(db)).rows;
}

const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((row) => [row.id, row]));

/** Computes the keys of every page from the build's snapshot (memoized per build database). */
export const readPageKeys = memoByDb(async (db: Db): Promise<PageKeys> => {
  const index = await readRouteIndex(db);
  const j = (table: Table, alias: string, omit?: string[]) => rowJson(db, table, alias, omit);
  const whole = async (table: Table) => {
    const [r] = await rows<{ r: string | null }>(
      db,
      `select group_concat(${await j(table, 't')}, ',' order by t.rowid) as r from ${table} t`,
    );
    return r?.r ?? '';
  };

  const [mainT, seasonsT, divisionsT, teamsT, leaguesT, leagueTeamsT] = await Promise.all(
    (['league_main', 'seasons', 'divisions', 'teams', 'leagues', 'league_teams'] as const).map(
      whole,
    ),
  );
  const seasonTeams = index.seasonTeams
    .map((t) => `${t.seasonId}:${t.teamId}`)
    .sort()
    .join(',');
  const base = digest(
    'base',
    mainT,
    seasonsT,
    divisionsT,
    teamsT,
    leaguesT,
    leagueTeamsT,
    seasonTeams,
  );

  const grouped = async (table: Table, by: string, order: string, extra = '') =>
    byId(
      await rows<{ id: number; r: string; teams?: string }>(
        db,
        `select t.${by} as id, group_concat(${await j(table, 't')}, ',' order by ${order}) as r${extra} from ${table} t group by t.${by}`,
      ),
    );

  const [games, innings, batting, pitching, leaguePlayers, leagueResults, leagueAwards] =
    await Promise.all([
      rows<{ id: number; leagueId: number; home: number; away: number; r: string }>(
        db,
        `select g.id, g.league_id as leagueId, g.home_team_id as home, g.away_team_id as away, ${await j('games', 'g')} as r from games g order by g.id`,
      ),
      grouped('game_innings', 'game_id', 't.inning, t.half'),
      grouped('game_batting', 'game_id', 't.id', `, group_concat(distinct t.team_id) as teams`),
      grouped('game_pitching', 'game_id', 't.id', `, group_concat(distinct t.team_id) as teams`),
      grouped('league_players', 'league_id', 't.id'),
      grouped('league_results', 'league_id', 't.id'),
      grouped('league_awards', 'league_id', 't.id'),
    ]);
  const [leagueCoaches, leagueRefs, players, playerGames, playerLeagues, notices] =
    await Promise.all([
      rows<{ id: number; r: string }>(
        db,
        `select lc.league_id as id, group_concat(json_array(${await j('league_coaches', 'lc')}, ${await j('coaches', 'c')}), ',' order by lc.id) as r
       from league_coaches lc join coaches c on c.id = lc.coach_id group by lc.league_id`,
      ).then(byId),
      // every player a league's pages can name: its roster, its box scores, its awards, its pitchers of record and MVPs
      rows<{ id: number; r: string }>(
        db,
        `with refs(league_id, player_id) as (
         select league_id, player_id from league_players
         union select g.league_id, b.player_id from game_batting b join games g on g.id = b.game_id
         union select g.league_id, p.player_id from game_pitching p join games g on g.id = p.game_id
         union select league_id, player_id from league_awards where player_id is not null
         union select league_id, win_pitcher_id from games where win_pitcher_id is not null
         union select league_id, loss_pitcher_id from games where loss_pitcher_id is not null
         union select league_id, save_pitcher_id from games where save_pitcher_id is not null
         union select league_id, mvp_player_id from games where mvp_player_id is not null)
       select refs.league_id as id, group_concat(${await j('players', 'p')}, ',' order by p.id) as r
       from refs join players p on p.id = refs.player_id group by refs.league_id`,
      ).then(byId),
      rows<{ id: number; r: string }>(
        db,
        `select p.id, ${await j('players', 'p')} as r from players p`,
      ).then(byId),
      rows<{ id: number; r: string }>(
        db,
        `select player_id as id, group_concat(game_id, ',' order by game_id) as r
       from (select player_id, game_id from game_batting union select player_id, game_id from game_pitching) group by player_id`,
      ).then(byId),
      grouped('league_players', 'player_id', 't.id'),
      rows<{ id: number; r: string; a: string | null }>(
        db,
        `select n.wr_id as id, ${await j('notices', 'n', ['views'])} as r,
         (select group_concat(json_array(a.id, u.original_name, u.size), ',' order by a.id)
          from notice_attachments a join uploads u on u.id = a.upload_id where a.wr_id = n.wr_id) as a
       from notices n order by n.wr_id`,
      ),
    ]);

  // per game, and which games each league and team has
  const gameHash = new Map<number, string>();
  const leagueOfGame = new Map<number, number>();
  const leagueGames = new Map<number, number[]>();
  const teamGames = new Map<string, number[]>();
  const push = <K>(map: Map<K, number[]>, key: K, id: number) => {
    const list = map.get(key);
    if (list) list.push(id);
    else map.set(key, [id]);
  };
  for (const g of games) {
    const bat = batting.get(g.id);
    const pit = pitching.get(g.id);
    gameHash.set(g.id, digest(g.r, innings.get(g.id)?.r, bat?.r, pit?.r));
    leagueOfGame.set(g.id, g.leagueId);
    push(leagueGames, g.leagueId, g.id);
    const teams = new Set([
      g.home,
      g.away,
      ...[bat?.teams, pit?.teams].flatMap((t) => (t ? t.split(',').map(Number) : [])),
    ]);
    for (const teamId of teams) push(teamGames, `${g.leagueId}:${teamId}`, g.id);
  }
  const gamesDigest = (ids: readonly number[] | undefined) =>
    digest(...(ids ?? []).map((id) => `${id}=${gameHash.get(id) ?? ''}`));

  const once = <A extends unknown[]>(make: (...args: A) => string) => {
    const cache = new Map<string, string>();
    return (...args: A) => {
      const k = args.join(':');
      let v = cache.get(k);
      if (v === undefined) cache.set(k, (v = make(...args)));
      return v;
    };
  };
  const roster = once((leagueId: number) =>
    digest(
      leaguePlayers.get(leagueId)?.r,
      leagueCoaches.get(leagueId)?.r,
      leagueResults.get(leagueId)?.r,
      leagueAwards.get(leagueId)?.r,
      leagueRefs.get(leagueId)?.r,
    ),
  );
  const leagueData = once((leagueId: number) =>
    digest(roster(leagueId), gamesDigest(leagueGames.get(leagueId))),
  );
  const leaguesOf = new Map<number, number[]>();
  for (const l of index.leagues) push(leaguesOf, l.seasonId, l.id);
  const teamLeagues = new Set(index.leagueTeams.map((lt) => `${lt.leagueId}:${lt.teamId}`));
  const noticeList = digest('notices', base, ...notices.map((n) => `${n.r}|${n.a ?? ''}`));
  const noticeById = byId(notices);
  const season = once((seasonId: number) =>
    digest('season', base, ...(leaguesOf.get(seasonId) ?? []).map((l) => `${l}=${leagueData(l)}`)),
  );
  const today = buildToday();

  return {
    game: once((gameId: number) => {
      const leagueId = leagueOfGame.get(gameId) ?? 0;
      return digest('game', base, roster(leagueId), gameHash.get(gameId));
    }),
    league: once((leagueId: number) => digest('league', base, leagueData(leagueId))),
    season,
    home: once((seasonId: number) => digest('home', season(seasonId), noticeList, today)),
    teamSeason: once((seasonId: number, teamId: number) =>
      digest(
        'team',
        base,
        ...(leaguesOf.get(seasonId) ?? [])
          .filter((l) => teamLeagues.has(`${l}:${teamId}`))
          .map((l) => `${l}=${roster(l)}/${gamesDigest(teamGames.get(`${l}:${teamId}`))}`),
      ),
    ),
    player: once((playerId: number) => {
      const ids = playerGames.get(playerId)?.r.split(',').map(Number);
      return digest(
        'player',
        base,
        players.get(playerId)?.r,
        playerLeagues.get(playerId)?.r,
        gamesDigest(ids),
      );
    }),
    notice: once((wrId: number) =>
      digest('notice', base, noticeById.get(wrId)?.r, noticeById.get(wrId)?.a),
    ),
    noticeList: () => noticeList,
  };
});
