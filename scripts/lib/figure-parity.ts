import { parse } from 'node-html-parser';
import { paths } from '../../src/lib/paths.ts';
import { DEFAULT_VIEW } from '../../src/components/utils/record-views.ts';
import { TEAM_ID_LABEL } from '../../src/components/utils/table.ts';
import { csvTable } from './csv-table.ts';
import type { RouteIndex } from '../../src/server/read/route-index.ts';
import type { PlayerStatsPage, TeamPlayersPage } from '../../src/lib/schemas/box-score.ts';
import type { StandingsTable } from '../../src/lib/schemas/result.ts';

/**
 * Parity of the public figures: for every league, team and player of an association, the numbers
 * the API gives, the numbers in the built pages' tables and the rows of the CSV downloads must be
 * equal. Each source is parsed on its own (HTML tables, CSV text, JSON) and the values compared:
 * numbers as numbers, innings as outs ('6⅔' on a page, '6.2' in a CSV, `outs` in the API), '-' as
 * no value. A team's row is found by its id: on a page by its link to the team, in a CSV by its
 * 팀 ID, as two teams may be shown by one name. Used by the demo-association test and by
 * `npm run bench` over the bench association.
 */

/** Where the three sources are read from. */
export interface FigureSources {
  /** the HTML of a built page, or null when the build has none at that address */
  page(path: string): Promise<string | null>;
  /** the text of a CSV download, or null when there is none */
  csv(path: string): Promise<string | null>;
  /** the `data` of a successful API answer (its route's response schema gives its type) */
  api(path: string): Promise<unknown>;
}

/** One figure that differs between the sources (or a table one source lacks). */
export interface Mismatch {
  where: string;
  field: string;
  api: unknown;
  html: unknown;
  csv: unknown;
}

type Row = Record<string, string>;
interface Table {
  header: string[];
  rows: Row[];
}
interface PageTable extends Table {
  /** the total lines of <tfoot> (also at the end of `rows`) */
  foot: Row[];
  /** the body row with a link to `path` (a team's page names the team's id) */
  linking(path: string): Row | undefined;
}

/** The one row of `rows` that `is` picks, or undefined when none or several do (a mix-up). */
function only<T>(rows: readonly T[], is: (row: T) => boolean): T | undefined {
  const found = rows.filter(is);
  return found.length === 1 ? found[0] : undefined;
}

/** The tables of a page by caption: header cells, then body and foot rows by header. */
function htmlTables(html: string): Map<string, PageTable> {
  const tables = new Map<string, PageTable>();
  for (const table of parse(html).querySelectorAll('table')) {
    const caption = table.querySelector('caption')?.text.trim() ?? '';
    const header = table
      .querySelectorAll('thead th')
      .map((th) => th.text.replace(/[▲▼]/g, '').trim());
    const rowsOf = (selector: string) =>
      table
        .querySelectorAll(selector)
        .map((tr) => ({
          cells: tr.querySelectorAll('th, td').map((c) => c.text.trim()),
          links: tr.querySelectorAll('a').map((a) => a.getAttribute('href')),
        }))
        .filter(({ cells }) => cells.length === header.length)
        .map(({ cells, links }) => ({
          row: Object.fromEntries(header.map((h, i) => [h, cells[i]])) as Row,
          links,
        }));
    const body = rowsOf('tbody tr');
    const foot = rowsOf('tfoot tr').map((r) => r.row);
    tables.set(caption, {
      header,
      rows: [...body.map((r) => r.row), ...foot],
      foot,
      linking: (path) => only(body, (r) => r.links.includes(path))?.row,
    });
  }
  return tables;
}

/** The CSV row of a team, by its 팀 ID. */
const teamRow = (rows: Row[], teamId: number) =>
  only(rows, (r) => r[TEAM_ID_LABEL] === String(teamId));

const FRACTIONS: Record<string, number> = { '': 0, '⅓': 1, '⅔': 2 };

