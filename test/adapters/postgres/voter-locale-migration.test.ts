/** Schema step 22: the voters of a version 21 database get a language, null until one is set. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, PG_SCHEMA_VERSION } from '../../../adapters/postgres/index.js';
import { at } from '../../../testing/fixtures.js';
import { createTestDatabase, createTestSchema, dropTestDatabase, queryRows as query } from './server.js';

let database: string;
beforeAll(async () => {
  database = await createTestDatabase('fb_voter_locale');
});
afterAll(async () => {
  await dropTestDatabase(database);
});

const T0 = at(0);

describe('postgres voter language step', () => {
  it("gives a version 21 database's voters a language column, null for each stored voter, which can then be set", async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 21 })).close();
    expect(await query(url, "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'fb_voters' AND column_name = 'locale'")).toEqual([{ n: 0 }]);
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (1, 'ada@acme.test', 'Ada', '${T0}'), (1, NULL, '', '${T0}');`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      expect(await storage.transaction('read', (tx) => tx.getVoter(1))).toEqual({
        id: 1, organization_id: 1, email: 'ada@acme.test', name: 'Ada', created_at: T0, locale: null,
      });
      expect(await storage.transaction('write', (tx) => tx.setVoterLocale(1, 'ar'))).toBe(true);
      expect((await storage.transaction('read', (tx) => tx.getVoterByEmail(1, 'ada@acme.test')))?.locale).toBe('ar');
      expect((await storage.transaction('read', (tx) => tx.getVoter(2)))?.locale).toBeNull();
    } finally {
      await storage.close();
    }
  });
});
