/**
 * npm run bench — the performance figures of DESIGN.md §10 against the large association.
 *
 *  1. generates the association into bench/.data (bench/generate-large.ts);
 *  2. full build: the publisher's first build (code build, render, writing, the tree) into
 *     bench/.data and the brotli it leaves for after its switch, then a render of every page by
 *     1 … cores renderer processes (pages/s), and the full build's files/s beside theirs;
 *  3. a real server (node src/server/start.mjs, DATA_DIR=bench/.data, SEED_DEMO=0) on a free port
 *     of 127.0.0.1, serving that build;
 *  4. save → visible: PUT a game record, poll its box score, the standings and a player page;
 *  5. static requests/s of Debian's nginx on the live tree with the generated config, of nginx on
 *     a plain copy of that folder and of our server, three runs of each in turns;
 *  6. API latency of three read calls at 50 connections;
 *  7. memory: the server with its renderers while serving, and peaks;
 *  8. figure parity: for every league, team and player, the API, the pages' tables and the CSV
 *     downloads give the same figures (scripts/lib/figure-parity.ts, as the demo's test); prints
 *     the number of mismatches, which must be 0.
 * Then it stops everything it started and prints one table.
 *
 * --database postgres (default sqlite): the association is still generated into the SQLite file
 * (the generator writes SQLite), then a throw-away PostgreSQL cluster is started
 * (tests/helpers/pg-cluster.ts), a database created and migrated, and every table of the file
 * copied into it (bench/lib/postgres-load.ts, its time printed). Everything after that runs on
 * PostgreSQL: the full build (the publisher reading it), the render rates, the server (with
 * DATABASE_URL), save → visible, API latency, memory and figure parity. The target games and the
 * API's URLs are still picked from the SQLite file, which holds the same rows and ids. The static
 * serving runs do not touch the database and run on both.
 *
 * Options: --skip-generate (reuse bench/.data), --skip-build (reuse its live build), --seconds N
 * (per load run, default 10), --connections N (50), --runs N (save → visible repetitions, 5),
 * --nginx-workers N (1), --no-install (never apt-get), --only parity (generate, build, start the
 * server and run the parity check alone), --only build (generate, the full build and the render
 * rates alone), --only live (1,000 live viewers of one game on a demo server of its own,
 * bench/live-viewers.ts), --viewers N and --puts N (its load), --teams N and --first-year YYYY (a
 * smaller association: fewer clubs, fewer seasons).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { get as httpGet } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { projectRoot } from '../src/server/publish/run-astro-build.ts';
import { Publisher, buildCacheDir } from '../src/server/publish/publisher.ts';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database.ts';
import { openPostgres } from '../src/server/db/open-postgres.ts';
import { migratePostgres } from '../src/server/db/migrate-postgres.ts';
import { startPgCluster } from '../tests/helpers/pg-cluster.ts';
import { loadIntoPostgres } from './lib/postgres-load.ts';
import { defaultDataDir, generateLarge } from './generate-large.ts';
import { ensureTools } from './lib/tools.ts';
import { nginxPrefix, plainNginxConfig } from './lib/nginx.ts';
import { startNginx } from '../tests/helpers/nginx.ts';
import type { RunningNginx } from '../tests/helpers/nginx.ts';
import { nginxConfig } from '../src/server/publish/nginx-config.ts';
import { nodeTool, wrkTool } from './lib/load.ts';
import type { LoadResult, LoadTool } from './lib/load.ts';
import { renderRates } from './render-workers.ts';
import {
  freePort,
  groupPss,
  groupRss,
  mb,
  SERVER_NODE_FLAGS,
  serverEntry,
  peakRss,
  rssOf,
  sleep,
  waitForHttp,
  waitQuiet,
  watchChildrenPeak,
} from './lib/proc.ts';
import { scheduledGames } from './lib/game-record.ts';
import { saveToVisible, text } from './lib/save-visible.ts';
import { serverParity } from './lib/parity.ts';
import { liveViewersText, measureLiveViewers } from './lib/live-viewers.ts';

const { values: args } = parseArgs({
  options: {
    'skip-generate': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '5' },
    'nginx-workers': { type: 'string', default: '1' },
    'no-install': { type: 'boolean', default: false },
    only: { type: 'string' },
    teams: { type: 'string' },
    'first-year': { type: 'string' },
    viewers: { type: 'string', default: '1000' },
    puts: { type: 'string', default: '10' },
    database: { type: 'string', default: 'sqlite' },
  },
});
if (!['sqlite', 'postgres'].includes(args.database)) {
  process.stderr.write(`--database takes 'sqlite' or 'postgres', not '${args.database}'\n`);
  process.exit(2);
}
const ON_POSTGRES = args.database === 'postgres';
const DATABASE_LABEL = ON_POSTGRES ? 'PostgreSQL' : 'SQLite';
if (args.only !== undefined && !['parity', 'build', 'live'].includes(args.only)) {
  process.stderr.write(`--only takes 'parity', 'build' or 'live', not '${args.only}'\n`);
  process.exit(2);
}
// 1,000 live viewers of one game needs no large association: a demo server of its own (decision 149)
if (args.only === 'live') {
  await import('./live-viewers.ts');
  process.exit(process.exitCode ?? 0);
}
const ONLY_PARITY = args.only === 'parity';
const ONLY_BUILD = args.only === 'build';
const SEED_OPTIONS = {
  ...(args.teams ? { targetTeams: Math.max(20, Number(args.teams)) } : {}),
  ...(args['first-year'] ? { firstYear: Math.min(2026, Number(args['first-year'])) } : {}),
};
const SECONDS = Math.max(1, Math.min(60, Number(args.seconds)));
const CONNECTIONS = Math.max(1, Math.min(1000, Number(args.connections)));
const RUNS = Math.max(1, Math.min(20, Number(args.runs)));
/** Live viewers of one game and line scores sent to it (decision 149). */
const VIEWERS = Math.max(1, Math.min(5000, Number(args.viewers)));
const PUTS = Math.max(1, Math.min(100, Number(args.puts)));
/** Static load runs of ours and of nginx on one file, in turns (`staticRounds`). */
const STATIC_ROUNDS = 3;
const NGINX_WORKERS = Math.max(1, Math.min(8, Number(args['nginx-workers'])));
/** Longest wait for one saved record to show, and for the whole save → visible part. */
const VISIBLE_TIMEOUT_MS = 20 * 60_000;
const VISIBLE_BUDGET_MS = 25 * 60_000;
const ADMIN = { email: 'bench-admin@sbsa.kr', password: 'bench-password-1' };
/** The database every step after the generation reads: the SQLite file, or the PostgreSQL copy's URL. */
let database = '';

