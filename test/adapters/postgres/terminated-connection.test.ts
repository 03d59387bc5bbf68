/**
 * A connection that the server ends while a transaction holds it between two statements (a
 * shutdown, a stopped replica, `pg_terminate_backend`) reports that on the client with no
 * statement to fail. The process must not crash on it: the transaction fails as one does while the
 * server is away (`service_unavailable`), nothing of it stays, and the next transaction gets a new
 * connection.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresStorage, type PostgresStorage } from '../../../adapters/postgres/index.js';
import { at } from '../../../testing/fixtures.js';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

const skip = skipReason('postgres-binaries', 'test/adapters/postgres/terminated-connection.test.ts');
let url: string;
let storage: PostgresStorage;

beforeAll(async () => {
  if (skip !== undefined) return;
  url = await createTestDatabase('fb_terminated');
  storage = await createPostgresStorage({ connectionString: url }, { maxConnections: 1 });
  await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'Acme', created_at: at(0) }));
});
afterAll(async () => {
  await storage?.close();
  if (url) await dropTestDatabase(url);
});

/** Ends the storage's connection that sits idle in its transaction, once there is one. */
async function terminateIdleInTransaction(): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let tries = 0; tries < 100; tries++) {
      const { rows } = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'feedback-board' AND state = 'idle in transaction'`,
      );
      if (rows.some((row) => row.ended)) return;
      await new Promise((wake) => setTimeout(wake, 20));
    }
    throw new Error('no connection idle in its transaction');
  } finally {
    await admin.end();
  }
}

it.skipIf(skip !== undefined)(suiteTitle('a connection ended between two statements fails its transaction, not the process', skip), async () => {
  let resume!: () => void;
  const paused = new Promise<void>((done) => (resume = done));
  const held = storage.transaction('write', async (tx) => {
    await tx.insertOrganization({ name: 'Lost', created_at: at(1) });
    await paused;
    return tx.listOrganizations();
  });
  await terminateIdleInTransaction();
  // Time for the server's notice to reach the client while no statement of it runs.
  await new Promise((wake) => setTimeout(wake, 300));
  resume();
  // The storage cannot be used for now, as when the server is down (503, one log line per
  // outage in the background loops), whether the end arrived before the next statement or with it.
  const failure = await held.catch((error: unknown) => error);
  expect(failure).toMatchObject({ code: 'service_unavailable' });
  expect(((failure as Error).cause as Error).message).toMatch(
    /^feedback-board\/postgres: the database cannot be reached: (Client has encountered a connection error|Connection terminated|terminating connection due to administrator command)/,
  );
  // The next transaction runs on a new connection, and nothing of the failed one was kept.
  const names = await storage.transaction('read', async (tx) => (await tx.listOrganizations()).map((org) => org.name));
  expect(names).toEqual(['Acme']);
});
