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
    // expect.poll waits for what the page shows after a request; its 1 s default is shorter than
    // a busy 2-core machine can take, while Playwright's own waits allow 30 s
    expect: { poll: { timeout: 15_000 } },
  },
});