const dataDir = defaultDataDir;
const dbFile = join(dataDir, 'sbsa.sqlite');
const buildsDir = join(dataDir, 'builds');
const tmp = mkdtempSync(join(tmpdir(), 'sbsa-bench-'));
const log = (line: string) => process.stdout.write(`${line}\n`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const notes: string[] = [];

// Everything started is stopped in reverse order, also on Ctrl-C or a crash.
const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        log(`cleanup: ${(err as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`\n${signal}: stopping`);
    void cleanup().then(() => process.exit(130));
  });
}
cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));

let serverStartedAt = 0;

interface Row {
  measure: string;
  result: string;
  target?: string;
  ok?: boolean | null;
}
const rows: Row[] = [];

async function main() {
  const load0 = loadavg()[0];
  log(
    `sbsa bench on ${DATABASE_LABEL} — ${cpus().length} cores, load average ${load0.toFixed(2)}, Node ${process.version}`,
  );

  // 1. The large association.
  let dataLine: string;
  if (args['skip-generate'] && existsSync(dbFile)) {
    const db = new DatabaseSync(dbFile, { readOnly: true });
    const c = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    dataLine =
      `${c('select count(*) n from seasons')} seasons · ${c('select count(*) n from leagues')} leagues · ${int(c('select count(*) n from teams'))} teams · ` +
      `${int(c('select count(*) n from players'))} players · ${int(c("select count(*) n from games where status='final'"))} final games (reused bench/.data)`;
    db.close();
  } else {
    log('1/7 generating the large association …');
    const g = await generateLarge(dataDir, SEED_OPTIONS);
    dataLine =
      `${g.seasons} seasons · ${g.leagues} leagues · ${int(g.teams)} teams · ${int(g.players)} players · ${int(g.finalGames)} final games of ${int(g.games)} · ` +
      `${int(g.battingLines)} batting lines · generated in ${secs(g.totalMs)} (simulate ${secs(g.buildMs)}, insert ${secs(g.insertMs)})`;
  }
  log(`  ${dataLine}`);
  database = dbFile;
  if (ON_POSTGRES) database = await postgresCopy();

  // 3. Full build: the publisher itself (astro build, assembly, compression, loading), empty cache.
  let liveId = readLive();
  if (!args['skip-build'] || !liveId) {
    log('3/7 full build (the publisher: code build, render, compress, write) …');
    // From nothing, also after --skip-generate: no live build, no build cache.
    rmSync(buildsDir, { recursive: true, force: true });
    rmSync(buildCacheDir(dataDir), { recursive: true, force: true });
    const full = await fullBuild();
    if (full.error)
      notes.push(`full build failed: ${full.error.split('\n').slice(0, 6).join(' | ')}`);
    const d = full.detail;
    const ms = (key: string) => Number(d[key] ?? 0);
    const codeMs = ms('codeMs');
    // the full build once its code is built: render and store, write, lay out the tree, switch
    const buildMs = full.ms - codeMs;
    const rendered = ms('rendered');
    rows.push({
      measure:
        'full build: the publisher from nothing (code build, render and store, write, switch)',
      result:
        full.ms > 0 && !full.error
          ? `${secs(full.ms)}: code build ${secs(codeMs)}, render and store ${secs(ms('renderMs'))}, write ${secs(ms('writeMs'))}, tree ${secs(ms('treeMs'))}, switch ${secs(ms('switchMs'))}; ${int(ms('written'))} blobs; brotli of the rest done ${secs(full.compressedMs)} after the switch`
          : 'failed',
    });
    const pages = full.html;
    rows.push({
      measure: 'pages built',
      result: `${int(pages)} HTML pages, ${int(full.files)} files in all, ${int(full.redirects)} rules in _redirects`,
    });
    rows.push({
      measure: 'peak RSS of one child process during the full build (code build or renderer)',
      result: mb(full.astroPeak),
    });
    if (!ONLY_PARITY) {
      log('  render of every page by 1 … cores renderer processes (after their own code build) …');
      const { rates } = await renderRates(database, (r) =>
        log(`  ${r.workers} renderer(s): ${r.pagesPerSecond} pages/s`),
      );
      for (const r of rates)
        rows.push({
          measure: `  render alone, ${r.workers} renderer process${r.workers > 1 ? 'es' : ''}`,
          result: `${int(r.files)} files in ${secs(r.seconds * 1000)} = ${int(r.pagesPerSecond)} pages/s (load ${r.load.toFixed(1)})`,
        });
      // the publisher renders every page with one renderer per core, as the last rate did
      const alone = rates.at(-1);
      const perSecond = rendered / (buildMs / 1000);
      const share = alone ? perSecond / alone.pagesPerSecond : null;
      rows.push({
        measure: "full build after its code build: files/s beside the renderers' own (same run)",
        result: `${int(rendered)} files in ${secs(buildMs)} = ${int(perSecond)} files/s${share === null ? '' : ` = ${Math.round(share * 100)} % of ${int(alone!.pagesPerSecond)}`}`,
        target: '≥ 90 %',
        ok: full.error || share === null ? false : share >= 0.9,
      });
    }
    liveId = readLive();
    log(`  built ${pages} HTML files in ${secs(full.ms)}`);
  } else {
    log(`3/7 reusing build ${liveId} (--skip-build)`);
    rows.push({ measure: 'full build', result: 'skipped (--skip-build)' });
  }

  if (ONLY_BUILD) {
    // the PostgreSQL cluster and the temp folder
    await cleanup();
    log('');
    log(`data: ${dataLine}`);
    printTable(rows);
    for (const n of notes) log(`note: ${n}`);
    return;
  }

  // 4. The real server.
  log('4/7 starting the server …');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Kept in bench/.data so it survives the run (the temp folder does not).
  const serverLog = join(dataDir, 'server.log');
  const server = startServer(port, serverLog);
  const serverAlive = () => server.exitCode === null && server.signalCode === null;
  cleanups.push(() => stopChild(server));
  const tStart = performance.now();
  serverStartedAt = Date.now() - 1000;
  // The server loads the live build into memory before it listens: give a big build time.
  await waitForHttp(`${origin}/api/health`, (r) => r.ok, 15 * 60_000, serverAlive).catch((err) => {
    throw withLog(err, serverLog);
  });
  // With no live build the server builds one itself first; that can take as long as the full build.
  await waitForHttp(`${origin}/sbsa`, (r) => r.status === 200, 30 * 60_000, serverAlive).catch(
    (err) => {
      throw withLog(err, serverLog);
    },
  );
  const startMs = performance.now() - tStart;
  rows.push({
    measure: 'server start until the live build is served (loaded into memory)',
    result: secs(startMs),
  });
  log(`  server up on ${origin}, site loaded in ${secs(startMs)}`);

  // Figure parity, on the build as generated (before a save below changes the data).
  log('parity: API · pages · CSV over every league, team and player …');
  const parity = await serverParity(origin, database);
  const { leagues: pl, teams: pt, players: pp } = parity.compared;
  rows.push({
    measure: 'figure parity: API · pages · CSV downloads, mismatches',
    result: `${parity.mismatches.length} (${pl} leagues, ${int(pt)} team seasons, ${int(pp)} players; ${int(parity.requests)} requests in ${secs(parity.ms)})`,
    target: '0',
    ok: parity.mismatches.length === 0,
  });
  for (const m of parity.mismatches.slice(0, 20)) notes.push(`parity: ${JSON.stringify(m)}`);
  log(`  parity mismatches: ${parity.mismatches.length}`);
  if (parity.mismatches.length > 0) process.exitCode = 1;
  if (ONLY_PARITY) {
    await cleanup();
    log('');
    log(`data: ${dataLine}`);
    printTable(rows);
    for (const n of notes) log(`note: ${n}`);
    log(`parity mismatches: ${parity.mismatches.length}`);
    return;
  }

  // 2. Tools (only the load runs need them).
  log('2/7 checking wrk and nginx …');
  const tools = ensureTools(!args['no-install'], log);
  notes.push(...tools.notes);
  const loadTool: LoadTool = tools.wrk ? wrkTool(tools.wrk, tmp) : nodeTool();

  const token = await login(origin);

  // 5. Save → visible.
  log(`5/7 save → visible (${RUNS} records) …`);
  const sqlite = new DatabaseSync(dbFile, { readOnly: true });
  cleanups.push(() => {
    if (sqlite.isOpen) sqlite.close();
  });
  const targets = scheduledGames(sqlite, RUNS);
  if (targets.length < RUNS)
    notes.push(
      `only ${targets.length} scheduled games with distinct teams were available for save → visible`,
    );
  const buildWatch = watchChildrenPeak(server.pid!);
  const visible: number[] = [];
  const perPage: [number, number, number][] = [];
  const saveMs: number[] = [];
  const phaseStart = Date.now();
  for (const game of targets) {
    if (Date.now() - phaseStart > VISIBLE_BUDGET_MS) {
      notes.push(
        `save → visible stopped after ${visible.length} records: the ${Math.round(VISIBLE_BUDGET_MS / 60000)} min budget was used`,
      );
      break;
    }
    await waitIdle(origin, token);
    const r = await saveToVisible(origin, token, sqlite, game, VISIBLE_TIMEOUT_MS).catch(
      (err: Error) => ({
        saveMs: 0,
        pages: [0, 0, 0] as [number, number, number],
        error: err.message,
      }),
    );
    if (!serverAlive())
      throw withLog(
        new Error(
          `the server exited (${server.exitCode ?? server.signalCode}) during save → visible`,
        ),
        serverLog,
      );
    if (r.error) {
      notes.push(`save → visible, game ${game.gameId}: ${r.error}`);
      break;
    }
    saveMs.push(r.saveMs);
    visible.push(Math.max(...r.pages));
    perPage.push(r.pages);
    log(
      `  game ${game.gameId}: saved in ${r.saveMs.toFixed(0)} ms, visible after ${secs(Math.max(...r.pages))} (box ${secs(r.pages[0])}, standings ${secs(r.pages[1])}, player ${secs(r.pages[2])})`,
    );
  }
  // A record that timed out still has its build running: let it finish before the load runs.
  await waitIdle(origin, token);
  const incPeak = buildWatch.stop();
  if (visible.length > 0) {
    const med = median(visible);
    rows.push({
      measure: `save → visible (box score + standings + player page), median of ${visible.length}`,
      result: `${secs(med)} (min ${secs(Math.min(...visible))}, max ${secs(Math.max(...visible))}; PUT answered in ${median(saveMs).toFixed(0)} ms)`,
      target: '≤ 1.0 s',
      ok: med <= 1000,
    });
    rows.push({
      measure: '  median per page: box score · standings · player',
      result: [0, 1, 2].map((i) => secs(median(perPage.map((p) => p[i])))).join(' · '),
    });
    rows.push({
      measure: 'peak RSS of a renderer during the saves (child of the server)',
      result: incPeak.processes > 0 ? mb(incPeak.maxBytes) : 'no build process seen',
    });
  } else {
    rows.push({
      measure: 'save → visible',
      result: 'not measured (see notes)',
      target: '≤ 1.0 s',
      ok: false,
    });
  }
  const rebuilds = await publishRuns(origin, token);
  if (rebuilds.length > 0) {
    rows.push({
      measure: `rebuild after a save (publish_runs duration, median of ${rebuilds.length})`,
      result: secs(median(rebuilds)),
    });
  }
  // the server's own 'site published' lines: files rendered and files whose bytes changed
  const perSave = publishedLines(serverLog).slice(-visible.length);
  if (visible.length > 0 && perSave.length > 0) {
    rows.push({
      measure: 'pages per record save: rendered · changed (median)',
      result: `${int(median(perSave.map((l) => l.rendered)))} · ${int(median(perSave.map((l) => l.changed)))}`,
    });
  }

  // 5b. 1,000 live viewers of one game still to be played (decision 149; `--only live` alone)
  const saved = new Set(targets.map((g) => g.gameId));
  const liveGame = scheduledGames(sqlite, targets.length + 5).find((g) => !saved.has(g.gameId));
  if (liveGame) {
    log('5b/7 1,000 live viewers of one game …');
    // a failure here is a figure of its own: the table says so and the later steps still run
    const live = await measureLiveViewers({
      origin,
      token,
      gameId: liveGame.gameId,
      viewers: VIEWERS,
      puts: PUTS,
      otherPaths: [
        `/api/league/game/${liveGame.gameId}/boxscore`,
        '/api/common/config',
        `/api/stats/league/${liveGame.leagueId}/standings`,
      ],
    }).catch((err: Error) => err);
    const measure = `live viewers of one game (${VIEWERS} polling 1/s): PUT → last viewer, median`;
    if (live instanceof Error) {
      rows.push({ measure, result: 'failed (see notes)', target: '≤ 2.0 s', ok: false });
      notes.push(`live viewers, game ${liveGame.gameId}: ${live.message}`);
      process.exitCode = 1;
    } else {
      rows.push({
        measure,
        result: liveViewersText(live),
        target: '≤ 2.0 s',
        ok: live.lastMedian <= 2000 && live.errors === 0,
      });
    }
    await waitIdle(origin, token);
  }

  // 6. Static serving: nginx on the live tree with the generated config, nginx on a plain copy of
  // it, and our server, on the same files (docs/decisions/139).
  log('6/7 static requests/s: nginx on our tree, nginx on a plain copy, our server …');
  // the tree nginx serves: `live` resolved now, so that the copy is of the same build
  const liveTree = existsSync(join(buildsDir, 'live'))
    ? realpathSync(join(buildsDir, 'live'))
    : null;
  // beside the data, not in the private temp folder: nginx's workers must be able to read it
  const plainDir = join(dataDir, 'nginx-site');
  if (liveTree) {
    rmSync(plainDir, { recursive: true, force: true });
    // files of their own (no links to the blobs), as a folder built by hand would be
    cpSync(liveTree, plainDir, { recursive: true });
    cleanups.push(() => rmSync(plainDir, { recursive: true, force: true }));
  }
  const boxGame = sqlite
    .prepare(`SELECT g.id, g.league_id AS leagueId FROM games g JOIN leagues l ON l.id = g.league_id JOIN seasons s ON s.id = l.season_id
    WHERE s.active = 1 AND g.status = 'final' ORDER BY g.id LIMIT 1`)
    .get() as { id: number; leagueId: number };
  const boxPath = `/sbsa/result/game/${boxGame.leagueId}/${boxGame.id}`;
  const assetPath = await pickAsset(origin, boxPath, liveTree);
  const accept = { 'Accept-Encoding': 'br, gzip' };
  const nginxes: RunningNginx[] = [];
  const startOne = async (name: string, conf: (port: number) => string) => {
    if (!tools.nginx || !liveTree) return null;
    try {
      const port = await freePort();
      const n = await startNginx({
        nginx: tools.nginx,
        conf: conf(port),
        dir: nginxPrefix(tmp, name),
        port,
      });
      cleanups.push(() => n.stop());
      nginxes.push(n);
      return `http://127.0.0.1:${port}`;
    } catch (err) {
      notes.push(`nginx (${name}): ${(err as Error).message}`);
      return null;
    }
  };
  const treeOrigin = await startOne('tree', (port) =>
    nginxConfig({
      dataDir,
      app: `127.0.0.1:${new URL(origin).port}`,
      listen: `127.0.0.1:${port}`,
      workers: NGINX_WORKERS,
      brotliModule: tools.brotliModule,
    }),
  );
  const plainOrigin = await startOne('plain', (port) =>
    plainNginxConfig({
      brotliModule: tools.brotliModule,
      root: plainDir,
      port,
      workers: NGINX_WORKERS,
    }),
  );
  for (const [label, path] of [
    ['box-score page', boxPath],
    ['hashed asset', assetPath],
  ] as const) {
    const waited = await waitQuiet(server.pid!);
    if (waited > 2000)
      log(
        `  waited ${secs(waited)} for the server to go quiet (old builds deleted, memory collected)`,
      );
    if (!path) {
      rows.push({ measure: `static req/s, ${label}`, result: 'no such file in the build' });
      continue;
    }
    const origins = { tree: treeOrigin, plain: plainOrigin, ours: origin };
    const sizes = await compareBodies(origins, path, accept);
    const runs = await staticRounds(loadTool, Object.values(origins), path, accept);
    const rps = (o: string | null) => (o ? median(runs.get(o)!.map((r) => r.rps)) : null);
    const [tree, plain, ours] = [rps(treeOrigin), rps(plainOrigin), rps(origin)!];
    const ratio = (a: number | null) => (a !== null && plain ? a / plain : null);
    const times = (r: number | null) => (r === null ? 'n/a' : `${r.toFixed(2)}×`);
    const errors = errText(...[...runs.values()].flat());
    rows.push({
      measure: `static req/s, ${label}: nginx on our tree · nginx on a plain copy (${sizes})`,
      result: `${tree === null ? 'n/a' : int(tree)} · ${plain === null ? 'n/a' : int(plain)} = ${times(ratio(tree))}${errors}`,
      target: '1.0× (≥ 0.9×)',
      ok: ratio(tree) === null ? null : ratio(tree)! >= 0.9,
    });
    rows.push({
      measure: `  our server beside nginx on the plain copy`,
      result: `${int(ours)} · ${plain === null ? 'n/a' : int(plain)} = ${times(ratio(ours))}`,
      target: '≥ 0.8 × nginx',
      ok: ratio(ours) === null ? null : ratio(ours)! >= 0.8,
    });
  }

  // 7. API reads at 50 connections.
  log('7/7 API latency …');
  const all = <T>(sql: string) => sqlite.prepare(sql).all() as T[];
  const leagues = all<{ id: number }>('SELECT id FROM leagues ORDER BY id').map((r) => r.id);
  const seasons = all<{ id: number }>('SELECT id FROM seasons ORDER BY id').map((r) => r.id);
  const games = all<{ id: number }>(
    "SELECT id FROM games WHERE status = 'final' ORDER BY (id * 7919) % 6997 LIMIT 500",
  ).map((r) => r.id);
  const apiCalls: [string, string[]][] = [
    ['GET /api/league/league/{id}/teams', leagues.map((id) => `/api/league/league/${id}/teams`)],
    [
      'GET /api/league/season/{id}/schedule?limit=50',
      seasons.flatMap((id) =>
        [0, 50, 100, 150].map((o) => `/api/league/season/${id}/schedule?limit=50&offset=${o}`),
      ),
    ],
    [
      'GET /api/league/game/{gameId}/boxscore',
      games.map((id) => `/api/league/game/${id}/boxscore`),
    ],
  ];
  for (const [label, paths] of apiCalls) {
    const probe = await fetch(origin + paths[0]);
    await probe.body?.cancel();
    if (probe.status !== 200) {
      rows.push({
        measure: `API ${label}`,
        result: `HTTP ${probe.status}, not measured`,
        target: 'p99 ≤ 20 ms',
        ok: false,
      });
      continue;
    }
    await waitQuiet(server.pid!);
    // Each URL once, one at a time: an answer computed from the database; then each once more, the
    // ask from which the server keeps it (docs/decisions/130). The load runs after it measure what
    // most requests get, a kept answer; without this pass, a warm-up shorter than the first
    // answers of all URLs leaves some in the measured run, behind which 50 wait.
    const first = await firstAnswers(origin, paths);
    const r = await loadRun(loadTool, origin, paths, {});
    // One connection shows the time a request itself takes; at 50 connections the rest is waiting in line.
    const single = await loadTool.run({ origin, paths, connections: 1, seconds: 3 });
    rows.push({
      measure: `API ${label} (${paths.length} URLs in turn)`,
      result: `p50 ${fmtMs(r.p50Ms)} · p99 ${fmtMs(r.p99Ms)} · ${int(r.rps)} req/s${errText(r)} (1 connection: p50 ${fmtMs(single.p50Ms)}, p99 ${fmtMs(single.p99Ms)}; first request of each URL: p50 ${fmtMs(first.p50Ms)}, p99 ${fmtMs(first.p99Ms)})`,
      target: 'p99 ≤ 20 ms',
      ok: r.p99Ms === null ? null : r.p99Ms <= 20,
    });
  }

  // After the load runs: what the server holds while it serves the site (docs/decisions/092). A
  // renderer gives the memory V8 keeps for reuse back after 5 s without a job (docs/decisions/115).
  await waitQuiet(server.pid!);
  await sleep(11_000);
  await waitQuiet(server.pid!);
  const alone = rssOf(server.pid!);
  const serving = groupRss(server.pid!);
  const servingOnce = groupPss(server.pid!);
  rows.push({
    measure: 'RSS of the server process alone, serving the site after the runs above',
    result: mb(alone),
    target: '≤ 256 MB',
    ok: alone <= 256 * 1024 * 1024,
  });
  rows.push({
    measure: 'RSS of the server with its renderers, serving the site after the runs above',
    result: mb(serving),
    target: '≤ 256 MB',
    ok: serving <= 256 * 1024 * 1024,
  });
  rows.push({
    measure:
      '  the same, each page counted once (PSS: pages shared by the processes split between them)',
    result: mb(servingOnce),
    target: '≤ 256 MB',
    ok: servingOnce <= 256 * 1024 * 1024,
  });
  rows.push({
    measure: 'peak RSS of the server process (whole run, renderers not counted)',
    result: mb(peakRss(server.pid!)),
  });
  sqlite.close();
  await cleanup();

  // The table.
  const loadLabel =
    loadTool.name === 'wrk'
      ? `wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per run after a 2 s warm-up; static req/s: the medians of ${STATIC_ROUNDS} runs of each server in turns`
      : `node:http load generator, ${CONNECTIONS} connections, ${SECONDS} s per run`;
  log('');
  log(
    `SBSA bench on ${DATABASE_LABEL} · ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpus().length} cores · load average ${load0.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at end · Node ${process.version}`,
  );
  log(`data: ${dataLine}`);
  log(
    `load: ${loadLabel}; nginx ${nginxes.length > 0 ? `${NGINX_WORKERS} worker${NGINX_WORKERS > 1 ? 's' : ''}, ${tools.brotliModule ? 'brotli_static' : 'no brotli module: files as they are'}` : 'not available'}; requests send Accept-Encoding: br, gzip`,
  );
  log('');
  printTable(rows);
  if (notes.length > 0) {
    log('');
    for (const n of notes) log(`note: ${n}`);
  }
}

