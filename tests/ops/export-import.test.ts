import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { migrations } from '../../src/server/db/migrate.ts';
import { exportToString } from '../../src/server/ops/export-data.ts';
import { ImportError, importData } from '../../src/server/ops/import-data.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { runToExit, serverEnv } from './helpers/child-server.ts';
import { buildSite, compareSites, removeSite, siteAvailable } from './helpers/site.ts';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let source: TestApp;
let exported: string;
const temps: string[] = [];
const apps: TestApp[] = [];
const temp = () => { const d = mkdtempSync(join(tmpdir(), 'sbsa-import-')); temps.push(d); return d; };
const empty = async () => { const t = await createTestApp(); apps.push(t); return t; };
const dump = (t: TestApp) => exportToString(join(t.dir, 'sbsa.sqlite'), t.dir);

beforeAll(async () => {
  source = await createTestApp({ seed: seedDemo });
  const token = await source.adminToken();
  const notice = await source.api('POST', '/api/league/main/1/notice', { token, body: { title: '첨부 파일 공지', body: '내보내기 시험' } });
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), '팀 로고.png');
  const upload = await source.api('POST', `/api/notice/${notice.body.data.wrId}/attachments`, { token, rawBody: form });
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
    expect(Object.keys(file.tables)).toEqual(expect.arrayContaining(['games', 'game_batting', 'game_pitching', 'game_innings', 'league_players', 'notices', 'users', 'audit_log', 'uploads']));
    expect(Object.keys(file.tables)).not.toContain('refresh_tokens');
    expect(Object.keys(file.tables)).not.toContain('publish_runs');
    expect(file.tables.games.rows.length).toBeGreaterThan(100);
    expect(file.uploads).toHaveLength(1);
    expect(Buffer.from(file.uploads[0].base64, 'base64')).toEqual(png);
  });

  it('is the same bytes when nothing changed', () => {
    expect(dump(source)).toBe(exported);
  });
});

describe('import into an empty instance', () => {
  it('round-trips: export → import → export gives identical JSON', async () => {
    const target = await empty();
    const result = await importData({ sqlite: target.sqlite, db: target.db }, target.dir, JSON.parse(exported));
    expect(result.uploads).toBe(1);
    expect(result.upgradedFrom).toBeNull();
    expect(dump(target)).toBe(exported);
  });

  it('refuses an instance that has data, changing nothing', async () => {
    const target = await empty();
    await target.db.insertInto('divisions').values({ main_id: target.main.id, name: '여자부' }).execute();
    const before = dump(target);
    const err = await importData({ sqlite: target.sqlite, db: target.db }, target.dir, JSON.parse(exported)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).status).toBe(409);
    expect((err as Error).message).toContain('빈 인스턴스에만');
    expect(dump(target)).toBe(before);
  });

  it('refuses a file that is not an export, or whose references do not hold, writing nothing', async () => {
    const target = await empty();
    const before = dump(target);
    await expect(importData({ sqlite: target.sqlite }, target.dir, { hello: 'world' })).rejects.toMatchObject({ status: 400 });
    const broken = JSON.parse(exported);
    broken.tables.teams.rows = broken.tables.teams.rows.slice(1); // games and rosters now point at a missing team
    await expect(importData({ sqlite: target.sqlite }, target.dir, broken)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('foreign key') });
    const tampered = JSON.parse(exported);
    tampered.uploads[0].base64 = Buffer.from('not the file').toString('base64');
    await expect(importData({ sqlite: target.sqlite }, target.dir, tampered)).rejects.toMatchObject({ status: 400 });
    expect(dump(target)).toBe(before);
  });

  it('works from the command line: npm run export, npm run import into a fresh data folder', async () => {
    const file = join(temp(), 'sbsa-export.json');
    const out = await runToExit(['scripts/export.ts', file], serverEnv(source.dir));
    expect(out.code, out.stderr).toBe(0);
    const dir = temp();
    const run = await runToExit(['scripts/import.ts', file], serverEnv(dir));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('가져오기 완료');
    expect(exportToString(join(dir, 'sbsa.sqlite'), dir)).toBe(exported);
    const again = await runToExit(['scripts/import.ts', file], serverEnv(dir));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('빈 인스턴스에만');
  });

  it.skipIf(!siteAvailable)('the imported instance builds the same public pages byte for byte', async () => {
    const file = join(temp(), 'sbsa-export.json');
    writeFileSync(file, exported);
    const dir = temp();
    expect((await runToExit(['scripts/import.ts', file], serverEnv(dir))).code).toBe(0);
    const original = await buildSite(join(source.dir, 'sbsa.sqlite'));
    const imported = await buildSite(join(dir, 'sbsa.sqlite'));
    try {
      const diff = compareSites(original, imported);
      console.info(`[export-import] public site of the original vs. the imported instance: ${diff.pages} pages, ${diff.files} files, ${diff.differences.length} differences`);
      expect(diff.pages).toBeGreaterThan(10);
      expect(diff.differences).toEqual([]);
    } finally {
      removeSite(original);
      removeSite(imported);
    }
  });

  it('brings an export of an older schema up to this version', async () => {
    const shipped = migrations.length;
    migrations.push({ name: '903-test-division-color', sql: "ALTER TABLE divisions ADD COLUMN color TEXT NOT NULL DEFAULT 'navy'" });
    try {
      const target = await empty();
      const result = await importData({ sqlite: target.sqlite, db: target.db }, target.dir, JSON.parse(exported));
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
