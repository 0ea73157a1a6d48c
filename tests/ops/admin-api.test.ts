import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { exportToString } from '../../src/server/ops/export-data.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { canMount, fillDisk, mountTmpfs } from './helpers/mounts.ts';

let source: TestApp;
let admin: string;
let manager: string;
const others: TestApp[] = [];

beforeAll(async () => {
  source = await createTestApp({ seed: seedDemo });
  admin = await source.adminToken();
  manager = (await source.makeUser({ email: 'grade1@sbsa.kr', grade: 1 })).token;
});
afterAll(async () => {
  for (const t of [source, ...others]) await t?.close();
});

describe('POST /api/admin/backup and GET /api/admin/backups', () => {
  it('backs up for a site admin and lists the backups with the schedule', async () => {
    const res = await source.api('POST', '/api/admin/backup', { token: admin });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      reason: 'manual',
      by: 'admin@sbsa.kr',
      migrations: migrations.map((m) => m.name),
      uploads: { files: 0, bytes: 0 },
    });
    expect(res.body.data.path).toBeUndefined();
    const list = await source.api('GET', '/api/admin/backups', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.latest.file).toBe(res.body.data.file);
    expect(list.body.data).toMatchObject({
      intervalHours: 24,
      retention: { newest: 10, days: 7, weeks: 4 },
    });
    expect(Date.parse(list.body.data.nextAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('is for site admins only', async () => {
    expect((await source.api('POST', '/api/admin/backup')).status).toBe(401);
    expect((await source.api('POST', '/api/admin/backup', { token: manager })).status).toBe(403);
    expect((await source.api('GET', '/api/admin/backups', { token: manager })).status).toBe(403);
    expect((await source.api('GET', '/api/admin/export', { token: manager })).status).toBe(403);
    expect(
      (await source.api('POST', '/api/admin/import', { token: manager, body: {} })).status,
    ).toBe(403);
  });

  it.skipIf(!canMount())('answers 507 with a Korean message when the disk is full', async () => {
    const fs = mountTmpfs(24);
    try {
      const t = await createTestApp({ env: { DATA_DIR: fs.dir } });
      others.push(t);
      const token = await t.adminToken();
      fillDisk(fs.dir);
      const res = await t.api('POST', '/api/admin/backup', { token });
      expect(res.status).toBe(507);
      expect(res.body).toEqual({
        ok: false,
        message: expect.stringContaining('디스크 공간이 부족해'),
      });
      await t.close();
      others.pop();
    } finally {
      fs.unmount();
    }
  });
});

describe('GET /api/admin/export and POST /api/admin/import', () => {
  it('downloads the whole instance as one JSON file', async () => {
    const res = await source.app.request('/api/admin/export?reason=backup-copy', {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sbsa-export-\d{8}-\d{6}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toBe(exportToString(join(source.dir, 'sbsa.sqlite'), source.dir));
    expect(JSON.parse(text).schema).toEqual(migrations.map((m) => m.name));
  });

  it('imports into an empty instance only, and the copy exports the same', async () => {
    const file = exportToString(join(source.dir, 'sbsa.sqlite'), source.dir);
    const full = await source.api('POST', '/api/admin/import', {
      token: admin,
      rawBody: file,
      headers: { 'content-type': 'application/json' },
    });
    expect(full.status).toBe(409);
    expect(full.body.message).toContain('빈 인스턴스에만');

    const target = await createTestApp();
    others.push(target);
    const token = await target.adminToken();
    const bad = await target.api('POST', '/api/admin/import', {
      token,
      body: { format: 'something-else' },
    });
    expect(bad.status).toBe(400);
    const res = await target.api('POST', '/api/admin/import', {
      token,
      rawBody: file,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows).toBeGreaterThan(1000);
    // the import replaced every table: every page is rendered
    expect((await target.takeChanges()).changes).toBeNull();
    // The copy is the original plus the audit entry of the import itself.
    const copy = JSON.parse(exportToString(join(target.dir, 'sbsa.sqlite'), target.dir));
    const audit = copy.tables.audit_log;
    const importEntry = Object.fromEntries(
      audit.columns.map((c: string, i: number) => [c, audit.rows.at(-1)[i]]),
    );
    expect(importEntry).toMatchObject({ action: 'import', entity: 'data' });
    audit.rows.pop();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(JSON.parse(file)));
    // the accounts are now the exported ones: the source's admin password signs in
    const login = await target.api('POST', '/api/auth/login', {
      body: { email: 'league1@sbsa.kr', password: 'demo-password-1' },
    });
    expect(login.status).toBe(200);
  });
});
