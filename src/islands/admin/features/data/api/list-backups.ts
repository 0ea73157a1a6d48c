import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

export const backupSchema = z.object({
  file: z.string(),
  createdAt: z.string(),
  reason: z.enum(['scheduled', 'manual', 'pre-migration', 'command-line', 'pre-import', 'unknown']),
  /** the site admin who asked for it from the console */
  by: z.string().nullable(),
  bytes: z.number().int(),
  /** the schema version of the copy */
  migrations: z.array(z.string()),
  uploads: z.object({ files: z.number().int(), bytes: z.number().int() }).nullable(),
  durationMs: z.number().int().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

/** GET /api/admin/backups: the kept backups newest first, the schedule and the retention rule (site admins). */
export const backupListSchema = z.object({
  backups: z.array(backupSchema),
  latest: backupSchema.nullable(),
  /** hours between scheduled backups; 0 when the schedule is off */
  intervalHours: z.number(),
  nextAt: z.string().nullable(),
  retention: z.object({
    newest: z.number().int(),
    days: z.number().int(),
    weeks: z.number().int(),
  }),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const listBackups = () => api.get<BackupList>('/api/admin/backups');
