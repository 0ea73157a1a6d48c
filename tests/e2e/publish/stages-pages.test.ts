/**
 * Stages on the built pages: the hand-worked league of tests/api/stages.test.ts (two regular games,
 * one final) built into a site. The final stays out of the standings, the leaders, the team lines
 * and the 정규시즌 player tables, and shows in the result list, its box score, the league's
 * 포스트시즌 section (game row with score and box-score link, champion and runner-up) and the
 * 포스트시즌 player tables.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import type { HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/test-app.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { buildStagesCase } from '../../api/_stages-case.ts';
import type { StagesCase } from '../../api/_stages-case.ts';
import { paths } from '../../../src/lib/paths.ts';
import { runAstroBuild } from '../../../src/server/publish/run-astro-build.ts';

const ACTIVE = { id: 0, active: true };
let t: TestApp;
let c: StagesCase;
let work: string;
let out: string;
const leagueName = '여자부 리그';

beforeAll(async () => {
  t = await createTestApp();
  c = await buildStagesCase(t);
  // Fold the WAL back so the build's read-only snapshot holds every write.
  t.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  work = mkdtempSync(join(tmpdir(), 'sbsa-stages-site-'));
  out = join(work, 'out');
  await runAstroBuild({ dbFile: join(t.dir, 'sbsa.sqlite'), outDir: out, today: '2025-07-01' });
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

function page(path: string): HTMLElement {
  const file = join(out, path, 'index.html');
  expect(existsSync(file), path).toBe(true);
  return parse(readFileSync(file, 'utf8'));
}

/** The body and foot rows of a table by caption, each as header label → cell text. */
function table(doc: HTMLElement, caption: string): Record<string, string>[] {
  const found = doc
    .querySelectorAll('table')
    .find((el) => el.querySelector('caption')?.text.trim() === caption);
  expect(found, caption).toBeDefined();
  const header = found!
    .querySelectorAll('thead th')
    .map((th) => th.text.replace(/[▲▼]/g, '').trim());
  return found!
    .querySelectorAll('tbody tr, tfoot tr')
    .map((tr) => tr.querySelectorAll('th, td').map((cell) => cell.text.trim()))
    .map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

describe('postseason on the built pages', () => {
  it.each([
    ['standings page', paths.leagueResults(ACTIVE)],
    ['home page', paths.home(ACTIVE)],
  ])('the standings of the %s count the two regular games only', (_, path) => {
    // 갈매기 lost both regular games (3–5, 3–5); the final they won is not in: G 2 = 0 W + 2 L.
    const rows = table(page(path), `${leagueName} 순위`);
    const row = (name: string) => rows.find((r) => r['팀'] === name)!;
    expect([row(c.names.away)['경기'], row(c.names.away)['승'], row(c.names.away)['패']]).toEqual([
      '2',
      '0',
      '2',
    ]);
    expect([row(c.names.home)['경기'], row(c.names.home)['승'], row(c.names.home)['패']]).toEqual([
      '1',
      '1',
      '0',
    ]);
  });

  it("the league page's leaders leave out the final's home run; its 포스트시즌 section lists the final and the champion", () => {
    const doc = page(paths.leagueSchedule(ACTIVE, c.leagueId));
    const hr = doc.querySelector('section.leaders__board[aria-label="홈런"]');
    expect(hr).not.toBeNull();
    expect(hr!.text).toContain(c.names.homeLeadOff);
    expect(hr!.text).not.toContain(c.names.awayLeadOff);

    const section = doc.querySelector('section[aria-labelledby="postseason-heading"]');
    expect(section).not.toBeNull();
    const rows = section!.querySelectorAll('li.game-row');
    expect(rows).toHaveLength(1);
    // away 레드삭스 3 : 5 home 갈매기, linked to the box score
    expect(rows[0].querySelector('.game-row__score')!.text.trim()).toBe('3 : 5');
    expect(rows[0].querySelector('a')!.getAttribute('href')).toBe(
      paths.boxScore(ACTIVE, c.leagueId, c.games.final),
    );
    // No ranks entered: 갈매기 won the only final game, so 우승 갈매기, 준우승 레드삭스.
    const ranks = table(section!, `${leagueName} 최종 순위`);
    expect(ranks.map((r) => [r['순위'], r['팀']])).toEqual([
      ['우승', c.names.away],
      ['준우승', c.names.home],
    ]);
  });

  it('the team page counts the regular game only', () => {
    // 레드삭스's lead-off in game 1: AB 3, H 1, HR 1; 15 outs, 2 ER → ERA 2 × 7 / 5 = 2.80.
    const doc = page(paths.teamPlayers(ACTIVE, c.team.home));
    const batting = table(doc, `${c.names.home} 타격 기록 (${leagueName})`).find(
      (r) => r['선수'] === c.names.homeLeadOff,
    )!;
    expect([batting['경기'], batting['타수'], batting['안타'], batting['홈런']]).toEqual([
      '1',
      '3',
      '1',
      '1',
    ]);
    const pitching = table(doc, `${c.names.home} 투구 기록 (${leagueName})`).find(
      (r) => r['선수'] === c.names.homeLeadOff,
    )!;
    expect([pitching['경기'], pitching['이닝'], pitching['평균자책점']]).toEqual([
      '1',
      '5',
      '2.80',
    ]);
  });

  it('the player page splits 정규시즌 and 포스트시즌', () => {
    // 정규시즌: 15 outs, 2 ER → 2.80. 포스트시즌: 12 outs (4 IP), 3 ER → 3 × 7 / 4 = 5.25.
    const doc = page(paths.player(ACTIVE, c.team.home, c.homeLeadOff));
    const regular = table(doc, `${c.names.homeLeadOff} 정규시즌 투구 기록`);
    const post = table(doc, `${c.names.homeLeadOff} 포스트시즌 투구 기록`);
    const era = (rows: Record<string, string>[]) =>
      rows.map((r) => [r['시즌'], r['이닝'], r['평균자책점']]);
    expect(era(regular)).toEqual([
      [c.seasonName, '5', '2.80'],
      ['정규시즌 통산', '5', '2.80'],
    ]);
    expect(era(post)).toEqual([
      [c.seasonName, '4', '5.25'],
      ['포스트시즌 통산', '4', '5.25'],
    ]);
  });

  it('the result list links the final, and its box score is built', () => {
    const doc = page(paths.gameResults(ACTIVE));
    const hrefs = doc.querySelectorAll('li.game-row a').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain(paths.boxScore(ACTIVE, c.leagueId, c.games.final));
    const box = page(paths.boxScore(ACTIVE, c.leagueId, c.games.final));
    expect(box.querySelector('main')!.text).toContain('결승');
  });
});
