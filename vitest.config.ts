import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'],
    pool: 'forks',
    // one worker per core runs file after file: module state is reset by each test's own setup
    isolate: false,
    testTimeout: 30_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
