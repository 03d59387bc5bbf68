/**
 * The storage conformance suite on the PostgreSQL adapter against a real server (see
 * conformance-target.ts: a migrated database copied for each storage).
 *
 * On PGlite (no PostgreSQL installed; see server.ts) the suite runs with longer timeouts, as
 * PGlite is several times slower, and without the three tests that take minutes there (the
 * 2,000-post similar posts and the long random operation sequences).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineStorageConformance } from 'feedback-board/testing';
import { skipReason } from '../../helpers/requirements.js';
import { HEAVY_CONFORMANCE_TESTS, postgresConformanceTarget } from './conformance-target.js';
import { ON_PGLITE } from './server.js';

// The tests that take minutes on PGlite run on a PostgreSQL server.
const slowSkips = ON_PGLITE
  ? Object.fromEntries(HEAVY_CONFORMANCE_TESTS.map((name) => [name, skipReason('postgres-server', `test/adapters/postgres/conformance.test.ts (${name})`)!]))
  : undefined;
if (ON_PGLITE) vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

defineStorageConformance(
  {
    ...postgresConformanceTarget(ON_PGLITE ? 'postgres (PGlite)' : 'postgres'),
    ...(slowSkips === undefined ? {} : { skip: slowSkips }),
  },
  { describe, it, expect, beforeEach, afterEach },
);
