import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests reach PostgreSQL through `inject('testDatabaseUrl')`: an admin URL on which each test
// file creates (and drops) a database of its own. Empty means in-memory PGlite.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/web/{app,server}/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    provide: { testDatabaseUrl: process.env.TEST_DATABASE_URL ?? '' },
    pool: 'forks',
    // One file per core. Vitest's default leaves a core to itself (one worker on two cores),
    // while most files wait on the database more than they compute: two on two cores ran the
    // order and cart files in 70 s instead of 101 s.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
