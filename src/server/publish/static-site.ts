import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { eachLimited, listFiles } from './compress-build.ts';
import { NO_REDIRECTS, decodePath, parseRedirects } from './redirects.ts';
import type { RedirectRules } from './redirects.ts';
import { contentHash } from './site-store.ts';
import { IMMUTABLE_FOLDER, contentTypeOf } from './site-headers.ts';
import { DEFAULT_ASSOCIATION } from '../db/default-association.ts';
import type { ContentEncoding } from '../http/accept-encoding.ts';
import type { BlobEntry, BuildDeps, Manifest, SiteStore } from './site-store.ts';

export type { BuildDeps };

/** A form of a file the server can send: its bytes, or their brotli or gzip variant. */
export type Variant = 'identity' | 'br' | 'gz';

/**
 * One file of a build as the server knows it: its content hash and sizes, not its bytes — the
 * server reads them through its bounded cache (file-cache.ts), so its memory does not grow with
 * the number of pages. The entry is small on purpose: a build of the bench association has 19,600
 * of them, and a path on disk per variant, kept in each, took 40 MB of the server's heap. A
 * variant's path is made when its bytes are read (`diskPath`).
 */
export interface StaticFile {
  /** its content hash (the ETag; equal between builds when the bytes are) and variants' sizes */
  blob: BlobEntry;
  type: string;
  immutable: boolean;
  /** a plain folder's file: where it lies (a file of a content-addressed build is a blob) */
  path?: string;
}

/** One build of the site, keyed by URL path ('/sbsa/index.html'). */
export interface LoadedSite {
  id: string;
  files: Map<string, StaticFile>;
  pages: number;
  /** the build's `_redirects` rules (src/server/publish/redirects.ts); the file itself is not served */
  redirects: RedirectRules;
  /** the code it was rendered with and the data keys each page read (read-deps.ts); absent: render everything */
  deps?: BuildDeps;
  /** the build's manifest (content-addressed builds): path → blob */
  manifest?: Manifest;
  /** the folder of the blobs its files are (content-addressed builds) */
  blobs?: SiteStore;
}

/** The redirect rules file at the root of a build (Netlify / Cloudflare Pages format). */
export const REDIRECTS_FILE = '_redirects';

/** A build folder's dependencies file of the earlier layout: never served. */
const DEPS_FILE = '.sbsa-deps.json';

/** The files of a folder that are served: everything but the .br/.gz variants and `_redirects`. */
const servedFiles = (all: readonly string[]) =>
  all.filter(
    (rel) =>
      rel !== REDIRECTS_FILE && rel !== DEPS_FILE && !rel.endsWith('.br') && !rel.endsWith('.gz'),
  );

/** The entry of one file: its type and caching from its path. */
export function fileEntry(rel: string, blob: BlobEntry, path?: string): StaticFile {
  return {
    blob,
    type: contentTypeOf(rel),
    immutable: rel.startsWith(IMMUTABLE_FOLDER),
    ...(path === undefined ? {} : { path }),
  };
}

/**
 * A file's strong ETag, from its content hash: one per content coding, since a strong validator
 * names one representation (RFC 9110, 8.8.3.3), and a cache holding a file's brotli and plain
 * forms learns from a 304 which of them it may send (docs/decisions/134).
 */
export const etagOf = (file: StaticFile, coding: ContentEncoding) =>
  coding === 'identity'
    ? `"${file.blob.h.slice(0, 22)}"`
    : `"${file.blob.h.slice(0, 22)}-${coding}"`;

/** Where a variant of a file lies on disk: its blob, or the plain folder's file and its siblings. */
export function diskPath(site: LoadedSite, file: StaticFile, variant: Variant): string {
  const ext = variant === 'identity' ? undefined : variant;
  if (file.path !== undefined) return ext ? `${file.path}.${ext}` : file.path;
  if (!site.blobs) throw new Error(`no blob store for ${file.blob.h}`);
  return site.blobs.blobPath(file.blob.h, ext);
}

/**
 * A content-addressed build from its manifest (site-store.ts); only `_redirects` is read. A file
 * whose blob is the one it had in `previous` (the build it follows) keeps that build's entry, and
 * with it the headers and cached bytes kept beside it (serve-site.ts, file-cache.ts).
 */
export async function siteFromManifest(
  store: SiteStore,
  manifest: Manifest,
  previous?: LoadedSite | null,
): Promise<LoadedSite> {
  const files = new Map<string, StaticFile>();
  const before = previous?.manifest?.files;
  let pages = 0;
  let redirects = NO_REDIRECTS;
  for (const [rel, blob] of Object.entries(manifest.files)) {
    if (rel === REDIRECTS_FILE) {
      redirects = parseRedirects(await readFile(store.blobPath(blob.h), 'utf8'));
      continue;
    }
    if (rel.endsWith('.html')) pages++;
    const path = `/${rel}`;
    const kept = before?.[rel] === blob ? previous!.files.get(path) : undefined;
    files.set(path, kept ?? fileEntry(rel, blob));
  }
  return { id: manifest.id, files, pages, redirects, deps: manifest.deps, manifest, blobs: store };
}

/**
 * Serves a plain build folder (`npm run build:site`'s dist, a test's folder) in place: each file
 * is hashed once for its ETag, its `.br` and `.gz` siblings are used when present.
 */
export async function loadSite(id: string, dir: string): Promise<LoadedSite> {
  const all = await listFiles(dir);
  const present = new Set(all);
  const files = new Map<string, StaticFile>();
  let pages = 0;
  const redirects = present.has(REDIRECTS_FILE)
    ? parseRedirects(await readFile(join(dir, REDIRECTS_FILE), 'utf8'))
    : NO_REDIRECTS;
  await eachLimited(servedFiles(all), 8, async (rel) => {
    const path = join(dir, rel);
    const body = await readFile(path);
    const variant = async (ext: string) =>
      present.has(`${rel}.${ext}`) ? (await stat(`${path}.${ext}`)).size : undefined;
    const blob: BlobEntry = { h: contentHash(body), n: body.length };
    const [br, gz] = [await variant('br'), await variant('gz')];
    if (br !== undefined) blob.br = br;
    if (gz !== undefined) blob.gz = gz;
    if (rel.endsWith('.html')) pages++;
    files.set(`/${rel}`, fileEntry(rel, blob, path));
  });
  return { id, files, pages, redirects };
}

/** The file a URL path names: exact file, then directory index, then `.html`. */
export function resolveFile(site: LoadedSite, urlPath: string): StaticFile | undefined {
  const path = decodePath(urlPath);
  if (path === null) return undefined;
  const f = site.files;
  if (path.endsWith('/')) return f.get(`${path}index.html`);
  return f.get(path) ?? f.get(`${path}/index.html`) ?? f.get(`${path}.html`);
}

/**
 * The address a file of a build is asked for at, as the site links it: a page by its folder
 * ('sbsa/result/game/3/41/index.html' → '/sbsa/result/game/3/41'), any other file by its path;
 * null for `_redirects`, which is no address. The way back is `resolveFile`.
 */
export function addressOf(rel: string): string | null {
  if (rel === REDIRECTS_FILE) return null;
  if (rel === 'index.html') return '/';
  const page = rel.endsWith('/index.html') ? rel.slice(0, -'/index.html'.length) : rel;
  return encodeURI(`/${page}`);
}

/** The association's home page in a build: a build without it (or a root index.html) is not a site. */
export const HOME_PAGE = `${DEFAULT_ASSOCIATION.path}/index.html`;

export const buildExists = (dir: string) =>
  existsSync(join(dir, 'index.html')) || existsSync(join(dir, HOME_PAGE));
