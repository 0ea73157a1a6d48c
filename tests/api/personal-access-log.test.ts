import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../src/server/db/dialect.ts';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed/catalog.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * The access record of personal data (decision 146): each kind of handling leaves its row, a read
 * that hands out no personal field leaves none, a download needs a reason, and only 협회 관리자
 * and site admins read the record.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let teamId: number;
let path: string;

interface Row {
  id: number;
  user_id: number | null;
  account: string;
  action: string;
  subjects: string;
  reason: string | null;
  method: string;
  route: string;
}
const rows = async () =>
  (await t.sql.all('SELECT * FROM personal_access_log ORDER BY id')) as unknown as Row[];
const count = async () =>
  Number(((await t.sql.get('SELECT count(*) AS n FROM personal_access_log')) as { n: number }).n);
/** The rows written by what `run` does. */
async function written(run: () => Promise<unknown>): Promise<Row[]> {
  const before = await count();
  await run();
  return (await rows()).slice(before);
}

beforeAll(async () => {
  t = await createTestApp({ seed: seedDemo });
  path = `/api/league/main/${t.main.id}/personal-access-log`;
  tokens.admin = await t.adminToken();
  for (const [job, email] of Object.entries({
    grade1: 'league1@sbsa.kr',
    grade2: 'league2@sbsa.kr',
    scorer: 'scorer@sbsa.kr',
    team: 'team@sbsa.kr',
  })) {
    const res = await t.api('POST', '/api/auth/login', {
      body: { email, password: DEMO_PASSWORD },
    });
    expect(res.status, email).toBe(200);
    tokens[job] = res.body.data.access_token;
  }
  teamId = (
    (await t.sql.get(`SELECT tm.team_id AS id FROM team_managers tm JOIN users u ON u.id = tm.user_id
         WHERE u.email = 'team@sbsa.kr'`)) as { id: number }
  ).id;
});

afterAll(() => t?.close());

describe('조회: a read that hands out personal fields', () => {
  it("a manager's read of players records 조회 with the ids whose fields were returned", async () => {
    let body: { items: { id: number; birthDate?: string | null }[] } | undefined;
    const got = await written(async () => {
      const res = await t.api('GET', `/api/players?teamId=${teamId}&limit=500`, {
        token: tokens.grade1,
      });
      expect(res.status).toBe(200);
      body = res.body.data;
    });
    const ids = body!.items.map((p) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(body!.items.every((p) => 'birthDate' in p)).toBe(true);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      account: 'league1@sbsa.kr',
      action: 'read',
      method: 'GET',
      route: '/api/players',
      reason: null,
    });
    expect(JSON.parse(got[0].subjects)).toEqual(
      [...ids].sort((a, b) => a - b).map((id) => `player:${id}`),
    );
  });

  it('one coach read names that coach', async () => {
    const coach = (await t.sql.get('SELECT id FROM coaches ORDER BY id LIMIT 1')) as {
      id: number;
    };
    const got = await written(async () => {
      expect((await t.api('GET', `/api/coaches/${coach.id}`, { token: tokens.admin })).status).toBe(
        200,
      );
    });
    expect(got.map((r) => [r.action, r.subjects, r.route])).toEqual([
      ['read', JSON.stringify([`coach:${coach.id}`]), '/api/coaches/:id'],
    ]);
  });

  it('a read by someone who sees no personal fields records nothing', async () => {
    const got = await written(async () => {
      const res = await t.api('GET', `/api/players?teamId=${teamId}&limit=500`, {
        token: tokens.scorer,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.items.length).toBeGreaterThan(0);
      expect(res.body.data.items.some((p: object) => 'birthDate' in p)).toBe(false);
      const anonymous = await t.api('GET', `/api/players?teamId=${teamId}&limit=500`);
      expect(anonymous.status).toBe(200);
    });
    expect(got).toEqual([]);
  });
});

