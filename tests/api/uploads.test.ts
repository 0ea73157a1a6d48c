import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../src/server/db/dialect.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { saveUpload } from '../../src/server/services/uploads.ts';
import type { SavedUpload } from '../../src/server/services/uploads.ts';
import { contentDisposition, serveUploads } from '../../src/server/routes/uploads/serve-uploads.ts';
import { databaseDigest, dataFiles } from './write-endpoints.ts';

let t: TestApp;
let site: Hono;
let pdfUpload: SavedUpload;
let pngUpload: SavedUpload;
let csvUpload: SavedUpload;

const pdfBytes = new Uint8Array(
  Buffer.from('%PDF-1.7\n<script>alert(1)</script>\n%%EOF\n', 'latin1'),
);
const pngBytes = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const csvBytes = new Uint8Array(Buffer.from('팀,승,패\n서울,3,1\n', 'utf8'));

const file = (bytes: Uint8Array, name: string) => new File([bytes as BlobPart], name);

beforeAll(async () => {
  t = await createTestApp();
  const rules = (kinds: Array<'image' | 'document' | 'spreadsheet'>) => ({
    kinds,
    maxBytes: 10 * 1024 * 1024,
    userId: null,
  });
  pdfUpload = await saveUpload(
    t.db,
    t.dir,
    file(pdfBytes, '2025 경기 규정 "최종".pdf'),
    rules(['document']),
  );
  pngUpload = await saveUpload(t.db, t.dir, file(pngBytes, '포스터.png'), rules(['image']));
  csvUpload = await saveUpload(t.db, t.dir, file(csvBytes, '일정.csv'), rules(['spreadsheet']));
  site = new Hono();
  site.get('/uploads/*', serveUploads(t.dir, t.db));
});

afterAll(async () => {
  await t?.close();
});

