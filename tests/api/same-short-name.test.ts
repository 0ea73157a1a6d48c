/**
 * Two teams of one league with one short name (부산 갈매기 and 대구 갈매기): the records room keeps
 * their rows apart by team id in its read and its tables, names each so a fan tells them apart, and
 * its CSV downloads give each row's team id. The built pages and the figure-parity check over them
 * are checked on the same case in tests/e2e/publish/same-short-name-pages.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { csvTable } from '../../scripts/lib/csv-table.ts';
import { paths } from '../../src/lib/paths.ts';
import { freshReads } from '../../src/server/read/memo.ts';
import { readLeagueRecords } from '../../src/server/read/league-records.ts';
import { recordsTable, teamTotalsTable } from '../../src/components/tables/records-tables.ts';
import { RECORD_VIEWS } from '../../src/components/utils/record-views.ts';
import { cellHref, cellText } from '../../src/components/utils/table.ts';
import { buildSameShortNameCase } from './_same-short-name-case.ts';
import type { SameShortNameCase } from './_same-short-name-case.ts';

let t: TestApp;
let c: SameShortNameCase;

beforeAll(async () => {
  t = await createTestApp();
  c = await buildSameShortNameCase(t);
});
afterAll(async () => t.close());

const csv = async (path: string) => {
  const res = await t.api('GET', path);
  expect(res.status, path).toBe(200);
  return csvTable(res.body as string);
};

describe('two teams of one league with one short name', () => {
  it('keep their own totals in the records room’s read, each under its id', async () => {
    const records = await readLeagueRecords(freshReads(t.db), c.leagueId);
    expect(records.teams.map((r) => r.team.id).sort((a, b) => a - b)).toEqual(
      Object.values(c.team).sort((a, b) => a - b),
    );
    for (const key of ['redSox', 'busan', 'daegu'] as const) {
      const totals = records.teams.find((r) => r.team.id === c.team[key])!;
      const { h, ab, hr } = totals.batting;
      expect({ games: totals.games, h, ab, hr }, key).toEqual(c.batting[key]);
    }
  });

  it('are named by their full names in the records room’s tables, each row linked to its own team', async () => {
    const records = await readLeagueRecords(freshReads(t.db), c.leagueId);
    const season = { id: c.seasonId, active: true };
    const league = { id: c.leagueId, name: c.leagueName };
    for (const kind of ['batting', 'pitching'] as const) {
      const teams = teamTotalsTable(records, kind, league, season).rows.map((row) => [
        cellText(row[0]),
        cellHref(row[0]),
      ]);
      // a short name no other team of the league shows stays as it is
      expect(teams, kind).toEqual([
        ['대구 갈매기', paths.teamPlayers(season, c.team.daegu)],
        ['부산 갈매기', paths.teamPlayers(season, c.team.busan)],
        ['레드삭스', paths.teamPlayers(season, c.team.redSox)],
      ]);
    }
    // the players' table names each player's team the same way
    const label = {
      [c.team.redSox]: '레드삭스',
      [c.team.busan]: '부산 갈매기',
      [c.team.daegu]: '대구 갈매기',
    };
    for (const key of ['batting-hr', 'pitching-so']) {
      const view = RECORD_VIEWS.find((v) => v.key === key)!;
      const rows = recordsTable(records, view, league, season).rows;
      expect(rows.length, key).toBeGreaterThan(0);
      for (const row of rows) {
        // the player's link goes through the team the line is for
        const teamId = Number(/\/stats\/team\/(\d+)\//.exec(cellHref(row[1])!)![1]);
        expect(cellText(row[2]), `${key} ${cellText(row[1])}`).toBe(label[teamId]);
      }
    }
  });

  it('keep their own rows in the team totals CSV, with the team id beside the name', async () => {
    const batting = await csv(paths.csv.teamTotals(c.leagueId, 'batting'));
    // the id comes last, so every column before it stays where it was
    expect(batting.header.at(-1)).toBe('팀 ID');
    expect(batting.rows.map((r) => [r['팀 ID'], r['팀'], r['경기'], r['안타'], r['홈런']])).toEqual(
      [
        [String(c.team.daegu), '대구 갈매기', '1', '8', '1'],
        [String(c.team.busan), '부산 갈매기', '2', '12', '0'],
        [String(c.team.redSox), '레드삭스', '1', '8', '1'],
      ],
    );
    // validBoxScore: the away side's pitchers get 18 outs a game, the home side's 21
    const pitching = await csv(paths.csv.teamTotals(c.leagueId, 'pitching'));
    expect(pitching.rows.map((r) => [r['팀 ID'], r['팀'], r['경기'], r['이닝']])).toEqual([
      [String(c.team.daegu), '대구 갈매기', '1', '7.0'],
      [String(c.team.busan), '부산 갈매기', '2', '12.0'],
      [String(c.team.redSox), '레드삭스', '1', '7.0'],
    ]);
  });

  it('keep their own rows in the standings CSV, with the team id beside the name', async () => {
    const standings = await csv(paths.csv.standings(c.leagueId));
    expect(standings.header.at(-1)).toBe('팀 ID');
    const line = (id: number) => standings.rows.filter((r) => r['팀 ID'] === String(id));
    expect(line(c.team.busan).map((r) => [r['팀'], r['승'], r['패']])).toEqual([
      ['부산 갈매기', '0', '2'],
    ]);
    expect(line(c.team.daegu).map((r) => [r['팀'], r['승'], r['패']])).toEqual([
      ['대구 갈매기', '1', '0'],
    ]);
  });
});
