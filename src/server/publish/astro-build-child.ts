/**
 * One `astro build`, started by a message from the server (run-astro-build.ts).
 *
 * The server starts this process ahead of the build it is for: loading Astro takes most of a
 * second, a tenth of a rebuild after a saved record. It waits, with Astro loaded, for the message
 * 'build', runs one build with the settings of its environment (astro.config.mjs reads them) and
 * exits: 0 when the build succeeded. It exits at once when the server goes away.
 */
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const { build } = await import('astro');
await import('@astrojs/react');

process.on('disconnect', () => process.exit(0));
process.once('message', (message) => {
  if (message !== 'build') process.exit(2);
  build({ root }).then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
});
process.send?.('ready');
