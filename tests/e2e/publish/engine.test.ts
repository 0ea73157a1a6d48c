/**
 * The render engine on the demo association: Astro's prerender app kept in renderer processes renders
 * the same bytes as `npm run build:site`; after a saved record, a roster change, a team rename and
 * a new notice, named as the API's routes name them, it renders only the pages that read what
 * changed — every page a full render changes among them — and the build folder it writes holds a
 * full render's bytes and dependencies; a publisher whose renderer is killed mid-publish replaces
 * it and publishes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoSite } from '../../../scripts/build-demo-site.ts';
import { DEMO_TODAY } from '../../../src/server/db/seed/catalog.ts';
import { openDatabase } from '../../../src/server/db/database.ts';
import { listFiles } from '../../../src/server/publish/compress-build.ts';
import { dependents, expandChange, gamePlayers } from '../../../src/server/publish/change-keys.ts';
import { boxScoreInput } from '../../../src/lib/schemas/box-score.ts';
import { saveRecord } from '../../../src/server/services/box-score.ts';
import { planRecord } from './game-record.ts';
import type { PlannedRecord } from './game-record.ts';
import { DAILY_REASON, NEW_CODE_REASON, Publisher } from '../../../src/server/publish/publisher.ts';
import { latestNightlyCheck, siteAddress } from '../../../src/server/services/publish-status.ts';
import { ensureCodeBuild } from '../../../src/server/publish/code-build.ts';
import { processAlive } from '../../../src/server/ops/server-lock.ts';
import { RenderEngine } from '../../../src/server/publish/render-engine.ts';
import type {
  RenderEngineOptions,
  RenderResult,
} from '../../../src/server/publish/render-engine.ts';
import { projectRoot } from '../../../src/server/publish/run-astro-build.ts';
import { SiteStore } from '../../../src/server/publish/site-store.ts';
import { SiteTrees } from '../../../src/server/publish/site-trees.ts';
import { diskPath, siteFromManifest } from '../../../src/server/publish/static-site.ts';
import type { LoadedSite } from '../../../src/server/publish/static-site.ts';
import { renderedBuild, writeBuild } from '../../../src/server/publish/write-build.ts';

const ORIGIN = 'http://localhost:4321';
let work: string;
let dbFile: string;
let exportDir: string;
let engine: RenderEngine;
const codeDir = join(projectRoot, '.astro', 'site-work', `engine-test-${process.pid}`);

/** An engine on the test's code folder, rendering the demo as of its pinned day. */
const demoEngine = (options: Partial<RenderEngineOptions> = {}) =>
  new RenderEngine({ codeDir, publicOrigin: ORIGIN, today: DEMO_TODAY, ...options });
/** the build the next change is rendered against */
let live: LoadedSite;
let builds = 0;
let store: SiteStore;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sbsa-engine-'));
  const site = await buildDemoSite({
    outDir: join(work, 'export'),
    dbFile: join(work, 'sbsa.sqlite'),
    origin: ORIGIN,
  });
  dbFile = site.dbFile;
  exportDir = site.outDir;
  store = new SiteStore(join(work, 'builds'));
  // jobs of 500 files: the demo's render of every page runs as several jobs per renderer
  engine = demoEngine({ filesPerJob: 500 });
});

