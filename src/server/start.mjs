// The server's start: its TypeScript without node's type stripper (strip-types.mjs), then index.ts.
import './strip-types.mjs';

await import('./index.ts');
