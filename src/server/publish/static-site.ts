import { createHash } from 'node:crypto';
import { copyFile, link, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { compressBody, eachLimited, listFiles, shouldCompress } from './compress-build.ts';
import { NO_REDIRECTS, decodePath, parseRedirects } from './redirects.ts';
import type { RedirectRules } from './redirects.ts';

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  /** made when a client first asks for gzip (compress-build.ts) */
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
  /** the build's `_redirects` rules (src/server/publish/redirects.ts); the file itself is not served */
  redirects: RedirectRules;
  /** the code it was rendered with and the data keys each page read (read-deps.ts); absent: render everything */
  deps?: BuildDeps;
}

/** What a build was rendered from: the code build, and the data keys each rendered file read. */
export interface BuildDeps {
  code: string;
  /** every file the renderer made (pages, feeds, `_redirects`) → the data keys it read */
  files: Record<string, string[]>;
}

/** A build folder's dependencies, written last: not served. */
export const DEPS_FILE = '.sbsa-deps.json';

/** The redirect rules file at the root of a build (Netlify / Cloudflare Pages format). */
export const REDIRECTS_FILE = '_redirects';

/** The rules of a build folder's `_redirects`, or none when it has no such file. */
export async function readRedirects(dir: string, present: boolean): Promise<RedirectRules> {
  return present ? parseRedirects(await readFile(join(dir, REDIRECTS_FILE), 'utf8')) : NO_REDIRECTS;
}

/** The files of a build that are served: everything but the .br/.gz variants and `_redirects`. */
const servedFiles = (all: readonly string[]) =>
  all.filter(
    (rel) =>
      rel !== REDIRECTS_FILE && rel !== DEPS_FILE && !rel.endsWith('.br') && !rel.endsWith('.gz'),
  );

async function readDeps(dir: string, present: boolean): Promise<BuildDeps | undefined> {
  if (!present) return undefined;
  try {
    return JSON.parse(await readFile(join(dir, DEPS_FILE), 'utf8')) as BuildDeps;
  } catch {
    return undefined; // unreadable: the next build renders every page
  }
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** The in-memory entry of one file of a build. */
export const fileEntry = (rel: string, body: Buffer, br?: Buffer): StaticFile => ({
  body,
  br,
  type: types[extname(rel)] ?? 'application/octet-stream',
  etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
  // Astro puts content-hashed bundles under /_astro/.
  immutable: rel.startsWith('_astro/'),
});

/** Reads a finished build folder (with its .br siblings) into memory. */
export async function loadSite(id: string, dir: string): Promise<LoadedSite> {
  const all = await listFiles(dir);
  const present = new Set(all);
  const files = new Map<string, StaticFile>();
  let pages = 0;
  const redirects = await readRedirects(dir, present.has(REDIRECTS_FILE));
  await eachLimited(servedFiles(all), 8, async (rel) => {
    const [body, br] = await Promise.all([
      readFile(join(dir, rel)),
      present.has(`${rel}.br`) ? readFile(join(dir, `${rel}.br`)) : undefined,
    ]);
    if (rel.endsWith('.html')) pages++;
    files.set(`/${rel}`, fileEntry(rel, body, br));
  });
  const deps = await readDeps(dir, present.has(DEPS_FILE));
  return { id, dir, files, pages, redirects, deps };
}

/** A hard link where the file system allows it (builds then share unchanged files), else a copy. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await link(from, to).catch(() => copyFile(from, to));
}

/**
 * Makes a fresh build folder ready to serve, in one pass: writes the .br variant beside each
 * text file and reads everything into memory. A file whose bytes equal the same file of `previous`
 * (the live build) takes its in-memory entry and hard-links its variant, so after an incremental
 * build only the pages that changed are compressed. Returns the site and how many files were
 * compressed.
 */
export async function prepareSite(
  id: string,
  dir: string,
  previous?: LoadedSite | null,
): Promise<{ site: LoadedSite; compressed: number }> {
  const all = await listFiles(dir);
  const files = new Map<string, StaticFile>();
  let pages = 0;
  let compressed = 0;
  const redirects = await readRedirects(dir, all.includes(REDIRECTS_FILE));
  await eachLimited(servedFiles(all), 4, async (rel) => {
    const body = await readFile(join(dir, rel));
    if (rel.endsWith('.html')) pages++;
    const before = previous?.files.get(`/${rel}`);
    if (previous && before?.body.equals(body)) {
      try {
        await Promise.all([
          before.br && linkOrCopy(join(previous.dir, `${rel}.br`), join(dir, `${rel}.br`)),
        ]);
        files.set(`/${rel}`, before);
        return;
      } catch {
        // the previous folder lost a variant: compress afresh below (writeFile replaces a half-made pair)
      }
    }
    if (!shouldCompress(rel, body.length)) {
      files.set(`/${rel}`, fileEntry(rel, body));
      return;
    }
    const br = await compressBody(body);
    await writeFile(join(dir, `${rel}.br`), br);
    files.set(`/${rel}`, fileEntry(rel, body, br));
    compressed++;
  });
  return { site: { id, dir, files, pages, redirects }, compressed };
}

/** The file a URL path names: exact file, then directory index, then `.html`. */
export function resolveFile(site: LoadedSite, urlPath: string): StaticFile | undefined {
  const path = decodePath(urlPath);
  if (path === null) return undefined;
  const f = site.files;
  if (path.endsWith('/')) return f.get(`${path}index.html`);
  return f.get(path) ?? f.get(`${path}/index.html`) ?? f.get(`${path}.html`);
}

export const buildExists = (dir: string) =>
  existsSync(join(dir, 'index.html')) || existsSync(join(dir, 'sbsa', 'index.html'));
