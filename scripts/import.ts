// npm run import -- <file.json>: loads an export into an empty, stopped instance.
import { existsSync, readFileSync } from 'node:fs';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { createBackup } from '../src/server/ops/create-backup.ts';
import { dataPaths } from '../src/server/ops/data-paths.ts';
import { importData } from '../src/server/ops/import-data.ts';
import { markSiteRebuild } from '../src/server/ops/rebuild-marker.ts';
import { assertServerStopped } from '../src/server/ops/server-lock.ts';
import { checkDataFolder, prepareDatabase } from '../src/server/ops/startup-checks.ts';

const file = process.argv[2];
if (!file) {
  process.stderr.write('사용법 / usage: npm run import -- <export.json>\n');
  process.exit(2);
}
const config = loadConfig();
try {
  assertServerStopped(config.dataDir);
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  checkDataFolder(config.dataDir);
  const paths = dataPaths(config.dataDir);
  const existed = existsSync(paths.dbFile);
  const opened = openDatabase(paths.dbFile, { migrate: false });
  try {
    await prepareDatabase(opened.sqlite, config.dataDir);
    // the instance is empty (checked again inside the import), but what start-up made is kept aside anyway
    if (existed) await createBackup({ dataDir: config.dataDir, reason: 'pre-import' });
    const r = await importData({ sqlite: opened.sqlite }, config.dataDir, value);
    markSiteRebuild(config.dataDir, '데이터 가져오기');
    process.stdout.write(
      `가져오기 완료 / imported: ${r.tables} tables, ${r.rows} rows, ${r.uploads} uploads` +
      `${r.upgradedFrom ? ` (스키마 ${r.upgradedFrom.join(', ')}에서 올림 / upgraded)` : ''}\n` +
      '  내보낸 인스턴스의 계정으로 로그인하세요 / sign in with an account of the exported instance.\n',
    );
  } finally {
    await opened.close();
  }
} catch (err) {
  process.stderr.write(`가져오지 않았습니다 / import refused\n  ${(err as Error).message}\n`);
  process.exit(1);
}
