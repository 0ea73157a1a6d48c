import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { migrations } from '../../src/server/db/migrate.ts';
import { exportToString } from '../../src/server/ops/export-data.ts';
import { ImportError, importData, nonEmptyReasons } from '../../src/server/ops/import-data.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { runToExit, serverEnv } from './helpers/child-server.ts';
import { buildSite, compareSites, removeSite, siteAvailable } from './helpers/site.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let source: TestApp;
let exported: string;
const temps: string[] = [];
const apps: TestApp[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'sbsa-import-'));
  temps.push(d);
  return d;
};
const empty = async () => {
  const t = await createTestApp();
  apps.push(t);
  return t;
};
const dump = (t: TestApp) => exportToString(join(t.dir, 'sbsa.sqlite'), t.dir);

beforeAll(async () => {
  source = await createTestApp({ seed: seedDemo });
  const token = await source.adminToken();
  const notice = await source.api('POST', '/api/league/main/1/notice', {
    token,
    body: { title: '첨부 파일 공지', body: '내보내기 시험' },
  });
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), '팀 로고.png');
  const upload = await source.api('POST', `/api/notice/${notice.body.data.wrId}/attachments`, {
    token,
    rawBody: form,
  });
  expect(upload.status).toBe(201);
  exported = dump(source);
});

afterAll(async () => {
  for (const t of [source, ...apps]) await t?.close();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('whole-instance export', () => {
  it('carries every table but sessions and build history, the schema version and the uploads', () => {
    const file = JSON.parse(exported);
    expect(file.format).toBe('sbsa-export');
    expect(file.schema).toEqual(migrations.map((m) => m.name));
    expect(Object.keys(file.tables)).toEqual(
      expect.arrayContaining([
        'games',
        'game_batting',
        'game_pitching',
        'game_innings',
        'league_players',
        'notices',
        'users',
        'audit_log',
        'uploads',
      ]),
    );
    expect(Object.keys(file.tables)).not.toContain('refresh_tokens');
    expect(Object.keys(file.tables)).not.toContain('publish_runs');
    expect(file.tables.games.rows.length).toBeGreaterThan(100);
    expect(file.uploads).toHaveLength(1);
    // the file as stored (a picture is stored re-encoded, without its metadata)
    expect(Buffer.from(file.uploads[0].base64, 'base64')).toEqual(
      readFileSync(join(source.dir, 'uploads', file.uploads[0].path)),
    );
  });

  it('is the same bytes when nothing changed', () => {
    expect(dump(source)).toBe(exported);
  });
});

describe('import into an empty instance', () => {
  it('round-trips: export → import → export gives identical JSON', async () => {
    const target = await empty();
    const result = await importData(
      { sqlite: target.sqlite, db: target.db },
      target.dir,
      JSON.parse(exported),
    );
    expect(result.uploads).toBe(1);
    expect(result.upgradedFrom).toBeNull();
    expect(dump(target)).toBe(exported);
  });

  it('refuses an instance that has data, changing nothing', async () => {
    const target = await empty();
    await target.db
      .insertInto('divisions')
      .values({ main_id: target.main.id, name: '여자부' })
      .execute();
    const before = dump(target);
    const err = await importData(
      { sqlite: target.sqlite, db: target.db },
      target.dir,
      JSON.parse(exported),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).status).toBe(409);
    expect((err as Error).message).toContain('빈 인스턴스에만');
    expect(dump(target)).toBe(before);
  });

  it('refuses a file that is not an export, or whose references do not hold, writing nothing', async () => {
    const target = await empty();
    const before = dump(target);
    await expect(
      importData({ sqlite: target.sqlite }, target.dir, { hello: 'world' }),
    ).rejects.toMatchObject({ status: 400 });
    const broken = JSON.parse(exported);
    broken.tables.teams.rows = broken.tables.teams.rows.slice(1); // games and rosters now point at a missing team
    await expect(importData({ sqlite: target.sqlite }, target.dir, broken)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('foreign key'),
    });
    const tampered = JSON.parse(exported);
    tampered.uploads[0].base64 = Buffer.from('not the file').toString('base64');
    await expect(importData({ sqlite: target.sqlite }, target.dir, tampered)).rejects.toMatchObject(
      { status: 400 },
    );
    expect(dump(target)).toBe(before);
  });

  it('works from the command line: npm run export, npm run import into a fresh data folder', async () => {
    const file = join(temp(), 'sbsa-export.json');
    const out = await runToExit(['scripts/export.ts', file], serverEnv(source.dir));
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).not.toContain('경고'); // every upload file is in place
    const dir = temp();
    const run = await runToExit(['scripts/import.ts', file], serverEnv(dir));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('가져오기 완료');
    expect(run.stderr).not.toContain('경고');
    expect(exportToString(join(dir, 'sbsa.sqlite'), dir)).toBe(exported);
    const again = await runToExit(['scripts/import.ts', file], serverEnv(dir));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('빈 인스턴스에만');
  });

  it.skipIf(!siteAvailable)(
    'the imported instance builds the same public pages byte for byte',
    async () => {
      const file = join(temp(), 'sbsa-export.json');
      writeFileSync(file, exported);
      const dir = temp();
      expect((await runToExit(['scripts/import.ts', file], serverEnv(dir))).code).toBe(0);
      const original = await buildSite(join(source.dir, 'sbsa.sqlite'));
      const imported = await buildSite(join(dir, 'sbsa.sqlite'));
      try {
        const diff = compareSites(original, imported);
        console.info(
          `[export-import] public site of the original vs. the imported instance: ${diff.pages} pages, ${diff.files} files, ${diff.differences.length} differences`,
        );
        expect(diff.pages).toBeGreaterThan(10);
        expect(diff.differences).toEqual([]);
      } finally {
        removeSite(original);
        removeSite(imported);
      }
    },
  );

  it('refuses an export from a newer version of the program, importing nothing', async () => {
    const newer = JSON.parse(exported);
    newer.schema.push('999-from-a-newer-version');
    const target = await empty();
    const before = dump(target);
    const err = await importData({ sqlite: target.sqlite, db: target.db }, target.dir, newer).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).status).toBe(400);
    expect((err as Error).message).toContain(
      '이 프로그램보다 새로운 버전에서 내보낸 파일이라 가져오지 않았습니다',
    );
    expect((err as Error).message).toContain('999-from-a-newer-version');
    expect(dump(target)).toBe(before);

    const file = join(temp(), 'sbsa-export-newer.json');
    writeFileSync(file, JSON.stringify(newer));
    const dir = temp();
    const run = await runToExit(['scripts/import.ts', file], serverEnv(dir));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('가져오지 않았습니다 / import refused');
    expect(run.stderr).toContain('새로운 버전에서 내보낸 파일');
    expect(run.stderr).toContain('999-from-a-newer-version');
    const db = new DatabaseSync(join(dir, 'sbsa.sqlite'), { readOnly: true });
    try {
      expect(nonEmptyReasons(db)).toEqual([]);
      expect(db.prepare('SELECT count(*) AS n FROM users').get()!.n).toBe(0);
    } finally {
      db.close();
    }
    expect(readdirSync(dir)).not.toContain('rebuild-site');
  });

  it('brings an export of an older schema up to this version', async () => {
    const shipped = migrations.length;
    migrations.push({
      name: '903-test-division-color',
      sql: "ALTER TABLE divisions ADD COLUMN color TEXT NOT NULL DEFAULT 'navy'",
    });
    try {
      const target = await empty();
      const result = await importData(
        { sqlite: target.sqlite, db: target.db },
        target.dir,
        JSON.parse(exported),
      );
      expect(result.upgradedFrom).toEqual(migrations.slice(0, shipped).map((m) => m.name));
      const again = JSON.parse(dump(target));
      expect(again.schema).toEqual(migrations.map((m) => m.name));
      expect(again.tables.divisions.columns).toContain('color');
      expect(again.tables.games).toEqual(JSON.parse(exported).tables.games);
    } finally {
      migrations.splice(shipped);
    }
  });
});