/**
 * Runs the publisher's first build in this process, exactly as a server with no live build would
 * (it writes builds/live.json and fills the build cache the server's rebuilds then use). Its
 * 'site published' log line, caught on the way to stdout, gives the split of the time.
 */
/**
 * A throw-away PostgreSQL cluster (stopped with the bench's cleanups), a database migrated as a
 * server would, and the generated association copied into it. Returns the database's URL.
 */
async function postgresCopy(): Promise<string> {
  log('PostgreSQL: a throw-away cluster, migrated, the association copied from the SQLite file …');
  const cluster = await startPgCluster();
  cleanups.push(() => cluster.stop());
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE sbsa');
  await admin.end();
  const url = cluster.url('sbsa');
  const opened = openPostgres(url);
  try {
    await migratePostgres(opened.pool);
  } finally {
    await opened.close();
  }
  const loaded = await loadIntoPostgres(dbFile, url);
  const version = (await pgVersion(url)) ?? 'PostgreSQL';
  log(`  loaded ${int(loaded.rows)} rows of ${loaded.tables} tables in ${secs(loaded.ms)}`);
  rows.push({
    measure: `PostgreSQL load: every table of the generated SQLite file copied (${version}, throw-away cluster)`,
    result: `${int(loaded.rows)} rows of ${loaded.tables} tables in ${secs(loaded.ms)}`,
  });
  return url;
}

