#!/usr/bin/env node
/**
 * Writes, from the tables' declaration (src/storage/schema/tables.ts; `npm run derive` runs it):
 * - src/storage/record-schema.ts: every record-store table, its key, whether the store hands out
 *   its ids, its indexes; and how many migration steps the stores share;
 * - src/storage/dump-reference-list.ts: the references a record store checks when it loads a dump;
 * - src/storage/dump-column-list.ts: the fields SQL keeps otherwise than a record, which a dump converts.
 * The declaration is read through a bundle made with esbuild, so the script needs no build. The
 * first two are what the memory and IndexedDB stores carry: the declaration itself, with its SQL,
 * stays out of the browser's bundle.
 * `test/storage/record-schema.test.ts` fails while a committed file differs from what this makes.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importSource } from './import-source.mjs';

const quoted = (text) => {
  if (!/^[a-z_]+$/.test(text)) throw new Error(`record-schema: unexpected name ${JSON.stringify(text)}`);
  return `'${text}'`;
};
const keyPath = (fields) => (fields.length === 1 ? quoted(fields[0]) : `[${fields.map(quoted).join(', ')}]`);
const columnOf = (column) => (typeof column === 'string' ? { type: column } : column);

/** The record tables of the declaration, in its order: `[record name, SQL name, declaration]`. */
function recordTables(tables) {
  return Object.entries(tables)
    .filter(([, table]) => table.record !== undefined)
    .map(([name, table]) => [table.record.name ?? name, name, table]);
}

/** A table's key: its primary key, or its `id` column. */
const keyOf = (table) => table.primaryKey ?? ['id'];
const hasIds = (table) => table.primaryKey === undefined && columnOf(table.columns.id).type === 'id';

const SCHEMA_HEADER = `/**
 * Every table of the record stores (memory, IndexedDB), its primary key and its indexes, as data:
 * an IndexedDB store creates its object stores and indexes from this, and the memory store its
 * index maps. Generated from the tables' declaration (\`schema/tables.ts\`, each table's \`record\`)
 * by \`npm run derive\` (scripts/derive-record-schema.mjs): do not edit it, edit the declaration and
 * run that. A test fails while this file differs from what the declaration gives.
 */`;

export function renderRecordSchema(tables, stepCount) {
  const rows = recordTables(tables).map(([name, , table]) => {
    const indexes = Object.entries(table.record.indexes ?? {}).map(([index, on]) => `${index}: ${keyPath(Array.isArray(on) ? on : [on])}`);
    return `  ${name}: { keyPath: ${keyPath(keyOf(table))}, ids: ${hasIds(table)}, indexes: {${indexes.length === 0 ? '' : ` ${indexes.join(', ')} `}} },`;
  });
  return [
    SCHEMA_HEADER,
    '',
    '// record-store.ts checks it against the rows (`RecordSchema`).',
    'export const RECORD_SCHEMA = {',
    ...rows,
    '} as const;',
    '',
    '/**',
    " * How many migration steps the stores share (`schema/steps.ts`): an IndexedDB store opens a new",
    ' * database at its history\'s version plus this, without loading the steps themselves.',
    ' */',
    `export const SCHEMA_STEP_COUNT = ${stepCount};`,
    '',
  ].join('\n');
}

const REFERENCES_HEADER = `/**
 * The references between record tables: which fields of a row name a row of another table (by
 * its key), as SQLite's foreign keys hold them. Generated from the tables' declaration
 * (\`schema/tables.ts\`) by \`npm run derive\` (scripts/derive-record-schema.mjs): do not edit it.
 * A test fails while this file differs from what the declaration gives.
 */`;

