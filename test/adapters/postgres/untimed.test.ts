/**
 * `beginUntimed`: an operator's transaction (a migration, a statistics rebuild, a dump's load) outlives
 * the timeouts that guard requests, the idle one included, and leaves them in force for the
 * requests after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../../../adapters/postgres/index.js';
import type pg from 'pg';
import { beginUntimed } from '../../../adapters/postgres/untimed.js';
import { createTestDatabase, dropTestDatabase } from './server.js';
import { skipReason } from '../../helpers/requirements.js';

/** PGlite's server sets no session timeouts from a connection's startup parameters, so only a server shows them. */
const serverOnly = skipReason('postgres-server', 'test/adapters/postgres/untimed.test.ts (the session timeouts)');

let database: string;
beforeAll(async () => {
  database = await createTestDatabase('fb_untimed');
});
afterAll(async () => {
  await dropTestDatabase(database);
});

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `client`, whose process is busy (its event loop blocked) for `ms` after each answer it reads. */
function busyAfterEachAnswer(client: pg.PoolClient, ms: number): pg.PoolClient {
  const query = async (...args: unknown[]) => {
    const answer: unknown = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    const until = performance.now() + ms;
    while (performance.now() < until);
    return answer;
  };
  return new Proxy(client, {
    get: (target, key) => (key === 'query' ? query : (Reflect.get(target, key, target) as unknown)),
  });
}

describe('untimed', () => {
  it.skipIf(serverOnly !== undefined)(`keeps a transaction whose process pauses between statements past the idle-in-transaction timeout${serverOnly ? ` (skipped: ${serverOnly})` : ''}`, async () => {
    // Requests' statements may run 50 ms and a transaction may idle 100 ms between them.
    const storage = await createPostgresStorage({ connectionString: database }, { statementTimeoutMs: 50 });
    const client = await storage.pool.connect();
    try {
      const operator = await beginUntimed(client);
      await pause(400);
      expect((await operator.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect((await operator.query('SHOW idle_in_transaction_session_timeout')).rows).toEqual([{ idle_in_transaction_session_timeout: '0' }]);
      await operator.query('COMMIT');
      // The request's timeouts hold again after the transaction.
      expect((await client.query('SHOW idle_in_transaction_session_timeout')).rows).toEqual([{ idle_in_transaction_session_timeout: '100ms' }]);
    } finally {
      client.release();
      await storage.close();
    }
  });

  it("begins with the timeouts already lifted: a process busy right after BEGIN's answer keeps its transaction", async () => {
    const storage = await createPostgresStorage({ connectionString: database }, { statementTimeoutMs: 50 });
    const client = await storage.pool.connect();
    try {
      // 300 ms of a blocked event loop after each answer: three times the idle-in-transaction timeout.
      const operator = await beginUntimed(busyAfterEachAnswer(client, 300));
      expect((await operator.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await operator.query('COMMIT');
    } finally {
      client.release();
      await storage.close();
    }
  });
});
