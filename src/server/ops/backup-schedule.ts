import { logger } from '../logger.ts';
import type { BackupInfo } from './backup-info.ts';
import { createBackup } from './create-backup.ts';
import { listBackups } from './list-backups.ts';

export interface BackupSchedule {
  /** When the next scheduled backup is due, or null when the schedule is off. */
  nextAt(): Date | null;
  stop(): void;
}

/** The first backup after a start waits this long, so start-up and the first site build come first. */
const defaultFirstDelayMs = 60_000;
const retryMs = 15 * 60_000;

/**
 * Backs the data folder up every `intervalHours` (0 = never), counting from the newest backup of
 * any kind, so a restart does not reset the clock and a manual backup postpones the next one.
 */
export function startBackupSchedule(options: {
  dataDir: string;
  /** the PostgreSQL database when the instance runs on one */
  databaseUrl?: string | null;
  intervalHours: number;
  onBackup?: (b: BackupInfo) => void;
  /** wait before the first backup after start (default one minute) */
  firstDelayMs?: number;
}): BackupSchedule {
  const intervalMs = options.intervalHours * 3600_000;
  const firstDelayMs = options.firstDelayMs ?? defaultFirstDelayMs;
  let timer: NodeJS.Timeout | null = null;
  let next: Date | null = null;
  let stopped = intervalMs <= 0;

  const plan = (delayMs?: number) => {
    if (stopped) return;
    const newest = listBackups(options.dataDir)[0];
    const due = newest ? new Date(newest.createdAt).getTime() + intervalMs : Date.now();
    const wait = delayMs ?? Math.max(due - Date.now(), firstDelayMs);
    next = new Date(Date.now() + wait);
    timer = setTimeout(run, Math.min(wait, 2 ** 31 - 1));
    timer.unref();
  };

  const run = async () => {
    timer = null;
    const newest = listBackups(options.dataDir)[0];
    if (
      newest &&
      Date.now() - new Date(newest.createdAt).getTime() <
        intervalMs - Math.min(60_000, intervalMs / 10)
    )
      return plan();
    try {
      const b = await createBackup({
        dataDir: options.dataDir,
        databaseUrl: options.databaseUrl,
        reason: 'scheduled',
      });
      logger.info('backup created', {
        file: b.file,
        bytes: b.bytes,
        durationMs: b.durationMs,
        uploads: b.uploads?.files ?? 0,
      });
      options.onBackup?.(b);
      plan();
    } catch (err) {
      logger.error('scheduled backup failed', { error: (err as Error).message });
      plan(retryMs);
    }
  };

  plan();
  return {
    nextAt: () => (stopped ? null : next),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
