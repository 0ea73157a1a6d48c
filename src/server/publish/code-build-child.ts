/**
 * `astro build` for the code only (code-build.ts runs this in a child process): Vite bundles the
 * pages, copies `public/` and writes the client bundles into SBSA_SITE_OUT; no page is rendered.
 * The prerender bundle, which Astro deletes when the build ends, is kept in `.prerender/` with the
 * snapshot of what rendering needs from the build (render-snapshot.ts), for the renderers.
 */
import { cp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { bundleEntry, writeSnapshot } from './render-snapshot.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const codeDir = process.env.SBSA_SITE_OUT!;
const code = process.env.SBSA_CODE_ID!;
const bundleDir = join(codeDir, '.prerender');
const keptBundleDir = `${codeDir}.prerender`;

type BuildApp = { setInternals(i: unknown): void; setOptions(o: unknown): void };

const capture: AstroIntegration = {
  name: 'sbsa-code-build',
  hooks: {
    'astro:build:start': ({ setPrerenderer }) => {
      setPrerenderer((fallback) => {
        let internals: unknown;
        let options: unknown;
        return {
          name: 'sbsa-code-build',
          setup: async () => {
            // Astro's own prerenderer imports this module and hands the app the build's internals
            // and options: the same module instance is imported first to see them go by.
            const entry = bundleEntry(bundleDir);
            if (!entry) throw new Error('the prerender bundle has no entry');
            const { app } = (await import(pathToFileURL(join(bundleDir, entry)).href)) as {
              app: BuildApp;
            };
            const { setInternals, setOptions } = app;
            app.setInternals = (value) => {
              internals = value;
              setInternals.call(app, value);
            };
            app.setOptions = (value) => {
              options = value;
              setOptions.call(app, value);
            };
            await fallback.setup?.();
          },
          // nothing is rendered here: the renderers render pages from their own snapshot of the data
          getStaticPaths: async () => [],
          render: fallback.render,
          teardown: async () => {
            if (!internals || !options) throw new Error('Astro did not hand over its build state');
            writeSnapshot(bundleDir, code, internals as never, options as never);
            await rm(keptBundleDir, { recursive: true, force: true });
            await cp(bundleDir, keptBundleDir, { recursive: true });
          },
        };
      });
    },
  },
};

async function main(): Promise<void> {
  const { build } = await import('astro');
  await build({ root, integrations: [capture], logLevel: 'warn' });
  await rm(bundleDir, { recursive: true, force: true });
  await rename(keptBundleDir, bundleDir);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
