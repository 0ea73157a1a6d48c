import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { notFound } from '../../src/server/http/api-error.ts';

const noticeMissing = notFound('공지사항').message;
const mainMissing = notFound('협회').message;

let t: TestApp;
let mainId: number;
let admin: string;
const tok: Record<
  | 'grade1'
  | 'grade2'
  | 'grade3'
  | 'boardWriter'
  | 'boardAdmin'
  | 'boardReader'
  | 'plain'
  | 'otherMain',
  string
> = {} as never;

const hangul = /[\uac00-\ud7a3]/;
const pdf = () =>
  new Uint8Array([
    ...Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'),
  ]);
const png = () =>
  new Uint8Array(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
const xlsx = () =>
  new Uint8Array([
    0x50,
    0x4b,
    0x03,
    0x04,
    ...Buffer.from('\x14\x00\x00\x00\x08\x00xl/workbook.xml....', 'latin1'),
  ]);
const exe = () =>
  new Uint8Array([
    0x4d,
    0x5a,
    0x90,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x04,
    0x00,
    0x00,
    0x00,
    0xff,
    0xff,
    0x00,
    0x00,
    ...new Array(64).fill(0),
  ]);

function form(
  bytes: Uint8Array,
  name: string,
  type = 'application/octet-stream',
  field = 'file',
): FormData {
  const fd = new FormData();
  fd.append(field, new File([bytes as BlobPart], name, { type }));
  return fd;
}

async function count(
  table: 'notices' | 'uploads' | 'notice_attachments' | 'audit_log',
): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every file under the data folder's uploads, as relative paths. */
function uploadedFiles(): string[] {
  const root = join(t.dir, 'uploads');
  return existsSync(root)
    ? (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name))
    : [];
}

async function snapshot() {
  return {
    notices: await count('notices'),
    uploads: await count('uploads'),
    links: await count('notice_attachments'),
    audit: await count('audit_log'),
    files: uploadedFiles().length,
  };
}