/** The references of each record table: its columns' (but those only PostgreSQL keeps), then its compound keys'. */
export function renderReferences(tables) {
  const records = recordTables(tables);
  const recordName = new Map(records.map(([name, sql]) => [sql, name]));
  const target = (from, reference, fields) => {
    const [table, column] = reference.split('.');
    const name = recordName.get(table);
    if (name === undefined) throw new Error(`record-schema: ${from} refers to ${table}, which is not a record table`);
    if (column !== undefined && (keyOf(tables[table]).length !== 1 || keyOf(tables[table])[0] !== column)) {
      throw new Error(`record-schema: ${from} refers to ${reference}, which is not that table's key`);
    }
    return `to(${quoted(name)}, ${fields.map(quoted).join(', ')})`;
  };
  const rows = [];
  for (const [name, , table] of records) {
    const references = [
      ...Object.entries(table.columns)
        .map(([column, declared]) => [column, columnOf(declared)])
        .filter(([, column]) => column.references !== undefined && column.referenceIn !== 'postgres')
        .map(([column, { references }]) => target(name, references, [column])),
      ...(table.foreignKeys ?? []).map((key) => target(name, `${key.references}`, key.columns)),
    ];
    if (references.length > 0) rows.push(`  ${name}: [${references.join(', ')}],`);
  }
  return [
    REFERENCES_HEADER,
    "import type { TableName } from './record-store.js';",
    '',
    '/** Fields of a row that hold the key of a row of `table` (all null: no reference). */',
    'export interface DumpReference {',
    '  readonly fields: readonly string[];',
    '  readonly table: TableName;',
    '}',
    '',
    'const to = (table: TableName, ...fields: string[]): DumpReference => ({ fields, table });',
    '',
    '/** Every reference of every record table; a table absent here refers to nothing. */',
    'export const RECORD_REFERENCES: Readonly<Partial<Record<TableName, readonly DumpReference[]>>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

const DUMP_COLUMNS_HEADER = `/**
 * The fields of each record table that SQL keeps otherwise than a record does, which a dump
 * converts (\`dump-columns.ts\`): flags (0/1 in SQLite), JSON (in \`jsonb\`, or text where the
 * declaration says \`jsonText\`), bytes and PostgreSQL's \`bigint\`s. Generated from the tables'
 * declaration (\`schema/tables.ts\`) by \`npm run derive\` (scripts/derive-record-schema.mjs): do
 * not edit it. A test fails while this file differs from what the declaration gives.
 */`;

/** The converted fields of each record table that has any, by kind. */
export function renderDumpColumns(tables) {
  const rows = [];
  for (const [name, , table] of recordTables(tables)) {
    const columns = Object.entries(table.columns).map(([column, declared]) => [column, columnOf(declared)]);
    const of = (test) => columns.filter(([, column]) => test(column)).map(([column]) => column);
    const kinds = {
      flags: of((column) => column.type === 'flag'),
      json: of((column) => column.type === 'json' || column.jsonText === true),
      binary: of((column) => column.type === 'bytes'),
      bigints: of((column) => column.type === 'bigint'),
    };
    const listed = Object.entries(kinds).filter(([, fields]) => fields.length > 0);
    if (listed.length > 0) rows.push(`  ${name}: { ${listed.map(([kind, fields]) => `${kind}: [${fields.map(quoted).join(', ')}]`).join(', ')} },`);
  }
  return [
    DUMP_COLUMNS_HEADER,
    "import type { TableName } from './record-store.js';",
    '',
    '/** Fields of a table that SQL keeps otherwise than its record, by how (none: the same). */',
    'export interface DumpColumns {',
    '  readonly flags?: readonly string[];',
    '  readonly json?: readonly string[];',
    '  readonly binary?: readonly string[];',
    '  readonly bigints?: readonly string[];',
    '}',
    '',
    'export const DUMP_COLUMNS: Readonly<Partial<Record<TableName, DumpColumns>>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

/** The tables' declaration, bundled next to this script. */
export function sourceTables() {
  return importSource('src/storage/schema/tables.ts', 'TABLES');
}

/** How many shared migration steps `src/storage/schema/steps.ts` lists. */
export async function sourceStepCount() {
  return (await importSource('src/storage/schema/steps.ts', 'SCHEMA_STEPS')).length;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tables = await sourceTables();
  const stepCount = await sourceStepCount();
  const files = [
    ['storage/record-schema.ts', renderRecordSchema],
    ['storage/dump-reference-list.ts', renderReferences],
    ['storage/dump-column-list.ts', renderDumpColumns],
  ];
  for (const [name, render] of files) {
    const file = fileURLToPath(new URL(`../src/${name}`, import.meta.url));
    await writeFile(file, render(tables, stepCount));
    process.stdout.write(`wrote ${file}\n`);
  }
}
