import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { audit } from '../../src/server/services/audit.ts';

let t: TestApp;
let admin: string;
let adminId: number;
const tok: Record<'grade1' | 'grade2' | 'grade3' | 'plain', string> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken(); // records a 'login' entry
  adminId = (
    await t.db.selectFrom('users').select('id').where('is_admin', '=', 1).executeTakeFirstOrThrow()
  ).id;
  tok.grade1 = (await t.makeUser({ email: 'g1@sbsa.kr', grade: 1 })).token;
  tok.grade2 = (await t.makeUser({ email: 'g2@sbsa.kr', grade: 2 })).token;
  tok.grade3 = (await t.makeUser({ email: 'g3@sbsa.kr', grade: 3 })).token;
  tok.plain = (await t.makeUser({ email: 'plain@sbsa.kr' })).token;
  for (let i = 1; i <= 4; i++) {
    await audit(t.db, {
      userId: adminId,
      action: 'update',
      entity: 'team',
      entityId: i,
      before: { name: `팀${i}` },
      after: { name: `새팀${i}` },
    });
  }
  await audit(t.db, {
    userId: null,
    action: 'create',
    entity: 'user',
    entityId: 99,
    after: { email: 'x@y.kr', password_hash: '$argon2id$secret', nested: { refreshToken: 'abc' } },
  });
  // a notice through the API, so its entry is a real one
  const res = await t.api('POST', `/api/league/main/${t.main.id}/notice`, {
    token: admin,
    body: { title: '감사 기록' },
  });
  expect(res.status).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/audit', () => {
  it('lists recent changes newest first for a site admin, with who did them', async () => {
    const res = await t.api('GET', '/api/audit', { token: admin });
    expect(res.status).toBe(200);
    const { items, total, offset, limit } = res.body.data;
    expect(total).toBe(7);
    expect({ offset, limit }).toEqual({ offset: 0, limit: 50 });
    expect(items[0]).toMatchObject({
      action: 'create',
      entity: 'notice',
      userId: adminId,
      userName: '관리자',
      after: { title: '감사 기록' },
    });
    expect(items.at(-1)).toMatchObject({ action: 'login', entity: 'user' });
    const ids = items.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(items.find((e: { entity: string }) => e.entity === 'team')).toMatchObject({
      before: { name: '팀4' },
      after: { name: '새팀4' },
      entityId: '4',
    });
  });

  it('hides password hashes and tokens in snapshots', async () => {
    const res = await t.api('GET', '/api/audit?entity=user&action=create', { token: admin });
    expect(res.body.data.items).toHaveLength(1);
    const entry = res.body.data.items[0];
    expect(entry.userId).toBeNull();
    expect(entry.userName).toBeNull();
    expect(entry.after).toEqual({
      email: 'x@y.kr',
      password_hash: '[숨김]',
      nested: { refreshToken: '[숨김]' },
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('filters by entity, entity id and user, and pages', async () => {
    const teams = await t.api('GET', '/api/audit?entity=team&limit=2', { token: tok.grade1 });
    expect(teams.status).toBe(200);
    expect(teams.body.data.total).toBe(4);
    expect(teams.body.data.items.map((e: { entityId: string }) => e.entityId)).toEqual(['4', '3']);
    const page2 = await t.api('GET', '/api/audit?entity=team&limit=2&offset=2', {
      token: tok.grade1,
    });
    expect(page2.body.data.items.map((e: { entityId: string }) => e.entityId)).toEqual(['2', '1']);
    const one = await t.api('GET', '/api/audit?entity=team&entityId=3', { token: admin });
    expect(one.body.data.items).toHaveLength(1);
    const byUser = await t.api('GET', `/api/audit?userId=${adminId}`, { token: admin });
    expect(byUser.body.data.total).toBe(6);
    const none = await t.api('GET', '/api/audit?entity=nothing', { token: admin });
    expect(none.body.data).toMatchObject({ items: [], total: 0 });
  });

  it('refuses anonymous callers (401) and everyone but admins and grade 1 (403)', async () => {
    const anon = await t.api('GET', '/api/audit');
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe('로그인이 필요합니다.');
    for (const who of ['grade2', 'grade3', 'plain'] as const) {
      const res = await t.api('GET', '/api/audit', { token: tok[who] });
      expect(res.status, who).toBe(403);
      expect(res.body.message).toBe('변경 기록을 볼 권한이 없습니다.');
    }
  });

  it('answers 400 in Korean for bad paging or filters', async () => {
    for (const q of [
      'limit=0',
      'limit=201',
      'offset=-1',
      'limit=x',
      'userId=0',
      'userId=abc',
      `entity=${'e'.repeat(51)}`,
    ]) {
      const res = await t.api('GET', `/api/audit?${q}`, { token: admin });
      expect(res.status, q).toBe(400);
      expect(res.body.ok).toBe(false);
      expect(res.body.message).toMatch(/[\uac00-\ud7a3]/);
    }
  });
});
