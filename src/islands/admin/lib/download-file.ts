import { api } from '../../../lib/api-client.ts';
import type { CallOptions } from '../../../lib/api-client.ts';

export interface FileDownload {
  blob: Blob;
  /** the name the server gives the file in Content-Disposition */
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
 * A JSON file the API answers without the { ok, data } envelope: its text is handed through as
 * `data`; a failure still comes in the envelope and is read as one, so its Korean message reaches
 * the screen and a 401 still refreshes the token.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  init: CallOptions = {},
): Promise<FileDownload> {
  let fileName: string | null = null;
  const text = await api.call<string>(url, {
    ...init,
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
    fileName: fileName ?? fallbackName,
  };
}