async function pgVersion(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows: found } = await client.query<{ v: string }>(
      "SELECT current_setting('server_version') AS v",
    );
    return `PostgreSQL ${found[0].v.split(' ')[0]}`;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function fullBuild(): Promise<{
  ms: number;
  compressedMs: number;
  detail: Record<string, unknown>;
  error?: string;
  html: number;
  redirects: number;
  files: number;
  astroPeak: number;
}> {
  const opened = ON_POSTGRES ? openPostgres(database) : openDatabase(dbFile);
  const publisher = new Publisher({
    db: opened.db,
    dataDir,
    // the renderers' source: the file, or the URL they open their REPEATABLE READ snapshot on
    dbFile: database,
    dailyRebuild: false,
    retryDelaysMs: [],
  });
  const write = process.stdout.write.bind(process.stdout);
  const errWrite = process.stderr.write.bind(process.stderr);
  let detail: Record<string, unknown> = {};
  let error: string | undefined;
  const catchLog = (chunk: unknown): boolean => {
    for (const line of String(chunk).split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.msg === 'site published') detail = entry;
        if (entry.msg === 'site build failed' || entry.msg === 'publisher failed')
          error = String(entry.error);
      } catch {
        /* not a log line */
      }
    }
    return true;
  };
  process.stdout.write = catchLog as typeof process.stdout.write;
  process.stderr.write = catchLog as typeof process.stderr.write;
  const watch = watchChildrenPeak(process.pid);
  const t0 = performance.now();
  try {
    await publisher.start();
    await publisher.whenIdle();
    // the logger writes stdout's lines of a turn at its end (decision 114)
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.stdout.write = write;
    process.stderr.write = errWrite;
  }
  const ms = performance.now() - t0;
  // the files the full build left without brotli, compressed after its switch
  await publisher.compressed();
  const compressedMs = performance.now() - t0 - ms;
  const peak = watch.stop();
  const live = publisher.site;
  const files = live ? [...live.files.keys()] : [];
  await publisher.stop();
  await opened.close();
  const html = files.filter((f) => f.endsWith('.html')).length;
  return {
    ms,
    compressedMs,
    detail,
    error,
    html,
    redirects: live?.redirects.size ?? 0,
    files: files.length,
    astroPeak: peak.maxBytes,
  };
}

