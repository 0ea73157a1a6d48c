// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// The publisher runs `astro build` with SBSA_DB_FILE (read-only source) and SBSA_SITE_OUT (fresh folder).
const outDir = process.env.SBSA_SITE_OUT || './dist';
// SBSA_BUILD_CACHE (the publisher's <DATA_DIR>/build-cache) turns on the incremental build: Astro
// keeps its manifest of page cache keys and a copy of every keyed page there, and restores unchanged
// pages into the fresh out folder instead of rendering them (docs/decisions/014-incremental-publishing.md).
const buildCache = process.env.SBSA_BUILD_CACHE;
// SBSA_KEEP_OUT=1: the out folder is the publisher's work folder, which still holds the previous
// build; it is not emptied, so pages Astro reuses need no copy (src/server/publish/assemble-build.ts).
const keepOut = process.env.SBSA_KEEP_OUT === '1';
const site = (process.env.PUBLIC_ORIGIN || 'http://localhost:4321').replace(/\/+$/, '');

export default defineConfig({
  site,
  output: 'static',
  outDir,
  ...(buildCache ? { cacheDir: buildCache } : {}),
  trailingSlash: 'ignore',
  build: {
    // /sbsa/schedule/game → sbsa/schedule/game/index.html, served for the path without a slash.
    format: 'directory',
    // Pages render while the ones before are still being written: one at a time, half of a bench
    // build was spent waiting on mkdir and writeFile (160 s → 103 s with 8).
    concurrency: 8,
    // Small stylesheets go inline (hashed into the CSP), saving a request per page.
    inlineStylesheets: 'auto',
  },
  integrations: [react()],
  devToolbar: { enabled: false },
  // No Markdown pages here; Shiki's inline styles would break the CSP anyway.
  markdown: { syntaxHighlight: false },
  prefetch: false,
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
      ],
    },
  },
  vite: {
    build: { assetsInlineLimit: 0, ...(keepOut ? { emptyOutDir: false } : {}) },
  },
  experimental: {
    incrementalBuild: Boolean(buildCache),
  },
});
