import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'docs/examples/**/*.test.ts'],
    // PostgreSQL for the tests that need it (started lazily; see test/postgres/server.ts).
    globalSetup: ['test/postgres/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
