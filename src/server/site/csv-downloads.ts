import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { SeasonRef } from '../../lib/paths.ts';
import type { Db } from '../db/database.ts';
import { freshReads } from '../read/memo.ts';
import { readSite } from '../read/site.ts';
import { readBoxScore } from '../read/box-score.ts';
import { readLeague } from '../read/leagues.ts';
import { readLeagueLeaders } from '../read/leaders.ts';
import { readLeagueRecords, readTeamTotals } from '../read/league-records.ts';
import { readLeagueStandings } from '../read/standings.ts';
import { readTeamSeason } from '../read/teams.ts';
import { readPlayerCareer, readPlayerGameLog } from '../read/player.ts';
import { boxBattingCsvTable, boxPitchingCsvTable } from '../../components/tables/box-tables.ts';
import { leadersTable } from '../../components/tables/leaders-table.ts';
import { teamTotalsTable } from '../../components/tables/records-tables.ts';
import { standingsTable } from '../../components/tables/standings-table.ts';
import {
  careerBattingTable,
  careerPitchingTable,
  gameLogTable,
  teamBattingTable,
  teamPitchingTable,
} from '../../components/tables/player-tables.ts';
import { tableCsv } from '../../components/utils/table.ts';
import type { TableModel } from '../../components/utils/table.ts';
import { toCsv } from '../../components/utils/csv.ts';
import { CACHE_CONTROL, securityHeaders } from '../publish/site-headers.ts';
import { metrics } from '../metrics.ts';
import { SecondAsk } from '../http/second-ask.ts';

/**
 * CSV downloads of the public site, made on first request from the live database and kept for
 * the live build (CsvCache; docs/decisions/016):
 * the same reads and table definitions as the pages, so a CSV and the table it sits under never
 * disagree, and a saved record shows in the CSV at once. The addresses are those the pages link to
 * (`paths.csv` in src/lib/paths.ts):
 *
 *   /sbsa/csv/game/{gameId}/batting.csv | pitching.csv
 *   /sbsa/csv/league/{leagueId}/standings.csv | leaders.csv | team-batting.csv | team-pitching.csv
 *   /sbsa/csv/league/{leagueId}/team/{teamId}/batting.csv | pitching.csv
 *   /sbsa/csv/player/{playerId}/[postseason-]batting.csv | [postseason-]pitching.csv | games-{seasonId}.csv
 *
 * Only what the public site shows is given: the association's seasons, their leagues, games and
 * league teams, and players with a page. Anything else goes on to the next handler (the site's
 * Korean 404 page, or the app's Korean 404 without a site), never a 500.
 */

/** What one download holds: its rows and the name the browser saves it under (without `.csv`). */
interface CsvDownload {
  name: string;
  table: TableModel;
}

/** An id in a path: digits without a leading zero, small enough to be exact. */
const ID = '([1-9]\\d{0,14})';

type Maker = (db: Db, ids: number[], kind: string) => Promise<CsvDownload | null>;

/** The season of the site a season id names, or null when the site does not show it. */
async function siteSeason(
  db: Db,
  seasonId: number,
): Promise<(SeasonRef & { name: string }) | null> {
  const site = await readSite(db);
  const season = site.seasons.find((s) => s.id === seasonId);
  return season ? { id: season.id, active: season.id === site.active.id, name: season.name } : null;
}

async function leagueSeason(db: Db, leagueId: number) {
  const league = await db
    .selectFrom('leagues')
    .select('season_id')
    .where('id', '=', leagueId)
    .executeTakeFirst();
  return league ? siteSeason(db, league.season_id) : null;
}

/** Whether a player has a page in one of the site's seasons (or in the given one): rostered or with lines, as the route index has it. */
async function playerShown(db: Db, playerId: number, seasonId?: number): Promise<boolean> {
  const site = await readSite(db);
  const seasons = seasonId === undefined ? site.seasons.map((s) => s.id) : [seasonId];
  if (seasons.length === 0) return false;
  const row = await sql<{ found: number }>`
    select 1 as found from leagues l where l.season_id in (${sql.join(seasons)}) and (
      exists (select 1 from league_players lp where lp.league_id = l.id and lp.player_id = ${playerId})
      or exists (select 1 from game_batting b join games g on g.id = b.game_id where g.league_id = l.id and b.player_id = ${playerId})
      or exists (select 1 from game_pitching p join games g on g.id = p.game_id where g.league_id = l.id and p.player_id = ${playerId}))
    limit 1`.execute(db);
  return row.rows.length > 0;
}

const makeGame: Maker = async (db, [gameId], kind) => {
  const game = await db
    .selectFrom('games')
    .select('league_id')
    .where('id', '=', gameId)
    .executeTakeFirst();
  const season = game && (await leagueSeason(db, game.league_id));
  if (!season) return null;
  const box = await readBoxScore(db, gameId);
  const table =
    kind === 'batting' ? boxBattingCsvTable(box, season) : boxPitchingCsvTable(box, season);
  return { name: `${box.game.date} ${table.caption}`, table };
};

