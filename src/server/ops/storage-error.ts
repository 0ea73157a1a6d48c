import { listBackups } from './list-backups.ts';

export type StorageProblem =
  | 'read-only'
  | 'disk-full'
  | 'permission'
  | 'corrupt'
  | 'newer-version'
  | 'in-use';

interface Described {
  problem: StorageProblem | null;
  message: string;
}

const messages: Record<StorageProblem, string> = {
  'read-only':
    '데이터 폴더가 읽기 전용이라 쓸 수 없습니다. 마운트 옵션과 권한을 확인하세요.\n  The data folder is read-only: check the mount options and permissions.',
  'disk-full':
    '디스크 공간이 부족합니다. 공간을 확보한 뒤 다시 시작하세요 (오래된 backups/ 정리 등).\n  The disk is full: free some space (old files in backups/, logs) and start again.',
  permission:
    '데이터 폴더에 접근할 권한이 없습니다. 서버를 실행하는 사용자의 권한을 확인하세요.\n  Permission denied on the data folder: check the owner and mode for the user running the server.',
  corrupt:
    '데이터베이스 파일이 손상되었습니다. `npm run restore -- <백업 파일>`로 최근 백업에서 복원하세요.\n  The database file is damaged: restore the latest backup with `npm run restore -- <backup file>`.',
  'newer-version':
    '데이터베이스가 이 프로그램보다 새로운 버전입니다. 프로그램을 그 버전 이상으로 업데이트하세요.\n  The database comes from a newer version of this program: upgrade the program.',
  'in-use':
    '다른 프로세스(서버, 백업 복원 또는 데이터 가져오기)가 이 데이터 폴더를 사용하고 있습니다.\n  Another process (a server, a restore or an import) is using this data folder.',
};

/** Which storage problem an error from the file system or SQLite stands for, if any. */
export function storageProblem(err: unknown): StorageProblem | null {
  const e = err as { code?: string; errcode?: number; message?: string };
  const code = e?.code ?? '';
  const text = e?.message ?? String(err);
  const primary = typeof e?.errcode === 'number' ? e.errcode & 0xff : -1;
  if (code === 'SBSA_IN_USE') return 'in-use';
  if (/newer than this program|새로운 버전/.test(text)) return 'newer-version';
  if (code === 'EROFS' || primary === 8 || /readonly|read-only/i.test(text)) return 'read-only';
  if (
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    code === 'EFBIG' ||
    primary === 13 ||
    /disk is full|SQLITE_FULL|no space left/i.test(text)
  )
    return 'disk-full';
  if (
    code === 'EACCES' ||
    code === 'EPERM' ||
    primary === 23 ||
    /permission denied|not authorized/i.test(text)
  )
    return 'permission';
  if (
    primary === 11 ||
    primary === 26 ||
    /malformed|not a database|SQLITE_CORRUPT|integrity check/i.test(text)
  )
    return 'corrupt';
  return null;
}

/** A bilingual message for an operator, with the original error kept on its own line. */
export function describeStorageError(err: unknown, where?: string): Described {
  const problem = storageProblem(err);
  const original = (err as Error)?.message ?? String(err);
  const head = problem
    ? messages[problem]
    : '데이터 폴더를 열 수 없습니다.\n  Cannot open the data folder.';
  const lines = [head];
  if (problem === 'corrupt' && where) {
    const latest = latestBackupFile(where);
    if (latest) lines.push(`  최근 백업 / latest backup: npm run restore -- ${latest}`);
  }
  if (where) lines.push(`  데이터 폴더 / data folder: ${where}`);
  lines.push(`  원인 / cause: ${original.split('\n').join('\n    ')}`);
  return { problem, message: lines.join('\n') };
}

/** The newest backup of a data folder, if one can be listed: a damaged database points at it. */
function latestBackupFile(dataDir: string): string | null {
  try {
    return listBackups(dataDir)[0]?.file ?? null;
  } catch {
    return null;
  }
}
