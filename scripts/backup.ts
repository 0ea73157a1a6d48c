// npm run backup: an online backup of the data folder (the server may keep running).
import { loadConfig } from '../src/server/config.ts';
import { createBackup } from '../src/server/ops/create-backup.ts';
import { describeStorageError } from '../src/server/ops/storage-error.ts';

// unset while the configuration itself fails to load: the message then names no folder
let sharedDir: string | undefined;
try {
  const config = loadConfig();
  sharedDir = config.sharedDir;
  const b = await createBackup({
    dataDir: sharedDir,
    databaseUrl: config.DATABASE_URL,
    reason: 'command-line',
  });
  const uploads = b.uploads ? `, 업로드 ${b.uploads.files}개 / ${b.uploads.files} uploads` : '';
  process.stdout.write(
    `백업 완료 / backup written: ${b.path}\n  ${(b.bytes / 1048576).toFixed(1)} MB, ${b.durationMs} ms, schema ${b.migrations.join(', ')}${uploads}\n`,
  );
} catch (err) {
  process.stderr.write(
    `백업 실패 / backup failed\n${describeStorageError(err, sharedDir).message}\n`,
  );
  process.exit(1);
}
