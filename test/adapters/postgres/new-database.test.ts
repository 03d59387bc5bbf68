/**
 * A new database is made from the table declaration, not by replaying the migration steps: it has
 * exactly the catalogue of a database upgraded through every released step (columns with their
 * types, nullability, defaults and collations, constraints, indexes, triggers, functions,
 * sequences), and records every version.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, PG_SCHEMA_VERSION } from '../../../adapters/postgres/index.js';
import { PG_MIGRATIONS } from '../../../adapters/postgres/migrations.js';
import { postgresCatalog } from '../../helpers/catalog.js';
import { createTestDatabase, dropTestDatabase } from './server.js';

const made: string[] = [];
afterAll(async () => {
  for (const url of made) await dropTestDatabase(url);
});

/** A database of its own (an extension lives in one schema of a database), brought to the newest version through `versions`. */
async function database(versions: readonly number[]): Promise<string> {
  const url = await createTestDatabase('fb_new_db');
  made.push(url);
  for (const version of [...versions, PG_SCHEMA_VERSION]) {
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: version })).close();
  }
  return url;
}

async function catalogOf(url: string): Promise<{ catalog: Record<string, unknown>; recorded: unknown[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const recorded = (await client.query('SELECT version, description FROM fb_schema_migrations ORDER BY version')).rows;
    return { catalog: await postgresCatalog(client), recorded };
  } finally {
    await client.end();
  }
}

describe('postgres new database', () => {
  it('has the catalogue of databases upgraded through every released step, one open per step and in one go', async () => {
    const fresh = await catalogOf(await database([]));
    expect((fresh.catalog.columns as unknown[]).length).toBeGreaterThan(300);
    expect(fresh.recorded).toEqual(PG_MIGRATIONS.map(({ version, description }) => ({ version, description })));
    const stepwise = await catalogOf(await database(PG_MIGRATIONS.slice(0, -1).map((step) => step.version)));
    expect(fresh.catalog).toEqual(stepwise.catalog);
    const fromFirst = await catalogOf(await database([1]));
    expect(fresh.catalog).toEqual(fromFirst.catalog);
  }, 120_000);
});
