/**
 * Which suites run, skip or fail under which environment (requirements.ts), and the closing
 * summary of the skipped ones (skip-summary.ts).
 */
import { describe, expect, it } from 'vitest';
import { decide, missing, postgresBackend, type Found } from './requirements.js';
import { skipSummary } from './skip-summary.js';

const everything: Found = { postgresBinaries: true, pgbouncer: true, chromium: true };
const nothing: Found = { postgresBinaries: false, pgbouncer: false, chromium: false };
const URL = 'postgres://u@db.internal/x';

describe('postgresBackend', () => {
  it.each([
    [{}, everything, 'cluster'],
    [{}, nothing, 'pglite'],
    [{ FEEDBACK_BOARD_TEST_PG_URL: URL }, nothing, 'url'],
    [{ FEEDBACK_BOARD_TEST_PG_URL: URL }, everything, 'url'],
    [{ FEEDBACK_BOARD_TEST_NO_PG: '1' }, everything, 'pglite'],
    [{ FEEDBACK_BOARD_TEST_NO_PG: '1', FEEDBACK_BOARD_TEST_PG_URL: URL }, everything, 'pglite'],
  ] as const)('%o with %o → %s', (env, found, backend) => {
    expect(postgresBackend(env, found)).toBe(backend);
  });
});

describe('which suites skip', () => {
  it('a machine with everything skips nothing', () => {
    for (const requirement of ['postgres-server', 'postgres-binaries', 'pgbouncer', 'chromium'] as const) expect(missing(requirement, {}, everything)).toBeUndefined();
  });

  it('a machine with only Node and npm skips the server, cluster and browser suites, saying how to run them', () => {
    expect(missing('postgres-server', {}, nothing)).toMatch(/apt-get install postgresql, or set FEEDBACK_BOARD_TEST_PG_URL/);
    expect(missing('postgres-binaries', {}, nothing)).toMatch(/apt-get install postgresql/);
    expect(missing('chromium', {}, nothing)).toMatch(/no Chromium at \/\S+ \(apt-get install chromium-headless-shell\)/);
    expect(missing('pgbouncer', {}, nothing)).toMatch(/apt-get install postgresql, or set FEEDBACK_BOARD_TEST_PG_URL/);
  });

  it('the pooler suites need PgBouncer and a server it can stand in front of', () => {
    expect(missing('pgbouncer', {}, { ...everything, pgbouncer: false })).toBe('no PgBouncer (apt-get install pgbouncer)');
    expect(missing('pgbouncer', { FEEDBACK_BOARD_TEST_PG_URL: URL }, { ...nothing, pgbouncer: true })).toBeUndefined();
    expect(missing('pgbouncer', { FEEDBACK_BOARD_TEST_NO_PGBOUNCER: '1' }, everything)).toBe('PgBouncer hidden by FEEDBACK_BOARD_TEST_NO_PGBOUNCER=1');
    expect(decide('pgbouncer', { FEEDBACK_BOARD_REQUIRE_ALL: '1' }, { ...everything, pgbouncer: false })).toEqual({
      fail: expect.stringMatching(/no PgBouncer.*FEEDBACK_BOARD_REQUIRE_ALL=1 forbids skipping/),
    });
  });

  it('a server URL serves the server suites but not those starting clusters of their own', () => {
    const env = { FEEDBACK_BOARD_TEST_PG_URL: URL };
    expect(missing('postgres-server', env, nothing)).toBeUndefined();
    expect(missing('postgres-binaries', env, nothing)).toMatch(/no PostgreSQL server binaries/);
  });

  it('the hiding variables hide what is installed', () => {
    expect(missing('postgres-server', { FEEDBACK_BOARD_TEST_NO_PG: '1' }, everything)).toBe('PostgreSQL hidden by FEEDBACK_BOARD_TEST_NO_PG=1');
    expect(missing('postgres-binaries', { FEEDBACK_BOARD_TEST_NO_PG: '1' }, everything)).toBe('PostgreSQL hidden by FEEDBACK_BOARD_TEST_NO_PG=1');
    expect(missing('chromium', { FEEDBACK_BOARD_TEST_NO_CHROMIUM: '1' }, everything)).toBe('Chromium hidden by FEEDBACK_BOARD_TEST_NO_CHROMIUM=1');
    expect(missing('chromium', { FEEDBACK_BOARD_TEST_NO_PG: '1' }, everything)).toBeUndefined();
  });

  it('FEEDBACK_BOARD_REQUIRE_ALL=1 turns every skip into a failure, and changes nothing that runs', () => {
    const env = { FEEDBACK_BOARD_REQUIRE_ALL: '1' };
    expect(decide('chromium', env, nothing)).toEqual({ fail: expect.stringMatching(/no Chromium.*FEEDBACK_BOARD_REQUIRE_ALL=1 forbids skipping/) });
    expect(decide('postgres-server', { ...env, FEEDBACK_BOARD_TEST_NO_PG: '1' }, everything)).toEqual({
      fail: expect.stringMatching(/hidden by FEEDBACK_BOARD_TEST_NO_PG=1; FEEDBACK_BOARD_REQUIRE_ALL=1 forbids skipping/),
    });
    expect(decide('chromium', env, everything)).toEqual({});
    expect(decide('chromium', {}, nothing)).toEqual({ skip: expect.stringMatching(/no Chromium/) });
  });
});

describe('skipSummary', () => {
  it('is nothing when nothing was skipped', () => {
    expect(skipSummary([])).toBeUndefined();
    expect(skipSummary([''])).toBeUndefined();
  });

  it('lists each skipped suite once, sorted, with its reason and how to run it', () => {
    const summary = skipSummary(['b.test.ts\tno Chromium', 'a.test.ts\tno PostgreSQL', 'b.test.ts\tno Chromium', ''])!;
    const lines = summary.split('\n');
    expect(lines.slice(0, 3)).toEqual(['Skipped 2 suite(s) for a missing requirement:', '  - a.test.ts: no PostgreSQL', '  - b.test.ts: no Chromium']);
    expect(summary).toMatch(/FEEDBACK_BOARD_TEST_PG_URL/);
    expect(summary).toMatch(/PgBouncer/);
    expect(summary).toMatch(/FEEDBACK_BOARD_REQUIRE_ALL=1/);
  });
});
