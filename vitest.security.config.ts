import { defineConfig } from 'vitest/config';

// The abuse suite: each file starts the real server as a child process and attacks it from
// outside (status, timing, what another client sees meanwhile, what changed in the database).
// Files run one at a time so their timing measurements do not disturb each other.
export default defineConfig({
  test: {
    include: ['tests/security/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
