import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './helpers/target.ts';
import {
  adminLogin,
  deepJson,
  login,
  rawRequest,
  startTarget,
  withoutStall,
} from './helpers/target.ts';

const MB = 1024 * 1024;
// another client's /api/health must be answered within this while the attack runs
const stallBudgetMs = 100;

let target: Target;
let token: string;

beforeAll(async () => {
  target = await startTarget();
  token = await login(target.url, adminLogin);
});
afterAll(() => target?.stop());

function multipart(name: string, bytes: Buffer): { body: Buffer; type: string } {
  const boundary = '----sbsa-security-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, bytes, tail]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('request bodies are limited per route class while they stream', () => {
  it('24 MB of nested JSON sent to the login with its length: refused at once, others unaffected', async () => {
    const body = Buffer.from(deepJson(12 * MB));
    const { result, worstHealthMs, healthChecks } = await withoutStall(
      target.url,
      stallBudgetMs,
      () =>
        rawRequest(target.url, {
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          body,
          contentLength: body.length,
        }),
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text).message).toMatch(/요청이 너무 큽니다/);
    expect(healthChecks).toBeGreaterThan(0);
    expect(worstHealthMs).toBeLessThan(stallBudgetMs);
  });

  it('the same body sent chunked (no length): cut off once it passes the auth limit of 8 KB', async () => {
    const chunk = Buffer.from('['.repeat(64 * 1024));
    const chunks = Array.from({ length: 24 * 16 }, () => chunk);
    const { result, worstHealthMs } = await withoutStall(target.url, stallBudgetMs, () =>
      rawRequest(target.url, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: chunks,
      }),
    );
    expect(result.status).toBe(413);
    expect(worstHealthMs).toBeLessThan(stallBudgetMs);
    // the owner signs in as usual right after
    expect((await login(target.url, adminLogin)).length).toBeGreaterThan(20);
  });

  it('1 MB of nested JSON from a signed-in admin: refused before parsing, nothing changed, others unaffected', async () => {
    const before = target.query('SELECT name FROM players WHERE id = 1');
    const body = deepJson(MB / 2 - 16);
    const { result, worstHealthMs } = await withoutStall(target.url, stallBudgetMs, () =>
      rawRequest(target.url, {
        method: 'PATCH',
        path: '/api/players/1',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      }),
    );
    expect(result.status).toBe(400);
    expect(JSON.parse(result.text).message).toBe(
      '요청 본문이 너무 깊게 중첩되어 있습니다. 보낸 형식을 확인해 주세요.',
    );
    expect(worstHealthMs).toBeLessThan(stallBudgetMs);
    expect(target.query('SELECT name FROM players WHERE id = 1')).toEqual(before);
  });

  it('an ordinary JSON write over the default limit of 1 MB is refused with 413', async () => {
    const res = await rawRequest(target.url, {
      method: 'PATCH',
      path: '/api/players/1',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'x'.repeat(2 * MB) }),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).message).toBe(
      '요청이 너무 큽니다. 이 요청은 1MB까지 보낼 수 있습니다.',
    );
  });

  it('a notice attachment keeps its documented 10 MB: 3 MB is taken, 11 MB refused', async () => {
    const [notice] = target.query<{ wr_id: number }>('SELECT wr_id FROM notices LIMIT 1');
    const send = (bytes: number) => {
      const form = multipart('big.txt', Buffer.alloc(bytes, 'a'));
      return rawRequest(target.url, {
        method: 'POST',
        path: `/api/notice/${notice.wr_id}/attachments`,
        headers: { 'content-type': form.type, authorization: `Bearer ${token}` },
        body: form.body,
        contentLength: form.body.length,
      });
    };
    expect((await send(3 * MB)).status).toBe(201);
    const refused = await send(11 * MB);
    expect(refused.status).toBe(413);
    expect(
      target.query('SELECT count(*) AS n FROM notice_attachments WHERE wr_id = ?', notice.wr_id),
    ).toEqual([{ n: 1 }]);
  });
});