describe('serveUploads', () => {
  it('serves a document as a download with the recorded type and nosniff', async () => {
    const res = await site.request(pdfUpload.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent('2025 경기 규정 "최종".pdf')}`,
    );
    expect(disposition).not.toMatch(/filename="[^"]*"[^;]*"/);
    expect(res.headers.get('content-length')).toBe(String(pdfBytes.length));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes);
  });

  it('serves an image inline', async () => {
    const res = await site.request(pngUpload.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    // the stored picture is the one uploaded, re-encoded without its metadata
    const served = new Uint8Array(await res.arrayBuffer());
    expect(served.length).toBe(pngUpload.size);
    expect([...served.subarray(0, 8)]).toEqual([...pngBytes.subarray(0, 8)]);
  });

  it('serves text with its charset, as a download', async () => {
    const res = await site.request(csvUpload.url);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await res.text()).toBe('팀,승,패\n서울,3,1\n');
  });

  it('answers HEAD without a body and a matching If-None-Match with 304', async () => {
    const head = await site.request(pdfUpload.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(await head.text()).toBe('');
    const etag = head.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const cached = await site.request(pdfUpload.url, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
  });

  it('answers 404 for a path that is not a recorded upload', async () => {
    expect((await site.request('/uploads/2020/01/000000000000000000000000.pdf')).status).toBe(404);
    // a file on disk that the uploads table does not know
    mkdirSync(join(t.dir, 'uploads', 'stray'), { recursive: true });
    writeFileSync(join(t.dir, 'uploads', 'stray', 'x.pdf'), pdfBytes);
    const stray = await site.request('/uploads/stray/x.pdf');
    expect(stray.status).toBe(404);
    expect(stray.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 when the recorded file is gone from disk', async () => {
    const gone = await saveUpload(t.db, t.dir, file(pdfBytes, 'gone.pdf'), {
      kinds: ['document'],
      maxBytes: 1e6,
      userId: null,
    });
    rmSync(join(t.dir, 'uploads', gone.path));
    expect((await site.request(gone.url)).status).toBe(404);
  });

  it('answers 404 to path traversal, even when a forged row points outside the folder', async () => {
    writeFileSync(join(t.dir, 'secret.txt'), 'secret');
    for (const path of [
      '../secret.txt',
      '..\\secret.txt',
      '/etc/passwd',
      '2025/../../secret.txt',
    ]) {
      await t.db
        .insertInto('uploads')
        .values({ path, original_name: 'x', mime: 'text/plain', size: 6, sha256: 'x' })
        .execute();
    }
    const attempts = [
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/%2E%2E/secret.txt',
      '/uploads/..%5Csecret.txt',
      '/uploads/%2Fetc%2Fpasswd',
      '/uploads//etc/passwd',
      '/uploads/2025/..%2F..%2Fsecret.txt',
      '/uploads/2025%2F..%2F..%2Fsecret.txt',
      '/uploads/..%00.pdf',
      '/uploads/%E0%A4%A',
      '/uploads/',
      '/uploads/sbsa.sqlite',
      '/uploads/../sbsa.sqlite',
    ];
    for (const url of attempts) {
      const res = await site.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('secret');
    }
  });

  it('finds the database through c.var.deps when none is given', async () => {
    const app = new Hono<{ Variables: { deps: { db: typeof t.db } } }>();
    app.use('*', async (c, next) => {
      c.set('deps', { db: t.db });
      await next();
    });
    app.get('/uploads/*', serveUploads(t.dir));
    const res = await app.request(pngUpload.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and an RFC 5987 UTF-8 name', () => {
    expect(contentDisposition('attachment', '일정표 (최종).xlsx')).toBe(
      `attachment; filename="___ (__).xlsx"; filename*=UTF-8''%EC%9D%BC%EC%A0%95%ED%91%9C%20%28%EC%B5%9C%EC%A2%85%29.xlsx`,
    );
    expect(contentDisposition('inline', 'a"b;c\\d.png')).toBe(
      `inline; filename="a_b_c_d.png"; filename*=UTF-8''a%22b%3Bc%5Cd.png`,
    );
  });
});

describe('upload writes leave no file behind when they do not commit', () => {
  let u: TestApp;
  let admin: string;
  let leaguePath: string;
  let leagueId: number;
  const scheduleCsv = [
    '날짜,시간,구장,홈팀,원정팀,라운드',
    '2025-09-12,09:00,잠실,서울,부산,1라운드',
  ].join('\r\n');
  const form = (bytes: Uint8Array, name: string) => {
    const f = new FormData();
    f.append('file', new File([bytes as BlobPart], name));
    return f;
  };
  /** The database and the data folder, to compare before and after a call. */
  const state = async () => ({ database: await databaseDigest(u), files: dataFiles(u.dir) });

  beforeAll(async () => {
    u = await createTestApp();
    admin = await u.adminToken();
    const season = await u.db
      .insertInto('seasons')
      .values({ main_id: u.main.id, name: '2025 시즌', year: 2025, active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    leagueId = (
      await u.db
        .insertInto('leagues')
        .values({ season_id: season.id, name: '여자부' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const name of ['서울', '부산']) {
      const team = await u.db
        .insertInto('teams')
        .values({ main_id: u.main.id, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await u.db
        .insertInto('league_teams')
        .values({ league_id: leagueId, team_id: team.id })
        .execute();
    }
    leaguePath = `/api/league/main/${u.main.id}/season/${season.id}/league/${leagueId}`;
  });

  afterAll(async () => {
    await u?.close();
  });

  it('refuses a schedule file of 5 MB and one byte with 413 and a Korean message, writing nothing', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41);
    bytes.set(new TextEncoder().encode(`${scheduleCsv}\r\n`));
    const before = await state();
    const res = await u.api(
      'POST',
      `/api/league/league/${leagueId}/schedule/upload_file?dryRun=false`,
      { token: admin, rawBody: form(bytes, '일정.csv') },
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      ok: false,
      message: '파일이 너무 큽니다. 5MB 이하만 올릴 수 있습니다.',
    });
    expect(await state()).toEqual(before);
  });

  it('takes a schedule file of exactly 5 MB', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024).fill(0x20);
    bytes.set(new TextEncoder().encode(`${scheduleCsv}\r\n`));
    const res = await u.api(
      'POST',
      `/api/league/league/${leagueId}/schedule/upload_file?dryRun=true`,
      { token: admin, rawBody: form(bytes, '일정.csv') },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  // A database failure after the file is written: a trigger stands in for one, on this connection
  // on SQLite; PostgreSQL has no temporary triggers, and this app's database is its own there.
  async function failing<T>(table: string, event: string, call: () => Promise<T>): Promise<T> {
    const pg = onPostgres(u.db);
    if (pg) {
      await u.sql.run(
        "CREATE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$",
      );
      await u.sql.run(
        `CREATE TRIGGER injected_failure BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION injected_failure()`,
      );
    } else
      await u.sql.run(
        `CREATE TEMP TRIGGER injected_failure BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
      );
    try {
      return await call();
    } finally {
      if (pg) {
        await u.sql.run(`DROP TRIGGER injected_failure ON ${table}`);
        await u.sql.run('DROP FUNCTION injected_failure()');
      } else await u.sql.run('DROP TRIGGER temp.injected_failure');
    }
  }

  it('removes the league logo it wrote when the transaction fails later', async () => {
    const png = new Uint8Array(
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    const before = await state();
    const res = await failing('leagues', 'UPDATE OF logo', () =>
      u.api('POST', `${leaguePath}/logo`, { token: admin, rawBody: form(png, 'logo.png') }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.ok).toBe(false);
    expect(await state()).toEqual(before);
    // and the same upload goes through once nothing fails
    const again = await u.api('POST', `${leaguePath}/logo`, {
      token: admin,
      rawBody: form(png, 'logo.png'),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(dataFiles(u.dir)).not.toEqual(before.files);
  });

  it('removes the schedule file it wrote when adding the games fails', async () => {
    const before = await state();
    const res = await failing('games', 'INSERT', () =>
      u.api('POST', `/api/league/league/${leagueId}/schedule/upload_file?dryRun=false`, {
        token: admin,
        rawBody: form(new TextEncoder().encode(scheduleCsv), '일정.csv'),
      }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.ok).toBe(false);
    expect(await state()).toEqual(before);
  });
});
