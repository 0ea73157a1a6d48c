import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adminCredentials, createTestApp } from '../helpers/test-app.ts';
import type { ApiResponse, TestApp } from '../helpers/test-app.ts';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { databaseDigest, dataFiles, fillPath, writeEndpoints } from './write-endpoints.ts';
import type { WriteEndpoint } from './write-endpoints.ts';

// Generated bodies, params and queries against every write endpoint, as a site admin so that
// validation and the services (not the permission checks) are what gets exercised. Sign-in and
// refresh run on an app of their own, so that the sign-in throttle they trip stays there.
const runsPerEndpoint = Number(process.env.FUZZ_RUNS ?? 20);
const authPaths = ['/auth/login', '/auth/refresh'];

let t: TestApp;
let token: string;
let endpoints: WriteEndpoint[];
let realIds: Record<string, number[]>;
let authApp: TestApp;
let authEndpoints: WriteEndpoint[];
/** Values of sign-in fields that get past validation: a real account, and a real but revoked refresh token. */
let authValues: Record<string, unknown[]>;

beforeAll(async () => {
  t = await createTestApp({ seed: seedDemo });
  token = await t.adminToken();
  endpoints = (await writeEndpoints(t)).filter((e) => !e.path.startsWith('/auth/'));
  authApp = await createTestApp();
  authEndpoints = (await writeEndpoints(authApp)).filter((e) => authPaths.includes(e.path));
  const login = (await authApp.api('POST', '/api/auth/login', { body: adminCredentials })).body
    .data;
  // revoked: a refresh with it is refused without writing (a live one would rotate, a reused one revoke)
  const logout = await authApp.api(
    'GET',
    `/api/auth/logout?refreshToken=${encodeURIComponent(login.refresh_token)}&userId=${login.user_id}`,
  );
  expect(logout.body.data.revoked).toBe(true);
  authValues = {
    email: [adminCredentials.email, adminCredentials.email.toUpperCase(), 'nobody@sbsa.kr'],
    password: [adminCredentials.password, 'wrong-password-1'],
    refreshToken: [login.refresh_token, 'x'.repeat(43)],
    userId: [login.user_id, String(login.user_id)],
  };
  const ids = (sql: string) =>
    (t.sqlite.prepare(sql).all() as Array<{ id: number }>).map((r) => r.id);
  realIds = {
    main: ids('SELECT id FROM league_main'),
    season: ids('SELECT id FROM seasons'),
    league: ids('SELECT id FROM leagues LIMIT 5'),
    team: ids('SELECT team_id AS id FROM league_teams LIMIT 10'),
    game: ids('SELECT id FROM games LIMIT 10'),
    player: ids('SELECT player_id AS id FROM league_players LIMIT 10'),
    coach: ids('SELECT id FROM coaches LIMIT 5'),
    notice: ids('SELECT wr_id AS id FROM notices LIMIT 5'),
    user: ids('SELECT id FROM users WHERE is_admin = 0 LIMIT 5'),
    division: ids('SELECT id FROM divisions'),
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await authApp?.close();
});

function idsFor(param: string): number[] {
  const p = param.toLowerCase();
  for (const key of Object.keys(realIds)) if (p.includes(key)) return realIds[key];
  if (p === 'wrid') return realIds.notice;
  return [...realIds.league, ...realIds.team, ...realIds.player];
}

const junkScalar = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.integer(),
  fc.double(),
  fc.constant(Number.MAX_SAFE_INTEGER + 2),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '홍길동',
    '2026-02-30',
    '25:61',
    '<script>',
    "'; DROP TABLE users; --",
    '=cmd()',
    '0',
    '-1',
    '1e309',
    'null',
  ),
  fc.boolean(),
  fc.constant(null),
);
const junkValue = fc.oneof(
  { depthSize: 'small' },
  junkScalar,
  fc.array(junkScalar, { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), junkScalar, { maxKeys: 4 }),
);

function paramArb(name: string) {
  const real = idsFor(name);
  return fc.oneof(
    { weight: 3, arbitrary: real.length ? fc.constantFrom(...real.map(String)) : fc.constant('1') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('0', '-1', 'abc', '1.5', '99999999', '1e3', '%00', '..', '９'),
    },
  );
}

/** Junk for a body field; for sign-in and refresh, now and then a value that passes validation. */
function fieldArb(e: WriteEndpoint, key: string) {
  const plausible = authPaths.includes(e.path) ? authValues[key] : undefined;
  return plausible ? fc.oneof(junkValue, fc.constantFrom(...plausible)) : junkValue;
}

