import { defineConfig } from 'vitest/config';

// Operations suites: child servers, SIGKILL, load, tmpfs and read-only mounts. Slow by nature, so
// they run one file at a time (`npm run test:ops`), after the faster suites of `npm test`.
export default defineConfig({
  test: {
    include: ['tests/ops/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