/** A shown value as what it means: a number, outs for innings, null for '-' or nothing. */
export function figure(value: unknown, kind: 'number' | 'innings' = 'number'): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = String(value).trim();
  if (text === '' || text === '-') return null;
  if (text === '∞') return Number.POSITIVE_INFINITY;
  if (kind === 'innings') {
    // a page writes 6⅔ and ⅔ (no whole inning)
    const page = /^(\d*)([⅓⅔]?)$/.exec(text);
    if (page) return Number(page[1] || 0) * 3 + FRACTIONS[page[2]];
    const csv = /^(\d+)\.([0-2])$/.exec(text);
    if (csv) return Number(csv[1]) * 3 + Number(csv[2]);
    return Number.NaN;
  }
  return Number(text);
}

interface Column {
  label: string;
  key: string;
  kind?: 'number' | 'innings';
}

const BATTING: Column[] = [
  { label: '경기', key: 'g' },
  { label: '타석', key: 'pa' },
  { label: '타수', key: 'ab' },
  { label: '안타', key: 'h' },
  { label: '홈런', key: 'hr' },
  { label: '타점', key: 'rbi' },
  { label: '볼넷', key: 'bb' },
  { label: '삼진', key: 'so' },
  { label: '도루', key: 'sb' },
  { label: '타율', key: 'avgText' },
  { label: '출루율', key: 'obpText' },
  { label: '장타율', key: 'slgText' },
  { label: 'OPS', key: 'opsText' },
];
const PITCHING: Column[] = [
  { label: '경기', key: 'g' },
  { label: '승', key: 'w' },
  { label: '패', key: 'l' },
  { label: '세', key: 'sv' },
  { label: '이닝', key: 'outs', kind: 'innings' },
  { label: '자책', key: 'er' },
  { label: '탈삼진', key: 'so' },
  { label: '평균자책점', key: 'eraText' },
  { label: 'WHIP', key: 'whipText' },
];
const STANDINGS: Column[] = [
  { label: '순위', key: 'rank' },
  { label: '경기', key: 'g' },
  { label: '승', key: 'w' },
  { label: '패', key: 'l' },
  { label: '무', key: 'd' },
  { label: '승률', key: 'pctText' },
  { label: '게임차', key: 'gbText' },
];

/** The label of a team's totals line in its player tables and their CSV. */
const TEAM_TOTALS = '팀 합계';

/** Counting figures of a team's totals line that the API's player lines add up to (rates and 경기 do not add). */
const ADDS_UP = (c: Column) => c.key !== 'g' && !c.key.endsWith('Text');

/**
 * Compares a team's totals line in one league: the team page's foot line and its CSV's last row, the
 * records room's team table and its CSV (all one read, so every figure equal), and the sum of the
 * API's player lines for the counting figures.
 */
function compareTotals(
  out: Mismatch[],
  where: string,
  columns: Column[],
  apiLines: Record<string, unknown>[],
  lines: { what: string; html: Row | undefined; csv: Row | undefined }[],
) {
  const [team] = lines;
  for (const { what, html, csv } of lines)
    if (!html || !csv)
      out.push({ where: `${where} ${what}`, field: '(line)', api: true, html: !!html, csv: !!csv });
  if (lines.some((l) => !l.html || !l.csv)) return;
  for (const c of columns) {
    const shown = figure(team.html![c.label], c.kind);
    for (const { what, html, csv } of lines) {
      const h = figure(html![c.label], c.kind);
      const v = figure(csv![c.label], c.kind);
      if (!(Object.is(shown, h) && Object.is(shown, v)))
        out.push({
          where: `${where} ${what}`,
          field: c.label,
          api: team.html![c.label],
          html: html![c.label],
          csv: csv![c.label],
        });
    }
    if (!ADDS_UP(c)) continue;
    const sum = apiLines.reduce((n, line) => n + (figure(line[c.key], c.kind) ?? 0), 0);
    if (sum !== shown)
      out.push({
        where: `${where} sum of players`,
        field: c.label,
        api: sum,
        html: team.html![c.label],
        csv: team.csv![c.label],
      });
  }
}

/** Compares one line of the API with the matching HTML and CSV rows, column by column. */
function compareLine(
  out: Mismatch[],
  where: string,
  columns: Column[],
  api: Record<string, unknown> | null | undefined,
  html: Row | undefined,
  csv: Row | undefined,
) {
  if (!api || !html || !csv) {
    out.push({ where, field: '(line)', api: !!api, html: !!html, csv: !!csv });
    return;
  }
  for (const c of columns) {
    const a = figure(api[c.key], c.kind);
    const h = figure(html[c.label], c.kind);
    const v = figure(csv[c.label], c.kind);
    if (!(Object.is(a, h) && Object.is(a, v)))
      out.push({ where, field: c.label, api: api[c.key], html: html[c.label], csv: csv[c.label] });
  }
}

