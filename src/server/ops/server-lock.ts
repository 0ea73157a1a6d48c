import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dataPaths } from './data-paths.ts';

interface LockContent { pid: number; host: string; startedAt: string }

/** Whether a process id belongs to a live process (a zombie, or a pid reused by a non-node program, is not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (/\) Z /.test(stat)) return false;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node/i.test(cmdline);
  } catch {
    return true; // no /proc (macOS): trust kill(0)
  }
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as LockContent;
    return Number.isInteger(parsed.pid) ? parsed : null;
  } catch {
    return null;
  }
}

/** The server holding the data folder, or null when none runs (a lock left by a killed server is ignored). */
export function runningServer(dataDir: string): LockContent | null {
  const lock = readLock(dataPaths(dataDir).lockFile);
  if (!lock || lock.pid === process.pid) return null;
  if (lock.host !== hostname()) return lock; // another machine on a shared disk: cannot tell, assume it runs
  return alive(lock.pid) ? lock : null;
}

/** An error that says which process holds the folder. */
export function inUseError(dataDir: string, lock: LockContent): Error {
  const err = new Error(
    `서버가 실행 중입니다 (pid ${lock.pid}, ${lock.startedAt}부터). 먼저 서버를 멈추세요.\n` +
    `  The server is running on this data folder (pid ${lock.pid} since ${lock.startedAt}); stop it first.\n` +
    `  잠금 파일 / lock file: ${dataPaths(dataDir).lockFile}`,
  );
  (err as NodeJS.ErrnoException).code = 'SBSA_IN_USE';
  return err;
}

/** Claims the data folder for this server process; throws when another live server holds it. */
export function acquireServerLock(dataDir: string): { release(): void } {
  const file = dataPaths(dataDir).lockFile;
  const other = runningServer(dataDir);
  if (other) throw inUseError(dataDir, other);
  const content: LockContent = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  writeFileSync(file, JSON.stringify(content) + '\n');
  return {
    release() {
      if (readLock(file)?.pid === process.pid) {
        try { unlinkSync(file); } catch { /* already gone */ }
      }
    },
  };
}

/** Throws unless no server runs on the folder: restore and import replace files under a running server's feet otherwise. */
export function assertServerStopped(dataDir: string): void {
  const lock = runningServer(dataDir);
  if (lock) throw inUseError(dataDir, lock);
}