function requestArb(e: WriteEndpoint) {
  const params = fc.record(Object.fromEntries(e.params.map((p) => [p, paramArb(p)])));
  const query = fc.dictionary(
    fc.constantFrom(...(e.queryKeys.length ? e.queryKeys : ['x'])),
    fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('true', 'false', '-1', '0')),
    { maxKeys: 3 },
  );
  const keyed = e.bodyKeys.length
    ? fc.record(Object.fromEntries(e.bodyKeys.map((k) => [k, fieldArb(e, k)])), {
        requiredKeys: [],
      })
    : fc.dictionary(fc.string({ maxLength: 10 }), junkValue, { maxKeys: 4 });
  const body = fc.oneof(
    { weight: 4, arbitrary: keyed.map((b) => ({ json: b as unknown })) },
    { weight: 1, arbitrary: junkValue.map((b) => ({ json: b as unknown })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((raw) => ({ raw })) },
  );
  const file = fc.record({
    bytes: fc.uint8Array({ maxLength: 256 }),
    name: fc.constantFrom(
      'a.png',
      'a.jpg',
      'schedule.csv',
      'x.xlsx',
      'doc.pdf',
      'evil.exe',
      '../../etc/passwd',
      '',
    ),
  });
  return fc.record({ params, query, body, file });
}

/**
 * Sends generated requests to each endpoint: none may answer 5xx or anything but the envelope, and
 * a rejected one may change neither the database nor the files of the data folder. Returns the
 * problems found and the number of requests sent.
 */
async function fuzz(
  target: TestApp,
  list: WriteEndpoint[],
  bearer: string | undefined,
): Promise<{ problems: string[]; requests: number }> {
  let baseline = await databaseDigest(target);
  const changes = () =>
    (target.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  const problems: string[] = [];
  let requests = 0;
  for (const e of list) {
    await fc.assert(
      fc.asyncProperty(requestArb(e), async (r) => {
        const qs = new URLSearchParams(r.query as Record<string, string>).toString();
        const url = fillPath(e.path, r.params as Record<string, string>) + (qs ? `?${qs}` : '');
        const before = changes();
        const filesBefore = dataFiles(target.dir);
        let res: ApiResponse;
        if (e.multipart) {
          const form = new FormData();
          form.append('file', new File([r.file.bytes], r.file.name));
          res = await target.api(e.method, url, { rawBody: form, token: bearer });
        } else if ('raw' in r.body) {
          res = await target.api(e.method, url, {
            rawBody: r.body.raw as string,
            token: bearer,
            headers: { 'content-type': 'application/json' },
          });
        } else {
          res = await target.api(e.method, url, { body: r.body.json, token: bearer });
        }
        requests++;
        if (res.status >= 500)
          problems.push(
            `${e.method} ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
          );
        if (res.status >= 400) {
          if (changes() !== before && (await databaseDigest(target)) !== baseline)
            problems.push(`${e.method} ${url} → ${res.status} but the database changed`);
          if (dataFiles(target.dir) !== filesBefore)
            problems.push(`${e.method} ${url} → ${res.status} but the data folder changed`);
        } else if (changes() !== before) {
          baseline = await databaseDigest(target);
        }
        if (
          typeof res.body !== 'object' ||
          res.body === null ||
          typeof (res.body as { ok?: unknown }).ok !== 'boolean'
        ) {
          problems.push(`${e.method} ${url} → not a JSON envelope`);
        }
        return true;
      }),
      { numRuns: runsPerEndpoint, seed: 20261121 },
    );
  }
  return { problems, requests };
}

describe('fuzzed writes', () => {
  it('never answer 5xx and never write on a rejection', async () => {
    const { problems, requests } = await fuzz(t, endpoints, token);
    expect(requests).toBeGreaterThan(endpoints.length * runsPerEndpoint * 0.9);
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);

  it('never answer 5xx to sign-in and refresh, and never write on a rejection', async () => {
    expect(authEndpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'POST /auth/login',
      'POST /auth/refresh',
    ]);
    const { problems, requests } = await fuzz(authApp, authEndpoints, undefined);
    expect(requests).toBeGreaterThan(authEndpoints.length * runsPerEndpoint * 0.9);
    expect(problems.slice(0, 20)).toEqual([]);
  }, 120_000);
});
