/** Schema step 27: a version 26 database gets the table of what imports made, and keeps its boards. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, PG_SCHEMA_VERSION } from '../../../adapters/postgres/index.js';
import { at } from '../../../testing/fixtures.js';
import { createTestDatabase, createTestSchema, dropTestDatabase } from './server.js';

let database: string;
beforeAll(async () => {
  database = await createTestDatabase('fb_import_sources');
});
afterAll(async () => {
  await dropTestDatabase(database);
});

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

const T0 = at(0);

describe('postgres import sources step', () => {
  it('adds fb_import_sources to a version 26 database, whose boards then take import sources', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 26 })).close();
    expect(await query(url, "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'fb_import_sources' AND table_schema = current_schema()")).toEqual([{ n: 0 }]);
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
        VALUES (1, 'ideas', 'Ideas', '', '', false, NULL, '${T0}');`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      const row = { board_id: 1, source_id: 'post:fider:7', record_id: 3, imported_at: T0 };
      await storage.transaction('write', (tx) => tx.insertImportSource(row));
      expect(await storage.transaction('read', (tx) => tx.listImportSources(1))).toEqual([row]);
    } finally {
      await storage.close();
    }
  });
});
