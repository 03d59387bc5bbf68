/**
 * The columns the shared schema steps add to tables older than them. Today's code writes every
 * column a row has today, so a test that fills an old database through it lends the tables these
 * columns for the run, and takes them back before the upgrade adds them again. Read from the
 * steps, so a new column needs no change to those tests. Today's code also writes the statuses of
 * every new organization and names one from every post, so that table is lent too.
 */
import { POSTGRES_DDL, SQLITE_DDL, stepSql } from '../../src/storage/schema/ddl.js';
import { SCHEMA_STEPS, type SchemaChange } from '../../src/storage/schema/steps.js';
import { TABLES } from '../../src/storage/schema/tables.js';
import { SQLITE_SEARCH_BATCHES_V1 } from '../../src/storage/frozen-migration-rules.js';
import { SEARCH_INDEX_V1 } from '../../adapters/sqlite/schema-search.js';
import { INDEX_WAITING_POSTS_SQL } from '../../adapters/sqlite/search-batches.js';

type AddColumn = Extract<SchemaChange, { addColumn: string }>;

const changes = SCHEMA_STEPS.flatMap((step) => step.changes);
/** Tables the shared steps make: an old database has none of them to lend a column to. */
const madeByTheSteps = new Set(changes.flatMap((change) => ('addTable' in change ? [change.addTable] : [])));
const added = changes.filter(
  (change): change is AddColumn => 'addColumn' in change && !madeByTheSteps.has(change.addColumn.split('.')[0]!),
);

/** Tables the steps make that today's code writes whatever it does. */
const LENT_TABLES = ['statuses'];

/** The columns to lend: those of `tables` (names without `fb_`) when given, since a step may add one to a table an old version lacks. */
const addedTo = (tables: ReadonlySet<string> | undefined) => added.filter((change) => tables === undefined || tables.has(change.addColumn.split('.')[0]!));

/** The statements that add those tables and columns, `;`-separated, in the store's dialect; only columns of `tables` when given. */
export function lendLaterColumns(store: 'sqlite' | 'postgres', tables?: ReadonlySet<string>): string {
  const changes = [...LENT_TABLES.map((table) => ({ addTable: table })), ...addedTo(tables)];
  return stepSql(store === 'sqlite' ? SQLITE_DDL : POSTGRES_DDL, TABLES, { description: 'lent', changes }).join('; ');
}

/** The statements that drop them again, `;`-separated; only columns of `tables` when given. */
export function takeBackLaterColumns(tables?: ReadonlySet<string>): string {
  return addedTo(tables)
    .map((change) => {
      const [table, column] = change.addColumn.split('.');
      return `ALTER TABLE fb_${table} DROP COLUMN ${column}`;
    })
    .concat(LENT_TABLES.map((table) => `DROP TABLE IF EXISTS fb_${table}`))
    .join('; ');
}

/** The `fb_` tables of a SQLite database, without the prefix. */
export function sqliteTables(db: { prepare(sql: string): { pluck(): { all(): unknown[] } } }): Set<string> {
  return new Set((db.prepare("SELECT substr(name, 4) FROM sqlite_schema WHERE type = 'table' AND name LIKE 'fb\\_%' ESCAPE '\\'").pluck().all() as string[]));
}

/** SQL listing the `fb_` tables of a PostgreSQL schema (the current one), without the prefix, as `name`. */
export const PG_TABLES_SQL = "SELECT substr(table_name, 4) AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'fb\\_%'";

/**
 * SQLite's search batches (search-batches.ts), lent to a database older than their step (which
 * has the search index of version 6, with its triggers for every post): the step's statements.
 */
export function lendSearchBatches(): string {
  return SQLITE_SEARCH_BATCHES_V1.join('; ');
}

/** Takes them back: the waiting posts indexed first, then version 6's triggers made again. */
export function takeBackSearchBatches(): string {
  const v6Triggers = SEARCH_INDEX_V1.slice(SEARCH_INDEX_V1.indexOf('CREATE TRIGGER'));
  return `${INDEX_WAITING_POSTS_SQL}; DROP TRIGGER fb_posts_search_insert; DROP TRIGGER fb_posts_search_delete; DROP TRIGGER fb_posts_search_update;
    DROP TABLE fb_search_indexed; ${v6Triggers}`;
}
