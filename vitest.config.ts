import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
