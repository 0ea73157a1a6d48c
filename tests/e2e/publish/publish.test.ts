/**
 * Publishing end to end (`npm run test:publish`): the real server in a child process builds the demo
 * site; a game record saved through the API reaches its box score, the standings and a player page;
 * the live build is switched atomically under load; a failed build leaves the live site alone and
 * shows up as failed; an admin rolls back; the webhook and the deploy hook work; a notice saved
 * just before the server is killed is published after the restart, from the change record.
 *
 * The same tests run on PostgreSQL (`npm run test:publish:pg`, SBSA_TEST_DATABASE=postgres): the
 * server's database is then one database of a throw-away cluster this file starts (decision 151).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { planRecord } from './game-record.ts';
import { buildCacheDir } from '../../../src/server/publish/publisher.ts';
import type { DeployHookPayload } from '../../../src/server/publish/publisher.ts';
import { workDirFor } from '../../../src/server/publish/run-astro-build.ts';
import type { PlannedRecord } from './game-record.ts';
import { freePort } from '../../helpers/free-port.ts';
import { startPgCluster } from '../../helpers/pg-cluster.ts';
import type { PgCluster } from '../../helpers/pg-cluster.ts';
import { openReadSnapshot } from '../../../src/server/db/read-snapshot.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const ADMIN = { email: 'admin@sbsa.kr', password: 'publish-e2e-password-1' };
const WEBHOOK_SECRET = 'publish-e2e-webhook-secret';
/** The first start seeds the demo, builds the code and renders the whole site: slow on 2 shared cores. */
const FIRST_BUILD_MS = 12 * 60_000;
/** Saved record → all three pages show it (an incremental build plus the switch). */
const VISIBLE_LIMIT_MS = 3 * 60_000;

let dataDir: string;
/** the server's database: its SQLite file, or a postgres:// URL on PostgreSQL runs */
let database: string;
let cluster: PgCluster | undefined;
let failFile: string;
let base: string;
let child: ChildProcess;
let output = '';
let readyBeforeFirstBuild = 0;
let token: string;
let hook: Server;
let hookUrl: string;
const deploys: DeployHookPayload[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const digest = (text: string) => createHash('sha1').update(text).digest('hex');

interface Run {
  id: number;
  reason: string;
  status: 'running' | 'success' | 'failed';
  startedAt: string;
  pages: number | null;
  durationMs: number | null;
  error: string | null;
}
interface Status {
  running: boolean;
  current: Run | null;
  lastFinished: Run | null;
  lastSuccess: Run | null;
  runs: Run[];
}

async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { ok: boolean; data: T; message?: string } }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as never };
}

async function login(): Promise<void> {
  token = '';
  const res = await api<{ access_token: string }>('POST', '/api/auth/login', ADMIN);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  token = res.body.data.access_token;
}

const status = async () => (await api<Status>('GET', '/api/publish/status?limit=50')).body.data;

/** One GET of a public page: status, the build that answered, the body. */
async function page(path: string): Promise<{ status: number; build: string | null; text: string }> {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, build: res.headers.get('x-build'), text: await res.text() };
}

/** Polls until `check` returns a value (not undefined), or fails after `limitMs` with the server's log. */
async function until<T>(
  what: string,
  limitMs: number,
  check: () => Promise<T | undefined>,
  everyMs = 250,
): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}) while waiting for ${what}\n${output}`);
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${limitMs} ms waiting for ${what}\n${output.slice(-4000)}`);
}

/** Waits for a successful run that started after `after` (ISO); a build failed by another build in the same checkout is asked for again. */
async function nextSuccess(after: string, limitMs: number): Promise<Run> {
  let retried = 0;
  return until(
    'a successful build',
    limitMs,
    async () => {
      const s = await status();
      const success = s.runs.find((r) => r.status === 'success' && r.startedAt > after);
      if (success && !s.running) return success;
      const failed = s.runs.find(
        (r) => r.status === 'failed' && r.startedAt > after && !existsSync(failFile),
      );
      if (
        failed &&
        !s.running &&
        retried < 3 &&
        s.runs.filter((r) => r.startedAt > after).every((r) => r.status === 'failed')
      ) {
        retried++;
        await api('POST', '/api/publish/rebuild');
      }
      return undefined;
    },
    500,
  );
}

