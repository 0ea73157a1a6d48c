import { defineConfig } from 'vitest/config';

// Lighthouse on the public pages of the real server, and on a heavy page the check must fail
// (docs/decisions/138). Files one after another: a run measures the machine's CPU, so two at once
// would lower each other's performance scores.
export default defineConfig({
  test: {
    include: ['tests/lighthouse/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