function readLive(): string | null {
  try {
    const live = (
      JSON.parse(readFileSync(join(buildsDir, 'live.json'), 'utf8')) as { live: string | null }
    ).live;
    return live && existsSync(join(buildsDir, `${live}.json`)) ? live : null;
  } catch {
    return null;
  }
}

/**
 * The server of the bench, its log lines (one per request at `info`) written straight to a file,
 * as under systemd or a process manager: relayed through this process they cost the server a
 * pipe and this process a read and a write per line, on the cores the load runs share.
 */
function startServer(port: number, logFile: string): ChildProcess {
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry(projectRoot)], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BACKUP_INTERVAL_HOURS: '0',
      LOG_LEVEL: 'info',
      ACCESS_TOKEN_TTL_SECONDS: '7200',
      PUBLISH_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
      // builds stay in DATA_DIR; the data itself is in PostgreSQL when it names one
      ...(ON_POSTGRES ? { DATABASE_URL: database } : {}),
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out); // the child has its own
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await done;
  clearTimeout(timer);
}

/** The 'site published' lines of a server log: files rendered and changed by each publish. */
function publishedLines(logFile: string): { rendered: number; changed: number }[] {
  if (!existsSync(logFile)) return [];
  const out: { rendered: number; changed: number }[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"site published"')) continue;
    try {
      const entry = JSON.parse(line) as { rendered?: number; changed?: number };
      out.push({ rendered: Number(entry.rendered ?? 0), changed: Number(entry.changed ?? 0) });
    } catch {
      /* not a log line */
    }
  }
  return out;
}

