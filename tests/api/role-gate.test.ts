import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import {
  fillPath,
  openWritePaths,
  ownAccountWritePaths,
  writeEndpoints,
} from './write-endpoints.ts';
import type { WriteEndpoint } from './write-endpoints.ts';

let t: TestApp;
let endpoints: WriteEndpoint[];
let plainUser: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  endpoints = (await writeEndpoints(t)).filter((e) => !openWritePaths.includes(e.path));
  plainUser = await t.makeUser({ email: 'fan@example.kr' });
});
afterAll(() => t.close());

describe('every write endpoint', () => {
  it('is documented in OpenAPI (sanity: there are many)', () => {
    expect(endpoints.length).toBeGreaterThan(40);
  });

  it('answers 401 to anonymous callers, whatever the body', async () => {
    const failures: string[] = [];
    for (const e of endpoints) {
      const res = await t.api(e.method, fillPath(e.path), { body: { junk: true } });
      if (res.status !== 401 || res.body.ok !== false)
        failures.push(`${e.method} ${e.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 with an expiry message to an expired token', async () => {
    const e = endpoints[0];
    const expired = await t.tokenFor({ id: 1, email: 'admin@sbsa.kr', isAdmin: true }, -10);
    const res = await t.api(e.method, fillPath(e.path), { body: {}, token: expired });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('로그인이 만료되었습니다. 다시 로그인해 주세요.');
  });

  it('answers 403 to a signed-in user who holds no role', async () => {
    const failures: string[] = [];
    // one's own second factor is for every account (tests/api/totp.test.ts)
    for (const e of endpoints.filter((e) => !ownAccountWritePaths.includes(e.path))) {
      const res = await t.api(e.method, fillPath(e.path), {
        body: { junk: true },
        token: plainUser.token,
      });
      if (res.status !== 403) failures.push(`${e.method} ${e.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
