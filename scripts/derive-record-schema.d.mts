import type { TableDeclarations } from '../src/storage/schema/model.js';

/** The text of src/storage/record-schema.ts for the tables' declaration. */
export function renderRecordSchema(tables: TableDeclarations, stepCount: number): string;

/** The text of src/storage/dump-column-list.ts for the tables' declaration. */
export function renderDumpColumns(tables: TableDeclarations): string;

/** The text of src/storage/dump-reference-list.ts for the tables' declaration. */
export function renderReferences(tables: TableDeclarations): string;

/** The tables' declaration, read through a bundle of `src/storage/schema/tables.ts`. */
export function sourceTables(): Promise<TableDeclarations>;
