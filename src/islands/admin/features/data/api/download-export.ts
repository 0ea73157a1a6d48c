import { downloadFile } from '../../../lib/download-file.ts';
import type { FileDownload } from '../../../lib/download-file.ts';

export type ExportDownload = FileDownload;

/**
 * GET /api/admin/export: the whole-instance file, e.g. sbsa-export-20260301-030000.json. It holds
 * personal data: the server asks why and keeps the reason in the access record.
 */
export const downloadExport = (reason: string): Promise<ExportDownload> =>
  downloadFile('/api/admin/export', 'sbsa-export.json', { query: { reason } });
