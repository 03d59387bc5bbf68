/**
 * PostgreSQL runs the record stores' defaults for the methods it has no statement of its own for,
 * over the record store of the transaction's connection (adapters/sql/defaults.ts,
 * adapters/sql/record-store.ts): ids from the identity sequences, jsonb and bigints converted.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../../../adapters/postgres/index.js';
import { postgresSeam } from '../../../adapters/postgres/seam.js';
import type { Sql } from '../../../adapters/postgres/sql.js';
import { POSTGRES_FACTORIES } from '../../../adapters/postgres/tx/index.js';
import { defaultedMethods } from '../../../adapters/sql/defaults.js';
import { DEFAULTED, defaultsTests, HOT_PATH } from '../sql/defaults.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

const urls: string[] = [];
afterAll(async () => {
  for (const url of urls) await dropTestDatabase(url);
}, 120_000);

async function open() {
  const url = await createTestDatabase('fb_defaults');
  urls.push(url);
  return createPostgresStorage({ connectionString: url });
}

describe('postgres: the record defaults over SQL', { timeout: 60_000 }, () => {
  defaultsTests(open);

  it('are taken for exactly the methods PostgreSQL answers no other way, none of a request’s hot path', () => {
    // Building the methods runs no statement: a connection is not needed to list them.
    const defaulted = defaultedMethods(POSTGRES_FACTORIES, postgresSeam({} as Sql)).sort();
    expect(defaulted).toEqual(DEFAULTED);
    for (const method of HOT_PATH) expect(defaulted, method).not.toContain(method);
  });
});
