import { defineConfig } from 'vitest/config';

/** Browser tests of the built public site: one demo build for the whole run, test files one after another. */
export default defineConfig({
  test: {
    include: ['tests/e2e/public/**/*.test.ts'],
    globalSetup: ['tests/e2e/public/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
