import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminLogin, runToExit, serverEnv, startServer } from './helpers/child-server.ts';
import { call, login } from './helpers/http.ts';
import { buildSite, compareSites, removeSite, siteAvailable } from './helpers/site.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-restore-'));
const offsite = mkdtempSync(join(tmpdir(), 'sbsa-offsite-'));
const sites: string[] = [];
let siteBefore: string | null = null;
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(offsite, { recursive: true, force: true });
  for (const s of sites) removeSite(s);
});

// 1×1 transparent PNG
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function exportJson(dir: string): Promise<string> {
  const run = await runToExit(['scripts/export.ts', '-'], serverEnv(dir));
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe('backup → wipe → restore', () => {
  it('brings back the same data, uploads and public pages', async () => {
    const server = await startServer(dataDir);
    let backupFile: string;
    let stored: Buffer | undefined;
    try {
      const token = await login(server.url, adminLogin);
      // work after the seed: a notice with an attachment (an upload file)
      const notice = await call(server.url, 'POST', '/api/league/main/1/notice', {
        token,
        body: { title: '백업 시험 공지', body: '첨부 파일이 있는 공지' },
      });
      expect(notice.status).toBe(201);
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), '로고.png');
      const upload = await fetch(`${server.url}/api/notice/${notice.body.data.wrId}/attachments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      // a picture is stored re-encoded, without its metadata: these are the bytes to bring back
      const url: string = (await upload.json()).data.url;
      stored = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
      // `npm run backup` while the server runs: an online backup
      const run = await runToExit(['scripts/backup.ts'], serverEnv(dataDir));
      expect(run.code, run.stderr).toBe(0);
      backupFile = /sbsa-\d{8}-\d{6}(?:-\d+)?\.sqlite/.exec(run.stdout)![0];
    } finally {
      await server.stop();
    }
    const before = await exportJson(dataDir);
    expect(before).toContain('백업 시험 공지');
    if (siteAvailable) {
      siteBefore = await buildSite(join(dataDir, 'sbsa.sqlite'));
      sites.push(siteBefore);
    }

    // Take the backup off the machine, as an operator would, then lose the whole data folder.
    const base = backupFile.replace(/\.sqlite$/, '');
    for (const suffix of ['.sqlite', '.json', '.uploads'])
      cpSync(join(dataDir, 'backups', base + suffix), join(offsite, base + suffix), {
        recursive: true,
      });
    rmSync(dataDir, { recursive: true, force: true });

    const restore = await runToExit(
      ['scripts/restore.ts', join(offsite, backupFile)],
      serverEnv(dataDir),
    );
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('1개 복원');
    const after = await exportJson(dataDir);
    expect(after).toBe(before);
    const uploads = readdirSync(join(dataDir, 'uploads'), { recursive: true }).filter((f) =>
      String(f).endsWith('.png'),
    );
    expect(uploads).toHaveLength(1);
    expect(readFileSync(join(dataDir, 'uploads', String(uploads[0])))).toEqual(stored);
    expect(existsSync(join(dataDir, 'rebuild-site'))).toBe(true);

    // the restored instance starts (its integrity check passes) and has the notice
    const again = await startServer(dataDir);
    try {
      const list = await call(again.url, 'GET', '/api/league/main/1/notice?q=백업');
      expect(list.body.data.items.map((n: { title: string }) => n.title)).toContain(
        '백업 시험 공지',
      );
      const served = await fetch(
        `${again.url}/uploads/${String(uploads[0]).split('\\').join('/')}`,
      );
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(stored);
    } finally {
      await again.stop();
    }
    console.info(
      `[restore] ${backupFile}: whole-instance export after wipe + restore identical to before (${(after.length / 1024).toFixed(0)} KB), 1 upload restored`,
    );
  });

  it.skipIf(!siteAvailable)(
    'the public pages rebuilt after the restore equal the ones before, byte for byte',
    async () => {
      expect(siteBefore, 'the site was built before the wipe').not.toBeNull();
      const restored = await buildSite(join(dataDir, 'sbsa.sqlite'));
      sites.push(restored);
      const diff = compareSites(siteBefore!, restored);
      console.info(
        `[restore] public site before backup vs. after restore: ${diff.pages} pages, ${diff.files} files, ${diff.differences.length} differences${diff.differences
          .slice(0, 8)
          .map((d) => `\n  ${d}`)
          .join('')}`,
      );
      expect(diff.pages).toBeGreaterThan(10);
      expect(diff.differences).toEqual([]);
    },
  );
});
