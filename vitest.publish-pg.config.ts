import { defineConfig } from 'vitest/config';

/**
 * The publishing end-to-end test on PostgreSQL (`npm run test:publish:pg`, decision 151): the same
 * file as on SQLite, its server's database one database of a throw-away cluster the file starts.
 * The comparison of the two databases' sites (postgres-site.test.ts) runs in the publish suite.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/publish/publish.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 15 * 60_000,
    env: { SBSA_TEST_DATABASE: 'postgres' },
  },
});
