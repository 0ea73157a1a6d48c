import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminLogin, runToExit, serverEnv, startServer } from './helpers/child-server.ts';
import { call, login } from './helpers/http.ts';
import { buildSite, compareSites, removeSite, siteAvailable } from './helpers/site.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-restore-'));
const offsite = mkdtempSync(join(tmpdir(), 'sbsa-offsite-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(offsite, { recursive: true, force: true });
});

// 1×1 transparent PNG
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const exportJson = async () => {
  const run = await runToExit(['scripts/export.ts', '-'], serverEnv(dataDir));
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
};

describe('backup → wipe → restore', () => {
  it('brings back the same data, uploads and public pages', async () => {
    const server = await startServer(dataDir);
    let backupFile: string;
    try {
      const token = await login(server.url, adminLogin);
      // some work after the seed: a notice with an attachment (an upload file), an edited record
      const notice = await call(server.url, 'POST', '/api/league/main/1/notice', { token, body: { title: '백업 시험 공지', body: '첨부 파일이 있는 공지' } });
      expect(notice.status).toBe(201);
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), '로고.png');
      const upload = await fetch(`${server.url}/api/notice/${notice.body.data.wrId}/attachments`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(upload.status).toBe(201);

      const backup = await call(server.url, 'POST', '/api/admin/backup', { token });
      expect(backup.status).toBe(201);
      expect(backup.body.data.uploads.files).toBe(1);
      backupFile = backup.body.data.file;
      // writes after the backup are not part of it
      await call(server.url, 'POST', '/api/league/main/1/notice', { token, body: { title: '백업 뒤의 공지' } });
    } finally {
      await server.stop();
    }

    // Take the backup off the machine, as an operator would, then lose the whole data folder.
    const base = backupFile.replace(/\.sqlite$/, '');
    for (const suffix of ['.sqlite', '.json', '.uploads']) cpSync(join(dataDir, 'backups', base + suffix), join(offsite, base + suffix), { recursive: true });
    // the state the backup holds: the data folder with the notice after the backup removed, as a reference
    const reference = mkdtempSync(join(tmpdir(), 'sbsa-reference-'));
    cpSync(join(offsite, backupFile), join(reference, 'sbsa.sqlite'));
    const before = (await runToExit(['scripts/export.ts', '-'], serverEnv(reference))).stdout;
    rmSync(reference, { recursive: true, force: true });
    expect(before).toContain('백업 시험 공지');
    expect(before).not.toContain('백업 뒤의 공지');

    rmSync(dataDir, { recursive: true, force: true });
    const restore = await runToExit(['scripts/restore.ts', join(offsite, backupFile)], serverEnv(dataDir));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('1개 복원');

    const after = await exportJson();
    expect(after).toBe(before);
    const uploads = readdirSync(join(dataDir, 'uploads'), { recursive: true }).filter((f) => String(f).endsWith('.png'));
    expect(uploads).toHaveLength(1);
    expect(readFileSync(join(dataDir, 'uploads', String(uploads[0])))).toEqual(png);
    expect(existsSync(join(dataDir, 'rebuild-site'))).toBe(true);

    // the restored instance starts (integrity check passes) and serves the attachment
    const again = await startServer(dataDir);
    try {
      const token = await login(again.url, adminLogin);
      const list = await call(again.url, 'GET', '/api/league/main/1/notice?q=백업', { token });
      expect(list.body.data.items?.map((n: { title: string }) => n.title) ?? JSON.stringify(list.body)).toContain('백업 시험 공지');
    } finally {
      await again.stop();
    }
    console.info(`[restore] ${basename(backupFile)}: export after restore identical to the backup's (${(after.length / 1024).toFixed(0)} KB), 1 upload restored`);
  });

  it.skipIf(!siteAvailable)('the restored database builds the same public pages byte for byte', async () => {
    const backups = readdirSync(offsite).filter((f) => f.endsWith('.sqlite'));
    const original = await buildSite(join(offsite, backups[0]));
    const restored = await buildSite(join(dataDir, 'sbsa.sqlite'));
    try {
      const diff = compareSites(original, restored);
      console.info(`[restore] public site from the backup vs. after restore: ${diff.pages} pages, ${diff.files} files, ${diff.differences.length} differences`);
      expect(diff.pages).toBeGreaterThan(10);
      expect(diff.differences).toEqual([]);
    } finally {
      removeSite(original);
      removeSite(restored);
    }
  });
});
