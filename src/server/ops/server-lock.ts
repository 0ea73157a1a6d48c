import { createHash, randomUUID } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { hostname } from 'node:os';
import { dataPaths } from './data-paths.ts';

/** What holds the data folder: the server, or a restore or an import replacing its files. */
export type LockHolder = 'server' | 'restore' | 'import';

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
  holder?: LockHolder;
}

export interface DataLock {
  release(): void;
}

/** Lock files this process holds: its own pid in a lock it does not hold is a pid reused after a restart. */
const heldHere = new Set<string>();

/** Whether a process id belongs to a live process (a zombie, or a pid reused by a non-node program, is not). */
export function processAlive(pid: number): boolean {
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

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function parseLock(text: string | null): LockContent | null {
  try {
    const parsed = JSON.parse(text ?? '') as LockContent;
    return Number.isInteger(parsed.pid) ? parsed : null;
  } catch {
    return null;
  }
}

/** The holder a lock names when it is still alive; null for a stale lock (dead process, unreadable content). */
function liveHolder(file: string, lock: LockContent | null): LockContent | null {
  if (!lock) return null;
  if (lock.host !== hostname()) return lock; // another machine on a shared disk: cannot tell, assume it runs
  if (lock.pid === process.pid) return heldHere.has(file) ? lock : null;
  return processAlive(lock.pid) ? lock : null;
}

const busy: Record<LockHolder, (pid: number, since: string) => string> = {
  server: (pid, since) =>
    `서버가 실행 중입니다 (pid ${pid}, ${since}부터). 먼저 서버를 멈추세요.\n` +
    `  The server is running on this data folder (pid ${pid} since ${since}); stop it first.`,
  restore: (pid, since) =>
    `백업 복원이 진행 중입니다 (pid ${pid}, ${since}부터). 끝난 뒤에 다시 시도하세요.\n` +
    `  A restore is running on this data folder (pid ${pid} since ${since}); try again when it has finished.`,
  import: (pid, since) =>
    `데이터 가져오기가 진행 중입니다 (pid ${pid}, ${since}부터). 끝난 뒤에 다시 시도하세요.\n` +
    `  An import is running on this data folder (pid ${pid} since ${since}); try again when it has finished.`,
};

/** An error that says which process holds the folder (null: another taker is claiming it at this moment). */
export function inUseError(dataDir: string, lock: LockContent | null): Error {
  const who = lock
    ? busy[lock.holder ?? 'server'](lock.pid, lock.startedAt)
    : '다른 프로세스가 지금 이 데이터 폴더를 잠그고 있습니다. 잠시 뒤에 다시 시도하세요.\n  Another process is taking this data folder right now; try again in a moment.';
  const err = new Error(`${who}\n  잠금 파일 / lock file: ${dataPaths(dataDir).lockFile}`);
  (err as NodeJS.ErrnoException).code = 'SBSA_IN_USE';
  return err;
}

/**
 * Removes a lock a dead process left. Only the taker that creates the removal marker named after
 * this very lock removes it, so no taker ever deletes the fresh lock another one has just made.
 */
function removeStale(file: string, found: string): void {
  const marker = `${file}.stale-${createHash('sha256').update(found).digest('hex').slice(0, 16)}`;
  try {
    writeFileSync(marker, `${process.pid}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // another taker is removing it; a marker whose maker died is cleared for the next try
    const maker = Number(readText(marker));
    if (maker > 0 && !processAlive(maker)) rmSync(marker, { force: true });
    return;
  }
  try {
    if (readText(file) === found) rmSync(file, { force: true });
  } finally {
    rmSync(marker, { force: true });
  }
}

/**
 * Claims the data folder (`server.pid`) for this process; throws with code SBSA_IN_USE while a live
 * server, restore or import holds it. The claim is atomic: of several takers at once exactly one wins.
 *
 * With a shared folder of several nodes (`sharedDir` other than `dataDir`, decision 152) the claim
 * is also written in the shared folder's `nodes/`, and then checked against the other nodes'
 * claims there: a restore or an import, which replace the shared database and uploads, refuse
 * while any other node runs, and a server refuses while a restore or an import runs on another
 * node's folder. Written first, checked after: of two takers at once, each sees the other.
 */
export function acquireServerLock(
  dataDir: string,
  holder: LockHolder = 'server',
  sharedDir: string = dataDir,
): DataLock {
  const lock = lockFolder(dataDir, holder);
  if (resolve(sharedDir) === resolve(dataDir)) return lock;
  let claim: string;
  try {
    claim = claimShared(dataDir, sharedDir, holder);
  } catch (err) {
    lock.release();
    throw err;
  }
  return {
    release() {
      rmSync(claim, { force: true });
      lock.release();
    },
  };
}

/** Writes this node's claim into the shared folder, then refuses when another node's live claim forbids it. */
function claimShared(dataDir: string, sharedDir: string, holder: LockHolder): string {
  const dir = dataPaths(dataDir, sharedDir).nodes;
  mkdirSync(dir, { recursive: true });
  const name = `${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)}.json`;
  const claim = join(dir, name);
  const content: LockContent = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    holder,
  };
  writeFileSync(
    claim,
    `${JSON.stringify({ ...content, dataDir: resolve(dataDir) })}
`,
  );
  heldHere.add(claim);
  const others = readdirSync(dir)
    .filter((n) => n !== name && n.endsWith('.json'))
    .map((n) => liveHolder(join(dir, n), parseLock(readText(join(dir, n)))))
    .filter((o): o is LockContent => o !== null);
  const blocking =
    holder === 'server' ? others.find((o) => (o.holder ?? 'server') !== 'server') : others[0];
  if (!blocking) return claim;
  heldHere.delete(claim);
  rmSync(claim, { force: true });
  if (holder === 'server') throw inUseError(dataDir, blocking);
  const err = new Error(
    `다른 노드가 공유 폴더에서 실행 중입니다 (pid ${blocking.pid}, ${blocking.host}, ${blocking.startedAt}부터). 모든 노드를 멈춘 뒤에 다시 시도하세요.\n` +
      `  Another node runs on the shared folder (pid ${blocking.pid} on ${blocking.host} since ${blocking.startedAt}); stop every node first.\n` +
      `  공유 폴더 / shared folder: ${sharedDir}`,
  );
  (err as NodeJS.ErrnoException).code = 'SBSA_IN_USE';
  throw err;
}

/** The claim of the node's own folder (`server.pid`). */
function lockFolder(dataDir: string, holder: LockHolder): DataLock {
  const file = dataPaths(dataDir).lockFile;
  const text = `${JSON.stringify({
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    holder,
  })}\n`;
  // Written whole under a private name, then linked into place: link() fails with EEXIST as O_EXCL
  // does, and no other taker ever reads a half-written lock and takes it for a stale one.
  const draft = `${file}.${randomUUID()}`;
  writeFileSync(draft, text, { flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const found = readText(file);
      const live = liveHolder(file, parseLock(found));
      if (live || attempt > 0) throw inUseError(dataDir, live);
      if (found !== null) removeStale(file, found);
    }
  } finally {
    unlinkSync(draft);
  }
  heldHere.add(file);
  return {
    release() {
      if (!heldHere.delete(file)) return;
      try {
        if (readText(file) === text) unlinkSync(file);
      } catch {
        /* already gone, or the folder went away */
      }
    },
  };
}
