/**
 * One `astro build` of the whole site as plain files (run-astro-build.ts): the static export of
 * `npm run build:site`, with the settings of its environment (astro.config.mjs reads them). It
 * exits when the build is done: Astro can leave handles open that would keep it alive.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'astro';

const root = fileURLToPath(new URL('../../../', import.meta.url));
build({ root }).then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
