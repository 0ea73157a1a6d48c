import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Real read-only and full file systems for the fault tests. Tests run as root here, and root
 * ignores permission bits, so `chmod` proves nothing; a tmpfs of a few MB (`mount -t tmpfs -o
 * size=…`) fills up for real and `mount -o remount,ro` makes it read-only for root too. Needs
 * CAP_SYS_ADMIN; where mounting is impossible the tests that need it are skipped.
 */
export function canMount(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-mnt-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Tmpfs {
  dir: string;
  readOnly(): void;
  readWrite(): void;
  unmount(): void;
}

export function mountTmpfs(sizeMb: number): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', dir]);
  return {
    dir,
    readOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir]),
    readWrite: () => execFileSync('mount', ['-o', 'remount,rw', dir]),
    unmount() {
      try {
        execFileSync('umount', [dir], { stdio: 'ignore' });
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes a filler file until the file system is full; returns its path. */
export function fillDisk(dir: string): string {
  const path = join(dir, 'filler.bin');
  const chunk = Buffer.alloc(256 * 1024, 1);
  try {
    for (;;) writeFileSync(path, chunk, { flag: 'a' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  }
  // the last partial chunk: fill the remaining bytes one small piece at a time
  const small = Buffer.alloc(512, 1);
  try {
    for (;;) writeFileSync(path, small, { flag: 'a' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  }
  return path;
}

/**
 * `chattr +i` on ext4: even root can no longer write through descriptors that are already open,
 * which a remount cannot do while the server holds its files (EBUSY). Used to make a running
 * server's database read-only mid-flight.
 */
export function canChattr(dir: string): boolean {
  const probe = join(dir, '.chattr-probe');
  writeFileSync(probe, 'x');
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { force: true });
  }
}

export function chattr(flag: '+i' | '-i', ...paths: string[]): void {
  execFileSync('chattr', [flag, ...paths]);
}
