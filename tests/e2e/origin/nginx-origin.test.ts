/**
 * nginx as the site's origin (`npm run test:origin`): the real server builds the demo site, Debian's
 * nginx runs the config `npm run nginx-config` prints over the server's data folder, and the two
 * are compared address by address: the same status, body, content type, caching and security
 * headers; brotli that decodes to the same bytes; the same 301s for the `_redirects` rules; ETags
 * that answer 304. Then records are saved through nginx's /api while readers read through nginx.
 *
 * The crawl takes a sample of every kind of page (up to SAMPLE_PER_KIND addresses of each, by
 * their path with the numbers taken out) rather than all 2,400 files: the comparison of each kind
 * is the same, and the whole site three times over two servers took longer than the rest of the
 * suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildCacheDir } from '../../../src/server/publish/publisher.ts';
import { workDirFor } from '../../../src/server/publish/run-astro-build.ts';
import { HSTS, SECURITY_HEADERS } from '../../../src/server/publish/site-headers.ts';
import { parseRedirects } from '../../../src/server/publish/redirects.ts';
import { addressOf } from '../../../src/server/publish/static-site.ts';
import { planRecord } from '../publish/game-record.ts';
import { freePort } from '../../helpers/free-port.ts';
import { startNginx } from '../../helpers/nginx.ts';
import type { RunningNginx } from '../../helpers/nginx.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const ADMIN = { email: 'admin@sbsa.kr', password: 'origin-e2e-password-1' };
const FIRST_BUILD_MS = 12 * 60_000;
const SAMPLE_PER_KIND = 3;
/**
 * A saved record on its box score through nginx, the median of the saves: a publish away, not the
 * next full build. The figure is printed; the target of one second is the bench's to measure on
 * a quiet machine (0.37–0.62 s there), since this suite runs beside another on 2 cores (1.4 s seen
 * with the machine loaded by other work).
 */
const VISIBLE_MS = 5000;
const SAVES = 5;

let dataDir: string;
let nginxDir: string;
let server: ChildProcess;
let nginx: RunningNginx;
let node: string;
let edge: string;
let output = '';