function withLog(err: Error, logFile: string): Error {
  const tail = existsSync(logFile)
    ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n')
    : '';
  return new Error(`${err.message}\nserver log:\n${tail}`);
}

async function login(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { data?: { access_token: string } };
  if (!res.ok || !body.data) throw new Error(`login failed: HTTP ${res.status}`);
  return body.data.access_token;
}

/**
 * Waits until the publisher has no build running or pending (twice in a row, a debounce apart).
 * Only builds started by this server count: a run left 'running' by a killed server is stale.
 */
async function waitIdle(origin: string, token: string): Promise<void> {
  const deadline = Date.now() + VISIBLE_TIMEOUT_MS;
  let quiet = 0;
  while (Date.now() < deadline && quiet < 2) {
    const res = await fetch(`${origin}/api/publish/status?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => null);
    if (!res) {
      await sleep(1000);
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      await sleep(3000);
      return;
    }
    const { data } = (await res.json()) as {
      data: { running: boolean; current: { startedAt: string } | null };
    };
    const running =
      data.running &&
      (data.current === null || Date.parse(data.current.startedAt) >= serverStartedAt);
    quiet = running ? 0 : quiet + 1;
    await sleep(running ? 500 : 1200);
  }
}

/** Durations of the successful builds this server made (the rebuilds after the saves). */
async function publishRuns(origin: string, token: string): Promise<number[]> {
  const res = await fetch(`${origin}/api/publish/status?limit=50`, {
    headers: { authorization: `Bearer ${token}` },
  }).catch(() => null);
  if (!res?.ok) return [];
  const { data } = (await res.json()) as {
    data: { runs: { status: string; startedAt: string; durationMs: number | null }[] };
  };
  return data.runs
    .filter(
      (r) =>
        r.status === 'success' &&
        r.durationMs !== null &&
        Date.parse(r.startedAt) >= serverStartedAt,
    )
    .map((r) => r.durationMs!);
}

/** A hashed asset of the box-score page (its stylesheet or a script), else any file under /_astro/. */
async function pickAsset(
  origin: string,
  boxPath: string,
  liveDir: string | null,
): Promise<string | null> {
  const html = (await text(origin + boxPath)).body;
  const linked = [...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+\.(?:css|js))"/g)].map(
    (m) => m[1],
  );
  const withBr = linked.find((p) => liveDir && existsSync(join(liveDir, `${p}.br`)));
  if (withBr ?? linked[0]) return withBr ?? linked[0];
  if (!liveDir || !existsSync(join(liveDir, '_astro'))) return null;
  const files = readdirSync(join(liveDir, '_astro')).filter((f) => /\.(css|js)$/.test(f));
  files.sort(
    (a, b) => statSync(join(liveDir, '_astro', b)).size - statSync(join(liveDir, '_astro', a)).size,
  );
  return files[0] ? `/_astro/${files[0]}` : null;
}

/** What each server sends for the path with the load's headers (status, encoding, bytes on the wire), to show the runs compare like with like. */
async function compareBodies(
  origins: Record<string, string | null>,
  path: string,
  headers: Record<string, string>,
): Promise<string> {
  const one = (origin: string) =>
    new Promise<string>((resolve) => {
      const req = httpGet(origin + path, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () =>
          resolve(
            `${res.statusCode} ${res.headers['content-encoding'] ?? 'identity'} ${int(bytes)} B`,
          ),
        );
      });
      req.on('error', (err) => resolve(`error ${err.message}`));
    });
  const seen = new Map<string, string>();
  for (const [name, origin] of Object.entries(origins))
    if (origin) seen.set(name, await one(origin));
  const answers = new Set(seen.values());
  return answers.size === 1
    ? [...answers][0]
    : [...seen].map(([name, answer]) => `${name} ${answer}`).join(', ');
}

/**
 * The servers on one file, in turns: `STATIC_ROUNDS` runs each, one server after the other, after
 * a warm-up of each. On a shared 2-core machine one run of a server differs from the next by up to
 * a third; runs in turns meet the same moments of the machine, and their medians are compared.
 */
async function staticRounds(
  tool: LoadTool,
  origins: (string | null)[],
  path: string,
  headers: Record<string, string>,
): Promise<Map<string, LoadResult[]>> {
  const present = origins.filter((o): o is string => o !== null);
  const runs = new Map(present.map((o) => [o, [] as LoadResult[]]));
  for (const o of present)
    await tool.run({ origin: o, paths: [path], connections: CONNECTIONS, seconds: 2, headers });
  for (let round = 0; round < STATIC_ROUNDS; round++)
    for (const o of present)
      runs.get(o)!.push(
        await tool.run({
          origin: o,
          paths: [path],
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers,
        }),
      );
  return runs;
}

async function loadRun(
  tool: LoadTool,
  origin: string,
  paths: string[],
  headers: Record<string, string>,
): Promise<LoadResult> {
  await tool.run({ origin, paths, connections: CONNECTIONS, seconds: 2, headers });
  return tool.run({ origin, paths, connections: CONNECTIONS, seconds: SECONDS, headers });
}

/**
 * Each path requested once, one after another: the median and 99th percentile of their times;
 * then each once more, untimed, so that the server keeps it.
 */
async function firstAnswers(
  origin: string,
  paths: readonly string[],
): Promise<{ p50Ms: number; p99Ms: number }> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const res = await fetch(origin + path);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  for (const path of paths) await (await fetch(origin + path)).arrayBuffer();
  times.sort((a, b) => a - b);
  return { p50Ms: median(times), p99Ms: times[Math.ceil(times.length * 0.99) - 1] };
}

const errText = (...results: (LoadResult | null)[]) => {
  const errors = results.reduce((s, r) => s + (r?.errors ?? 0), 0);
  return errors > 0 ? ` (${int(errors)} errors)` : '';
};
const fmtMs = (ms: number | null) =>
  ms === null ? 'n/a' : ms < 10 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(1)} ms`;
function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function printTable(list: Row[]): void {
  const cells = list.map((r) => [
    r.measure,
    r.result,
    r.target ?? '',
    r.ok === undefined || r.ok === null ? '' : r.ok ? 'met' : 'MISSED',
  ]);
  const head = ['measure', 'result', 'target', ''];
  const width = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(width[i])).join(' | ')} |`;
  log(line(head));
  log(`|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) log(line(c));
}

main().catch(async (err: Error) => {
  log(`\nbench failed: ${err.message}`);
  await cleanup();
  if (rows.length > 0) printTable(rows);
  process.exit(1);
});
