import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { readFile, writeFile, readdir } from 'node:fs/promises';
import { join, extname } from 'node:path';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.svg', '.txt', '.ics', '.csv', '.webmanifest']);

/** Every file below dir, as paths relative to it with forward slashes. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1).split('\\').join('/'));
}

/** Writes .br and .gz beside each text file of a finished build, so serving never compresses. */
export async function compressBuild(dir: string): Promise<number> {
  const files = (await listFiles(dir)).filter((f) => compressible.has(extname(f)));
  let done = 0;
  const queue = [...files];
  const worker = async () => {
    for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
      const body = await readFile(join(dir, f));
      if (body.length < 256) continue;
      const [br, gzBody] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gz(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(join(dir, f + '.br'), br), writeFile(join(dir, f + '.gz'), gzBody)]);
      done++;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return done;
}
