import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { listFiles } from './compress-build.ts';

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
}

/** One build of the site held in memory, keyed by URL path ('/sbsa/index.html'). */
export interface LoadedSite {
  id: string;
  dir: string;
  files: Map<string, StaticFile>;
  pages: number;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8', '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8', '.ics': 'text/calendar; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.gif': 'image/gif', '.webp': 'image/webp', '.ico': 'image/x-icon', '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Reads a finished build folder (with its .br/.gz siblings) into memory. */
export async function loadSite(id: string, dir: string): Promise<LoadedSite> {
  const all = await listFiles(dir);
  const present = new Set(all);
  const files = new Map<string, StaticFile>();
  let pages = 0;
  for (const rel of all) {
    if (rel.endsWith('.br') || rel.endsWith('.gz')) continue;
    const body = await readFile(join(dir, rel));
    const ext = extname(rel);
    if (ext === '.html') pages++;
    files.set('/' + rel, {
      body,
      br: present.has(rel + '.br') ? await readFile(join(dir, rel + '.br')) : undefined,
      gzip: present.has(rel + '.gz') ? await readFile(join(dir, rel + '.gz')) : undefined,
      type: types[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      // Astro puts content-hashed bundles under /_astro/.
      immutable: rel.startsWith('_astro/'),
    });
  }
  return { id, dir, files, pages };
}

/** The file a URL path names: exact file, then directory index, then `.html`. */
export function resolveFile(site: LoadedSite, urlPath: string): StaticFile | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.split('/').includes('..')) return undefined;
  const f = site.files;
  if (path.endsWith('/')) return f.get(path + 'index.html');
  return f.get(path) ?? f.get(path + '/index.html') ?? f.get(path + '.html');
}

export const buildExists = (dir: string) => existsSync(join(dir, 'index.html')) || existsSync(join(dir, 'sbsa', 'index.html'));
