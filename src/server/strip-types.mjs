// Plain JavaScript on purpose: this module runs before any TypeScript is loaded.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Hands node the server's TypeScript with its types already stripped, so that the process never
 * loads node's own type stripper. That stripper (amaro, swc built to WebAssembly) stays loaded for
 * the life of a process once it has run the first .ts file: 7 MB of WebAssembly memory and 4 MB
 * of heap, 15–30 MB of resident memory in all, in the server and in each renderer
 * (docs/decisions/118). Running it in a worker thread instead kept as much resident.
 *
 * The stripped files are kept by content hash under node_modules/.cache/sbsa-ts/<node version>/;
 * when a file is missing (a new version of the code), a child process strips it with node's own
 * `module.stripTypeScriptTypes`, the stripper node runs itself, and its memory ends with it. The
 * output keeps every line and column where it was, so stack traces point where they did.
 *
 * Imported first by start.mjs (the server) and preloaded with `--import` by the renderers. A file
 * outside the folders below, or one the cache could not take, loads the usual way.
 */
const src = new URL('../', import.meta.url);
const folders = ['server/', 'lib/', 'components/'];
const cache = new URL(`../../node_modules/.cache/sbsa-ts/${process.version}/`, import.meta.url);

/** Every module file under the folder: .ts without tests and declarations. */
function moduleFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) files.push(...moduleFiles(new URL(`${entry.name}/`, dir)));
    else if (/(?<!\.test|\.d)\.ts$/.test(entry.name)) files.push(new URL(entry.name, dir));
  }
  return files;
}

const STRIPPER = `
  import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
  import { stripTypeScriptTypes } from 'node:module';
  const { cache, files } = JSON.parse(readFileSync(0, 'utf8'));
  mkdirSync(new URL(cache), { recursive: true });
  for (const { file, kept } of files) {
    const code = stripTypeScriptTypes(readFileSync(new URL(file), 'utf8'));
    // written whole, then renamed: a process starting meanwhile never reads half a file
    const part = new URL(kept + '.' + process.pid, cache);
    writeFileSync(part, code);
    renameSync(part, new URL(kept, cache));
  }
`;

/** url of a source file → name of its stripped form in the cache */
const keptAs = new Map();
for (const file of folders.flatMap((folder) => moduleFiles(new URL(folder, src)))) {
  const hash = createHash('sha1').update(readFileSync(file)).digest('hex');
  keptAs.set(file.href, `${hash}.js`);
}
const missing = [...keptAs].filter(([, kept]) => !existsSync(new URL(kept, cache)));
if (missing.length > 0) {
  try {
    execFileSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', STRIPPER], {
      input: JSON.stringify({
        cache: cache.href,
        files: missing.map(([file, kept]) => ({ file, kept })),
      }),
      stdio: ['pipe', 'ignore', 'inherit'],
    });
  } catch {
    // a read-only code folder: those files load the usual way
    for (const [file] of missing) keptAs.delete(file);
  }
}

registerHooks({
  load(url, context, nextLoad) {
    const kept = keptAs.get(url);
    if (kept !== undefined) {
      try {
        const source = readFileSync(new URL(kept, cache), 'utf8');
        return { format: 'module', source, shortCircuit: true };
      } catch {
        // the cache was deleted while the process ran: the usual way
      }
    }
    return nextLoad(url, context);
  },
});
