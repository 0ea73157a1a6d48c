// The server's start: glibc's malloc bounded to two arenas, its TypeScript without node's type
// stripper (strip-types.mjs), then index.ts.
import { readFileSync, realpathSync } from 'node:fs';

/**
 * Whether this process should replace itself with one that has MALLOC_ARENA_MAX set. glibc gives
 * each thread that allocates an arena of its own (up to eight per core) and keeps in it what the
 * thread freed: the server's other threads (node's pool, V8's helpers) held about 27 MB in eight
 * of them on the demo. glibc reads the variable only when a process starts, so the environment
 * the process started with decides (/proc/self/environ), not process.env, which node has already
 * filled from `--env-file`. Not when the process was started with an IPC channel (a process
 * manager's fork: it would be lost), under a debugger, or when start.mjs is not the entry script.
 * docs/decisions/133
 */
function shouldReplaceItself() {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return false;
  if (process.channel !== undefined || process.execArgv.some((a) => a.startsWith('--inspect')))
    return false;
  try {
    if (!process.argv[1] || realpathSync(process.argv[1]) !== import.meta.filename) return false;
    const startedWith = readFileSync('/proc/self/environ', 'utf8').split('\0');
    return !startedWith.some(
      (v) => v.startsWith('MALLOC_ARENA_MAX=') || /^GLIBC_TUNABLES=.*arena_max/.test(v),
    );
  } catch {
    return false; // no /proc to read: the server starts with glibc's default arenas
  }
}

// The same pid, standard streams and command line (/proc/self/cmdline: process.argv lacks node's
// flags), with the variable set: an operator's own value from `--env-file`, else two. Its
// renderers get the same (render-engine.ts). Should execve itself fail, node ends the process
// with an error; setting MALLOC_ARENA_MAX in the environment skips this.
if (shouldReplaceItself()) {
  const args = readFileSync('/proc/self/cmdline', 'utf8').split('\0').slice(0, -1);
  process.execve(process.execPath, args, {
    ...process.env,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  });
}

await import('./strip-types.mjs');
await import('./index.ts');
