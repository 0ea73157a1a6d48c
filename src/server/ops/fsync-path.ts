import { closeSync, fsyncSync, openSync } from 'node:fs';

/** Flushes a file or a folder entry to disk so a rename survives power loss. */
export function fsyncPath(path: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch (err) {
    // Some file systems refuse fsync on a folder; the data itself was flushed already.
    if (!['EISDIR', 'EINVAL', 'EPERM', 'EBADF'].includes((err as NodeJS.ErrnoException).code ?? ''))
      throw err;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