/** The cells of the standings row of a team in a league, as text. */
function standingsRow(html: string, leagueId: number, teamId: number): string[] {
  const href = `/sbsa/schedule/league/${leagueId}/${teamId}"`;
  const row = html.split('<tr').find((tr) => tr.includes(href) && tr.includes('scope="row"'));
  if (!row) throw new Error(`no standings row for team ${teamId} of league ${leagueId}`);
  return [...row.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/gs)].map((m) =>
    m[1].replace(/<[^>]+>/g, '').trim(),
  );
}

/** Starts the server on the test's data folder and port (again after a kill: the same folder). */
async function startServer(): Promise<void> {
  child = spawn(join(ROOT, 'node_modules/.bin/node'), ['src/server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: cluster ? database : undefined,
      PORT: new URL(base).port,
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      PUBLISH_WEBHOOK_SECRET: WEBHOOK_SECRET,
      DEPLOY_HOOK_URL: hookUrl,
      SBSA_FAIL_BUILD_FILE: failFile,
      BACKUP_INTERVAL_HOURS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await until('the API', 60_000, async () =>
    (await fetch(`${base}/api/health`)).ok ? true : undefined,
  );
}

/** Stops the server: SIGTERM waits for it (SIGKILL after 15 s); SIGKILL is a crash. */
async function stopServer(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  // unref'd: a server that exits at once leaves no timer holding the test process
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sbsa-publish-e2e-'));
  database = join(dataDir, 'sbsa.sqlite');
  if (process.env.SBSA_TEST_DATABASE === 'postgres') {
    cluster = await startPgCluster();
    const { default: pg } = await import('pg');
    const admin = new pg.Client(cluster.url('postgres'));
    await admin.connect();
    await admin.query('CREATE DATABASE sbsa');
    await admin.end();
    database = cluster.url('sbsa');
  }
  failFile = join(dataDir, 'fail-next-build');
  // the deploy hook: a small server that records what the publisher sends after each switch
  hook = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      try {
        deploys.push(JSON.parse(text));
      } catch {
        // recorded as nothing
      }
      res.end('ok');
    });
  });
  const hookPort = await freePort();
  await new Promise<void>((r) => hook.listen(hookPort, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${hookPort}/deploy`;
  base = `http://127.0.0.1:${await freePort()}`;
  await startServer();
  // live but not ready: the first build takes seconds, and /api/ready says so
  readyBeforeFirstBuild = (await fetch(`${base}/api/ready`)).status;
  await login();
  await nextSuccess('', FIRST_BUILD_MS);
  await until('the first build to be served', 30_000, async () =>
    (await page('/sbsa')).status === 200 ? true : undefined,
  );
});