const makeLeague: Maker = async (db, [leagueId], kind) => {
  const season = await leagueSeason(db, leagueId);
  if (!season) return null;
  if (kind === 'standings') {
    const table = standingsTable(await readLeagueStandings(db, leagueId), season);
    return { name: table.caption, table };
  }
  if (kind === 'team-batting' || kind === 'team-pitching') {
    const [league, records] = await Promise.all([
      readLeague(db, leagueId),
      readLeagueRecords(db, leagueId),
    ]);
    const table = teamTotalsTable(
      records,
      kind === 'team-batting' ? 'batting' : 'pitching',
      league,
      season,
    );
    return { name: table.caption, table };
  }
  const [league, leaders] = await Promise.all([
    readLeague(db, leagueId),
    readLeagueLeaders(db, leagueId, 5),
  ]);
  const table = leadersTable(league.name, [...leaders.batting, ...leaders.pitching]);
  return { name: table.caption, table };
};

const makeTeam: Maker = async (db, [leagueId, teamId], kind) => {
  const season = await leagueSeason(db, leagueId);
  const entered =
    season &&
    (await db
      .selectFrom('league_teams')
      .select('id')
      .where('league_id', '=', leagueId)
      .where('team_id', '=', teamId)
      .executeTakeFirst());
  if (!season || !entered) return null;
  const [data, league, totals] = await Promise.all([
    readTeamSeason(db, season.id, teamId),
    readLeague(db, leagueId),
    readTeamTotals(db, leagueId, teamId),
  ]);
  const entry = data.leagues.find((l) => l.league.id === leagueId);
  const table =
    kind === 'batting'
      ? teamBattingTable('', entry?.batters ?? [], season, { totals })
      : teamPitchingTable(
          '',
          entry?.pitchers ?? [],
          entry?.league.eraBasis ?? league.eraBasis,
          season,
          { totals },
        );
  return {
    name: `${data.team.name} ${kind === 'batting' ? '타격' : '투구'} 기록 (${league.name})`,
    table,
  };
};

const makeCareer: Maker = async (db, [playerId], kind) => {
  if (!(await playerShown(db, playerId))) return null;
  const career = await readPlayerCareer(db, playerId);
  const record = kind.startsWith('postseason-') ? career.postseason : career.regular;
  const table = kind.endsWith('batting')
    ? careerBattingTable(career.profile.name, record)
    : careerPitchingTable(career.profile.name, record);
  return { name: table.caption, table };
};

const makeGameLog: Maker = async (db, [playerId, seasonId]) => {
  const season = await siteSeason(db, seasonId);
  if (!season || !(await playerShown(db, playerId, seasonId))) return null;
  const [player, log] = await Promise.all([
    db.selectFrom('players').select('name').where('id', '=', playerId).executeTakeFirst(),
    readPlayerGameLog(db, playerId, seasonId),
  ]);
  if (!player) return null;
  return {
    name: `${player.name} ${season.name} 경기별 기록`,
    table: gameLogTable('', log, season),
  };
};

/** The downloads, by the part of the path after /sbsa/csv/. */
const ROUTES: { pattern: RegExp; make: Maker }[] = [
  { pattern: new RegExp(`^game/${ID}/(batting|pitching)\\.csv$`), make: makeGame },
  {
    pattern: new RegExp(`^league/${ID}/(standings|leaders|team-batting|team-pitching)\\.csv$`),
    make: makeLeague,
  },
  { pattern: new RegExp(`^league/${ID}/team/${ID}/(batting|pitching)\\.csv$`), make: makeTeam },
  {
    pattern: new RegExp(`^player/${ID}/((?:postseason-)?(?:batting|pitching))\\.csv$`),
    make: makeCareer,
  },
  { pattern: new RegExp(`^player/${ID}/games-${ID}\\.csv$`), make: makeGameLog },
];

const PREFIX = '/sbsa/csv/';

/** The download a path names, or null when it names none the site shows. */
export async function csvDownloadFor(
  db: Db,
  path: string,
): Promise<{ name: string; body: string } | null> {
  if (!path.startsWith(PREFIX)) return null;
  const rest = path.slice(PREFIX.length);
  for (const { pattern, make } of ROUTES) {
    const match = pattern.exec(rest);
    if (!match) continue;
    const parts = match.slice(1);
    const ids = parts.filter((p) => /^\d+$/.test(p)).map(Number);
    const kind = parts.find((p) => !/^\d+$/.test(p)) ?? '';
    // one request, one set of memoized reads: the live database keeps changing
    const download = await make(freshReads(db), ids, kind);
    if (!download) return null;
    const { header, rows } = tableCsv(download.table);
    return { name: download.name, body: toCsv(header, rows) };
  }
  return null;
}

