/**
 * The columns the shared schema steps add to tables older than them. Today's code writes every
 * column a row has today, so a test that fills an old database through it lends the tables these
 * columns for the run, and takes them back before the upgrade adds them again. Read from the
 * steps, so a new column needs no change to those tests.
 */
import { POSTGRES_DDL, SQLITE_DDL, stepSql } from '../../src/storage/schema/ddl.js';
import { SCHEMA_STEPS, type SchemaChange } from '../../src/storage/schema/steps.js';
import { TABLES } from '../../src/storage/schema/tables.js';

type AddColumn = Extract<SchemaChange, { addColumn: string }>;

const changes = SCHEMA_STEPS.flatMap((step) => step.changes);
/** Tables the shared steps make: an old database has none of them to lend a column to. */
const madeByTheSteps = new Set(changes.flatMap((change) => ('addTable' in change ? [change.addTable] : [])));
const added = changes.filter(
  (change): change is AddColumn => 'addColumn' in change && !madeByTheSteps.has(change.addColumn.split('.')[0]!),
);

/** The statements that add those columns, `;`-separated, in the store's dialect. */
export function lendLaterColumns(store: 'sqlite' | 'postgres'): string {
  return stepSql(store === 'sqlite' ? SQLITE_DDL : POSTGRES_DDL, TABLES, { description: 'lent', changes: added }).join('; ');
}

/** The statements that drop them again, `;`-separated. */
export function takeBackLaterColumns(): string {
  return added
    .map((change) => {
      const [table, column] = change.addColumn.split('.');
      return `ALTER TABLE fb_${table} DROP COLUMN ${column}`;
    })
    .join('; ');
}
