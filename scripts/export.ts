// npm run export -- [file.json | -]: the whole instance as one JSON file (works while the server runs,
// on SQLite or on PostgreSQL with DATABASE_URL).
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { backupStamp } from '../src/server/ops/backup-stamp.ts';
import type { SkippedUpload } from '../src/server/ops/export-data.ts';
import { exportStream } from '../src/server/ops/export-stream.ts';
import { describeStorageError } from '../src/server/ops/storage-error.ts';

const config = loadConfig();
const target = process.argv[2] ?? `sbsa-export-${backupStamp(new Date())}.json`;
const skipped: SkippedUpload[] = [];
const chunks = exportStream(config.sharedDir, config.DATABASE_URL, (s) => skipped.push(s));

/** On stderr, so it reaches the operator even when the export itself goes to stdout. */
function warnSkipped(): void {
  if (skipped.length === 0) return;
  const listed = skipped
    .slice(0, 20)
    .map(
      (s) =>
        `  uploads/${s.path}: ${s.reason === 'missing' ? '파일 없음 / missing' : '내용이 기록과 다름 / altered'}`,
    );
  if (skipped.length > 20)
    listed.push(`  … 외 ${skipped.length - 20}개 / and ${skipped.length - 20} more`);
  process.stderr.write(
    `경고 / warning: 첨부 파일 ${skipped.length}개를 내용 없이 내보냈습니다 (${skipped.length} upload files exported without content)\n${listed.join('\n')}\n`,
  );
}

if (target === '-') {
  try {
    for await (const chunk of chunks) process.stdout.write(chunk);
    warnSkipped();
  } catch (err) {
    process.stderr.write(
      `내보내기 실패 / export failed\n${describeStorageError(err, config.sharedDir).message}\n`,
    );
    process.exit(1);
  }
} else {
  const out = resolve(target);
  const partial = `${out}.partial`;
  try {
    const fd = openSync(partial, 'w');
    let bytes = 0;
    try {
      for await (const chunk of chunks) bytes += writeSync(fd, chunk);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, out);
    process.stdout.write(
      `내보내기 완료 / export written: ${out} (${(bytes / 1048576).toFixed(1)} MB)\n`,
    );
    warnSkipped();
  } catch (err) {
    rmSync(partial, { force: true });
    process.stderr.write(
      `내보내기 실패 / export failed\n${describeStorageError(err, config.sharedDir).message}\n`,
    );
    process.exit(1);
  }
}
