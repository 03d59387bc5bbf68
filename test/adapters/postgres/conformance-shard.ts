/**
 * The storage conformance suite on the PostgreSQL adapter against a real server (see
 * conformance-target.ts: a migrated database copied for each storage), in three files
 * (conformance-1/2/3.test.ts), each registering every third group of the suite: the files run on
 * workers of their own, so the suite takes a third of the time it took in one. On
 * PGlite, the bare machine's fallback, a file is one single-threaded PGlite, and the suite in one
 * file took most of a bare `npm test`.
 *
 * On PGlite (no PostgreSQL installed; see server.ts) the suite runs with longer timeouts, as
 * PGlite is several times slower, and without the three tests that take minutes there (the
 * 2,000-post similar posts and the long random operation sequences).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineStorageConformance } from 'feedback-board/testing';
import { skipReason } from '../../helpers/requirements.js';
import { HEAVY_CONFORMANCE_TESTS } from '../../helpers/heavy-conformance.js';
import { postgresConformanceTarget } from './conformance-target.js';
import { ON_PGLITE } from './server.js';

/** How many files share the suite. */
export const SHARDS = 3;

type It = (name: string, fn?: () => unknown, timeout?: number) => void;

/**
 * vitest's `describe` and `it` registering only this share of the suite: of the suite's groups
 * (the `describe`s directly inside it), those whose place is `shard` modulo {@link SHARDS}, and so
 * of the tests outside any group. The other groups still run their bodies, registering nothing,
 * so that the suite knows every test's name (its skip list is checked against them).
 */
function shareOf(shard: number): { describe: (name: string, fn: () => void) => void; it: It & { skip: It } } {
  let depth = 0;
  let elsewhere = 0;
  let groups = 0;
  let loose = 0;
  const share = {
    describe(name: string, fn: () => void) {
      // vitest runs a describe's body later, at collection: the body is wrapped to know its depth then.
      const level = depth + 1;
      const inside = () => {
        const outer = depth;
        depth = level;
        try {
          fn();
        } finally {
          depth = outer;
        }
      };
      if (elsewhere > 0 || (level === 2 && groups++ % SHARDS !== shard)) {
        elsewhere += 1;
        try {
          inside();
        } finally {
          elsewhere -= 1;
        }
      } else {
        describe(name, inside);
      }
    },
    it: Object.assign(
      (name: string, fn?: () => unknown, timeout?: number) => {
        if (registers()) it(name, fn, timeout);
      },
      {
        skip: (name: string, fn?: () => unknown, timeout?: number) => {
          if (registers()) it.skip(name, fn, timeout);
        },
      },
    ),
  };
  // A test inside a group goes with its group; a test directly in the suite takes its own turn.
  function registers(): boolean {
    if (elsewhere > 0) return false;
    return depth > 1 || loose++ % SHARDS === shard;
  }
  return share;
}

/** The suite's share of conformance-`shard + 1`.test.ts. */
export function definePostgresConformance(shard: number): void {
  const file = `test/adapters/postgres/conformance-${shard + 1}.test.ts`;
  // The tests that take minutes on PGlite run on a PostgreSQL server.
  const slowSkips = ON_PGLITE
    ? Object.fromEntries(HEAVY_CONFORMANCE_TESTS.map((name) => [name, skipReason('postgres-server', `${file} (${name})`)!]))
    : undefined;
  if (ON_PGLITE) vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

  defineStorageConformance(
    {
      ...postgresConformanceTarget(ON_PGLITE ? 'postgres (PGlite)' : 'postgres'),
      ...(slowSkips === undefined ? {} : { skip: slowSkips }),
    },
    { ...shareOf(shard), expect, beforeEach, afterEach },
  );
}
