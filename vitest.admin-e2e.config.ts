import { defineConfig } from 'vitest/config';

/** Browser tests of the admin console: one real server (built site, demo data) shared by every file. */
export default defineConfig({
  test: {
    include: ['tests/e2e/admin/**/*.test.ts'],
    globalSetup: ['tests/e2e/admin/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
