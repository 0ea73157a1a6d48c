import { defineConfig } from 'vitest/config';

// The API suite on PostgreSQL (decision 151): the same test files, each test's database a copy of
// one migrated template on a throw-away cluster started for the run (tests/helpers/pg-cluster.ts).
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/pg/**/*.test.ts'],
    globalSetup: ['tests/helpers/pg-global-setup.ts'],
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
