/**
 * What a test suite needs beyond Node and npm, and what happens when it is missing. `npm test` on
 * a machine with only Node and npm passes: the suites needing a PostgreSQL server or Chromium are
 * skipped with the reason in their name (the PostgreSQL adapter's in-process suites run on PGlite
 * instead), and the run ends with a list of what was skipped (test/helpers/skip-summary.ts).
 * With `FEEDBACK_BOARD_REQUIRE_ALL=1` (CI) a missing requirement fails the suite instead.
 *
 * Environment: `FEEDBACK_BOARD_TEST_NO_PG=1`, `FEEDBACK_BOARD_TEST_NO_PGBOUNCER=1` and
 * `FEEDBACK_BOARD_TEST_NO_CHROMIUM=1` hide an installed PostgreSQL, PgBouncer or Chromium, to try
 * the fallbacks; `FEEDBACK_BOARD_TEST_PG_URL` names a server, `FEEDBACK_BOARD_TEST_CHROMIUM` a
 * Chromium binary.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { findPostgresBin } from '../../scripts/pg-cluster.mjs';
import { findPgbouncer } from '../../scripts/pgbouncer.mjs';

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`): the same Blink and V8 as
 * Chromium without the desktop browser's profile services, which the tests never use. Measured on
 * a 2-core machine, a new browser context with its first page cost 0.29 CPU-s in it against 1.21
 * in `chromium --headless`, and a page load 0.09 against 0.23; the browser suites open about a
 * hundred contexts and a thousand pages a run.
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';
/** The desktop Chromium (Debian's `chromium`), run headless when no headless shell is installed. */
export const DESKTOP_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The browser the tests drive: the one `FEEDBACK_BOARD_TEST_CHROMIUM` names, else the headless
 * shell when installed, else Chromium.
 */
export const CHROMIUM_PATH =
  process.env.FEEDBACK_BOARD_TEST_CHROMIUM || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : DESKTOP_CHROMIUM_PATH);

/**
 * Something a suite needs that npm does not install: a PostgreSQL server (the run's cluster or
 * `FEEDBACK_BOARD_TEST_PG_URL`; for other processes to share, where PGlite serves only this one),
 * PostgreSQL's binaries (to start and stop clusters of the suite's own), PgBouncer in front of
 * such a server, or Chromium.
 */
export type Requirement = 'postgres-server' | 'postgres-binaries' | 'pgbouncer' | 'chromium';

/** What was found on the machine. */
export interface Found {
  postgresBinaries: boolean;
  pgbouncer: boolean;
  chromium: boolean;
}

/** Where the PostgreSQL tests' databases come from. */
export type PostgresBackend = 'url' | 'cluster' | 'pglite';

/** The PostgreSQL the tests use under this environment. */
export function postgresBackend(env: NodeJS.ProcessEnv, found: Found): PostgresBackend {
  if (env.FEEDBACK_BOARD_TEST_NO_PG === '1') return 'pglite';
  if (env.FEEDBACK_BOARD_TEST_PG_URL) return 'url';
  return found.postgresBinaries ? 'cluster' : 'pglite';
}

/** Why `requirement` is not met under this environment (with how to meet it), or undefined. */
export function missing(requirement: Requirement, env: NodeJS.ProcessEnv, found: Found): string | undefined {
  const hidden = 'PostgreSQL hidden by FEEDBACK_BOARD_TEST_NO_PG=1';
  if (requirement === 'postgres-server') {
    if (postgresBackend(env, found) !== 'pglite') return undefined;
    return env.FEEDBACK_BOARD_TEST_NO_PG === '1'
      ? hidden
      : 'no PostgreSQL server binaries (apt-get install postgresql, or set FEEDBACK_BOARD_TEST_PG_URL)';
  }
  if (requirement === 'postgres-binaries') {
    if (env.FEEDBACK_BOARD_TEST_NO_PG === '1') return hidden;
    return found.postgresBinaries ? undefined : 'no PostgreSQL server binaries (apt-get install postgresql)';
  }
  if (requirement === 'pgbouncer') {
    const server = missing('postgres-server', env, found);
    if (server !== undefined) return server;
    if (env.FEEDBACK_BOARD_TEST_NO_PGBOUNCER === '1') return 'PgBouncer hidden by FEEDBACK_BOARD_TEST_NO_PGBOUNCER=1';
    return found.pgbouncer ? undefined : 'no PgBouncer (apt-get install pgbouncer)';
  }
  if (env.FEEDBACK_BOARD_TEST_NO_CHROMIUM === '1') return 'Chromium hidden by FEEDBACK_BOARD_TEST_NO_CHROMIUM=1';
  return found.chromium ? undefined : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium-headless-shell)`;
}

/** What decides a suite: run it, skip it for `reason`, or fail it because skipping is forbidden. */
export function decide(requirement: Requirement, env: NodeJS.ProcessEnv, found: Found): { skip?: string; fail?: string } {
  const reason = missing(requirement, env, found);
  if (reason === undefined) return {};
  if (env.FEEDBACK_BOARD_REQUIRE_ALL === '1') return { fail: `${reason}; FEEDBACK_BOARD_REQUIRE_ALL=1 forbids skipping` };
  return { skip: reason };
}

let found: Found | undefined;

/** This machine's PostgreSQL binaries, PgBouncer and Chromium (looked for once per test file). */
export function foundHere(): Found {
  found ??= { postgresBinaries: findPostgresBin() !== null, pgbouncer: findPgbouncer() !== null, chromium: existsSync(CHROMIUM_PATH) };
  return found;
}

/**
 * Why the calling suite is skipped here, or undefined when it runs; the skip is recorded for the
 * run's closing summary. Throws (failing the file) when the requirement is missing and
 * `FEEDBACK_BOARD_REQUIRE_ALL=1`. `suite` names the suite in that summary.
 */
export function skipReason(requirement: Requirement, suite: string): string | undefined {
  const { skip, fail } = decide(requirement, process.env, foundHere());
  if (fail !== undefined) throw new Error(`${suite}: ${fail}`);
  if (skip !== undefined) recordSkip(suite, skip);
  return skip;
}

/**
 * For a need found missing only by trying (npm unable to install, say): `reason` when the suite may
 * be skipped, recorded like {@link skipReason}'s; throws when `FEEDBACK_BOARD_REQUIRE_ALL=1`.
 */
export function skipBecause(suite: string, reason: string): string {
  if (process.env.FEEDBACK_BOARD_REQUIRE_ALL === '1') throw new Error(`${suite}: ${reason}; FEEDBACK_BOARD_REQUIRE_ALL=1 forbids skipping`);
  recordSkip(suite, reason);
  return reason;
}

function recordSkip(suite: string, reason: string): void {
  const dir = inject('skipLogDir');
  if (dir) appendFileSync(join(dir, 'skipped.tsv'), `${suite}\t${reason}\n`);
}

/** `name`, followed by the reason when the suite is skipped. */
export function suiteTitle(name: string, reason: string | undefined): string {
  return reason === undefined ? name : `${name} (skipped: ${reason})`;
}
