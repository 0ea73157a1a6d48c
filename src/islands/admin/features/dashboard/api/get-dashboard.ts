import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
});

const publishRun = z.object({
  id: z.number().int(),
  reason: z.string(),
  status: z.enum(['running', 'success', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  pages: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  unnamedPages: z.number().int().nullable(),
});

/** GET /api/admin/dashboard: counts, recent audit entries and the latest site build. */
export const dashboardSchema = z.object({
  main: z.object({ mainId: z.number().int(), path: z.string(), name: z.string() }),
  me: z.object({
    userId: z.number().int(),
    isAdmin: z.boolean(),
    grade: z.number().int().nullable(),
  }),
  activeSeason: z
    .object({ seasonId: z.number().int(), seasonName: z.string(), year: z.number().int() })
    .nullable(),
  counts: z.object({
    teams: z.number().int(),
    players: z.number().int(),
    coaches: z.number().int(),
    seasons: z.number().int(),
    leagues: z.number().int(),
    games: z.number().int(),
    gamesByStatus: z.record(z.string(), z.number().int()),
    notices: z.number().int(),
    users: z.number().int(),
  }),
  recentAudit: z.array(auditEntry).nullable(),
  latestPublish: publishRun.nullable(),
  lastBackup: z
    .object({
      file: z.string(),
      createdAt: z.string(),
      bytes: z.number().int(),
      reason: z.string(),
    })
    .nullable(),
  nightlyCheck: z
    .object({
      runId: z.number().int(),
      startedAt: z.string(),
      unnamedPages: z.number().int(),
      files: z.array(z.string()),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const getDashboard = (mainId: number) =>
  api.get<Dashboard>('/api/admin/dashboard', { mainId });