async function newNotice(body: Record<string, unknown> = {}, token = admin): Promise<number> {
  const res = await t.api('POST', `/api/league/main/${mainId}/notice`, {
    token,
    body: { title: '공지', body: '본문', pinned: false, ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data.wrId;
}

beforeAll(async () => {
  t = await createTestApp();
  mainId = t.main.id;
  admin = await t.adminToken();
  tok.grade1 = (await t.makeUser({ email: 'g1@sbsa.kr', grade: 1 })).token;
  tok.grade2 = (await t.makeUser({ email: 'g2@sbsa.kr', grade: 2 })).token;
  tok.grade3 = (await t.makeUser({ email: 'g3@sbsa.kr', grade: 3 })).token;
  tok.plain = (await t.makeUser({ email: 'plain@sbsa.kr' })).token;
  for (const [key, role] of [
    ['boardWriter', 'write'],
    ['boardAdmin', 'admin'],
    ['boardReader', 'read'],
  ] as const) {
    const u = await t.makeUser({ email: `${key.toLowerCase()}@sbsa.kr` });
    await t.db
      .insertInto('board_roles')
      .values({ main_id: mainId, board: 'notice', user_id: u.id, role })
      .execute();
    tok[key] = u.token;
  }
  // 리그 운영자 of another association, and a notice-board writer there: no rights here.
  const other = await t.db
    .insertInto('league_main')
    .values({ path: 'other', name: '다른협회' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const u = await t.makeUser({ email: 'other@sbsa.kr' });
  await t.db
    .insertInto('league_managers')
    .values({ main_id: other.id, user_id: u.id, grade: 2 })
    .execute();
  await t.db
    .insertInto('board_roles')
    .values({ main_id: other.id, board: 'notice', user_id: u.id, role: 'admin' })
    .execute();
  tok.otherMain = u.token;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/league/main/{mainId}/notice', () => {
  it('creates a notice for a site admin, with audit entry and a public change', async () => {
    const before = await snapshot();
    await t.takeChanges();
    const res = await t.api('POST', `/api/league/main/${mainId}/notice`, {
      token: admin,
      body: {
        title: '  2025 시즌 개막 안내  ',
        body: '# 개막\n\n**3월 1일** 개막합니다.',
        pinned: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.ok).toBe(true);
    expect(res.body.data).toMatchObject({
      mainId,
      title: '2025 시즌 개막 안내',
      body: '# 개막\n\n**3월 1일** 개막합니다.',
      pinned: true,
      views: 0,
      authorName: '관리자',
      attachments: [],
      attachmentCount: 0,
    });
    expect(res.body.data.wrId).toBeGreaterThan(0);
    const after = await snapshot();
    expect(after.notices).toBe(before.notices + 1);
    expect(after.audit).toBe(before.audit + 1);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'create',
      entity: 'notice',
      entity_id: String(res.body.data.wrId),
    });
    expect((await t.takeChanges()).changes).toEqual([`notice:${res.body.data.wrId}`]);
  });

  it('defaults body to empty and pinned to false', async () => {
    const res = await t.api('POST', `/api/league/main/${mainId}/notice`, {
      token: admin,
      body: { title: '제목만' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: '제목만', body: '', pinned: false });
  });

  it.each(['grade1', 'grade2', 'boardWriter', 'boardAdmin'] as const)(
    'lets %s write',
    async (who) => {
      const res = await t.api('POST', `/api/league/main/${mainId}/notice`, {
        token: tok[who],
        body: { title: `${who}의 글`, body: '내용' },
      });
      expect(res.status).toBe(201);
      expect(res.body.data.authorName).toBe(`${who.toLowerCase()}`.replace(/^grade(\d)$/, 'g$1'));
    },
  );

  it('refuses anonymous callers with 401 and writes nothing', async () => {
    const before = await snapshot();
    const res = await t.api('POST', `/api/league/main/${mainId}/notice`, {
      body: { title: '익명' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, message: '로그인이 필요합니다.' });
    expect(await snapshot()).toEqual(before);
  });

  it.each(['grade3', 'boardReader', 'plain', 'otherMain'] as const)(
    'refuses %s with 403 and writes nothing',
    async (who) => {
      const before = await snapshot();
      const res = await t.api('POST', `/api/league/main/${mainId}/notice`, {
        token: tok[who],
        body: { title: '권한 없음' },
      });
      expect(res.status).toBe(403);
      expect(res.body.ok).toBe(false);
      expect(res.body.message).toMatch(hangul);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each([
    ['missing title', { body: 'x' }, 'title'],
    ['blank title', { title: '   ' }, 'title'],
    ['title over 200 characters', { title: '가'.repeat(201) }, 'title'],
    ['body over 50,000 characters', { title: '긴 글', body: 'a'.repeat(50_001) }, 'body'],
    ['body of the wrong type', { title: '제목', body: 123 }, 'body'],
    ['pinned not a boolean', { title: '제목', pinned: 'yes' }, 'pinned'],
    ['a NUL character in the title', { title: '\u0000' }, 'title'],
    ['a line break in the title', { title: '첫 줄\n둘째 줄' }, 'title'],
    ['a control character in the body', { title: '제목', body: 'a\u0000b' }, 'body'],
  ])('answers 400 in Korean for %s, writing nothing', async (_, body, field) => {
    const before = await snapshot();
    const res = await t.api('POST', `/api/league/main/${mainId}/notice`, { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.message).toMatch(hangul);
    expect(res.body.errors[field]).toMatch(hangul);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps tabs and line breaks in the body', async () => {
    const res = await t.api('POST', `/api/league/main/${mainId}/notice`, {
      token: admin,
      body: { title: '줄바꿈', body: '첫 줄\r\n\t둘째 줄\n' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.body).toBe('첫 줄\r\n\t둘째 줄\n');
  });

  it('accepts exactly 200 and 50,000 characters', async () => {
    const res = await t.api('POST', `/api/league/main/${mainId}/notice`, {
      token: admin,
      body: { title: '가'.repeat(200), body: 'a'.repeat(50_000) },
    });
    expect(res.status).toBe(201);
  });

  it('answers 400 in Korean for malformed JSON and for a non-JSON body', async () => {
    const before = await snapshot();
    const bad = await t.api('POST', `/api/league/main/${mainId}/notice`, {
      token: admin,
      headers: { 'content-type': 'application/json' },
      rawBody: '{"title": "x",',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(hangul);
    const text = await t.api('POST', `/api/league/main/${mainId}/notice`, {
      token: admin,
      headers: { 'content-type': 'text/plain' },
      rawBody: 'title=x',
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    expect(text.body.message).toMatch(hangul);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 in Korean for an unknown association and 400 for a malformed id', async () => {
    const missing = await t.api('POST', '/api/league/main/9999/notice', {
      token: admin,
      body: { title: '없는 협회' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(mainMissing);
    for (const id of ['abc', '0', '-1', '1.5']) {
      const res = await t.api('POST', `/api/league/main/${id}/notice`, {
        token: admin,
        body: { title: '제목' },
      });
      expect(res.status, id).toBe(400);
      expect(res.body.errors.mainId).toMatch(hangul);
    }
  });
});

describe('GET /api/league/main/{mainId}/notice', () => {
  let ids: Record<string, number>;
  let listMain: number;

  beforeAll(async () => {
    // A separate association so the counts of the other tests do not matter.
    listMain = (
      await t.db
        .insertInto('league_main')
        .values({ path: 'list', name: '목록협회' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids = {};
    const rows: Array<[string, string, string, 0 | 1, string]> = [
      ['old', '작년 안내', '지난 시즌', 0, '2024-01-01T00:00:00.000Z'],
      ['pinnedOld', '필독 규정', '경기 규정 안내 100% 준수', 1, '2024-02-01T00:00:00.000Z'],
      ['mid', '심판 교육', '교육 일정', 0, '2025-01-01T00:00:00.000Z'],
      ['pinnedNew', '필독 개막', '개막 안내', 1, '2025-02-01T00:00:00.000Z'],
      ['new', '우천 취소', '3월 경기 우천 취소_공지', 0, '2025-03-01T00:00:00.000Z'],
    ];
    for (const [key, title, body, pinned, at] of rows) {
      const row = await t.db
        .insertInto('notices')
        .values({ main_id: listMain, title, body, pinned, created_at: at, updated_at: at })
        .returning('wr_id')
        .executeTakeFirstOrThrow();
      ids[key] = row.wr_id;
    }
  });

  it('lists pinned notices first, then the newest, for anonymous visitors', async () => {
    const res = await t.api('GET', `/api/league/main/${listMain}/notice`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.items.map((n: { wrId: number }) => n.wrId)).toEqual([
      ids.pinnedNew,
      ids.pinnedOld,
      ids.new,
      ids.mid,
      ids.old,
    ]);
    expect(res.body.data.items[0]).not.toHaveProperty('body');
    expect(res.body.data.items[0]).toMatchObject({
      pinned: true,
      views: 0,
      attachmentCount: 0,
      mainId: listMain,
    });
  });

  it('pages with offset and limit', async () => {
    const res = await t.api('GET', `/api/league/main/${listMain}/notice?offset=2&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 5, offset: 2, limit: 2 });
    expect(res.body.data.items.map((n: { wrId: number }) => n.wrId)).toEqual([ids.new, ids.mid]);
    const past = await t.api('GET', `/api/league/main/${listMain}/notice?offset=50`);
    expect(past.body.data.items).toEqual([]);
  });

  it('searches title and body, treating % and _ literally', async () => {
    const title = await t.api(
      'GET',
      `/api/league/main/${listMain}/notice?q=${encodeURIComponent('필독')}`,
    );
    expect(title.body.data.items.map((n: { wrId: number }) => n.wrId)).toEqual([
      ids.pinnedNew,
      ids.pinnedOld,
    ]);
    expect(title.body.data.total).toBe(2);
    const body = await t.api(
      'GET',
      `/api/league/main/${listMain}/notice?q=${encodeURIComponent('교육 일정')}`,
    );
    expect(body.body.data.items.map((n: { wrId: number }) => n.wrId)).toEqual([ids.mid]);
    const percent = await t.api(
      'GET',
      `/api/league/main/${listMain}/notice?q=${encodeURIComponent('100%')}`,
    );
    expect(percent.body.data.items.map((n: { wrId: number }) => n.wrId)).toEqual([ids.pinnedOld]);
    const underscore = await t.api('GET', `/api/league/main/${listMain}/notice?q=_`);
    expect(underscore.body.data.items.map((n: { wrId: number }) => n.wrId)).toEqual([ids.new]);
    const none = await t.api(
      'GET',
      `/api/league/main/${listMain}/notice?q=${encodeURIComponent('없는말')}`,
    );
    expect(none.body.data).toMatchObject({ items: [], total: 0 });
  });

  it('answers 400 in Korean for bad paging and 404 for an unknown association', async () => {
    for (const q of [
      'limit=0',
      'limit=101',
      'offset=-1',
      'limit=abc',
      'offset=1.5',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await t.api('GET', `/api/league/main/${listMain}/notice?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(hangul);
    }
    const res = await t.api('GET', '/api/league/main/9999/notice');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(hangul);
  });
});

describe('GET /api/notice/{wrId}', () => {
  it('returns the notice with its attachments and counts each reader once a day', async () => {
    const wrId = await newNotice({ title: '읽기', body: '**본문**' });
    const first = await t.api('GET', `/api/notice/${wrId}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      wrId,
      title: '읽기',
      body: '**본문**',
      views: 1,
      attachments: [],
    });
    const again = await t.api('GET', `/api/notice/${wrId}`);
    expect(again.body.data.views).toBe(1);
    const other = { headers: { 'user-agent': 'another browser' } };
    expect((await t.api('GET', `/api/notice/${wrId}`, other)).body.data.views).toBe(2);
    expect((await t.api('GET', `/api/notice/${wrId}`, other)).body.data.views).toBe(2);
  });

  it('answers 404 in Korean for an unknown notice and 400 for a malformed id', async () => {
    const res = await t.api('GET', '/api/notice/999999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ok: false, message: noticeMissing });
    const bad = await t.api('GET', '/api/notice/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.wrId).toMatch(hangul);
  });
});

describe('PUT /api/notice/{wrId}', () => {
  let wrId: number;
  beforeAll(async () => {
    wrId = await newNotice({ title: '고치기 전', body: '전', pinned: false });
  });

  it('replaces title, body and pinned for a writer, recording before and after', async () => {
    await t.takeChanges();
    const res = await t.api('PUT', `/api/notice/${wrId}`, {
      token: tok.grade2,
      body: { title: '고친 뒤', body: '후', pinned: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ wrId, title: '고친 뒤', body: '후', pinned: true });
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'update', entity: 'notice', entity_id: String(wrId) });
    expect(JSON.parse(entry.before_json!)).toMatchObject({
      title: '고치기 전',
      body: '전',
      pinned: false,
    });
    expect(JSON.parse(entry.after_json!)).toMatchObject({
      title: '고친 뒤',
      body: '후',
      pinned: true,
    });
    expect((await t.takeChanges()).changes).toEqual([`notice:${wrId}`]);
  });

  it('lets a board writer edit', async () => {
    const res = await t.api('PUT', `/api/notice/${wrId}`, {
      token: tok.boardWriter,
      body: { title: '게시판 권한', body: '', pinned: false },
    });
    expect(res.status).toBe(200);
  });

  it('refuses anonymous (401) and users without rights (403), changing nothing', async () => {
    const before = await t.db
      .selectFrom('notices')
      .selectAll()
      .where('wr_id', '=', wrId)
      .executeTakeFirstOrThrow();
    expect((await t.api('PUT', `/api/notice/${wrId}`, { body: { title: 'x' } })).status).toBe(401);
    for (const who of ['plain', 'grade3', 'boardReader', 'otherMain'] as const) {
      const res = await t.api('PUT', `/api/notice/${wrId}`, {
        token: tok[who],
        body: { title: 'x' },
      });
      expect(res.status, who).toBe(403);
      expect(res.body.message).toMatch(hangul);
    }
    expect(
      await t.db
        .selectFrom('notices')
        .selectAll()
        .where('wr_id', '=', wrId)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('answers 400 in Korean for bad input, changing nothing', async () => {
    const before = await t.db
      .selectFrom('notices')
      .selectAll()
      .where('wr_id', '=', wrId)
      .executeTakeFirstOrThrow();
    const audit = await count('audit_log');
    const res = await t.api('PUT', `/api/notice/${wrId}`, {
      token: admin,
      body: { title: '', body: 'x'.repeat(50_001) },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['body', 'title']);
    expect(
      await t.db
        .selectFrom('notices')
        .selectAll()
        .where('wr_id', '=', wrId)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(await count('audit_log')).toBe(audit);
  });

  it('answers 404 for an unknown notice', async () => {
    const res = await t.api('PUT', '/api/notice/999999', { token: admin, body: { title: '없음' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(noticeMissing);
  });
});

describe('attachments', () => {
  let wrId: number;
  beforeAll(async () => {
    wrId = await newNotice({ title: '첨부 글' });
  });

  it('stores a PDF, lists it on the notice and keeps the file in the data folder', async () => {
    await t.takeChanges();
    const res = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: tok.grade2,
      rawBody: form(pdf(), '경기 규정.pdf', 'application/pdf'),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      originalName: '경기 규정.pdf',
      mime: 'application/pdf',
      size: pdf().length,
    });
    expect(res.body.data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]+\.pdf$/);
    expect(existsSync(join(t.dir, res.body.data.url))).toBe(true);
    const notice = await t.api('GET', `/api/notice/${wrId}`);
    expect(notice.body.data.attachments).toEqual([res.body.data]);
    expect(notice.body.data.attachmentCount).toBe(1);
    expect((await t.takeChanges()).changes).toEqual([`notice:${wrId}`]);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'create',
      entity: 'notice_attachment',
      entity_id: String(wrId),
    });
  });

  it('accepts images and spreadsheets by content', async () => {
    const image = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      rawBody: form(png(), 'poster.png', 'image/png'),
    });
    expect(image.status).toBe(201);
    expect(image.body.data.mime).toBe('image/png');
    const sheet = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: tok.boardWriter,
      rawBody: form(xlsx(), '일정.xlsx'),
    });
    expect(sheet.status).toBe(201);
    expect(sheet.body.data.mime).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('refuses an .exe renamed to .pdf with 415, writing nothing', async () => {
    const before = await snapshot();
    const res = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      rawBody: form(exe(), 'setup.pdf', 'application/pdf'),
    });
    expect(res.status).toBe(415);
    expect(res.body.ok).toBe(false);
    expect(res.body.message).toMatch(/지원하지 않는 파일 형식/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413, writing nothing', async () => {
    const before = await snapshot();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdf());
    const res = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      rawBody: form(big, 'big.pdf', 'application/pdf'),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/10MB/);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 in Korean for a missing or empty file and 415 for a JSON body', async () => {
    const before = await snapshot();
    const empty = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      rawBody: form(new Uint8Array(0), 'empty.pdf'),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.file).toMatch(hangul);
    const fd = new FormData();
    fd.append('other', 'x');
    const missing = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      rawBody: fd,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('파일을 선택해 주세요.');
    const text = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      rawBody: (() => {
        const f = new FormData();
        f.append('file', 'not a file');
        return f;
      })(),
    });
    expect(text.status).toBe(400);
    const json = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      body: { file: 'x' },
    });
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(hangul);
    const garbage = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      rawBody: 'not multipart at all',
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toMatch(hangul);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses anonymous (401), users without rights (403) and unknown notices (404)', async () => {
    const before = await snapshot();
    const anon = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      rawBody: form(pdf(), 'a.pdf'),
    });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toMatch(hangul);
    for (const who of ['plain', 'grade3', 'boardReader', 'otherMain'] as const) {
      const res = await t.api('POST', `/api/notice/${wrId}/attachments`, {
        token: tok[who],
        rawBody: form(pdf(), 'a.pdf'),
      });
      expect(res.status, who).toBe(403);
    }
    const unknown = await t.api('POST', '/api/notice/999999/attachments', {
      token: admin,
      rawBody: form(pdf(), 'a.pdf'),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(noticeMissing);
    expect(await snapshot()).toEqual(before);
  });

  it('allows at most 5 attachments per notice (409 for the sixth, writing nothing)', async () => {
    const id = await newNotice({ title: '다섯 개' });
    for (let i = 0; i < 5; i++) {
      const res = await t.api('POST', `/api/notice/${id}/attachments`, {
        token: admin,
        rawBody: form(pdf(), `${i}.pdf`),
      });
      expect(res.status).toBe(201);
    }
    const before = await snapshot();
    const sixth = await t.api('POST', `/api/notice/${id}/attachments`, {
      token: admin,
      rawBody: form(pdf(), '6.pdf'),
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toMatch(/5개/);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes an attachment with its file, then answers 404 for it', async () => {
    const id = await newNotice({ title: '지울 첨부' });
    const up = await t.api('POST', `/api/notice/${id}/attachments`, {
      token: admin,
      rawBody: form(pdf(), 'x.pdf'),
    });
    const { uploadId, url } = up.body.data;
    expect((await t.api('DELETE', `/api/notice/${id}/attachments/${uploadId}`)).status).toBe(401);
    expect(
      (await t.api('DELETE', `/api/notice/${id}/attachments/${uploadId}`, { token: tok.plain }))
        .status,
    ).toBe(403);
    // attached to another notice: not found there
    expect(
      (await t.api('DELETE', `/api/notice/${wrId}/attachments/${uploadId}`, { token: admin }))
        .status,
    ).toBe(404);
    const res = await t.api('DELETE', `/api/notice/${id}/attachments/${uploadId}`, {
      token: tok.grade1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ uploadId, url });
    expect(existsSync(join(t.dir, url))).toBe(false);
    expect(
      await t.db.selectFrom('uploads').select('id').where('id', '=', uploadId).executeTakeFirst(),
    ).toBeUndefined();
    const again = await t.api('DELETE', `/api/notice/${id}/attachments/${uploadId}`, {
      token: admin,
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(hangul);
    expect(
      (await t.api('DELETE', `/api/notice/${id}/attachments/abc`, { token: admin })).status,
    ).toBe(400);
  });
});

describe('DELETE /api/notice/{wrId}', () => {
  it('refuses anonymous (401), users without rights (403) and unknown notices (404)', async () => {
    const wrId = await newNotice({ title: '지우지 못함' });
    expect((await t.api('DELETE', `/api/notice/${wrId}`)).status).toBe(401);
    for (const who of ['plain', 'grade3', 'boardReader', 'otherMain'] as const) {
      expect((await t.api('DELETE', `/api/notice/${wrId}`, { token: tok[who] })).status, who).toBe(
        403,
      );
    }
    const unknown = await t.api('DELETE', '/api/notice/999999', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(noticeMissing);
    expect((await t.api('GET', `/api/notice/${wrId}`)).status).toBe(200);
  });

  it('deletes the notice with its attachments and their files', async () => {
    const wrId = await newNotice({ title: '지울 글' });
    const up = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      rawBody: form(pdf(), 'x.pdf'),
    });
    const file = join(t.dir, up.body.data.url);
    expect(existsSync(file)).toBe(true);
    await t.takeChanges();
    const res = await t.api('DELETE', `/api/notice/${wrId}`, { token: tok.boardAdmin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ wrId });
    expect((await t.api('GET', `/api/notice/${wrId}`)).status).toBe(404);
    expect(existsSync(file)).toBe(false);
    expect(
      await t.db
        .selectFrom('uploads')
        .select('id')
        .where('id', '=', up.body.data.uploadId)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.takeChanges()).changes).toEqual([`notice:${wrId}`]);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'delete', entity: 'notice', entity_id: String(wrId) });
    expect(JSON.parse(entry.before_json!)).toMatchObject({ title: '지울 글' });
  });
});

describe('drafts: POST …/notice with draft, POST /api/notice/{wrId}/publish and /unpublish', () => {
  const listed = async (token?: string) =>
    (
      await t.api('GET', `/api/league/main/${mainId}/notice?limit=100`, token ? { token } : {})
    ).body.data.items.map((n: { wrId: number }) => n.wrId) as number[];

  it('keeps a draft from anonymous readers and from users who may not write, but shows it to writers', async () => {
    const wrId = await newNotice({ title: '임시 공지', draft: true });
    const read = await t.api('GET', `/api/notice/${wrId}`);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe(noticeMissing);
    expect((await t.api('GET', `/api/notice/${wrId}`, { token: tok.plain })).status).toBe(404);
    expect((await t.api('GET', `/api/notice/${wrId}`, { token: tok.otherMain })).status).toBe(404);
    expect(await listed()).not.toContain(wrId);
    expect(await listed(tok.boardReader)).not.toContain(wrId);
    const mine = await t.api('GET', `/api/notice/${wrId}`, { token: tok.boardWriter });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ title: '임시 공지', published: false });
    expect(await listed(admin)).toContain(wrId);
  });

  it('a notice written without draft is published at once, as before', async () => {
    const wrId = await newNotice({ title: '바로 게시' });
    const read = await t.api('GET', `/api/notice/${wrId}`);
    expect(read.status).toBe(200);
    expect(read.body.data.published).toBe(true);
    expect(await listed()).toContain(wrId);
  });

  it("serves a draft's attachment only through the signed link its writers get, until it is published", async () => {
    const wrId = await newNotice({ title: '첨부 임시', draft: true });
    const up = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      rawBody: form(pdf(), '초안.pdf', 'application/pdf'),
    });
    expect(up.status).toBe(201);
    const signed: string = up.body.data.url;
    expect(signed).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]+\.pdf\?until=\d+&sig=[\w-]+$/);
    const plain = signed.split('?')[0];
    const get = (url: string, token?: string) =>
      t.app.request(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    // the plain address does not exist yet, for anyone; nor a signature made up or moved in time
    expect((await get(plain)).status).toBe(404);
    expect((await get(plain, admin)).status).toBe(404);
    expect((await get(signed.replace(/sig=./, 'sig=x'))).status).toBe(404);
    expect(
      (await get(signed.replace(/until=(\d+)/, (_, n) => `until=${Number(n) + 1}`))).status,
    ).toBe(404);
    // the writer's reading of the draft gives the same kind of link, which works, kept from caches
    const read = await t.api('GET', `/api/notice/${wrId}`, { token: admin });
    const link = read.body.data.attachments[0].url as string;
    expect(link.startsWith(`${plain}?until=`)).toBe(true);
    const file = await get(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf());
    // published: the plain address serves everyone
    expect((await t.api('POST', `/api/notice/${wrId}/publish`, { token: admin })).status).toBe(200);
    const published = await get(plain);
    expect(published.status).toBe(200);
    expect(published.headers.get('cache-control')).toContain('public');
    expect((await t.api('GET', `/api/notice/${wrId}`)).body.data.attachments[0].url).toBe(plain);
  });

  it('publishes a draft with its attachments, dated when published, with audit entry and a public change', async () => {
    const wrId = await newNotice({ title: '나중에 게시', draft: true });
    const up = await t.api('POST', `/api/notice/${wrId}/attachments`, {
      token: admin,
      rawBody: form(pdf(), '안내.pdf'),
    });
    expect(up.status).toBe(201);
    const before = (await t.api('GET', `/api/notice/${wrId}`, { token: admin })).body.data;
    await t.takeChanges();
    const res = await t.api('POST', `/api/notice/${wrId}/publish`, { token: tok.boardWriter });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ published: true, attachmentCount: 1 });
    expect(res.body.data.createdAt >= before.createdAt).toBe(true);
    const read = await t.api('GET', `/api/notice/${wrId}`);
    expect(read.status).toBe(200);
    expect(read.body.data.attachments.map((a: { originalName: string }) => a.originalName)).toEqual(
      ['안내.pdf'],
    );
    expect(await listed()).toContain(wrId);
    expect((await t.takeChanges()).changes).toEqual([`notice:${wrId}`]);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'update', entity: 'notice', entity_id: String(wrId) });
    expect(JSON.parse(entry.after_json!)).toEqual({ published: true });

    // Publishing again changes nothing; unpublishing takes it off the public list.
    const audits = await count('audit_log');
    expect((await t.api('POST', `/api/notice/${wrId}/publish`, { token: admin })).status).toBe(200);
    expect(await count('audit_log')).toBe(audits);
    const down = await t.api('POST', `/api/notice/${wrId}/unpublish`, { token: admin });
    expect(down.body.data.published).toBe(false);
    expect((await t.api('GET', `/api/notice/${wrId}`)).status).toBe(404);
  });

  it('refuses anonymous (401), users without rights (403) and unknown notices (404), changing nothing', async () => {
    const wrId = await newNotice({ title: '권한 시험', draft: true });
    const before = await snapshot();
    expect((await t.api('POST', `/api/notice/${wrId}/publish`)).status).toBe(401);
    for (const token of [tok.plain, tok.grade3, tok.boardReader, tok.otherMain]) {
      const res = await t.api('POST', `/api/notice/${wrId}/publish`, { token });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(hangul);
    }
    const missing = await t.api('POST', '/api/notice/999999/publish', { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(noticeMissing);
    expect(await snapshot()).toEqual(before);
    expect((await t.api('GET', `/api/notice/${wrId}`)).status).toBe(404);
  });

  it('answers 400 in Korean for a draft flag that is not true or false', async () => {
    const res = await t.api('POST', `/api/league/main/${mainId}/notice`, {
      token: admin,
      body: { title: '잘못된 값', draft: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(hangul);
  });
});
