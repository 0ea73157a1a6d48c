import { defineConfig } from 'vitest/config';

/**
 * End-to-end test of publishing (`npm run test:publish`): a real server in a child process builds
 * the demo site, takes a game record through the API and publishes it. Slow by nature (full Astro
 * builds on 2 cores), so it runs alone, after the other suites of `npm test`.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/publish/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 15 * 60_000,
  },
});
