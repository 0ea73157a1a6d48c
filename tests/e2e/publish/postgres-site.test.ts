/**
 * The public site published from PostgreSQL (decision 151): two real servers in child processes,
 * one on the SQLite file and one on a database of a throw-away PostgreSQL cluster, both seeded with
 * the same deterministic demo data and publishing (BUILD_SITE=1). Their first builds must be the
 * same files byte for byte; the figures of the PostgreSQL one must agree in the API, the pages and
 * the CSV (the figure-parity check of the public suite); and a game record saved on both must be
 * published from PostgreSQL's change record to the same files again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRecord } from './game-record.ts';
import { checkFigureParity } from '../../../scripts/lib/figure-parity.ts';
import { openPostgres } from '../../../src/server/db/open-postgres.ts';
import type { OpenedPostgres } from '../../../src/server/db/database.ts';
import { readRouteIndex } from '../../../src/server/read/route-index.ts';
import { SiteStore } from '../../../src/server/publish/site-store.ts';
import { startPgCluster } from '../../helpers/pg-cluster.ts';
import type { PgCluster } from '../../helpers/pg-cluster.ts';
import { adminLogin, startServer } from '../../ops/helpers/child-server.ts';
import type { ChildServer } from '../../ops/helpers/child-server.ts';

/** Both first starts seed the demo, build the code and render the whole site, side by side on 2 cores. */
const FIRST_BUILD_MS = 12 * 60_000;

let root: string;
let cluster: PgCluster;
let onSqlite: ChildServer;
let onPostgres: ChildServer;
let database: OpenedPostgres;

const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  BUILD_SITE: '1',
  RENDERER_IDLE_MINUTES: '0',
  // the same "today" for both builds, whenever each renders
  SBSA_TODAY: new Date().toISOString().slice(0, 10),
  ...extra,
});

beforeAll(async () => {
  cluster = await startPgCluster();
  const admin = new pg.Client(cluster.url('postgres'));
  await admin.connect();
  await admin.query('CREATE DATABASE sbsa');
  await admin.end();
  root = mkdtempSync(join(tmpdir(), 'sbsa-pg-site-'));
  [onSqlite, onPostgres] = await Promise.all([
    startServer(join(root, 'sqlite'), env()),
    startServer(join(root, 'postgres'), env({ DATABASE_URL: cluster.url('sbsa') })),
  ]);
  database = openPostgres(cluster.url('sbsa'));
  // both first builds live (ready answers 200 once a build is live)
  const deadline = Date.now() + FIRST_BUILD_MS;
  for (const node of [onSqlite, onPostgres])
    while ((await fetch(`${node.url}/api/ready`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`no first build:\n${node.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
}, FIRST_BUILD_MS + 120_000);

afterAll(async () => {
  await database?.close();
  await onSqlite?.stop();
  await onPostgres?.stop();
  cluster?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The live build's files of a node and their content hashes. */
async function liveFiles(node: 'sqlite' | 'postgres'): Promise<Map<string, string>> {
  const store = new SiteStore(join(root, node, 'builds'));
  const { live } = await store.readPointer();
  const manifest = await store.readManifest(live!);
  return new Map(Object.entries(manifest!.files).map(([file, blob]) => [file, blob.h]));
}

/** The files whose bytes differ between the two live builds, or that only one has. */
async function differences(): Promise<string[]> {
  const [a, b] = await Promise.all([liveFiles('sqlite'), liveFiles('postgres')]);
  return [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f)).sort();
}

async function signIn(node: ChildServer): Promise<string> {
  const res = await fetch(`${node.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminLogin),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

describe('the public site published from PostgreSQL', () => {
  it('is the site published from SQLite, file for file', async () => {
    const files = await liveFiles('postgres');
    expect(files.size).toBeGreaterThan(2000);
    expect(files.has('sbsa/index.html')).toBe(true);
    expect(await differences()).toEqual([]);
  });

  it('gives the same standings, team lines, team totals and player records in the API, the pages and the CSV', async () => {
    const index = await readRouteIndex(database.db);
    const fetched = async (path: string) => {
      const res = await fetch(onPostgres.url + (path.startsWith('/') ? path : `/${path}`));
      return res.ok ? res.text() : null;
    };
    const { mismatches, compared } = await checkFigureParity(
      {
        page: fetched,
        csv: fetched,
        async api(path) {
          const res = await fetch(onPostgres.url + path);
          expect(res.status, path).toBe(200);
          return ((await res.json()) as { data: unknown }).data;
        },
      },
      index,
    );
    expect(compared.leagues).toBe(index.leagues.length);
    expect(compared.totals).toBeGreaterThanOrEqual(index.leagueTeams.length);
    expect(compared.players).toBeGreaterThan(100);
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('publishes a saved game record from its change record, to the same files as SQLite', async () => {
    // the demo seed is deterministic: the same game, teams and players on both databases
    const plan = await planRecord(join(root, 'sqlite', 'sbsa.sqlite'));
    const boxPath = `/sbsa/result/game/${plan.leagueId}/${plan.gameId}`;
    const buildOf = async (node: ChildServer) =>
      (await fetch(`${node.url}${boxPath}`, { method: 'HEAD' })).headers.get('x-build');
    const before = await Promise.all([buildOf(onSqlite), buildOf(onPostgres)]);
    const shownAfter: Record<string, number> = {};
    await Promise.all(
      (
        [
          ['sqlite', onSqlite],
          ['postgres', onPostgres],
        ] as const
      ).map(async ([name, node], i) => {
        const token = await signIn(node);
        const saved = await fetch(`${node.url}/api/league/game/${plan.gameId}/record`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(plan.body),
        });
        const savedAt = performance.now();
        expect(saved.status, await saved.text()).toBe(200);
        await expect
          .poll(() => buildOf(node), { timeout: 120_000, interval: 20 })
          .not.toBe(before[i]);
        shownAfter[name] = Math.round(performance.now() - savedAt);
      }),
    );
    process.stdout.write(
      `postgres-site: a saved record was live ${shownAfter.postgres} ms after its save on PostgreSQL, ${shownAfter.sqlite} ms on SQLite\n`,
    );
    const box = await (await fetch(`${onPostgres.url}${boxPath}`)).text();
    expect(box).toMatch(/<strong[^>]*>\s*1\s*:\s*0\s*<\/strong>/);
    // every part of both publishes live: the same files again, and no change left past the mark
    await expect.poll(differences, { timeout: 120_000, interval: 250 }).toEqual([]);
    const unpublished = async () => {
      const cursor = await database.db
        .selectFrom('publish_cursor')
        .select('last_id')
        .executeTakeFirstOrThrow();
      const rows = await database.db
        .selectFrom('public_changes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id', '>', cursor.last_id)
        .executeTakeFirstOrThrow();
      return Number(rows.n);
    };
    await expect.poll(unpublished, { timeout: 30_000, interval: 250 }).toBe(0);
  });
});