/** The rows of a table keyed by some of their cells; a repeated key gets its occurrence number. */
function keyed(rows: Row[], key: (r: Row) => string): Map<string, Row> {
  const map = new Map<string, Row>();
  for (const r of rows) {
    let k = key(r);
    for (let n = 2; map.has(k); n++) k = `${key(r)}#${n}`;
    map.set(k, r);
  }
  return map;
}

/** Checks every league, team and player of the site's seasons; returns the mismatches (none when all agree). */
export async function checkFigureParity(
  sources: FigureSources,
  index: RouteIndex,
): Promise<{
  mismatches: Mismatch[];
  compared: { leagues: number; teams: number; totals: number; players: number };
}> {
  const out: Mismatch[] = [];
  const activeId = index.site.active.id;
  const seasonRef = (id: number) => ({ id, active: id === activeId });
  let totals = 0;
  const pageTables = new Map<string, Map<string, PageTable>>();
  const tablesOf = async (path: string) => {
    let tables = pageTables.get(path);
    if (!tables) {
      const html = await sources.page(path);
      tables = html === null ? new Map() : htmlTables(html);
      pageTables.set(path, tables);
    }
    return tables;
  };
  const csvOf = async (path: string) => {
    const text = await sources.csv(path);
    return text === null ? { header: [], rows: [] } : csvTable(text);
  };

  // Leagues: the regular-season standings.
  for (const league of index.leagues) {
    const season = seasonRef(league.seasonId);
    const api = (await sources.api(`/api/stats/league/${league.id}/standings`)) as StandingsTable;
    const html = (await tablesOf(paths.leagueResults(season))).get(`${api.leagueName} 순위`);
    const csv = (await csvOf(paths.csv.standings(league.id))).rows;
    for (const row of api.rows) {
      const where = `league ${league.id} standings team ${row.teamId} ${row.teamName}`;
      compareLine(
        out,
        where,
        STANDINGS,
        row,
        html?.linking(paths.teamSchedule(season, league.id, row.teamId)),
        teamRow(csv, row.teamId),
      );
    }
  }

  // Teams: each player's batting and pitching over each league of the season.
  const teamSeasons = new Map<string, { teamId: number; seasonId: number }>();
  for (const lt of index.leagueTeams)
    teamSeasons.set(`${lt.seasonId}:${lt.teamId}`, { teamId: lt.teamId, seasonId: lt.seasonId });
  for (const { teamId, seasonId } of teamSeasons.values()) {
    const api = (await sources.api(
      `/api/stats/team/${teamId}/players?seasonId=${seasonId}`,
    )) as TeamPlayersPage;
    const tables = await tablesOf(paths.teamPlayers(seasonRef(seasonId), teamId));
    for (const { leagueId, leagueName } of api.leagues) {
      const players = api.players.filter((p) => p.leagueId === leagueId);
      for (const [kind, columns, label] of [
        ['batting', BATTING, '타격'],
        ['pitching', PITCHING, '투구'],
      ] as const) {
        const lines = players.filter((p) =>
          kind === 'batting' ? p.batting.g > 0 : p.pitching !== null,
        );
        const table = tables.get(`${api.teamName} ${label} 기록 (${leagueName})`);
        const html = (table?.rows ?? []).filter((r) => r['선수'] !== TEAM_TOTALS);
        const csvPath =
          kind === 'batting'
            ? paths.csv.teamBatting(leagueId, teamId)
            : paths.csv.teamPitching(leagueId, teamId);
        const csvAll = (await csvOf(csvPath)).rows;
        const csv = csvAll.filter((r) => r['선수'] !== TEAM_TOTALS);
        if (lines.length > 0) {
          totals++;
          // the team's line in the records room, by its link to the team's page and its 팀 ID
          const records = await tablesOf(
            paths.recordsView(seasonRef(seasonId), leagueId, DEFAULT_VIEW[kind]),
          );
          const recordsCsv = (await csvOf(paths.csv.teamTotals(leagueId, kind))).rows;
          compareTotals(
            out,
            `team ${teamId} league ${leagueId} ${kind} totals`,
            columns,
            lines.map((p) => p[kind]!),
            [
              {
                what: 'team page',
                html: table?.foot.find((r) => r['선수'] === TEAM_TOTALS),
                csv: csvAll.at(-1)?.['선수'] === TEAM_TOTALS ? csvAll.at(-1) : undefined,
              },
              {
                what: 'records room',
                html: records
                  .get(`${leagueName} 팀 ${label} 기록`)
                  ?.linking(paths.teamPlayers(seasonRef(seasonId), teamId)),
                csv: teamRow(recordsCsv, teamId),
              },
            ],
          );
        }
        if (html.length !== lines.length || csv.length !== lines.length)
          out.push({
            where: `team ${teamId} league ${leagueId} ${kind}`,
            field: '(rows)',
            api: lines.length,
            html: html.length,
            csv: csv.length,
          });
        const byName = (rows: Row[]) => keyed(rows, (r) => `${r['선수']}|${r['등번호']}`);
        const htmlRows = byName(html);
        const csvRows = byName(csv);
        const seen = new Map<string, number>();
        for (const p of lines) {
          const base = `${p.name}|${p.backNumber ?? '-'}`;
          const n = (seen.get(base) ?? 0) + 1;
          seen.set(base, n);
          const key = n === 1 ? base : `${base}#${n}`;
          compareLine(
            out,
            `team ${teamId} league ${leagueId} ${kind} ${p.name}`,
            columns,
            p[kind],
            htmlRows.get(key),
            csvRows.get(key),
          );
        }
      }
    }
  }

  // Players: regular-season and postseason lines, season by season and career.
  const players = new Map<number, { teamId: number; seasonId: number }>();
  for (const sp of index.seasonPlayers)
    if (!players.has(sp.playerId) || sp.seasonId === activeId) players.set(sp.playerId, sp);
  for (const [playerId, { teamId, seasonId }] of players) {
    const api = (await sources.api(`/api/stats/player/${playerId}`)) as PlayerStatsPage;
    const tables = await tablesOf(paths.player(seasonRef(seasonId), teamId, playerId));
    for (const [stage, label, record] of [
      ['regular', '정규시즌', { seasons: api.seasons, career: api.career }],
      ['postseason', '포스트시즌', api.postseason],
    ] as const) {
      for (const [kind, columns, word] of [
        ['batting', BATTING, '타격'],
        ['pitching', PITCHING, '투구'],
      ] as const) {
        const seasons = record.seasons.filter((s) => s[kind]);
        if (seasons.length === 0) continue;
        const html = tables.get(`${api.name} ${label} ${word} 기록`)?.rows ?? [];
        const csvPath =
          kind === 'batting'
            ? paths.csv.playerBatting(playerId, stage)
            : paths.csv.playerPitching(playerId, stage);
        const csv = (await csvOf(csvPath)).rows;
        const bySeason = (rows: Row[]) => keyed(rows, (r) => `${r['시즌']}|${r['리그']}`);
        const htmlRows = bySeason(html);
        const csvRows = bySeason(csv);
        const seen = new Map<string, number>();
        for (const s of seasons) {
          const base = `${s.seasonName}|${s.leagueName}`;
          const n = (seen.get(base) ?? 0) + 1;
          seen.set(base, n);
          const key = n === 1 ? base : `${base}#${n}`;
          compareLine(
            out,
            `player ${playerId} ${stage} ${kind} ${s.seasonName} ${s.leagueName}`,
            columns,
            s[kind],
            htmlRows.get(key),
            csvRows.get(key),
          );
        }
        const careerLabel = record.career.label;
        compareLine(
          out,
          `player ${playerId} ${stage} ${kind} ${careerLabel}`,
          columns,
          record.career[kind],
          html.find((r) => r['시즌'] === careerLabel),
          csv.find((r) => r['시즌'] === careerLabel),
        );
      }
    }
  }
  return {
    mismatches: out,
    compared: {
      leagues: index.leagues.length,
      teams: teamSeasons.size,
      totals,
      players: players.size,
    },
  };
}
