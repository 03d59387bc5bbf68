import type { TableDeclarations } from '../src/storage/schema/model.js';
import type { SchemaStep } from '../src/storage/schema/steps.js';

/** The text of src/storage/record-schema.ts for the tables' declaration. */
export function renderRecordSchema(tables: TableDeclarations, stepCount: number): string;

/** The text of src/storage/dump-column-list.ts for the tables' declaration. */
export function renderDumpColumns(tables: TableDeclarations): string;

/** The text of src/storage/dump-reference-list.ts for the tables' declaration. */
export function renderReferences(tables: TableDeclarations): string;

/** The text of src/storage/table-rows.ts: each record table's row type, as its `record.row` names it. */
export function renderTableRows(tables: TableDeclarations): string;

/** The text of src/storage/lock-kinds.ts: `OwnerKind`, each table's declared lock kind. */
export function renderLockKinds(tables: TableDeclarations): string;

/** The record tables a dump carries, in its order, and those it leaves out with the reason. */
export function dumpOrder(
  tables: TableDeclarations,
  steps: readonly SchemaStep[],
  released: readonly string[],
): { order: string[]; notDumped: [string, string][] };

/** The text of src/storage/dump-table-list.ts: the dump's order and the record tables it leaves out. */
export function renderDumpTables(tables: TableDeclarations, steps: readonly SchemaStep[], released: readonly string[]): string;

/** The links of every dumped table that has any, in the dump's order. */
export function organizationLinks(
  tables: TableDeclarations,
  steps: readonly SchemaStep[],
  released: readonly string[],
): [string, { field: string; table: string; list?: true; when?: { field: string; value: string } }[]][];

/** The text of src/storage/dump-organization-list.ts. */
export function renderOrganizationLinks(tables: TableDeclarations, steps: readonly SchemaStep[], released: readonly string[]): string;

/** The SQL answering the organization of a row of the SQL table `name` by its id (`$1`). */
export function ownerSql(tables: TableDeclarations, name: string): string;

/** The text of adapters/sql/lock-owners.ts: each declared `lock`'s kind, SQL and insert. */
export function renderLockOwners(tables: TableDeclarations): string;

/** The tables' declaration, read through a bundle of `src/storage/schema/tables.ts`. */
export function sourceTables(): Promise<TableDeclarations>;
