import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './helpers/target.ts';
import { startTarget } from './helpers/target.ts';

const SECRET = 'security-webhook-secret-0123456789';
let target: Target;

// the server makes no site here (BUILD_SITE=0): a right token gets 409 instead of a build
beforeAll(async () => {
  target = await startTarget({ PUBLISH_WEBHOOK_SECRET: SECRET, TRUST_PROXY: '1' });
});
afterAll(() => target?.stop());

async function hook(from: string, init: { header?: string; query?: string } = {}) {
  const res = await fetch(`${target.url}/api/publish/webhook${init.query ?? ''}`, {
    method: 'POST',
    headers: {
      'x-forwarded-for': from,
      ...(init.header ? { 'x-publish-token': init.header } : {}),
    },
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

describe('the publish webhook', () => {
  it('refuses its token in the query string with a Korean 400, even the right one', async () => {
    const res = await hook('203.0.113.1', { query: `?token=${SECRET}` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      '웹훅 토큰은 주소(쿼리 문자열)로 받지 않습니다. X-Publish-Token 헤더로 보내 주세요.',
    );
    const right = await hook('203.0.113.1', { header: SECRET });
    expect(right.status).toBe(409);
    expect((await hook('203.0.113.1', { header: 'wrong' })).status).toBe(401);
  });

  it('answers 10 calls a minute per address, then 429 with the wait; another address goes on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await hook('203.0.113.9', { header: `guess-${i}` })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const refused = await hook('203.0.113.9', { header: SECRET });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(50);
    expect(refused.body.message).toMatch(
      /^웹훅 요청이 너무 많습니다\. \d+초 뒤에 다시 시도해 주세요\.$/,
    );
    expect((await hook('198.51.100.4', { header: SECRET })).status).toBe(409);
  });
});
