import { defineConfig } from 'vitest/config';

/**
 * nginx as the site's origin (`npm run test:origin`): a real server builds the demo site and
 * Debian's nginx serves its live tree with the generated config (`npm run nginx-config`); the two
 * are compared address by address and during publishes. Needs `nginx` and
 * `libnginx-mod-http-brotli-static` (`.ci/run` installs them).
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/origin/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 5 * 60_000,
    hookTimeout: 15 * 60_000,
  },
});
