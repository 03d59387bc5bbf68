/**
 * A new database made from the table declaration at once, rather than by replaying every released
 * migration step: the tables and indexes generated from `src/storage/schema/`, then the trigram
 * search indexes where `pg_trgm` can be installed. The statistics code is installed after it by
 * `migratePg`, as for any database. The tests check that the result and a database upgraded
 * through every step have the same catalogue.
 */
import type { PoolClient } from 'pg';
import { POSTGRES_DDL, schemaSql } from '../../src/storage/schema/ddl.js';
import { TABLES } from '../../src/storage/schema/tables.js';
import { indexSearch } from './schema-search.js';

/** Creates every table and index of the newest schema in a database that has none. */
export async function createNewDatabase(client: PoolClient): Promise<void> {
  await client.query(schemaSql(POSTGRES_DDL, TABLES).join(';\n'));
  await indexSearch(client);
}
