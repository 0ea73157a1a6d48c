import { api } from '../../../../../lib/api-client.ts';

export interface ExportDownload {
  blob: Blob;
  /** the name the server gives the file, e.g. sbsa-export-20260301-030000.json */
  fileName: string;
}

/** The name in `Content-Disposition: attachment; filename="…"`, or null. */
function attachmentName(header: string | null): string | null {
  return header?.match(/filename="([^"]+)"/)?.[1] ?? null;
}

function parseEnvelope(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * GET /api/admin/export: the whole-instance file. It comes without the { ok, data } envelope, so its
 * text is handed through as `data`; a failure still comes in the envelope and is read as one, so
 * its Korean message reaches the screen and a 401 still refreshes the token.
 */
export async function downloadExport(reason: string): Promise<ExportDownload> {
  let fileName: string | null = null;
  // the file holds personal data: the server asks why and keeps the reason in the access record
  const text = await api.call<string>('/api/admin/export', {
    query: { reason },
    parseResponse: (body) => ({ data: body }),
    onResponse({ response }) {
      if (response.ok) fileName = attachmentName(response.headers.get('content-disposition'));
      else
        response._data = parseEnvelope(
          (response._data as { data: string } | undefined)?.data ?? '',
        );
    },
  });
  return {
    blob: new Blob([text], { type: 'application/json' }),
    fileName: fileName ?? 'sbsa-export.json',
  };
}
