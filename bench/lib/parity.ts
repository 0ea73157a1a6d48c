import { openReadSnapshot } from '../../src/server/db/read-snapshot.ts';
import { readRouteIndex } from '../../src/server/read/route-index.ts';
import { checkFigureParity } from '../../scripts/lib/figure-parity.ts';
import type { Mismatch } from '../../scripts/lib/figure-parity.ts';

export interface ParityResult {
  mismatches: Mismatch[];
  compared: { leagues: number; teams: number; totals: number; players: number };
  requests: number;
  ms: number;
}

/**
 * The figure parity of the demo test (scripts/lib/figure-parity.ts) over a running server: pages,
 * CSV downloads and API answers all fetched from it, the route index read from its database (the
 * SQLite file or a postgres:// URL).
 */
export async function serverParity(origin: string, database: string): Promise<ParityResult> {
  const opened = await openReadSnapshot(database);
  let requests = 0;
  const text = async (path: string): Promise<string | null> => {
    requests++;
    const res = await fetch(origin + path);
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    return res.text();
  };
  try {
    const started = performance.now();
    const index = await readRouteIndex(opened.db);
    const { mismatches, compared } = await checkFigureParity(
      {
        page: text,
        csv: text,
        async api(path) {
          requests++;
          const res = await fetch(origin + path);
          const body = (await res.json()) as { ok: boolean; data?: unknown; message?: string };
          if (!res.ok || !body.ok)
            throw new Error(`${path}: HTTP ${res.status} ${body.message ?? ''}`);
          return body.data;
        },
      },
      index,
    );
    return { mismatches, compared, requests, ms: performance.now() - started };
  } finally {
    await opened.close();
  }
}
