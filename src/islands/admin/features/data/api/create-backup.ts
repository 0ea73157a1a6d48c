import { api } from '../../../../../lib/api-client.ts';
import type { Backup } from './list-backups.ts';

/** POST /api/admin/backup: an online backup now; 507 with a Korean message when the data folder cannot take it. */
export const createBackup = () => api.post<Backup>('/api/admin/backup');
