/**
 * node bench/render-workers.ts — a render of every page by 1, 2, … renderer processes (up to the
 * cores), in pages per second. The database is the demo association (seeded into a temporary
 * file) or `--db FILE` (e.g. bench/.data/sbsa.sqlite after `npm run bench`). The code build runs
 * first, once, and is not counted. `npm run bench` runs the same measure on the bench association.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemoDatabase } from '../scripts/build-demo-site.ts';
import { RenderEngine } from '../src/server/publish/render-engine.ts';
import { projectRoot } from '../src/server/publish/run-astro-build.ts';

export interface RenderRate {
  workers: number;
  files: number;
  seconds: number;
  pagesPerSecond: number;
  /** load average once the render was done */
  load: number;
}

/** Renders every page of the database once per renderer count, 1 up to the cores. */
export async function renderRates(
  dbFile: string,
  onRate: (rate: RenderRate) => void = () => {},
): Promise<{ codeBuildSeconds: number; rates: RenderRate[] }> {
  const codeDir = join(projectRoot, '.astro', 'site-work', `render-workers-${process.pid}`);
  try {
    const warm = new RenderEngine({ codeDir });
    const started = performance.now();
    await warm.warm();
    await warm.stop();
    const codeBuildSeconds = (performance.now() - started) / 1000;
    const rates: RenderRate[] = [];
    for (let workers = 1; workers <= availableParallelism(); workers++) {
      const engine = new RenderEngine({ codeDir, workers });
      try {
        await engine.warm();
        const t = performance.now();
        const r = await engine.render(dbFile);
        const seconds = (performance.now() - t) / 1000;
        const rate = {
          workers,
          files: r.rendered.size,
          seconds,
          pagesPerSecond: Math.round(r.rendered.size / seconds),
          load: loadavg()[0],
        };
        rates.push(rate);
        onRate(rate);
      } finally {
        await engine.stop();
      }
    }
    return { codeBuildSeconds, rates };
  } finally {
    rmSync(codeDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values: args } = parseArgs({ options: { db: { type: 'string' } } });
  const work = mkdtempSync(join(tmpdir(), 'sbsa-render-workers-'));
  try {
    const dbFile = args.db ?? join(work, 'sbsa.sqlite');
    if (!args.db) await seedDemoDatabase(dbFile);
    const { codeBuildSeconds } = await renderRates(dbFile, (r) =>
      process.stdout.write(
        `${r.workers} renderer(s): ${r.files} files in ${r.seconds.toFixed(1)} s = ${r.pagesPerSecond} pages/s; load ${r.load.toFixed(1)}\n`,
      ),
    );
    process.stdout.write(`(code build before them: ${codeBuildSeconds.toFixed(1)} s)\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