describe('upload files missing or altered on disk', () => {
  it('are exported without content and left out by the import, both commands saying so', async () => {
    const app = await empty();
    const token = await app.adminToken();
    const notice = await app.api('POST', '/api/league/main/1/notice', {
      token,
      body: { title: '첨부 두 개', body: '하나는 지워지고 하나는 바뀝니다' },
    });
    expect(notice.status).toBe(201);
    for (const name of ['사라질 파일.png', '바뀔 파일.png']) {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), name);
      expect(
        (
          await app.api('POST', `/api/notice/${notice.body.data.wrId}/attachments`, {
            token,
            rawBody: form,
          })
        ).status,
      ).toBe(201);
    }
    const [gone, changed] = app.sqlite
      .prepare('SELECT path FROM uploads ORDER BY id')
      .all()
      .map((r) => String(r.path));
    rmSync(join(app.dir, 'uploads', gone));
    writeFileSync(join(app.dir, 'uploads', changed), 'no longer the uploaded picture');

    const file = join(temp(), 'sbsa-export.json');
    const out = await runToExit(['scripts/export.ts', file], serverEnv(app.dir));
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('내보내기 완료');
    expect(out.stderr).toContain(
      '경고 / warning: 첨부 파일 2개를 내용 없이 내보냈습니다 (2 upload files exported without content)',
    );
    expect(out.stderr).toContain(`uploads/${gone}: 파일 없음 / missing`);
    expect(out.stderr).toContain(`uploads/${changed}: 내용이 기록과 다름 / altered`);
    const json = JSON.parse(readFileSync(file, 'utf8'));
    expect(
      json.uploads.map((u: { path: string; base64: string | null }) => [u.path, u.base64]),
    ).toEqual([
      [gone, null],
      [changed, null],
    ]);
    // to stdout the export stays clean JSON, the warning goes to stderr
    const piped = await runToExit(['scripts/export.ts', '-'], serverEnv(app.dir));
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout)).toEqual(json);
    expect(piped.stderr).toContain('첨부 파일 2개를 내용 없이 내보냈습니다');

    const dir = temp();
    const run = await runToExit(['scripts/import.ts', file], serverEnv(dir));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('0 uploads');
    expect(run.stderr).toContain(
      '경고 / warning: 내보내기 파일에 내용이 없는 첨부 파일 2개는 가져오지 않았습니다 (2 upload files had no content in the export and were skipped)',
    );
    expect(run.stderr).toContain(`uploads/${gone}`);
    expect(run.stderr).toContain(`uploads/${changed}`);
    expect(existsSync(join(dir, 'uploads', gone))).toBe(false);
    expect(existsSync(join(dir, 'uploads', changed))).toBe(false);
    expect(
      JSON.parse(exportToString(join(dir, 'sbsa.sqlite'), dir)).tables.uploads.rows,
    ).toHaveLength(2);
  });
});