afterAll(async () => {
  await engine?.stop();
  rmSync(codeDir, { recursive: true, force: true });
  rmSync(`${codeDir}.prerender`, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Writes a build from a render on top of the live build into the store, read back from its manifest. */
async function commit(render: RenderResult): Promise<LoadedSite> {
  const id = `b${++builds}`;
  const base = builds === 1 ? null : live;
  await writeBuild(store, id, await renderedBuild(render, codeDir, base), base);
  return siteFromManifest(store, (await store.readManifest(id))!);
}

/** The bytes of a file of a build (from its blob). */
const bytes = (site: LoadedSite, file: string) => {
  const entry = site.files.get(`/${file}`);
  return entry ? readFileSync(diskPath(site, entry, 'identity')) : undefined;
};

/** The served files of a folder: everything but compressed variants and the renderer's bundle. */
async function siteFiles(dir: string): Promise<string[]> {
  return (await listFiles(dir))
    .filter((f) => !f.endsWith('.br') && !f.startsWith('.prerender/'))
    .sort();
}

function change(sql: string): void {
  const db = new DatabaseSync(dbFile);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

function one<T>(sql: string): T {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return db.prepare(sql).get() as T;
  } finally {
    db.close();
  }
}

/** Saves a planned record as a scorer would; returns the players in the game's record after it. */
async function saveAsScorer(plan: PlannedRecord): Promise<Set<number>> {
  change(
    `INSERT OR IGNORE INTO users (email, password_hash, username) VALUES ('engine-test-scorer@sbsa.kr', 'x', '기록원')`,
  );
  const opened = openDatabase(dbFile);
  try {
    const user = await opened.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'engine-test-scorer@sbsa.kr')
      .executeTakeFirstOrThrow();
    expect(await gamePlayers(opened.db, plan.gameId)).toEqual([]);
    await saveRecord(opened.db, plan.gameId, boxScoreInput.parse(plan.body), user.id);
    return new Set(await gamePlayers(opened.db, plan.gameId));
  } finally {
    await opened.close();
  }
}

/** The files of the live build that read what `changes` name (as the publisher picks them). */
async function request(changes: string[]) {
  const opened = openDatabase(dbFile);
  try {
    const { keys } = await expandChange(opened.db, changes);
    return {
      files: dependents(live.deps!, keys),
      known: keys.has('paths') ? Object.keys(live.deps!.files) : null,
      keys: [...keys],
    };
  } finally {
    await opened.close();
  }
}

/**
 * Renders the pages that read what `changes` name and the whole site; every page whose bytes the
 * change altered must have been rendered, with a full render's bytes, and the new build's
 * dependencies must be a full render's. Returns how many pages were rendered and how many changed.
 */
async function renderChange(changes: string[]): Promise<{
  rendered: number;
  changed: number;
  total: number;
  files: string[];
  changedFiles: string[];
}> {
  const incremental = await engine.render(dbFile, await request(changes));
  const full = await engine.render(dbFile);
  const changedFiles: string[] = [];
  for (const [file, body] of full.rendered) {
    if (file === '_redirects') continue;
    const before = bytes(live, file);
    if (before?.equals(body)) continue;
    changedFiles.push(file);
    expect(incremental.rendered.has(file), `${file} changed but was not rendered`).toBe(true);
  }
  for (const [file, body] of incremental.rendered)
    expect(body.equals(full.rendered.get(file)!), `${file} differs from a full render`).toBe(true);
  const next = await commit(incremental);
  expect(Object.keys(next.deps!.files).sort()).toEqual([...full.paths!].sort());
  for (const [file, deps] of full.deps)
    expect(next.deps!.files[file], `dependencies of ${file}`).toEqual(deps);
  // the new build on disk: a full render's bytes for every page
  for (const [file, body] of full.rendered)
    if (file !== '_redirects')
      expect(bytes(next, file)?.equals(body), `${file} on disk`).toBe(true);
  live = next;
  return {
    rendered: incremental.rendered.size,
    changed: changedFiles.length,
    total: full.paths!.length,
    files: [...incremental.rendered.keys()],
    changedFiles,
  };
}

// each test renders the whole demo at least once: slow on 2 shared cores
describe('render engine', { timeout: 30 * 60_000 }, () => {
  it('renders the same bytes as `npm run build:site` on the demo association', async () => {
    const full = await engine.render(dbFile);
    live = await commit(full);
    // the build as the folder tree a static server serves (site-trees.ts)
    const trees = new SiteTrees(store);
    await trees.prepare(live.id, live.manifest!.files, null, [], null);
    const liveDir = trees.treeDir(live.id);
    const [exported, engined] = await Promise.all([siteFiles(exportDir), siteFiles(liveDir)]);
    expect(engined).toEqual(exported);
    expect(exported.length).toBeGreaterThan(2000);
    const differing = exported.filter(
      (f) => !readFileSync(join(exportDir, f)).equals(readFileSync(join(liveDir, f))),
    );
    expect(differing).toEqual([]);
    expect(live.deps?.code).toBe(full.code);
    // every page names what it read, and none reads everything
    const files = Object.entries(live.deps!.files);
    expect(files.filter(([, deps]) => deps.includes('*'))).toEqual([]);
    expect(live.deps!.files['sbsa/notice/index.html']).toContain('notices');
  });

  it('renders nothing when a change names data no page reads', async () => {
    const again = await engine.render(dbFile, await request(['player:999999999']));
    expect([...again.rendered.keys()]).toEqual([]);
    expect(again.paths).toBeNull(); // no pass over the paths
  });

  it('after a restart builds no code again: the same code keeps the live pages valid', async () => {
    const started = performance.now();
    const again = await ensureCodeBuild({ codeDir, publicOrigin: ORIGIN });
    expect(again.built).toBe(false);
    expect(again.code).toBe(live.deps?.code);
    expect(performance.now() - started).toBeLessThan(5000);
    // a restarted engine renders a change against the live build, not the whole site
    const restarted = demoEngine();
    try {
      await restarted.warm(dbFile); // as the publisher starts it: the paths are listed at once
      const r = await restarted.render(dbFile, await request(['game:1']));
      expect(r.code).toBe(live.deps?.code);
      expect(r.paths).toBeNull(); // no second pass over the paths
      expect(r.rendered.size).toBeGreaterThan(0);
      expect(r.rendered.size).toBeLessThan(live.pages / 4);
    } finally {
      await restarted.stop();
    }
  });

  it('ends a kept renderer left without work, and the next change starts one that stores the same blobs', async () => {
    const idle = demoEngine({ idleMs: 500 });
    const blobs = new SiteStore(join(work, 'idle-blobs'));
    try {
      const first = await idle.render(dbFile, await request(['game:1']), undefined, blobs.dir);
      const pid = idle.keptPid!;
      expect(processAlive(pid)).toBe(true);
      // its threads share two malloc arenas (decision 119)
      expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain(
        'MALLOC_ARENA_MAX=2',
      );
      await new Promise((r) => setTimeout(r, 1500));
      expect(idle.keptPid).toBeUndefined();
      expect(processAlive(pid)).toBe(false);
      const again = await idle.render(dbFile, await request(['game:1']), undefined, blobs.dir);
      expect(idle.keptPid).not.toBe(pid);
      // a render given the store sends the blobs it stored, not the bytes
      expect(again.rendered.size).toBe(0);
      expect([...again.stored.keys()].sort()).toEqual([...first.stored.keys()].sort());
      expect(again.stored.size).toBeGreaterThan(0);
      for (const [file, { entry }] of again.stored)
        expect(readFileSync(blobs.blobPath(entry.h)).equals(bytes(live, file)!), file).toBe(true);
    } finally {
      await idle.stop();
    }
  });

  it('gets the kept renderer ready when a change is expected: started and warm, or kept longer', async () => {
    const idle = demoEngine({ idleMs: 1500 });
    try {
      // a renderer that starts for a change lists the paths in that change's job
      const cold = await idle.render(dbFile, await request(['game:1']));
      expect(cold.paths).not.toBeNull();
      const pid = idle.keptPid!;
      // expected meanwhile, the change finds the same renderer: its idle time started again
      await new Promise((r) => setTimeout(r, 1000));
      await idle.expectChange(dbFile);
      await new Promise((r) => setTimeout(r, 1000));
      expect(idle.keptPid).toBe(pid);
      await new Promise((r) => setTimeout(r, 1500));
      expect(idle.keptPid).toBeUndefined();
      // ended for idleness, it starts again and warms before the change comes
      await idle.expectChange(dbFile);
      const started = idle.keptPid!;
      expect(processAlive(started)).toBe(true);
      const warm = await idle.render(dbFile, await request(['game:1']));
      expect(idle.keptPid).toBe(started);
      expect(warm.paths).toBeNull(); // listed while warming, before the change
      expect([...warm.rendered.keys()].sort()).toEqual([...cold.rendered.keys()].sort());
    } finally {
      await idle.stop();
    }
  });

  it('after a saved record renders its box score, league pages and the pages of its players, not the site', async () => {
    const plan = await planRecord(dbFile);
    const inRecord = await saveAsScorer(plan);
    const r = await renderChange([`game-record:${plan.gameId}`]);
    const files = r.files;
    expect(files).toContain(`sbsa/result/game/${plan.leagueId}/${plan.gameId}/index.html`);
    expect(files).toContain('sbsa/result/league/index.html');
    expect(files).toContain(`sbsa/stats/team/${plan.awayTeamId}/player/${plan.scorer}/index.html`);
    // player pages: only those of the players in the record
    const players = files
      .map((f) => /^sbsa\/stats\/team\/\d+\/player\/(\d+)\/index\.html$/.exec(f)?.[1])
      .filter((id) => id !== undefined)
      .map(Number);
    expect(players.length).toBeGreaterThan(0);
    expect(players.filter((id) => !inRecord.has(id))).toEqual([]);
    // box scores: those its players appear in (their season AVG after each game), of its league
    const boxes = files.filter(
      (f) => f.startsWith('sbsa/result/game/') && !f.endsWith('game/index.html'),
    );
    expect(boxes.filter((f) => !f.startsWith(`sbsa/result/game/${plan.leagueId}/`))).toEqual([]);
    // team schedules of other leagues: their filter names the season's leagues, not their games
    const schedules = files.filter((f) => /^sbsa\/schedule\/league\/\d+\/\d+\//.test(f));
    expect(schedules.length).toBeGreaterThan(0);
    expect(
      schedules.filter((f) => !f.startsWith(`sbsa/schedule/league/${plan.leagueId}/`)),
    ).toEqual([]);
    // the season's league overview prints each league's game counts
    expect(files).toContain('sbsa/schedule/league/index.html');
    console.info(
      `[engine] a saved record rendered ${r.rendered} of ${r.total} files (${r.changed} changed)`,
    );
    expect(r.rendered).toBeLessThan(r.total / 8);
  });

  it('keeps the reads of the leagues a change left alone for the next one, and reads again those it changed', async () => {
    const first = await planRecord(dbFile);
    await saveAsScorer(first);
    // the first change: the kept renderer keeps the league-wide reads its pages made (the home
    // page reads every league of the season)
    live = await commit(
      await engine.render(dbFile, await request([`game-record:${first.gameId}`])),
    );
    const second = await planRecord(dbFile, first.leagueId);
    await saveAsScorer(second);
    // the second, in another league: the home page takes the first league's reads as they were
    // kept, and reads the second's again; its bytes must be a full render's
    const r = await renderChange([`game-record:${second.gameId}`]);
    expect(r.files).toContain('sbsa/index.html');
    expect(r.changedFiles).toContain('sbsa/index.html');
    expect(r.files).toContain('sbsa/result/league/index.html');
  });

  it("after an edited record renders the later box scores of its league whose season rates changed, not the earlier ones nor its players' box scores of other seasons", async () => {
    // a batter of the active season who also played in earlier seasons, in a game of a league with
    // his games before and after it: one more hit there changes his AVG in his later box scores
    const pick = one<{ game_id: number; league_id: number; player_id: number; date: string }>(`
      SELECT b.game_id, g.league_id, b.player_id, g.game_date AS date
      FROM game_batting b JOIN games g ON g.id = b.game_id JOIN leagues l ON l.id = g.league_id
        JOIN seasons s ON s.id = l.season_id
      WHERE s.active = 1 AND g.status = 'final' AND g.stage = 'regular' AND b.h < b.ab
        AND EXISTS (SELECT 1 FROM game_batting b2 JOIN games g2 ON g2.id = b2.game_id
          JOIN leagues l2 ON l2.id = g2.league_id
          WHERE b2.player_id = b.player_id AND l2.season_id <> l.season_id)
        AND EXISTS (SELECT 1 FROM game_batting b4 JOIN games g4 ON g4.id = b4.game_id
          WHERE b4.player_id = b.player_id AND g4.league_id = g.league_id
            AND g4.status = 'final' AND g4.game_date < g.game_date)
        AND (SELECT count(*) FROM game_batting b3 JOIN games g3 ON g3.id = b3.game_id
          WHERE b3.player_id = b.player_id AND g3.league_id = g.league_id AND g3.stage = 'regular'
            AND g3.status = 'final' AND g3.game_date > g.game_date) >= 3
      ORDER BY g.game_date, g.id, b.player_id LIMIT 1`);
    const db = new DatabaseSync(dbFile, { readOnly: true });
    let otherGames: number[];
    let earlierGames: number[];
    let inRecord: number[];
    try {
      otherGames = (
        db
          .prepare(`SELECT DISTINCT g.id FROM game_batting b JOIN games g ON g.id = b.game_id
            WHERE b.player_id = ? AND g.league_id <> ?`)
          .all(pick.player_id, pick.league_id) as { id: number }[]
      ).map((r) => r.id);
      earlierGames = (
        db
          .prepare('SELECT id FROM games WHERE league_id = ? AND game_date < ?')
          .all(pick.league_id, pick.date) as { id: number }[]
      ).map((r) => r.id);
      inRecord = (
        db
          .prepare(`SELECT player_id FROM game_batting WHERE game_id = ?
            UNION SELECT player_id FROM game_pitching WHERE game_id = ?`)
          .all(pick.game_id, pick.game_id) as { player_id: number }[]
      ).map((r) => r.player_id);
    } finally {
      db.close();
    }
    expect(otherGames.length).toBeGreaterThan(0);
    expect(earlierGames.length).toBeGreaterThan(0);
    change(
      `UPDATE game_batting SET h = h + 1 WHERE game_id = ${pick.game_id} AND player_id = ${pick.player_id}`,
    );
    // as the record route names a saved record: the game, and the players in it before the change
    const r = await renderChange([
      `game-record:${pick.game_id}`,
      ...inRecord.map((p) => `game-player:${pick.game_id}:${p}`),
    ]);
    const boxOf = (file: string) => /\/result\/game\/\d+\/(\d+)\/index\.html$/.exec(file)?.[1];
    const boxes = (ids: number[]) => {
      const wanted = new Set(ids.map(String));
      return r.files.filter((f) => wanted.has(boxOf(f) ?? ''));
    };
    // his box scores of other leagues and seasons, and the league's box scores before the game,
    // did not change and were not rendered
    expect(boxes(otherGames)).toEqual([]);
    expect(boxes(earlierGames)).toEqual([]);
    // the later box scores of the league that print his new AVG changed, and were rendered
    const later = r.changedFiles.filter(
      (f) => boxOf(f) !== undefined && boxOf(f) !== String(pick.game_id),
    );
    expect(later.length).toBeGreaterThanOrEqual(3);
    expect(later.filter((f) => !r.files.includes(f))).toEqual([]);
  });

  it("after a game moved to another date renders its players' box scores of the league on both sides of it", async () => {
    // an early final game of the active season moved past the league's last game: the season
    // rates of its players' box scores in between lose it
    const pick = one<{ id: number; league_id: number; last: string }>(`
      SELECT g.id, g.league_id, (SELECT max(game_date) FROM games WHERE league_id = g.league_id) AS last
      FROM games g JOIN leagues l ON l.id = g.league_id JOIN seasons s ON s.id = l.season_id
      WHERE s.active = 1 AND g.status = 'final' AND g.stage = 'regular'
      ORDER BY g.game_date, g.id LIMIT 1`);
    change(`UPDATE games SET game_date = '${pick.last}' WHERE id = ${pick.id}`);
    // as the schedule route names a changed game
    const r = await renderChange([`game:${pick.id}`, 'paths']);
    const boxes = r.changedFiles.filter((f) => f.includes(`/result/game/${pick.league_id}/`));
    expect(boxes.length).toBeGreaterThan(3);
  });

  it('after a roster change renders the pages that read it', async () => {
    const row = one<{ id: number; league_id: number; team_id: number; player_id: number }>(
      `SELECT id, league_id, team_id, player_id FROM league_players WHERE back_number IS NOT NULL
        ORDER BY id DESC LIMIT 1`,
    );
    change(`UPDATE league_players SET back_number = NULL WHERE id = ${row.id}`);
    const r = await renderChange([`roster:${row.league_id}:${row.team_id}`]);
    expect(r.changed).toBeGreaterThan(0);
    expect(r.rendered).toBeLessThan(r.total / 3);
  });

  it('after a team rename renders every page that names the team', async () => {
    const { id } = one<{ id: number }>(
      'SELECT home_team_id AS id FROM games ORDER BY id DESC LIMIT 1',
    );
    change(`UPDATE teams SET name = name || ' 새이름' WHERE id = ${id}`);
    const r = await renderChange([`team-info:${id}`]);
    expect(r.changed).toBeGreaterThan(10);
  });

  it('after a new notice renders its page and the lists that show it', async () => {
    change(`INSERT INTO notices (main_id, title, body, author_name, created_at, updated_at)
      SELECT id, '새 공지: 우천 취소 안내', '오늘 경기는 비로 취소되었습니다.', '협회',
        '2026-11-21T01:00:00.000Z', '2026-11-21T01:00:00.000Z' FROM league_main LIMIT 1`);
    const { id } = one<{ id: number }>('SELECT max(wr_id) AS id FROM notices');
    const r = await renderChange([`notice:${id}`]);
    expect(r.changed).toBeGreaterThan(1);
    expect(r.rendered).toBeLessThan(r.total / 10);
  });
});

/** A publisher of the demo with the real renderer, in a data folder of its own, never retrying. */
function demoPublisher(dataDir = mkdtempSync(join(tmpdir(), 'sbsa-engine-pub-'))) {
  const opened = openDatabase(dbFile);
  const publisher = new Publisher({
    db: opened.db,
    dataDir,
    dbFile,
    today: DEMO_TODAY,
    publicOrigin: ORIGIN,
    dailyRebuild: false,
    retryDelaysMs: [],
  });
  return { dataDir, opened, publisher };
}

describe('publisher with the render engine', () => {
  /** the data folder of a publisher stopped with a live build */
  let restartDir: string | undefined;

  it('names the pages whose change no write had named when the midnight rebuild changes them', async () => {
    const { dataDir, opened, publisher } = demoPublisher();
    let team: { id: number; name: string } | undefined;
    /** Rebuilds at midnight and reads the check its run keeps. */
    const rebuild = async () => {
      publisher.markDirty(DAILY_REASON, 0);
      await publisher.whenIdle();
      const run = await opened.db
        .selectFrom('publish_runs')
        .select(['id', 'reason', 'status', 'unnamed_pages', 'unnamed_files'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const files: string[] = JSON.parse(run.unnamed_files ?? 'null');
      return { ...run, files };
    };
    try {
      await publisher.start();
      await publisher.whenIdle();
      const first = publisher.site!;
      // the same day, nothing written: nothing to name
      expect(await rebuild()).toMatchObject({
        reason: DAILY_REASON,
        status: 'success',
        unnamed_pages: 0,
        files: [],
      });
      // a team renamed and its row of the change record taken away (as a table the mapping
      // missed would leave it): no change named it, and its pages stayed
      team = one<{ id: number; name: string }>(
        `SELECT t.id, t.name FROM teams t JOIN league_teams lt ON lt.team_id = t.id
         JOIN leagues l ON l.id = lt.league_id JOIN seasons s ON s.id = l.season_id
         WHERE s.active = 1 LIMIT 1`,
      );
      change(
        `BEGIN; UPDATE teams SET name = '이름 바뀐 팀' WHERE id = ${team.id};
         DELETE FROM public_changes WHERE id = (SELECT max(id) FROM public_changes); COMMIT`,
      );
      const check = await rebuild();
      const site = publisher.site!;
      const teamPage = `sbsa/stats/team/${team.id}/players/index.html`;
      expect(bytes(site, teamPage)?.equals(bytes(first, teamPage)!)).toBe(false);
      expect(check).toMatchObject({ reason: DAILY_REASON, status: 'success' });
      const unnamed = check.unnamed_pages!;
      expect(unnamed).toBeGreaterThan(0);
      expect(check.files.length).toBe(Math.min(20, unnamed));
      for (const file of check.files)
        expect(bytes(site, file)?.equals(bytes(first, file)!), file).toBe(false);
      // the dashboard shows this run's check, its pages as addresses
      expect(await latestNightlyCheck(opened.db)).toMatchObject({
        runId: check.id,
        unnamedPages: unnamed,
        files: check.files.map(siteAddress),
      });
    } finally {
      // the tests after this one render the demo as the engine tests left it
      // (its row of the change record taken away too: the tests after this one start publishers
      // that would otherwise publish it)
      if (team)
        change(
          `BEGIN; UPDATE teams SET name = '${team.name}' WHERE id = ${team.id};
           DELETE FROM public_changes WHERE id = (SELECT max(id) FROM public_changes); COMMIT`,
        );
      await publisher.stop();
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('replaces a renderer killed during a publish and publishes all the same', async () => {
    const { dataDir, opened, publisher } = demoPublisher();
    // the runs of this test: the database has those of the tests before
    const { last } = one<{ last: number | null }>('SELECT max(id) AS last FROM publish_runs');
    try {
      await publisher.start(); // no live build: the first one starts at once
      await publisher.engine!.warm();
      // kill the worker while it renders the first build's pages
      while (!publisher.status().building) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      publisher.engine!.kill();
      await publisher.whenIdle();
      const runs = await opened.db
        .selectFrom('publish_runs')
        .selectAll()
        .where('id', '>', last ?? 0)
        .orderBy('id', 'asc')
        .execute();
      expect(runs.map((r) => r.status)).toEqual(['success']);
      const site = publisher.site!;
      expect(site.pages).toBe(live.pages);
      expect(bytes(site, 'sbsa/index.html')?.equals(bytes(live, 'sbsa/index.html')!)).toBe(true);
      restartDir = dataDir; // the next test starts a publisher on this live build
    } finally {
      await publisher.stop();
      await opened.close();
      if (!restartDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('renders every page again at start when the live pages were made by another code, without waiting for a change', async () => {
    expect(restartDir).toBeDefined();
    const dataDir = restartDir!;
    // the live build as another version of the code left it
    const siteStore = new SiteStore(join(dataDir, 'builds'));
    const { live: liveId } = await siteStore.readPointer();
    const manifest = (await siteStore.readManifest(liveId!))!;
    await siteStore.writeManifest({
      ...manifest,
      deps: { ...manifest.deps!, code: 'another-code' },
    });
    const { opened, publisher } = demoPublisher(dataDir);
    const { last } = one<{ last: number | null }>('SELECT max(id) AS last FROM publish_runs');
    try {
      await publisher.start();
      await publisher.engine!.warm();
      await publisher.whenIdle();
      const runs = await opened.db
        .selectFrom('publish_runs')
        .select(['status', 'reason'])
        .where('id', '>', last ?? 0)
        .execute();
      expect(runs).toEqual([{ status: 'success', reason: NEW_CODE_REASON }]);
      const site = publisher.site!;
      expect(site.id).not.toBe(liveId);
      expect(site.deps?.code).toBe(manifest.deps!.code);
      expect(site.pages).toBe(live.pages);
      // a start with the same code renders nothing
      await publisher.stop();
      const again = demoPublisher(dataDir);
      try {
        await again.publisher.start();
        await again.publisher.engine!.warm();
        await again.publisher.whenIdle();
      } finally {
        await again.publisher.stop();
        await again.opened.close();
      }
      const after = one<{ n: number }>(
        `SELECT count(*) AS n FROM publish_runs WHERE id > ${last ?? 0}`,
      );
      expect(after.n).toBe(1);
    } finally {
      await publisher.stop();
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