describe('accounts: e-mail, phone and birthday', () => {
  it("a 협회 관리자's read of the accounts list records 조회 of the accounts listed but his own", async () => {
    let listed: number[] = [];
    const got = await written(async () => {
      const res = await t.api('GET', '/api/users?limit=20', { token: tokens.grade1 });
      expect(res.status).toBe(200);
      listed = res.body.data.items.map((u: { id: number }) => u.id);
    });
    const me = (
      (await t.sql.get("SELECT id FROM users WHERE email = 'league1@sbsa.kr'")) as {
        id: number;
      }
    ).id;
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ action: 'read', route: '/api/users' });
    expect(JSON.parse(got[0].subjects)).toEqual(
      listed
        .filter((id) => id !== me)
        .sort((a, b) => a - b)
        .map((id) => `user:${id}`),
    );
    // one's own account is one's own data
    const own = await written(async () => {
      expect((await t.api('GET', `/api/user/${me}`, { token: tokens.grade1 })).status).toBe(200);
    });
    expect(own).toEqual([]);
  });

  it("the managers list names the managers whose e-mails it shows; a scorer's, without e-mails, names none", async () => {
    const url = `/api/league/main/${t.main.id}/managers`;
    let shown: { userId: number; email: string | null }[] = [];
    const got = await written(async () => {
      const res = await t.api('GET', url, { token: tokens.grade2 });
      expect(res.status).toBe(200);
      shown = res.body.data;
    });
    expect(shown.every((m) => m.email !== null)).toBe(true);
    const me = (
      (await t.sql.get("SELECT id FROM users WHERE email = 'league2@sbsa.kr'")) as {
        id: number;
      }
    ).id;
    expect(got.map((r) => [r.action, r.route])).toEqual([
      ['read', '/api/league/main/:mainId/managers'],
    ]);
    expect(JSON.parse(got[0].subjects)).toEqual(
      shown
        .map((m) => m.userId)
        .filter((id) => id !== me)
        .sort((a, b) => a - b)
        .map((id) => `user:${id}`),
    );
    const scorer = await written(async () => {
      const res = await t.api('GET', url, { token: tokens.scorer });
      expect(res.status).toBe(200);
      expect(res.body.data.every((m: { email: unknown }) => m.email === null)).toBe(true);
    });
    expect(scorer).toEqual([]);
  });

  it("a change of an account's phone is a 변경; a change of its name is not", async () => {
    const user = await t.makeUser({ email: 'changed@sbsa.kr' });
    const got = await written(async () => {
      const phone = await t.api('PATCH', `/api/users/${user.id}`, {
        token: tokens.admin,
        body: { phone: '010-2222-3333' },
      });
      expect(phone.status).toBe(200);
      const name = await t.api('PATCH', `/api/users/${user.id}`, {
        token: tokens.admin,
        body: { username: '새이름' },
      });
      expect(name.status).toBe(200);
    });
    expect(got.map((r) => [r.action, r.subjects])).toEqual([
      ['update', JSON.stringify([`user:${user.id}`])],
    ]);
  });
});