/** A file name from a title: no path or reserved characters, no control characters, not too long. */
export function csvFileName(title: string): string {
  const clean = title
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
    .trim();
  return `${clean || '기록'}.csv`;
}

/** RFC 5987 / 8187 value: UTF-8, percent-encoded except attr-char. */
const extValue = (text: string) =>
  encodeURIComponent(text).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `attachment` with an ASCII name (the address's file name) and the Korean name for browsers that read `filename*`. */
export function contentDisposition(asciiName: string, name: string): string {
  return `attachment; filename="${asciiName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${extValue(name)}`;
}

const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

interface KeptCsv {
  name: string;
  body: string;
  etag: string;
  bytes: number;
}

/**
 * The CSVs made for one generation of the site, so that a download costs what a static page
 * costs: made once, then a map lookup. The generation is the live build's id (the publisher
 * switches it when a new build goes live, and the table it sits under changes with it) or, with
 * no build, the database's version; when it moves, every kept CSV is dropped. Bounded in bytes and
 * entries, least recently used first out. A path naming no download is kept too (as null), so a
 * flood of requests for an unknown address costs no queries either. A CSV is kept from its second
 * ask on (SecondAsk), and one kept for the last generation from its first ask in the new one.
 */
export class CsvCache {
  /** a path's CSV, or null for a path naming none (lru-cache: see file-cache.ts) */
  readonly #entries: LRUCache<string, { csv: KeptCsv | null }>;
  readonly maxBytes: number;
  #generation: string | null = null;
  readonly #secondAsk = new SecondAsk();

  constructor(options: { maxBytes?: number; maxEntries?: number } = {}) {
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.#entries = new LRUCache({
      max: options.maxEntries ?? 5000,
      maxSize: Math.max(1, this.maxBytes),
      sizeCalculation: (kept) => Math.max(1, kept.csv?.bytes ?? 0),
    });
  }

  /** bytes of the kept CSVs */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  get(generation: string, path: string): KeptCsv | null | undefined {
    if (generation !== this.#generation) {
      // least recently used first: the most recently used are the last the asks forget
      for (const kept of this.#entries.rkeys())
        if (this.#entries.peek(kept)?.csv) this.#secondAsk.remember(kept);
      this.#entries.clear();
      this.#generation = generation;
      return undefined;
    }
    return this.#entries.get(path)?.csv;
  }

  set(generation: string, path: string, csv: KeptCsv | null): void {
    if (generation !== this.#generation || (csv && csv.bytes > this.maxBytes / 16)) return;
    this.#entries.set(path, { csv });
  }

  /** Whether a CSV made now for `path` is to be kept: from its second ask on. */
  keeps(path: string): boolean {
    return this.#secondAsk.again(path);
  }
}

async function makeKept(db: Db, path: string): Promise<KeptCsv | null> {
  const download = await csvDownloadFor(db, path);
  if (!download) return null;
  return {
    ...download,
    etag: `"${createHash('sha1').update(download.body).digest('base64url').slice(0, 22)}"`,
    bytes: Buffer.byteLength(download.body, 'utf8'),
  };
}

/**
 * Hono handler for GET (and HEAD) /sbsa/csv/*: the CSV with `Content-Disposition: attachment`,
 * an ETag (304 when it still matches) and the pages' revalidation rule. Paths it does not know go
 * on to the next handler. `generation` names what the kept CSVs were made from (see CsvCache);
 * null keeps nothing.
 */
export function csvDownloads(
  db: Db,
  generation: () => string | null = () => null,
  cache = new CsvCache(),
): MiddlewareHandler {
  metrics.watchCache('csv', cache);
  return async (c, next) => {
    const gen = generation();
    const path = c.req.path;
    let download = gen === null ? undefined : cache.get(gen, path);
    metrics.csvDownload(download !== undefined);
    if (download === undefined) {
      download = await makeKept(db, path);
      // kept from its second ask, if nothing changed while it was made
      if (gen !== null && generation() === gen && cache.keeps(path)) cache.set(gen, path, download);
    }
    if (!download) return next();
    const etag = download.etag;
    const https =
      c.req.header('x-forwarded-proto') === 'https' || new URL(c.req.url).protocol === 'https:';
    const headers: Record<string, string> = {
      ...securityHeaders(https),
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(
        c.req.path.slice(c.req.path.lastIndexOf('/') + 1),
        csvFileName(download.name),
      ),
      'Cache-Control': CACHE_CONTROL.page,
      ETag: etag,
    };
    if (etagMatches(c.req.header('if-none-match'), etag))
      return new Response(null, { status: 304, headers });
    headers['Content-Length'] = String(download.bytes);
    return new Response(c.req.method === 'HEAD' ? null : download.body, { status: 200, headers });
  };
}
