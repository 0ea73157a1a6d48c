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
    // expect.poll waits for what the page shows after a request; its 1 s default is shorter than
    // a busy 2-core machine can take, while Playwright's own waits allow 30 s
    expect: { poll: { timeout: 15_000 } },
  },
});