describe('입력, 변경, 삭제: writes of personal fields', () => {
  it("a player's creation, change of birth date and deletion are recorded; a change of name only is not", async () => {
    const created = await written(async () => {
      const res = await t.api('POST', '/api/players', {
        token: tokens.grade1,
        body: { name: '기록 선수', birthDate: '2001-02-03' },
      });
      expect(res.status).toBe(201);
    });
    expect(created).toHaveLength(1);
    const id = Number(JSON.parse(created[0].subjects)[0].split(':')[1]);
    expect(created[0]).toMatchObject({
      action: 'create',
      subjects: JSON.stringify([`player:${id}`]),
      route: '/api/players',
    });
    const changed = await written(async () => {
      const res = await t.api('PATCH', `/api/players/${id}`, {
        token: tokens.grade1,
        body: { birthDate: '2001-02-04' },
      });
      expect(res.status).toBe(200);
    });
    expect(changed.map((r) => [r.action, r.subjects])).toEqual([
      ['update', JSON.stringify([`player:${id}`])],
    ]);
    const renamed = await written(async () => {
      const res = await t.api('PATCH', `/api/players/${id}`, {
        token: tokens.grade1,
        body: { name: '기록 선수2' },
      });
      expect(res.status).toBe(200);
    });
    expect(renamed).toEqual([]);
    const deleted = await written(async () => {
      expect((await t.api('DELETE', `/api/players/${id}`, { token: tokens.grade1 })).status).toBe(
        200,
      );
    });
    expect(deleted.map((r) => [r.action, r.subjects, r.route])).toEqual([
      ['delete', JSON.stringify([`player:${id}`]), '/api/players/:id'],
    ]);
  });

  it("a coach's creation, change of phone and deletion are recorded", async () => {
    const got = await written(async () => {
      const res = await t.api('POST', '/api/coaches', {
        token: tokens.admin,
        body: { name: '기록 코치', phone: '010-1234-5678' },
      });
      expect(res.status).toBe(201);
      const id = res.body.data.id;
      const patch = await t.api('PATCH', `/api/coaches/${id}`, {
        token: tokens.admin,
        body: { phone: '010-8765-4321' },
      });
      expect(patch.status).toBe(200);
      expect((await t.api('DELETE', `/api/coaches/${id}`, { token: tokens.admin })).status).toBe(
        200,
      );
    });
    expect(got.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(new Set(got.map((r) => r.subjects)).size).toBe(1);
    expect(got[0].subjects).toMatch(/^\["coach:\d+"\]$/);
    expect(got.every((r) => r.account === 'admin@sbsa.kr')).toBe(true);
  });
});

describe('다운로드: the whole export needs a reason', () => {
  it('without a reason: 400 with a Korean message, nothing recorded', async () => {
    const got = await written(async () => {
      for (const query of ['', '?reason=', '?reason=%20%20']) {
        const res = await t.api('GET', `/api/admin/export${query}`, { token: tokens.admin });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('개인정보가 담긴 파일을 내려받으려면 사유를 입력해 주세요.');
        expect(res.body.errors).toEqual({ reason: '내려받는 사유를 입력해 주세요.' });
      }
    });
    expect(got).toEqual([]);
  });

  it('with a reason: the file, and a 다운로드 row with the reason', async () => {
    const got = await written(async () => {
      const res = await t.api(
        'GET',
        `/api/admin/export?reason=${encodeURIComponent('서버 이전')}`,
        {
          token: tokens.admin,
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    });
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      action: 'download',
      reason: '서버 이전',
      account: 'admin@sbsa.kr',
      route: '/api/admin/export',
    });
  });
});

describe('GET /api/league/main/{mainId}/personal-access-log', () => {
  it('grade 1 and site admin 200; grade 2, team manager, scorer 403; anonymous 401', async () => {
    for (const job of ['grade1', 'admin'])
      expect((await t.api('GET', path, { token: tokens[job] })).status, job).toBe(200);
    for (const job of ['grade2', 'team', 'scorer']) {
      const res = await t.api('GET', path, { token: tokens[job] });
      expect(res.status, job).toBe(403);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await t.api('GET', path)).status).toBe(401);
    expect((await t.api('GET', `${path}.csv?reason=x`, { token: tokens.grade2 })).status).toBe(403);
    expect(
      (await t.api('GET', `${path}/review?month=2026-01`, { token: tokens.team })).status,
    ).toBe(403);
  });

  it('lists newest first with the Korean word, and pages', async () => {
    const all = await t.api('GET', `${path}?limit=200`, { token: tokens.admin });
    const items = all.body.data.items as { id: number; action: string; actionLabel: string }[];
    expect(all.body.data.total).toBe(await count());
    expect(items.map((i) => i.id)).toEqual([...items.map((i) => i.id)].sort((a, b) => b - a));
    const labels = Object.fromEntries(items.map((i) => [i.action, i.actionLabel]));
    expect(labels).toMatchObject({
      read: '조회',
      create: '입력',
      update: '변경',
      delete: '삭제',
      download: '다운로드',
    });
    const second = await t.api('GET', `${path}?limit=2&offset=2`, { token: tokens.admin });
    expect(second.body.data.items.map((i: { id: number }) => i.id)).toEqual(
      items.slice(2, 4).map((i) => i.id),
    );
  });

  it('filters by account, action, subject and Seoul days', async () => {
    const get = async (q: string) =>
      (await t.api('GET', `${path}?limit=200&${q}`, { token: tokens.admin })).body.data.items as {
        account: string;
        action: string;
        subjects: string[];
        at: string;
      }[];
    const byAccount = await get('account=league1@sbsa.kr');
    expect(byAccount.length).toBeGreaterThan(0);
    expect(byAccount.every((i) => i.account === 'league1@sbsa.kr')).toBe(true);
    const downloads = await get('action=download');
    expect(downloads.map((i) => i.action)).toEqual(['download']);
    const subject = (await get('action=read'))[0].subjects.at(-1)!;
    const bySubject = await get(`subject=${subject}`);
    expect(bySubject.length).toBeGreaterThan(0);
    expect(bySubject.every((i) => i.subjects.includes(subject))).toBe(true);
    // a row written at 23:30 Seoul time of 2026-01-10 (14:30 UTC) belongs to the 10th, not the 11th
    const last = (await rows()).at(-1)!;
    // the record refuses updates (decision 146); this test moves one row's time on purpose
    await t.sql.run(
      onPostgres(t.db)
        ? 'DROP TRIGGER personal_access_log_no_update ON personal_access_log'
        : 'DROP TRIGGER personal_access_log_no_update',
    );
    await t.sql.run(
      'UPDATE personal_access_log SET at = ? WHERE id = ?',
      '2026-01-10T14:30:00.000Z',
      last.id,
    );
    expect((await get('from=2026-01-10&to=2026-01-10')).length).toBe(1);
    expect(await get('from=2026-01-11&to=2026-01-11')).toEqual([]);
    const bad = await t.api('GET', `${path}?from=2026-01-11&to=2026-01-10`, {
      token: tokens.admin,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('시작일은 종료일보다 늦을 수 없습니다.');
    const badDay = await t.api('GET', `${path}?from=2026-1-1`, { token: tokens.admin });
    expect(badDay.status).toBe(400);
    const badSubject = await t.api('GET', `${path}?subject=player12`, { token: tokens.admin });
    expect(badSubject.status).toBe(400);
    expect(badSubject.body.errors.subject).toBe(
      '대상은 player:12, coach:3, user:7처럼 적어 주세요.',
    );
  });

  it('CSV: needs a reason, holds the rows newest first, and is itself a 다운로드', async () => {
    const before = await count();
    const refused = await t.api('GET', `${path}.csv?action=read`, { token: tokens.grade1 });
    expect(refused.status).toBe(400);
    expect(await count()).toBe(before);
    const res = await t.app.request(
      `${path}.csv?action=read&reason=${encodeURIComponent('월간 점검')}`,
      {
        headers: { authorization: `Bearer ${tokens.grade1}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="personal-access-log\.csv"/,
    );
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('시각(KST),계정,접속지,처리,정보주체,사유,요청');
    const reads = (await rows()).filter((r) => r.action === 'read');
    expect(lines).toHaveLength(reads.length + 1);
    expect(lines.slice(1).every((l) => l.split(',')[3] === '조회')).toBe(true);
    expect(lines[1]).toContain(reads.at(-1)!.account);
    const got = (await rows()).slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ action: 'download', account: 'league1@sbsa.kr' });
    expect(got[0].reason).toContain('월간 점검');
  });

  it('monthly review: counts per account and action, downloads flagged, 검토 완료 stored', async () => {
    const month = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7);
    const review = await t.api('GET', `${path}/review?month=${month}`, { token: tokens.grade1 });
    expect(review.status).toBe(200);
    const accounts = review.body.data.accounts as {
      account: string;
      counts: Record<string, number>;
      total: number;
      flags: string[];
    }[];
    // league1 read players and downloaded the CSV this month (the admin's export was moved to January above)
    const manager = accounts.find((a) => a.account === 'league1@sbsa.kr')!;
    expect(manager.counts.download).toBe(1);
    expect(manager.counts.read).toBeGreaterThan(0);
    expect(manager.total).toBe(Object.values(manager.counts).reduce((a, b) => a + b, 0));
    expect(manager.flags).toEqual(['download']);
    expect(accounts.find((a) => a.account === 'scorer@sbsa.kr')).toBeUndefined();
    expect(review.body.data.reviewed).toBeNull();
    const marked = await t.api('POST', `${path}/review`, { token: tokens.grade1, body: { month } });
    expect(marked.status).toBe(200);
    expect(marked.body.data.reviewed.account).toBe('league1@sbsa.kr');
    const again = await t.api('GET', `${path}/review?month=${month}`, { token: tokens.admin });
    expect(again.body.data.reviewed).toEqual(marked.body.data.reviewed);
    const bad = await t.api('POST', `${path}/review`, {
      token: tokens.grade1,
      body: { month: '2026-13' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.month).toBe('달은 2026-03처럼 적어 주세요.');
  });
});
