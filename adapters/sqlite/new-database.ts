/**
 * A new database made from the table declaration at once, rather than by replaying every released
 * migration step: the tables and indexes generated from `src/storage/schema/`, then the FTS5
 * search index and its triggers. The statistics code is installed after it by `migrate`, as for
 * any database. The tests check that the result and a database upgraded through every step have
 * the same catalogue.
 */
import type { Database } from 'better-sqlite3';
import { schemaSql, SQLITE_DDL } from '../../src/storage/schema/ddl.js';
import { TABLES } from '../../src/storage/schema/tables.js';
import { SEARCH_INDEX } from './schema-search.js';

/** Creates every table, index and trigger of the newest schema in an empty database. */
export function createNewDatabase(db: Database): void {
  for (const statement of schemaSql(SQLITE_DDL, TABLES)) db.exec(statement);
  db.exec(SEARCH_INDEX);
}
