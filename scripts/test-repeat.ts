/**
 * Runs test files again and again under the configuration of their suite, to show that a test
 * passes every time and not only most times (a race, a timer or a port shows as one failure in
 * ten).
 *
 * Usage: npm run test:repeat -- <file …> [--times 10] [--fresh]
 *
 * The suite's global set-up (the public site's build, the admin suite's server) runs once for all
 * runs; `--fresh` starts each run as a new vitest with its own set-up, as `npm test` does. Prints a
 * line per run and exits with 1 when any run failed.
 */
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Vitest } from 'vitest/node';
import { createVitest } from 'vitest/node';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { times: { type: 'string', default: '10' }, fresh: { type: 'boolean' } },
});
const times = Number(values.times);
if (!Number.isInteger(times) || times < 1 || positionals.length === 0) {
  process.stderr.write('usage: npm run test:repeat -- <file …> [--times 10] [--fresh]\n');
  process.exit(2);
}

/** The configuration file of the suite a test file belongs to (package.json's test:* scripts). */
function suiteConfigOf(file: string): string {
  const path = relative(process.cwd(), resolve(file)).replaceAll('\\', '/');
  if (path.startsWith('tests/e2e/public/')) return 'vitest.e2e.config.ts';
  if (path.startsWith('tests/e2e/admin/')) return 'vitest.admin-e2e.config.ts';
  if (path.startsWith('tests/e2e/publish/')) return 'vitest.publish-e2e.config.ts';
  if (path.startsWith('tests/e2e/origin/')) return 'vitest.origin-e2e.config.ts';
  if (path.startsWith('tests/ops/')) return 'vitest.ops.config.ts';
  if (path.startsWith('tests/pg/')) return 'vitest.api-pg.config.ts';
  if (path.startsWith('tests/security/')) return 'vitest.security.config.ts';
  if (path.startsWith('tests/lighthouse/')) return 'vitest.lighthouse.config.ts';
  return 'vitest.config.ts';
}

const configs = new Set(positionals.map(suiteConfigOf));
if (configs.size > 1) {
  process.stderr.write(`the files belong to different suites (${[...configs].join(', ')})\n`);
  process.exit(2);
}
const config = [...configs][0]!;

async function open(): Promise<Vitest> {
  const vitest = await createVitest({ config, run: true, watch: false });
  // reporters on (each run prints as `npm test` does), no test run yet
  await vitest.standalone();
  return vitest;
}

let failedRuns = 0;
let vitest = await open();
try {
  for (let run = 1; run <= times; run++) {
    if (values.fresh && run > 1) {
      await vitest.close();
      vitest = await open();
    }
    const started = performance.now();
    const result = await vitest.runTestFiles(positionals.map((f) => resolve(f)));
    const failed = result.testModules.filter((m) => !m.ok()).map((m) => m.moduleId);
    const ok =
      result.testModules.length > 0 && failed.length === 0 && !result.unhandledErrors.length;
    if (!ok) failedRuns++;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `\nrun ${run}/${times}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s` +
        (failed.length ? ` (${failed.map((f) => relative(process.cwd(), f)).join(', ')})` : '') +
        (result.unhandledErrors.length
          ? ` (${result.unhandledErrors.length} unhandled errors)`
          : '') +
        '\n',
    );
  }
} finally {
  await vitest.close();
}
process.stdout.write(`\n${times - failedRuns} of ${times} runs passed\n`);
process.exit(failedRuns ? 1 : 0);
