// The server's start: glibc's malloc bounded to two arenas, its TypeScript without node's type
// stripper (strip-types.mjs), then index.ts.
import { readFileSync } from 'node:fs';

// glibc gives each thread that allocates an arena of its own (up to eight per core) and keeps in
// it what the thread freed: the server's other threads (node's pool, V8's helpers) held about
// 27 MB in eight of them on the demo. The variable only counts when the process starts, so on
// Linux the server starts itself once more in the same process with it set (same pid, same
// flags); an operator's own value is kept. Its renderers get the same (render-engine.ts).
// docs/decisions/133
if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  typeof process.execve === 'function'
) {
  try {
    // the command line as it was given (process.argv has the script's path made absolute)
    const args = readFileSync('/proc/self/cmdline', 'utf8').split('\0').slice(0, -1);
    process.execve(process.execPath, args, { ...process.env, MALLOC_ARENA_MAX: '2' });
  } catch {
    // not replaced (a system that refuses it): the server runs with glibc's default arenas
  }
}

await import('./strip-types.mjs');
await import('./index.ts');
