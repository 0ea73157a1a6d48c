// npm run restore -- <backup file>: puts a backup in place of the database of a stopped instance.
import { loadConfig } from '../src/server/config.ts';
import { backupKindOf, databaseAt } from '../src/server/ops/database-copy.ts';
import { listBackups } from '../src/server/ops/list-backups.ts';
import { restoreBackup } from '../src/server/ops/restore-backup.ts';

const file = process.argv[2];
const config = loadConfig();
if (!file || file === '--help' || file === '-h') {
  // only the backups of the database this instance runs on can be restored into it
  const kind = databaseAt(config.sharedDir, config.DATABASE_URL).kind;
  const all = listBackups(config.sharedDir);
  const backups = all.filter((b) => backupKindOf(b.file) === kind);
  process.stdout.write('사용법 / usage: npm run restore -- <backup file>\n\n');
  process.stdout.write(
    backups.length === 0
      ? `이 데이터베이스(${kind})의 백업이 없습니다 / no ${kind} backups in ${config.sharedDir}/backups\n`
      : `백업 / backups (${config.sharedDir}/backups, 최신순 / newest first):\n${backups.map((b) => `  ${b.file}  ${b.reason}  ${(b.bytes / 1048576).toFixed(1)} MB${b.uploads ? `  +${b.uploads.files} uploads` : ''}`).join('\n')}\n`,
  );
  if (all.length > backups.length)
    process.stdout.write(
      `  (다른 데이터베이스의 백업 ${all.length - backups.length}개는 복원할 수 없어 빼고 보여 줍니다 / ${all.length - backups.length} backups of the other database are not listed)\n`,
    );
  process.exit(0);
}
try {
  const r = await restoreBackup({
    dataDir: config.dataDir,
    sharedDir: config.sharedDir,
    databaseUrl: config.DATABASE_URL,
    file,
  });
  process.stdout.write(
    `복원 완료 / restored: ${r.restored}\n` +
      `  스키마 / schema: ${r.migrations.join(', ')}\n` +
      `  업로드 / uploads: ${r.uploads === null ? '백업에 스냅숏이 없어 그대로 둠 / no snapshot in the backup, left as they were' : `${r.uploads}개 복원 / ${r.uploads} restored`}\n` +
      `  교체된 데이터베이스 보관 / replaced database kept in: ${r.keptAside}\n` +
      '  서버를 시작하면 공개 사이트를 다시 만듭니다 / the next start rebuilds the public site.\n',
  );
} catch (err) {
  process.stderr.write(`복원하지 않았습니다 / restore refused\n  ${(err as Error).message}\n`);
  process.exit(1);
}
