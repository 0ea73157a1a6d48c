// npm run import -- <file.json>: loads an export into an empty, stopped instance (its SQLite file, or
// the PostgreSQL database DATABASE_URL names).
import { existsSync, readFileSync } from 'node:fs';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import type { OpenedStore } from '../src/server/db/database.ts';
import { appliedPostgresMigrations } from '../src/server/db/migrate-postgres.ts';
import { openPostgres } from '../src/server/db/open-postgres.ts';
import { createBackup } from '../src/server/ops/create-backup.ts';
import { dataPaths } from '../src/server/ops/data-paths.ts';
import { importData, parseExport, uploadsWithoutContent } from '../src/server/ops/import-data.ts';
import { markSiteRebuild } from '../src/server/ops/rebuild-marker.ts';
import { acquireServerLock } from '../src/server/ops/server-lock.ts';
import type { DataLock } from '../src/server/ops/server-lock.ts';
import {
  checkDataFolder,
  prepareDatabase,
  preparePostgres,
} from '../src/server/ops/startup-checks.ts';

const path = process.argv[2];
if (!path) {
  process.stderr.write('사용법 / usage: npm run import -- <export.json>\n');
  process.exit(2);
}
const config = loadConfig();
// held to the end, so no server starts on the folder while the import fills it
let lock: DataLock | null = null;
try {
  lock = acquireServerLock(config.dataDir, 'import', config.sharedDir);
  const file = parseExport(JSON.parse(readFileSync(path, 'utf8')));
  checkDataFolder(config.sharedDir);
  const paths = dataPaths(config.dataDir, config.sharedDir);
  const existed = config.DATABASE_URL ? null : existsSync(paths.dbFile);
  const opened: OpenedStore = config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openDatabase(paths.dbFile, { migrate: false });
  try {
    const hadSchema =
      opened.kind === 'sqlite'
        ? existed
        : (await appliedPostgresMigrations(opened.pool)).length > 0;
    // the start-up checks and migrations a server runs, on either database
    if (opened.kind === 'sqlite') await prepareDatabase(opened.sqlite, config.sharedDir);
    else await preparePostgres(opened.pool, { sharedDir: config.sharedDir, url: opened.url });
    // the instance is empty (checked again inside the import), but what start-up made is kept aside anyway
    if (hadSchema)
      await createBackup({
        dataDir: config.sharedDir,
        databaseUrl: config.DATABASE_URL,
        reason: 'pre-import',
      });
    const r = await importData({ sqlite: opened.sqlite, db: opened.db }, config.sharedDir, file);
    markSiteRebuild(config.sharedDir, '데이터 가져오기');
    process.stdout.write(
      `가져오기 완료 / imported: ${r.tables} tables, ${r.rows} rows, ${r.uploads} uploads` +
        `${r.upgradedFrom ? ` (스키마 ${r.upgradedFrom.join(', ')}에서 올림 / upgraded)` : ''}\n` +
        '  내보낸 인스턴스의 계정으로 로그인하세요 / sign in with an account of the exported instance.\n',
    );
    const skipped = uploadsWithoutContent(file);
    if (skipped.length > 0) {
      const listed = skipped.slice(0, 20).map((p) => `  uploads/${p}`);
      if (skipped.length > 20)
        listed.push(`  … 외 ${skipped.length - 20}개 / and ${skipped.length - 20} more`);
      process.stderr.write(
        `경고 / warning: 내보내기 파일에 내용이 없는 첨부 파일 ${skipped.length}개는 가져오지 않았습니다 (${skipped.length} upload files had no content in the export and were skipped)\n${listed.join('\n')}\n`,
      );
    }
  } finally {
    await opened.close();
  }
} catch (err) {
  process.stderr.write(`가져오지 않았습니다 / import refused\n  ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  lock?.release();
}
