/**
 * node bench/render-workers.ts — a render of every page by 1, 2, … renderer processes (up to the
 * cores), in pages per second. The database is the demo association (seeded into a temporary
 * file) or `--db FILE` (e.g. bench/.data/sbsa.sqlite after `npm run bench`). The code build runs
 * first, once, and is not counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemoDatabase } from '../scripts/build-demo-site.ts';
import { RenderEngine } from '../src/server/publish/render-engine.ts';
import { projectRoot } from '../src/server/publish/run-astro-build.ts';

const { values: args } = parseArgs({ options: { db: { type: 'string' } } });
const work = mkdtempSync(join(tmpdir(), 'sbsa-render-workers-'));
const codeDir = join(projectRoot, '.astro', 'site-work', `render-workers-${process.pid}`);
try {
  const dbFile = args.db ?? join(work, 'sbsa.sqlite');
  if (!args.db) await seedDemoDatabase(dbFile);
  const warm = new RenderEngine({ codeDir });
  const started = performance.now();
  await warm.warm();
  await warm.stop();
  process.stdout.write(`code build: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  for (let workers = 1; workers <= availableParallelism(); workers++) {
    const engine = new RenderEngine({ codeDir, workers });
    try {
      await engine.warm();
      const t = performance.now();
      const r = await engine.render(dbFile);
      const s = (performance.now() - t) / 1000;
      process.stdout.write(
        `${workers} renderer(s): ${r.rendered.size} files in ${s.toFixed(1)} s = ${Math.round(r.rendered.size / s)} pages/s (listing ${r.ms.paths} ms); load ${loadavg()[0].toFixed(1)}\n`,
      );
    } finally {
      await engine.stop();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  rmSync(codeDir, { recursive: true, force: true });
}
