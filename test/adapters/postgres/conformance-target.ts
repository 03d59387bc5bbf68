/**
 * The storage conformance suite's target on the PostgreSQL adapter against a real server (see
 * server.ts): the adapter migrates one database of the file once, and each storage gets a copy of
 * it (CREATE DATABASE … TEMPLATE), which costs a fraction of migrating every storage anew (the
 * randomized sequences alone create 50); `reopen` closes the storage and reads everything back
 * through a new pool; `readTables` reads the `fb_` tables through the storage's pool. On PGlite,
 * which has one database, each storage is a new schema, migrated. The databases are made and
 * dropped directly; `through` (a pooler's URL of a database's) is where the storages connect.
 */
import { afterAll, afterEach } from 'vitest';
import { createPostgresStorage, type PostgresOptions, type PostgresStorage } from '../../../adapters/postgres/index.js';
import type { Storage } from '../../../src/storage/contract.js';
import type { ConformanceTarget } from '../../../testing/index.js';
import { createTestDatabase, createTestSchema, dropTestDatabase, ON_PGLITE } from './server.js';

export function postgresConformanceTarget(
  name: string,
  options: PostgresOptions = {},
  through: (url: string) => string = (url) => url,
): ConformanceTarget {
  const urls = new Map<Storage, string>();
  /** On a server: the migrated database every storage copies. On PGlite: the database of the schemas. */
  let template: Promise<string> | undefined;
  /** The databases of the running test's stores. */
  const copies: string[] = [];
  // Dropped when their test ends (its stores are closed by then; FORCE ends any session left), so
  // that the cluster holds the running tests' databases only: kept to the end of the file, the
  // copies of the four files came to 5 GB at once.
  afterEach(async () => {
    await Promise.all(copies.splice(0).map((url) => dropTestDatabase(url)));
  }, 120_000);
  afterAll(async () => {
    if (template !== undefined) await dropTestDatabase(await template);
  }, 120_000);

  /** A database migrated by the adapter, with no session left open on it, to be copied. */
  async function migratedTemplate(): Promise<string> {
    const url = await createTestDatabase('fb_conf_template');
    await (await createPostgresStorage({ connectionString: url }, { maxConnections: 1 })).close();
    return url;
  }

  /** A new store: a copy of the migrated database, or on PGlite a new schema the adapter migrates. */
  async function newStore(): Promise<string> {
    if (ON_PGLITE) {
      template ??= createTestDatabase('fb_conf');
      return createTestSchema(await template);
    }
    template ??= migratedTemplate();
    const url = await createTestDatabase('fb_conf', await template);
    copies.push(url);
    return through(url);
  }

  async function open(url: string): Promise<Storage> {
    const storage = await createPostgresStorage({ connectionString: url }, { maxConnections: 4, ...options });
    urls.set(storage, url);
    return storage;
  }

  return {
    name,
    create: async () => open(await newStore()),
    reopen: async (storage: Storage) => {
      const url = urls.get(storage)!;
      await storage.close();
      return open(url);
    },
    readTables: async (storage, names) => {
      const { pool } = storage as PostgresStorage;
      const tables: Record<string, readonly object[]> = {};
      for (const table of names) {
        const { rows } = await pool.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [`fb_${table}`]);
        if (rows[0]!.present) tables[table] = (await pool.query(`SELECT * FROM fb_${table}`)).rows;
      }
      return tables;
    },
  };
}
