import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './helpers/target.ts';
import { adminLogin, login, startTarget } from './helpers/target.ts';
import type { JsonAnswer } from '../helpers/json-answer.ts';

let target: Target;
let token: string;

beforeAll(async () => {
  target = await startTarget();
  token = await login(target.url, adminLogin);
});
afterAll(() => target?.stop());

async function send(method: string, path: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(target.url + path, {
    method,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: JsonAnswer = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: the assertions below say so */
  }
  return { status: res.status, headers: res.headers, body };
}

interface PathParameter {
  in: string;
  name: string;
  schema: { type?: string; example?: unknown };
}

const changes = () =>
  target.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM audit_log) + (SELECT max(rowid) FROM audit_log) AS n',
  )[0].n;

describe('ids in paths are written one way only', () => {
  it('0x1, 1e0, 01, +1, 1.0 and 2^53+ are a Korean 400 on every route with an id; nothing changes', async () => {
    const doc = (await send('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: PathParameter[] }>>;
    };
    const before = changes();
    const probes: string[] = [];
    const wrong: string[] = [];
    const spellings = ['0x1', '1e0', '01', '+1', '1.0', '9007199254740993'];
    let i = 0;
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(operations)) {
        const params = (op.parameters ?? []).filter((p) => p.in === 'path');
        // the other path parameters are names (an association's path, a board): their example
        const good = (name: string) => {
          const p = params.find((q) => q.name === name)!;
          return p.schema.type === 'integer' ? '1' : String(p.schema.example);
        };
        for (const bad of params.filter((p) => p.schema.type === 'integer').map((p) => p.name)) {
          const spelling = spellings[i++ % spellings.length];
          const url = `/api${path.replace(/\{(\w+)\}/g, (_, name) => (name === bad ? spelling : good(name)))}`;
          probes.push(`${method} ${url}`);
          const res = await send(method.toUpperCase(), url, {
            token,
            body: method === 'get' ? undefined : {},
          });
          const ok =
            res.status === 400 &&
            res.headers.get('content-type')?.startsWith('application/json') &&
            /번호는 1 이상의 정수\(예: 12\)로 적어 주세요\.$/.test(res.body.message) &&
            res.body.errors?.[bad] === res.body.message;
          if (!ok) wrong.push(`${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    expect(probes.length).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
    expect(changes()).toBe(before);
  });

  it('the canonical id still reads the row', async () => {
    const res = await send('GET', '/api/teams/1');
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(1);
  });
});

describe('every answer under /api is JSON', () => {
  it('an unknown path is a JSON 404 for any method, signed in or not', async () => {
    for (const [method, path, auth] of [
      ['GET', '/api/nope', undefined],
      ['GET', '/api', undefined],
      ['POST', '/api/teams/1/nope', undefined],
      ['DELETE', '/api/nope/1', token],
    ] as const) {
      const res = await send(method, path, { token: auth });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toEqual({ ok: false, message: '요청한 API를 찾을 수 없습니다.' });
    }
  });

  it('a method a path does not take is a JSON 405 with Allow, before any sign-in check', async () => {
    const anonymous = await send('DELETE', '/api/health');
    expect(anonymous.status).toBe(405);
    expect(anonymous.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(anonymous.body).toEqual({
      ok: false,
      message: '이 주소는 DELETE 요청을 받지 않습니다. 받는 요청: GET',
    });
    const before = changes();
    const signedIn = await send('PUT', '/api/teams/1', { token, body: { name: 'x' } });
    expect(signedIn.status).toBe(405);
    expect(signedIn.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
    expect(signedIn.body.message).toBe(
      '이 주소는 PUT 요청을 받지 않습니다. 받는 요청: GET, PATCH, DELETE',
    );
    expect(changes()).toBe(before);
    const options = await fetch(`${target.url}/api/teams/1`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
  });
});

describe('security headers on every API answer', () => {
  it('nosniff and no-store on answers of every kind, anonymous, kept, signed in and failed', async () => {
    const answers = [
      await send('GET', '/api/teams/1'),
      // kept from the second anonymous read: the third comes from the kept answers, before the app
      await send('GET', '/api/teams/1'),
      await send('GET', '/api/teams/1'),
      await send('GET', '/api/teams/01'),
      await send('GET', '/api/nope'),
      await send('DELETE', '/api/health'),
      await send('POST', '/api/teams', { body: {} }),
      await send('GET', '/api/users', { token }),
      await send('GET', '/api/teams/999999', { token }),
      await send('POST', '/api/teams', { token, body: {} }),
      await send('GET', '/api/users', { token: 'not-a-token' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([
      200, 200, 200, 400, 404, 405, 401, 200, 404, 400, 401,
    ]);
    for (const a of answers) {
      expect(a.headers.get('x-content-type-options')).toBe('nosniff');
      expect(a.headers.get('cache-control')).toBe('no-store');
    }
  });
});
