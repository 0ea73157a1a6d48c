// npm run export -- [file.json | -]: the whole instance as one JSON file (works while the server runs).
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { backupStamp } from '../src/server/ops/backup-stamp.ts';
import { dataPaths } from '../src/server/ops/data-paths.ts';
import { exportChunks } from '../src/server/ops/export-data.ts';
import { describeStorageError } from '../src/server/ops/storage-error.ts';

const config = loadConfig();
const target = process.argv[2] ?? `sbsa-export-${backupStamp(new Date())}.json`;
const chunks = exportChunks(dataPaths(config.dataDir).dbFile, config.dataDir);
if (target === '-') {
  try {
    for (const chunk of chunks) process.stdout.write(chunk);
  } catch (err) {
    process.stderr.write(`내보내기 실패 / export failed\n${describeStorageError(err, config.dataDir).message}\n`);
    process.exit(1);
  }
} else {
  const out = resolve(target);
  const partial = `${out}.partial`;
  try {
    const fd = openSync(partial, 'w');
    let bytes = 0;
    try {
      for (const chunk of chunks) bytes += writeSync(fd, chunk);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, out);
    process.stdout.write(`내보내기 완료 / export written: ${out} (${(bytes / 1048576).toFixed(1)} MB)\n`);
  } catch (err) {
    rmSync(partial, { force: true });
    process.stderr.write(`내보내기 실패 / export failed\n${describeStorageError(err, config.dataDir).message}\n`);
    process.exit(1);
  }
}
