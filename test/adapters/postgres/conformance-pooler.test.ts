/**
 * The storage conformance suite on the PostgreSQL adapter through PgBouncer in transaction mode
 * (`pooler: 'transaction'`): every storage connects through the pooler, where each transaction
 * may run on another server connection; the databases are made and copied directly, as for the
 * direct suite (conformance-target.ts). Skipped, with the reason, without PgBouncer or a server.
 *
 * The seven tests that run thousands of generated operations over the statements every other test
 * runs are left to the direct suite: through the pooler each statement is planned on every run.
 * The four heaviest took three times as long (35 s → 103 s, 26 s → 73 s, 23 s → 43 s, and past
 * the 120 s limit for the 50 sequences, measured side by side), doubling the file's time; the three
 * random sequences checked against a model took 14 s, 11 s and 7 s, a third of what was left.
 * Every method of the storage still runs through the pooler in the others, and what the pooler
 * changes (a transaction's statements on any server connection, no session state) is the same for
 * one call as for a thousand.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defineStorageConformance } from 'feedback-board/testing';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { HEAVY_CONFORMANCE_TESTS, MODEL_CONFORMANCE_TESTS } from '../../helpers/heavy-conformance.js';
import { postgresConformanceTarget } from './conformance-target.js';
import { startTestPooler, type TestPooler } from './pgbouncer.js';

const skip = skipReason('pgbouncer', 'test/adapters/postgres/conformance-pooler.test.ts');

describe.skipIf(skip !== undefined)(suiteTitle('PgBouncer in transaction mode', skip), () => {
  let pooler: TestPooler | undefined;
  beforeAll(async () => {
    pooler = await startTestPooler();
  });
  afterAll(() => pooler?.stop());
  const direct = 'run by the direct suite (conformance.test.ts); through the pooler it takes three times as long';
  defineStorageConformance(
    {
      ...postgresConformanceTarget('postgres through PgBouncer', { pooler: 'transaction' }, (url) => pooler!.throughPooler(url)),
      skip: Object.fromEntries([...HEAVY_CONFORMANCE_TESTS, ...MODEL_CONFORMANCE_TESTS].map((name) => [name, direct])),
    },
    { describe, it, expect, beforeEach, afterEach },
  );
});