afterAll(async () => {
  await stopServer('SIGTERM');
  await new Promise((r) => hook?.close(r));
  if (dataDir) {
    // the publisher's work folder of a data folder outside the project lives under .astro/site-work
    const work = workDirFor(buildCacheDir(dataDir));
    rmSync(work, { recursive: true, force: true });
    rmSync(`${work}.owner`, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  cluster?.stop();
});

describe('publishing', () => {
  let plan: PlannedRecord;

  it('serves the first build with its id and tells the deploy hook', async () => {
    const home = await page('/sbsa');
    expect(home.build).toMatch(/^\d{14}-[0-9a-f]{6}$/);
    const deploy = await until('the deploy hook call', 10_000, async () =>
      deploys.find((d) => d.build === home.build),
    );
    expect(deploy.pages).toBeGreaterThan(1000);
    // the first build: every file is new; the manifest names each one's blob
    expect(deploy.changed).toContain('/sbsa');
    expect(deploy.files.changed).toContain('sbsa/index.html');
    expect(deploy.tree).toBe(join(dataDir, 'builds', 'trees', home.build!));
    const manifest = JSON.parse(readFileSync(deploy.manifest, 'utf8')) as {
      files: Record<string, { h: string }>;
    };
    expect(Object.keys(manifest.files).length).toBe(deploy.files.changed.length);
    // every address once; `_redirects` is none
    expect(deploy.changed.length).toBe(deploy.files.changed.length - 1);
    const blob = manifest.files['sbsa/index.html'].h;
    expect(existsSync(join(deploy.blobs, blob.slice(0, 2), blob))).toBe(true);
  });

  it('is not ready (503) until the first build is live, then ready (200)', async () => {
    expect(readyBeforeFirstBuild).toBe(503);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    const live = (await (await fetch(`${base}/sbsa`, { method: 'HEAD' })).headers.get('x-build'))!;
    expect(await ready.json()).toEqual({
      ok: true,
      data: { status: 'ready', site: 'live', build: live, publishes: true },
    });
  });

  it('shows a saved game record on its box score, the standings and a player page; the switch is atomic', async () => {
    plan = await planRecord(database);
    const boxPath = `/sbsa/result/game/${plan.leagueId}/${plan.gameId}`;
    const standingsPath = '/sbsa/result/league';
    const playerPath = `/sbsa/stats/team/${plan.awayTeamId}/player/${plan.scorer}`;
    const boxLink = `href="${boxPath}"`;
    const [box0, standings0, player0] = await Promise.all([
      page(boxPath),
      page(standingsPath),
      page(playerPath),
    ]);
    for (const p of [box0, standings0, player0]) expect(p.status).toBe(200);
    const oldBuild = box0.build!;
    const before = standingsRow(standings0.text, plan.leagueId, plan.awayTeamId);
    expect(player0.text).not.toContain(boxLink);

    // Hammer the box score while the record is saved, built and switched: every answer must be a
    // whole page of one build, the same page for every answer of that build.
    const seen = new Map<string, Set<string>>();
    const problems: string[] = [];
    let requests = 0;
    let hammering = true;
    const hammer = async () => {
      while (hammering) {
        try {
          const res = await fetch(`${base}${boxPath}`);
          const text = await res.text();
          requests++;
          const build = res.headers.get('x-build') ?? '';
          if (res.status !== 200) problems.push(`status ${res.status}`);
          else if (!build) problems.push('no X-Build header');
          else if (!text.trimEnd().endsWith('</html>') || !/^<!doctype html>/i.test(text))
            problems.push(`incomplete page from ${build}`);
          else if (
            Number(res.headers.get('content-length') ?? text.length) !== Buffer.byteLength(text) &&
            !res.headers.get('content-encoding')
          )
            problems.push('length mismatch');
          if (build) seen.set(build, (seen.get(build) ?? new Set()).add(digest(text)));
        } catch (err) {
          problems.push(`request failed: ${(err as Error).message}`);
        }
      }
    };
    const workers = Array.from({ length: 4 }, hammer);

    const startedAt = new Date().toISOString();
    const hooksBefore = deploys.length;
    const saved = await api('PUT', `/api/league/game/${plan.gameId}/record`, plan.body);
    const savedAt = performance.now();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const shown = { box: 0, standings: 0, player: 0 };
    await until(
      'the record on all three pages',
      VISIBLE_LIMIT_MS,
      async () => {
        const [box, standings, player] = await Promise.all([
          page(boxPath),
          page(standingsPath),
          page(playerPath),
        ]);
        const now = performance.now() - savedAt;
        if (!shown.box && /<strong[^>]*>\s*1\s*:\s*0\s*<\/strong>/.test(box.text)) shown.box = now;
        if (
          !shown.standings &&
          standingsRow(standings.text, plan.leagueId, plan.awayTeamId)[2] ===
            String(Number(before[2]) + 1)
        )
          shown.standings = now;
        if (!shown.player && player.text.includes(boxLink)) shown.player = now;
        return shown.box && shown.standings && shown.player ? true : undefined;
      },
      100,
    );
    hammering = false;
    await Promise.all(workers);
    const visibleMs = Math.max(shown.box, shown.standings, shown.player);

    const standingsHtml = (await page(standingsPath)).text;
    const after = standingsRow(standingsHtml, plan.leagueId, plan.awayTeamId);
    // columns by the header of the league's table: the order is the page's to choose
    const table =
      standingsHtml
        .split('<table')
        .slice(1)
        .find((t) => t.includes(`/sbsa/schedule/league/${plan.leagueId}/${plan.awayTeamId}"`)) ??
      '';
    const header = [
      ...(table.split('<thead')[1]?.split('</thead>')[0] ?? '').matchAll(/<th[^>]*>(.*?)<\/th>/gs),
    ].map((m) => m[1].replace(/<[^>]+>/g, '').trim());
    const games = header.indexOf('경기');
    const wins = header.indexOf('승');
    expect(games).toBeGreaterThan(0);
    expect(wins).toBeGreaterThan(0);
    expect(Number(after[games])).toBe(Number(before[games]) + 1);
    expect(Number(after[wins])).toBe(Number(before[wins]) + 1);
    const run = await nextSuccess(startedAt, 60_000);
    const recordBuild = (await page(boxPath)).build!;
    expect(recordBuild).not.toBe(oldBuild);
    // The save named its game: a few pages changed, not the site (the deploy hook lists them at
    // each switch). The pages fans open after a game went live first; the season's leaderboards
    // and the past seasons' copies of its players' pages followed in a second switch.
    const [first, second, ...more] = await until(
      'the deploy hook calls of the record',
      10_000,
      async () => {
        const calls = deploys.slice(hooksBefore);
        return calls.some((d) => d.build === recordBuild) ? calls : undefined;
      },
    );
    expect(more).toEqual([]);
    expect(second?.build).toBe(recordBuild);
    // as addresses a purge takes, and as the files of the tree
    expect(first.changed).toContain(boxPath);
    expect(first.changed).toContain(playerPath);
    expect(first.changed).toContain(standingsPath);
    expect(first.files.changed).toContain(`${boxPath.slice(1)}/index.html`);
    expect(first.changed.filter((p) => p.includes('/records/') || p.includes('/season/'))).toEqual(
      [],
    );
    expect(second.changed.some((p) => p.includes('/records/'))).toBe(true);
    expect(second.changed).not.toContain(boxPath);
    expect(first.changed.length + second.changed.length).toBeLessThan(second.pages / 8);

    expect(problems.slice(0, 10)).toEqual([]);
    expect(requests).toBeGreaterThan(20);
    // one page per build: the old build's answer is the page from before the save
    for (const [build, bodies] of seen)
      expect(bodies.size, `build ${build} answered with ${bodies.size} different pages`).toBe(1);
    expect(seen.get(oldBuild)).toEqual(new Set([digest(box0.text)]));
    expect(seen.has(first.build)).toBe(true);
    console.info(
      `[publish e2e] save → visible ${Math.round(visibleMs)} ms (box score ${Math.round(shown.box)}, standings ${Math.round(shown.standings)}, player ${Math.round(shown.player)}); ` +
        `build ${run.durationMs} ms for ${run.pages} pages, ${first.changed.length} + ${second.changed.length} files changed; ${requests} requests during the switches, builds seen: ${[...seen.keys()].join(', ')}`,
    );
  });

  it('keeps the live site when a build fails and shows the failed run with its error', async () => {
    const live = await page('/sbsa/result/league');
    const startedAt = new Date().toISOString();
    writeFileSync(failFile, 'fail\n');
    // the webhook starts the build (a wrong token is refused)
    expect(
      (
        await api('POST', '/api/publish/webhook', undefined, {
          'x-publish-token': 'wrong-token-wrong-token',
        })
      ).status,
    ).toBe(401);
    const hooked = await api('POST', '/api/publish/webhook', undefined, {
      'x-publish-token': WEBHOOK_SECRET,
    });
    expect(hooked.status).toBe(200);
    const failed = await until('the failed run', 60_000, async () => {
      const s = await status();
      return s.lastFinished &&
        s.lastFinished.startedAt >= startedAt &&
        s.lastFinished.status === 'failed' &&
        !s.running
        ? s
        : undefined;
    });
    expect(failed.lastFinished!.error).toContain('SBSA_FAIL_BUILD_FILE');
    expect(failed.lastFinished!.reason).toContain('웹훅');
    const still = await page('/sbsa/result/league');
    expect(still.build).toBe(live.build);
    expect(still.text).toBe(live.text);

    rmSync(failFile);
    const again = new Date().toISOString();
    expect((await api('POST', '/api/publish/rebuild')).status).toBe(200);
    // a rebuild names no change: every page is rendered again, slow on 2 shared cores
    const ok = await nextSuccess(again, FIRST_BUILD_MS);
    expect(ok.status).toBe('success');
    const fresh = await until('the new build', 30_000, async () => {
      const p = await page('/sbsa/result/league');
      return p.build !== live.build ? p : undefined;
    });
    expect(fresh.text).toBe(live.text); // same data, same page
    const s = await status();
    expect(s.lastSuccess!.id).toBe(ok.id);
    expect(
      s.runs.some((r) => r.status === 'failed' && r.error?.includes('SBSA_FAIL_BUILD_FILE')),
    ).toBe(true);
  });

  it('rolls back to the previous build and forward again', async () => {
    const now = (await page('/sbsa')).build!;
    const back = await api<{ live: string }>('POST', '/api/publish/rollback');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const previous = back.body.data.live;
    expect(previous).not.toBe(now);
    expect((await page('/sbsa')).build).toBe(previous);
    // every build since the record shows it
    expect((await page(`/sbsa/result/game/${plan.leagueId}/${plan.gameId}`)).text).toMatch(
      /<strong[^>]*>\s*1\s*:\s*0\s*<\/strong>/,
    );
    const forward = await api<{ live: string }>('POST', '/api/publish/rollback');
    expect(forward.body.data.live).toBe(now);
    expect((await page('/sbsa')).build).toBe(now);
    token = '';
    expect((await api('POST', '/api/publish/rollback')).status).toBe(401);
    await login();
  });
  it('publishes after a restart a notice saved just before the server was killed (the change record)', async () => {
    const title = `멈춘 서버의 공지 ${Date.now()}`;
    const saved = await api<{ wrId: number }>('POST', '/api/league/main/1/notice', {
      title,
      body: '서버가 멈추기 직전에 저장한 공지입니다.',
      pinned: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    // killed as the save answers: before any build can show it
    await stopServer('SIGKILL');
    const read = await openReadSnapshot(database);
    const change = await read.db
      .selectFrom('public_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('table_name', '=', 'notices')
      .executeTakeFirstOrThrow();
    const mark = await read.db
      .selectFrom('publish_cursor')
      .select('last_id')
      .executeTakeFirstOrThrow();
    await read.close();
    expect(change.id).toBeGreaterThan(mark.last_id);
    // the restart reads the record after its mark: the notice's pages are rendered, not all
    const restarted = new Date().toISOString();
    await startServer();
    await login();
    // (a build the kill cut off renders every page once more: slower, and still from the record)
    const shown = await until('the notice on its page', FIRST_BUILD_MS, async () => {
      const p = await page(`/sbsa/notice/${saved.body.data.wrId}`);
      return p.status === 200 && p.text.includes(title) ? p : undefined;
    });
    expect(shown.build).toMatch(/^\d{14}-[0-9a-f]{6}$/);
    const run = await nextSuccess(restarted, FIRST_BUILD_MS);
    expect(run.reason).toMatch(/변경 기록 \d+건 \(.*notices/);
    expect((await page('/sbsa/notice')).text).toContain(title);
  });
});
