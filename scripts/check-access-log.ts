// npm run check-access-log: walks the hash chain of the access record of personal data (decision 146).
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { loadConfig } from '../src/server/config.ts';
import { dataPaths } from '../src/server/ops/data-paths.ts';
import { checkAccessChain } from '../src/server/ops/access-log-check.ts';
import { describeStorageError } from '../src/server/ops/storage-error.ts';

let sharedDir: string | undefined;
try {
  sharedDir = loadConfig().sharedDir;
  const file = dataPaths(sharedDir).dbFile;
  if (!existsSync(file)) throw new Error(`데이터베이스가 없습니다 / no database: ${file}`);
  // read-only: the check runs beside a running server and changes nothing
  const sqlite = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
  const report = checkAccessChain(sqlite);
  sqlite.close();
  if (report.broken) {
    process.stderr.write(
      `접속기록 검사 실패 / access log broken at row ${report.broken.id} (${report.broken.problem})\n` +
        `  ${report.broken.message}\n  그 앞의 ${report.checked}개 행은 이상 없음 / ${report.checked} rows before it are intact\n`,
    );
    process.exit(2);
  }
  process.stdout.write(
    `접속기록 검사 완료 / access log intact: ${report.checked}개 행 확인 / ${report.checked} rows checked\n`,
  );
} catch (err) {
  process.stderr.write(
    `접속기록 검사 실패 / access log check failed\n${describeStorageError(err, sharedDir).message}\n`,
  );
  process.exit(1);
}
