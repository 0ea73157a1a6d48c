import { readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { sql } from 'kysely';
import type { TestApp } from '../helpers/test-app.ts';

export interface WriteEndpoint {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path below /api, e.g. '/league/league/{id}/result' */
  path: string;
  params: string[];
  bodyKeys: string[];
  multipart: boolean;
  queryKeys: string[];
}

/** Writes that carry their own credentials instead of a bearer token. */
export const openWritePaths = ['/auth/login', '/auth/refresh', '/auth/logout', '/publish/webhook'];

/** Writes of one's own second factor: any signed-in account, whatever its roles (decision 147). */
export const ownAccountWritePaths = [
  '/auth/totp/setup',
  '/auth/totp/enable',
  '/auth/totp/disable',
  '/auth/totp/recovery-codes',
];

/** Every write endpoint the API documents, read from its own OpenAPI document. */
export async function writeEndpoints(t: TestApp): Promise<WriteEndpoint[]> {
  const doc = (await t.api('GET', '/api/openapi.json')).body as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string; in: string }>;
          requestBody?: {
            content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
          };
        }
      >
    >;
  };
  const list: WriteEndpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const multipart = content['multipart/form-data']?.schema;
      list.push({
        method: method.toUpperCase() as WriteEndpoint['method'],
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        bodyKeys: Object.keys(json?.properties ?? multipart?.properties ?? {}),
        multipart: multipart !== undefined,
        queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return list;
}

/** The path with every parameter replaced by the given values (by name) or '1'. */
export function fillPath(path: string, values: Record<string, string | number> = {}): string {
  return (
    '/api' +
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? 1)))
  );
}

/**
 * A digest of every row of every table: equal digests mean nothing was written. Read through
 * Kysely, so it is the same on SQLite and PostgreSQL; rows sorted by their JSON, as PostgreSQL
 * has no rowid order.
 */
export async function databaseDigest(t: TestApp): Promise<string> {
  const tables = (await t.db.introspection.getTables()).map((table) => table.name).sort();
  const parts: string[] = [];
  for (const name of tables) {
    const { rows } = await sql`SELECT * FROM ${sql.table(name)}`.execute(t.db);
    parts.push(
      name,
      rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join('\n'),
    );
  }
  return parts.join('\n');
}

/** Files of a data folder (uploads, backups), without SQLite's own files: equal lists mean no file was written or removed. */
export function dataFiles(dir: string): string {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile() && !/\.sqlite(-wal|-shm|-journal)?$/.test(d.name))
    .map((d) => `${d.parentPath}/${d.name}`)
    .sort()
    .join('\n');
}
