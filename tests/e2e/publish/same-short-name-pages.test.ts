/**
 * Two teams of one league with one short name (tests/api/same-short-name.test.ts) built into a
 * site: the records room's page names them apart, and the figure-parity check, which finds a
 * team's row by its id, agrees over the pages, the CSV and the API, and finds the two rows of
 * 갈매기 given to each other's team.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/test-app.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { buildSameShortNameCase } from '../../api/_same-short-name-case.ts';
import type { SameShortNameCase } from '../../api/_same-short-name-case.ts';
import { checkFigureParity } from '../../../scripts/lib/figure-parity.ts';
import type { FigureSources } from '../../../scripts/lib/figure-parity.ts';
import { paths } from '../../../src/lib/paths.ts';
import { readRouteIndex } from '../../../src/server/read/route-index.ts';
import type { RouteIndex } from '../../../src/server/read/route-index.ts';
import { runAstroBuild } from '../../../src/server/publish/run-astro-build.ts';

const ACTIVE = { id: 0, active: true };
let t: TestApp;
let c: SameShortNameCase;
let index: RouteIndex;
let work: string;
let out: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await buildSameShortNameCase(t);
  // Fold the WAL back so the build's read-only snapshot holds every write.
  t.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  index = await readRouteIndex(t.db);
  work = mkdtempSync(join(tmpdir(), 'sbsa-short-name-site-'));
  out = join(work, 'out');
  await runAstroBuild({ dbFile: join(t.dir, 'sbsa.sqlite'), outDir: out, today: '2025-07-01' });
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** The built pages, the CSV downloads and the API of the case, as the demo's parity test reads them. */
const sources: FigureSources = {
  async page(path) {
    const file = join(out, path, 'index.html');
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  },
  async csv(path) {
    const res = await t.api('GET', path);
    return res.status === 200 ? (res.body as string) : null;
  },
  async api(path) {
    const res = await t.api('GET', path);
    expect(res.status, path).toBe(200);
    return res.body.data;
  },
};

/** Swaps two strings wherever either stands in a text. */
const swap = (text: string, a: string, b: string) =>
  text.replace(new RegExp(`${a}|${b}`, 'g'), (found) => (found === a ? b : a));

describe('two teams of one short name on the built pages', () => {
  it('the records room names the two 갈매기 by their full names, each row linked to its team', () => {
    const doc = parse(
      readFileSync(
        join(out, paths.recordsView(ACTIVE, c.leagueId, 'batting-hr'), 'index.html'),
        'utf8',
      ),
    );
    const table = doc
      .querySelectorAll('table')
      .find((el) => el.querySelector('caption')?.text.trim() === `${c.leagueName} 팀 타격 기록`);
    expect(table).toBeDefined();
    const rows = table!
      .querySelectorAll('tbody tr')
      .map((tr) => [
        tr.querySelector('th')!.text.trim(),
        tr.querySelector('a')!.getAttribute('href'),
      ]);
    expect(rows).toEqual([
      ['대구 갈매기', paths.teamPlayers(ACTIVE, c.team.daegu)],
      ['부산 갈매기', paths.teamPlayers(ACTIVE, c.team.busan)],
      ['레드삭스', paths.teamPlayers(ACTIVE, c.team.redSox)],
    ]);
  });

  it('the figure-parity check finds every team’s rows by id and no figure differs', async () => {
    const { mismatches, compared } = await checkFigureParity(sources, index);
    // a batting and a pitching totals line for each of the three teams
    expect(compared.totals).toBe(6);
    expect(compared.teams).toBe(index.leagueTeams.length);
    expect(mismatches).toEqual([]);
  });

  it('the figure-parity check finds the rows of the two 갈매기 given to each other, on a page or in a CSV', async () => {
    const busan = String(c.team.busan);
    const daegu = String(c.team.daegu);
    const totalsCsv = paths.csv.teamTotals(c.leagueId, 'batting');
    const recordsPage = paths.recordsView(ACTIVE, c.leagueId, 'batting-avg');
    const teamPage = (id: string) => `/stats/team/${id}/players"`;
    for (const [what, mixed] of [
      [
        'CSV',
        {
          ...sources,
          // the 팀 ID ends its row
          async csv(path) {
            const text = await sources.csv(path);
            return path === totalsCsv ? swap(text!, `,${busan}\r\n`, `,${daegu}\r\n`) : text;
          },
        },
      ],
      [
        'page',
        {
          ...sources,
          async page(path) {
            const html = await sources.page(path);
            return path === recordsPage ? swap(html!, teamPage(busan), teamPage(daegu)) : html;
          },
        },
      ],
    ] as [string, FigureSources][]) {
      const { mismatches } = await checkFigureParity(mixed, index);
      const wrong = new Set(mismatches.map((m) => m.where));
      expect([...wrong].sort(), what).toEqual([
        `team ${busan} league ${c.leagueId} batting totals records room`,
        `team ${daegu} league ${c.leagueId} batting totals records room`,
      ]);
      // 부산 갈매기's 12 hits against 대구 갈매기's 8
      expect(
        mismatches.find((m) => m.where.startsWith(`team ${busan} `) && m.field === '안타'),
        what,
      ).toBeDefined();
    }
  });
});
