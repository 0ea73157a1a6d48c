/**
 * Full-page screenshots at 375 px of the pages fans open most (player, results list, box score,
 * schedule, a team's page, notices).
 * Usage: node tests/e2e/public/take-screenshots.ts --site DIR --db FILE --prefix before|after
 * (build the site first: node scripts/build-demo-site.ts --out DIR --db FILE).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from './browser.ts';
import { startSiteServer } from './site-server.ts';
import { openReadOnlyDb } from '../../../src/server/db/read-snapshot.ts';
import { readRouteIndex } from '../../../src/server/read/route-index.ts';
import { paths } from '../../../src/lib/paths.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    db: { type: 'string' },
    prefix: { type: 'string', default: 'after' },
    out: { type: 'string', default: 'docs/screenshots' },
  },
});
const server = await startSiteServer(values.site!, values.db!);
const opened = openReadOnlyDb(values.db!);
const index = await readRouteIndex(opened.db);
const season = { id: index.site.active.id, active: true };
const leagueIds = index.leagues.filter((l) => l.seasonId === season.id).map((l) => l.id);
// A recorded final game, and a player who both batted and pitched in it: the busiest pages.
const game = await opened.db
  .selectFrom('games')
  .select(['id', 'league_id'])
  .where('status', '=', 'final')
  .where('league_id', 'in', leagueIds)
  .where('save_pitcher_id', 'is not', null)
  .orderBy('id')
  .executeTakeFirstOrThrow();
const pitcher = await opened.db
  .selectFrom('game_pitching')
  .select(['player_id', 'team_id'])
  .where('game_id', '=', game.id)
  .orderBy('seq')
  .executeTakeFirstOrThrow();
const shots = {
  player: paths.player(season, pitcher.team_id, pitcher.player_id),
  results: paths.gameResults(season),
  'box-score': paths.boxScore(season, game.league_id, game.id),
  schedule: paths.gameSchedule(season),
  team: paths.teamPlayers(season, pitcher.team_id),
  notices: paths.notices(),
};
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1 });
for (const [name, path] of Object.entries(shots)) {
  await page.goto(server.origin + path);
  const file = join(values.out!, `${values.prefix}-${name}.png`);
  // The first two screens: what a fan sees without scrolling far.
  await page.screenshot({
    path: file,
    fullPage: true,
    clip: { x: 0, y: 0, width: 375, height: 1624 },
  });
  console.log(file, path);
}
await browser.close();
await server.close();
opened.close();
