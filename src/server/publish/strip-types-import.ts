import { fileURLToPath } from 'node:url';

/**
 * Node's flags that make a child process run the server's TypeScript stripped ahead, as the server
 * does (strip-types.mjs): without them the child loads node's own type stripper, 15–30 MB resident
 * for its whole life (decision 118).
 */
export const stripTypesImport = [
  '--import',
  fileURLToPath(new URL('../strip-types.mjs', import.meta.url)),
];
