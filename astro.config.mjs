// @ts-check
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';

// `npm run build:site` and the publisher's renderer (src/server/publish/render-worker.ts) run
// `astro build` with SBSA_DB_FILE (read-only source) and SBSA_SITE_OUT (the out folder).
const outDir = process.env.SBSA_SITE_OUT || './dist';
const site = (process.env.PUBLIC_ORIGIN || 'http://localhost:4321').replace(/\/+$/, '');

/**
 * `client:interaction`: an island hydrated on the visitor's first touch, pointer or focus on it
 * (src/islands/client-interaction.ts, decision 137).
 * @type {import('astro').AstroIntegration}
 */
const clientInteraction = {
  name: 'sbsa:client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({
        name: 'interaction',
        entrypoint: fileURLToPath(new URL('./src/islands/client-interaction.ts', import.meta.url)),
      }),
  },
};

export default defineConfig({
  site,
  output: 'static',
  outDir,
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
  integrations: [react(), clientInteraction],
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
    build: { assetsInlineLimit: 0 },
  },
});
