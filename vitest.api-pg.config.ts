import { defineConfig } from 'vitest/config';

// The API suite on PostgreSQL (decision 151): the same test files, each test's database a copy of
// one migrated template on a throw-away cluster started for the run (tests/helpers/pg-cluster.ts).
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/pg/**/*.test.ts'],
    // These two tell that a refused request wrote nothing from SQLite's exact count of the rows its
    // connection changed (`total_changes()`), checked after every one of thousands of requests.
    // PostgreSQL has no such count for one database that is exact at once (the write-ahead log is
    // the whole cluster's, which the other test files write to; its statistics come later): they
    // run on SQLite, and the routes they drive are the same code on both databases.
    exclude: ['tests/api/fuzz-writes.test.ts', 'tests/api/role-matrix.test.ts'],
    globalSetup: ['tests/helpers/pg-global-setup.ts'],
    pool: 'forks',
    isolate: false,
    testTimeout: 30_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