const agent = new Agent({ keepAlive: true, maxSockets: 16 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const digest = (b: Buffer) => createHash('sha1').update(b).digest('hex');

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/** One request as it goes over the wire: no decoding, no following of redirects. */
function raw(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(`${origin}${path}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string | undefined>,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** The bytes of an answer with its content coding undone. */
function decoded(a: Answer): Buffer {
  const coding = a.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(a.body);
  if (coding === 'gzip') return gunzipSync(a.body);
  return a.body;
}

async function until<T>(
  what: string,
  limitMs: number,
  check: () => Promise<T | undefined>,
  everyMs = 200,
) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (server.exitCode !== null)
      throw new Error(`server exited while waiting for ${what}\n${output}`);
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}\n${output.slice(-4000)}`);
}

/** The live build's files (its manifest) and its redirect rules, as the server wrote them. */
function liveBuild(): { id: string; files: string[]; redirects: string } {
  const builds = join(dataDir, 'builds');
  const { live } = JSON.parse(readFileSync(join(builds, 'live.json'), 'utf8')) as { live: string };
  const manifest = JSON.parse(readFileSync(join(builds, `${live}.json`), 'utf8')) as {
    files: Record<string, unknown>;
  };
  return {
    id: live,
    files: Object.keys(manifest.files),
    redirects: readFileSync(join(builds, 'live', '_redirects'), 'utf8'),
  };
}

/** Up to `n` addresses of each kind of page: same path once its numbers are taken out. */
function sample(addresses: string[], n: number): string[] {
  const kinds = new Map<string, string[]>();
  for (const a of [...addresses].sort()) {
    const kind = a.replace(/\d+/g, 'N').replace(/\/_astro\/.*\.(\w+)$/, '/_astro/*.$1');
    const list = kinds.get(kind) ?? [];
    if (list.length < n) kinds.set(kind, [...list, a]);
  }
  return [...kinds.values()].flat();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sbsa-origin-e2e-'));
  nginxDir = mkdtempSync(join(tmpdir(), 'sbsa-origin-nginx-'));
  // nginx's workers run as another user when it starts as root: they read the data folder
  chmodSync(dataDir, 0o755);
  chmodSync(nginxDir, 0o755);
  const port = await freePort();
  node = `http://127.0.0.1:${port}`;
  server = spawn(join(ROOT, 'node_modules/.bin/node'), ['src/server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      BACKUP_INTERVAL_HOURS: '0',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await until('the first build', FIRST_BUILD_MS, async () =>
    (await fetch(`${node}/api/ready`)).status === 200 ? true : undefined,
  );
  // a render of every page goes live first and is compressed after (decision 140): the crawl
  // compares the brotli the tree has
  const login = await fetch(`${node}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  await until('the first build compressed', 5 * 60_000, async () => {
    const res = await fetch(`${node}/api/publish/status?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await res.json()) as { data: { running: boolean; compressing: number } };
    return !data.running && data.compressing === 0 ? true : undefined;
  });
  const nginxPort = await freePort();
  edge = `http://127.0.0.1:${nginxPort}`;
  // the config exactly as an operator gets it
  const made = spawnSync(
    join(ROOT, 'node_modules/.bin/node'),
    [
      'scripts/nginx-config.ts',
      '--data-dir',
      dataDir,
      '--app',
      `127.0.0.1:${port}`,
      '--listen',
      `127.0.0.1:${nginxPort}`,
      '--workers',
      '1',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);
  nginx = await startNginx({ conf: made.stdout, dir: nginxDir, port: nginxPort });
});

afterAll(async () => {
  await nginx?.stop();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  agent.destroy();
  if (dataDir) {
    const work = workDirFor(buildCacheDir(dataDir));
    rmSync(work, { recursive: true, force: true });
    rmSync(`${work}.owner`, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
});

/** What must be equal between the two servers' answers to one request, beside the body. */
const compared = (a: Answer) => ({
  status: a.status,
  type: a.headers['content-type'],
  cacheControl: a.headers['cache-control'],
  location: a.headers.location,
  ...Object.fromEntries(
    [...Object.keys(SECURITY_HEADERS), ...Object.keys(HSTS)].map((h) => [
      h,
      a.headers[h.toLowerCase()],
    ]),
  ),
});

describe('nginx as the origin, with the generated config', () => {
  it('answers every kind of page, asset, miss and proxied address as the server does', async () => {
    const build = liveBuild();
    const files = build.files.filter((f) => f !== '_redirects' && !f.startsWith('admin/'));
    const addresses = [
      ...sample(
        files.map((f) => addressOf(f)!),
        SAMPLE_PER_KIND,
      ),
      '/sbsa/',
      '/sbsa/index.html',
      '/sbsa/no-such-page',
      '/_astro/no-such-bundle.js',
      '/_redirects',
      '/admin',
      '/admin/records',
      '/login',
    ];
    const kinds = new Set(files.map((f) => addressOf(f)!.replace(/\d+/g, 'N'))).size;
    expect(kinds).toBeGreaterThan(20);
    const problems: string[] = [];
    let compressed = 0;
    for (const address of addresses) {
      for (const coding of ['identity', 'br', 'gzip']) {
        const headers = { 'accept-encoding': coding, 'x-forwarded-proto': 'https' };
        const [ours, theirs] = [
          await raw(node, address, headers),
          await raw(edge, address, headers),
        ];
        const a = compared(ours);
        const b = compared(theirs);
        if (JSON.stringify(a) !== JSON.stringify(b))
          problems.push(`${address} (${coding}): ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
        else if (!decoded(ours).equals(decoded(theirs)))
          problems.push(`${address} (${coding}): the bodies differ`);
        if (
          coding === 'br' &&
          ours.headers['content-encoding'] !== theirs.headers['content-encoding']
        )
          problems.push(`${address}: brotli from one server only`);
        if (coding === 'br' && theirs.headers['content-encoding'] === 'br') compressed++;
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // the pages went out as the stored brotli
    expect(compressed).toBeGreaterThan(addresses.length / 2);
    // nginx names the build it answers from on a HEAD request (`curl -sI`), as the server does
    for (const address of ['/sbsa', addresses[1], '/_redirects']) {
      const [ours, theirs] = [
        await raw(node, address, {}, 'HEAD'),
        await raw(edge, address, {}, 'HEAD'),
      ];
      expect(theirs.headers['x-build'], address).toBe(ours.headers['x-build']);
    }
    expect((await raw(edge, '/sbsa', {}, 'HEAD')).headers['x-build']).toBe(build.id);
    console.info(
      `[origin e2e] ${addresses.length} addresses (${kinds} kinds of file, up to ${SAMPLE_PER_KIND} of each) × 3 codings, the same through nginx and the server`,
    );
  });

  it('answers the _redirects rules with the same 301s', async () => {
    const { exact, prefix } = parseRedirects(liveBuild().redirects);
    const sources = [
      ...[...exact.keys()].slice(0, 20),
      ...[...prefix.keys()].slice(0, 20).flatMap((p) => [p, `${p}/7`, `${p}/7/x`]),
    ];
    expect(sources.length).toBeGreaterThan(5);
    for (const path of sources) {
      const [ours, theirs] = [await raw(node, path), await raw(edge, path)];
      expect(ours.status, path).toBe(301);
      expect(compared(theirs), path).toEqual(compared(ours));
    }
  });

  it('takes the client of a proxy on this machine from X-Forwarded-For', async () => {
    // through nginx, the address the server counts (the last of X-Forwarded-For) is the client's
    const a = await raw(edge, '/sbsa/no-such-page', { 'x-forwarded-for': '203.0.113.7' });
    expect(a.status).toBe(404);
    const log = readFileSync(join(nginxDir, 'access.log'), 'utf8').trim().split('\n');
    expect(log.at(-1)).toMatch(/^203\.0\.113\.7 .*no-such-page/);
  });

  it('answers 304 to the validator it sent, for each coding, and the whole file to another', async () => {
    const addresses = ['/sbsa', '/sbsa/result/league', '/sbsa/schedule/game'];
    const asset = liveBuild().files.find((f) => f.startsWith('_astro/') && f.endsWith('.css'));
    if (asset) addresses.push(`/${asset}`);
    for (const origin of [node, edge])
      for (const address of addresses)
        for (const coding of ['identity', 'br']) {
          const first = await raw(origin, address, { 'accept-encoding': coding });
          const tag = first.headers.etag!;
          expect(tag, `${origin}${address}`).toMatch(/^"[^"]+"$/);
          const again = await raw(origin, address, {
            'accept-encoding': coding,
            'if-none-match': tag,
          });
          expect(again.status, `${origin}${address} ${coding}`).toBe(304);
          expect(again.headers.etag).toBe(tag);
          expect(again.body.length).toBe(0);
          const other = await raw(origin, address, {
            'accept-encoding': coding,
            'if-none-match': '"not-this-one"',
          });
          expect(other.status).toBe(200);
          expect(decoded(other).equals(decoded(first))).toBe(true);
        }
    // a tag names one form: the brotli answer's is not the plain one's
    for (const origin of [node, edge]) {
      const [plain, br] = [
        await raw(origin, '/sbsa', { 'accept-encoding': 'identity' }),
        await raw(origin, '/sbsa', { 'accept-encoding': 'br' }),
      ];
      expect(br.headers.etag).not.toBe(plain.headers.etag);
    }
  });

  /** Signs in through nginx's /api. */
  async function signIn(): Promise<string> {
    const login = await raw(
      edge,
      '/api/auth/login',
      { 'content-type': 'application/json' },
      'POST',
      JSON.stringify(ADMIN),
    );
    expect(login.status, login.body.toString()).toBe(200);
    return JSON.parse(login.body.toString()).data.access_token as string;
  }

  /**
   * Saves a record of the next scheduled game through nginx's /api and waits for it on its box
   * score through nginx; then for the publish's second switch, so that the next save starts
   * alone. Returns the milliseconds from the save's answer to the page, and the build shown.
   */
  async function saveAndSee(token: string): Promise<{ ms: number; build: string }> {
    const plan = await planRecord(join(dataDir, 'sbsa.sqlite'));
    const box = `/sbsa/result/game/${plan.leagueId}/${plan.gameId}`;
    const saved = await raw(
      edge,
      `/api/league/game/${plan.gameId}/record`,
      { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      'PUT',
      JSON.stringify(plan.body),
    );
    const at = performance.now();
    expect(saved.status, saved.body.toString()).toBe(200);
    let ms = 0;
    const build = await until(
      'the record on its box score through nginx',
      60_000,
      async () => {
        const page = await raw(edge, box, { 'accept-encoding': 'br' });
        if (!/<strong[^>]*>\s*1\s*:\s*0\s*<\/strong>/.test(decoded(page).toString()))
          return undefined;
        ms = performance.now() - at;
        return (await raw(edge, box, {}, 'HEAD')).headers['x-build']!;
      },
      20,
    );
    await until('the publish to end', 60_000, async () => {
      const status = await raw(node, '/api/publish/status?limit=1', {
        authorization: `Bearer ${token}`,
      });
      return JSON.parse(status.body.toString()).data.running ? undefined : true;
    });
    return { ms, build };
  }

  it(`shows a record saved through nginx's /api on its box score through nginx within seconds (median of ${SAVES} saves, printed)`, async () => {
    const token = await signIn();
    const visible: number[] = [];
    for (let i = 0; i < SAVES; i++) visible.push((await saveAndSee(token)).ms);
    const median = [...visible].sort((a, b) => a - b)[Math.floor(SAVES / 2)];
    console.info(
      `[origin e2e] save → box score through nginx: ${visible.map((ms) => Math.round(ms)).join(', ')} ms (median ${Math.round(median)})`,
    );
    expect(median).toBeLessThanOrEqual(VISIBLE_MS);
  });

  it(`gives readers through nginx every page whole, each body with a validator of its own, during ${SAVES} publishes`, async () => {
    const token = await signIn();
    const asset = `/${liveBuild().files.find((f) => f.startsWith('_astro/') && f.endsWith('.css'))}`;
    const read = ['/sbsa', '/sbsa/result/league', '/sbsa/schedule/game', asset];
    const problems: string[] = [];
    const seen = new Map<string, Set<string>>();
    let requests = 0;
    let reading = true;
    const reader = async (i: number) => {
      while (reading) {
        const path = read[requests % read.length];
        const coding = i % 2 === 0 ? 'br' : 'identity';
        try {
          const a = await raw(edge, path, { 'accept-encoding': coding });
          requests++;
          const body = decoded(a);
          const length = Number(a.headers['content-length'] ?? a.body.length);
          if (a.status !== 200) problems.push(`${path}: ${a.status}`);
          else if (length !== a.body.length)
            problems.push(`${path}: ${a.body.length} of ${length} bytes`);
          else if (path !== asset && !body.toString().trimEnd().endsWith('</html>'))
            problems.push(`${path}: a truncated page`);
          else if (!a.headers.etag) problems.push(`${path}: no ETag`);
          const key = `${path} ${a.headers.etag}`;
          seen.set(key, (seen.get(key) ?? new Set()).add(digest(body)));
        } catch (err) {
          problems.push(`${path}: ${(err as Error).message}`);
        }
      }
    };
    const readers = Array.from({ length: 4 }, (_, i) => reader(i));
    const builds = new Set<string>();
    try {
      for (let i = 0; i < SAVES; i++) builds.add((await saveAndSee(token)).build);
    } finally {
      reading = false;
      await Promise.all(readers);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    // one body per validator: a cache revalidating with a tag gets the bytes it holds
    for (const [key, bodies] of seen) expect(bodies.size, `${key}: two bodies`).toBe(1);
    expect(builds.size).toBe(SAVES);
    // the readers read through every publish: the standings changed with each save
    const standings = [...seen.keys()].filter((k) => k.startsWith('/sbsa/result/league ')).length;
    expect(standings).toBeGreaterThanOrEqual(SAVES);
    console.info(
      `[origin e2e] ${requests} reads through nginx during ${SAVES} publishes, ${standings} versions of the standings (by coding) seen`,
    );
    expect(nginx.errors()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
  });
});
