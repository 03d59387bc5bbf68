/**
 * `untimed`: an operator's transaction (a migration, a statistics rebuild, a dump's load) outlives
 * the timeouts that guard requests, the idle one included, and leaves them in force for the
 * requests after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../../../adapters/postgres/index.js';
import { untimed } from '../../../adapters/postgres/untimed.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

let database: string;
beforeAll(async () => {
  database = await createTestDatabase('fb_untimed');
});
afterAll(async () => {
  await dropTestDatabase(database);
});

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('untimed', () => {
  it('keeps a transaction whose process pauses between statements past the idle-in-transaction timeout', async () => {
    // Requests' statements may run 50 ms and a transaction may idle 100 ms between them.
    const storage = await createPostgresStorage({ connectionString: database }, { statementTimeoutMs: 50 });
    const client = await storage.pool.connect();
    try {
      await client.query('BEGIN');
      const operator = await untimed(client);
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
});
