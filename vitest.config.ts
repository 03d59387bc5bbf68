import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/helpers/sequencer.js';

export default defineConfig({
  resolve: {
    // The package's own published entries, as users import them, from the source.
    alias: [
      { find: 'feedback-board/testing', replacement: fileURLToPath(new URL('./testing/index.ts', import.meta.url)) },
      // The pages' JSX runtime, as the build compiles them with (tsup.config.ts).
      { find: /^hono\/jsx\/jsx-(dev-)?runtime$/, replacement: fileURLToPath(new URL('./src/pages/jsx/jsx-runtime.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'docs/examples/**/*.test.ts'],
    // PostgreSQL for the tests that need it (started lazily; see test/adapters/postgres/server.ts),
    // and the closing list of suites skipped for a missing requirement (test/helpers/requirements.ts).
    globalSetup: ['test/adapters/postgres/global-setup.ts', 'test/helpers/skip-summary.ts'],
    // Before every file: a file that leaves a global such as Response or Date replaced fails
    // (test/helpers/globals-guard.ts), since the files of a worker share their globals (below).
    setupFiles: ['test/helpers/globals-guard.ts'],
    // Most suites wait on child processes, browsers and PostgreSQL part of the time, so one worker
    // more than the cores keeps the cores busy (vitest's default, one fewer than the cores, is a
    // single worker on a 2-core machine). More than that only makes the processes compete: on 2
    // cores the whole run took 955 s with 1 worker (half the machine idle), 655 s with 2, 629 s
    // with 3, and about 765 s with 4, whose processes used 1,550 CPU-s for the work 3 did in
    // 1,200. Capped so that a large machine does not start more browsers and PostgreSQL sessions
    // than the run's cluster accepts.
    maxWorkers: Math.min(availableParallelism() + 1, 8),
    // A worker runs its files one after another in one module graph instead of loading the sources
    // anew for each file: loading them was 40% of the CPU time of the HTTP suites. The files share
    // nothing but modules that hold no test's state; a file that changes a global restores it.
    isolate: false,
    // Timeouts catch a hung test, not a slow one: beside three other workers on a busy 2-core
    // machine (the number this config used to start), a test that runs the CLI ten times took
    // past 30 s (about 3 s a process).
    testTimeout: 60_000,
    // The longest files start first, also in a fresh clone (see test/helpers/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    hookTimeout: 120_000,
  },
});
