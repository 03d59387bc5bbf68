#!/usr/bin/env node
/**
 * Writes, from the tables' declaration (src/storage/schema/tables.ts; `npm run derive` runs it):
 * - src/storage/record-schema.ts: every record-store table, its key, whether the store hands out
 *   its ids, its indexes; and how many migration steps the stores share;
 * - src/storage/dump-reference-list.ts: the references a record store checks when it loads a dump;
 * - src/storage/dump-column-list.ts: the fields SQL keeps otherwise than a record, which a dump converts;
 * - src/storage/table-rows.ts: the row type of every record table (`TableRows`), as each table's
 *   `record.row` names it;
 * - src/storage/dump-table-list.ts: the order of a dump's tables (the released order, then the
 *   tables added by later steps in their order), the record tables a dump leaves out, and the
 *   record tables named otherwise than their SQL table;
 * - src/storage/dump-organization-list.ts: the fields of each dumped row that name a row of a
 *   table of an organization (its references to such tables, and its declared `links`);
 * - adapters/sql/lock-owners.ts: the kinds of record PostgreSQL's write lock names (each table's
 *   `lock`), the SQL finding a record's organization through the table's references, and the
 *   inserts whose returned record's organization the lock notes.
 * The declaration is read through a bundle made with esbuild, so the script needs no build. The
 * first two are what the memory and IndexedDB stores carry: the declaration itself, with its SQL,
 * stays out of the browser's bundle; the others are types, or data only dumps and PostgreSQL load.
 * `test/storage/record-schema.test.ts` and `test/storage/derived-tables.test.ts` fail while a
 * committed file differs from what this makes.
 */
import { writeFile } from 'node:fs/promises';
import { posix } from 'node:path';
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

/** A string of the generated code, single-quoted (the declaration's own text: names, reasons, SQL). */
const text = (value) => {
  if (typeof value !== 'string' || /[\\\n]/.test(value)) throw new Error(`record-schema: unexpected text ${JSON.stringify(value)}`);
  return `'${value.replaceAll("'", "\\'")}'`;
};

/** `items` joined by `, `, wrapped to lines of at most `width` characters, each indented by `indent`. */
function wrapped(items, indent, width = 110) {
  const lines = [];
  let line = '';
  for (const item of items) {
    if (line !== '' && indent.length + line.length + item.length + 2 > width) {
      lines.push(`${indent}${line}`);
      line = '';
    }
    line += `${item},${' '}`;
  }
  if (line !== '') lines.push(`${indent}${line}`);
  return lines.map((l) => l.trimEnd());
}

const ROWS_HEADER = `/**
 * The row type of every record table, by its record-store name: what the record stores keep, and
 * what a dump carries. Generated from the tables' declaration (\`schema/tables.ts\`, each table's
 * \`record.row\`) by \`npm run derive\` (scripts/derive-record-schema.mjs): do not edit it, edit the
 * declaration and run that. A test fails while this file differs from what the declaration gives.
 */`;

/** `TableRows`: each record table's row type, imported from the module the declaration names. */
export function renderTableRows(tables) {
  const modules = new Map();
  const rows = [];
  for (const [name, , table] of recordTables(tables)) {
    const row = table.record.row;
    if (row === undefined) throw new Error(`record-schema: ${name} names no row type (record.row)`);
    if (!/^[A-Z][A-Za-z0-9]*$/.test(row.type) || !/^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)*$/.test(row.from)) {
      throw new Error(`record-schema: ${name} names its row type as ${JSON.stringify(row)}`);
    }
    let path = posix.relative('storage', row.from);
    if (!path.startsWith('.')) path = `./${path}`;
    if (!modules.has(path)) modules.set(path, new Set());
    modules.get(path).add(row.type);
    rows.push(`  ${name}: ${row.type};`);
  }
  const imports = [...modules].map(([path, types]) => {
    const names = [...types].sort();
    const one = `import type { ${names.join(', ')} } from '${path}.js';`;
    return one.length <= 130 ? one : ['import type {', ...names.map((type) => `  ${type},`), `} from '${path}.js';`].join('\n');
  });
  return [ROWS_HEADER, ...imports, '', '/** The row type of every record table. */', 'export interface TableRows {', ...rows, '}', ''].join('\n');
}

const LOCK_KINDS_HEADER = `/**
 * The kinds of record a write lock names: each table's declared \`lock\` kind, which the contract's
 * \`_SCOPES\` tables and the SQL adapters' lock (adapters/sql/lock-owners.ts) share. Generated from
 * the tables' declaration (\`schema/tables.ts\`) by \`npm run derive\`
 * (scripts/derive-record-schema.mjs): do not edit it. A test fails while this file differs from
 * what the declaration gives.
 */`;

/** `OwnerKind`: every table's declared lock kind. */
export function renderLockKinds(tables) {
  const kinds = lockKinds(tables);
  return [
    LOCK_KINDS_HEADER,
    '',
    "/** A record whose organization decides a call's write lock. */",
    'export type OwnerKind =',
    ...kinds.map((kind, index) => `  | '${kind}'${index === kinds.length - 1 ? ';' : ''}`),
    '',
  ].join('\n');
}

/** The declared lock kinds, in the tables' order; refuses a malformed or repeated kind. */
function lockKinds(tables) {
  const kinds = [];
  for (const [name, table] of Object.entries(tables)) {
    if (table.lock === undefined) continue;
    if (!/^[a-z][A-Za-z]*$/.test(table.lock.kind) || kinds.includes(table.lock.kind)) throw new Error(`record-schema: ${name} declares the lock kind ${JSON.stringify(table.lock.kind)}, taken or malformed`);
    kinds.push(table.lock.kind);
  }
  return kinds;
}

/** The record tables a dump carries, in the dump's order, and those it leaves out with why. */
export function dumpOrder(tables, steps, released) {
  const records = new Map(recordTables(tables).map(([name, sql, table]) => [name, { sql, table }]));
  const notDumped = [...records].filter(([, { table }]) => table.record.notDumped !== undefined).map(([name, { table }]) => [name, table.record.notDumped]);
  const skipped = new Set(notDumped.map(([name]) => name));
  for (const name of released) {
    if (!records.has(name)) throw new Error(`record-schema: the released dump order names ${name}, which is not a record table`);
    if (skipped.has(name)) throw new Error(`record-schema: ${name} is in the released dump order, and so is dumped for good`);
  }
  const order = [...released];
  const placed = new Set(order);
  for (const step of steps) {
    for (const change of step.changes) {
      if (change.addTable === undefined || change.record === undefined || placed.has(change.record) || skipped.has(change.record)) continue;
      order.push(change.record);
      placed.add(change.record);
    }
  }
  const missing = [...records.keys()].filter((name) => !placed.has(name) && !skipped.has(name));
  if (missing.length > 0) throw new Error(`record-schema: ${missing.join(', ')} neither added by a step nor in the released dump order`);
  // Each table after the tables its rows refer to: a dump loads in this order.
  const recordName = new Map(recordTables(tables).map(([name, sql]) => [sql, name]));
  const position = new Map(order.map((name, index) => [name, index]));
  for (const name of order) {
    const { table } = records.get(name);
    const targets = [
      ...Object.values(table.columns).map(columnOf).filter((column) => column.references !== undefined && column.referenceIn !== 'postgres').map((column) => column.references.split('.')[0]),
      ...(table.foreignKeys ?? []).map((key) => key.references),
    ].map((target) => recordName.get(target));
    for (const target of targets) {
      if (target !== undefined && target !== name && !(position.get(target) < position.get(name))) {
        throw new Error(`record-schema: ${name} comes in a dump before ${target}, which its rows refer to`);
      }
    }
  }
  return { order, notDumped };
}

const DUMP_TABLES_HEADER = `/**
 * The tables a dump carries, in its order, and the record tables it leaves out. Generated from the
 * tables' declaration (\`schema/tables.ts\`), the released order (\`schema/dump-order.ts\`) and the
 * migration steps (\`schema/steps.ts\`) by \`npm run derive\` (scripts/derive-record-schema.mjs): do
 * not edit it. A test fails while this file differs from what they give.
 */`;

/** The dump's order and the record tables it leaves out. */
export function renderDumpTables(tables, steps, released) {
  const { order, notDumped } = dumpOrder(tables, steps, released);
  return [
    DUMP_TABLES_HEADER,
    "import type { TableName } from './record-store.js';",
    '',
    '/**',
    ' * The order of a dump\'s tables, each after the tables its rows refer to: the released order, then',
    ' * the tables added since, in the order of their steps.',
    ' */',
    'export const DUMP_ORDER: readonly TableName[] = [',
    ...wrapped(order.map(quoted), '  '),
    '];',
    '',
    '/**',
    ' * Record-store tables a dump leaves out, and why (each table\'s `record.notDumped`). Statistics',
    ' * and indexes are rebuilt from the rows when a dump is loaded, exactly as the writes that made',
    ' * them would have.',
    ' */',
    'export const RECORD_TABLES_NOT_DUMPED: Readonly<Partial<Record<TableName, string>>> = {',
    ...notDumped.map(([name, reason]) => `  ${name}: ${text(reason)},`),
    '};',
    '',
    '/** Record-store tables whose SQL table is not `fb_` + their name (each table\'s `record.name`). */',
    'export const SQL_NAMES: Readonly<Partial<Record<TableName, string>>> = {',
    ...recordTables(tables).filter(([name, sql]) => name !== sql).map(([name, sql]) => `  ${name}: ${quoted(`fb_${sql}`)},`),
    '};',
    '',
  ].join('\n');
}

/** The organization links of every dumped table that has any, in the dump's order. */
export function organizationLinks(tables, steps, released) {
  const { order } = dumpOrder(tables, steps, released);
  const records = new Map(recordTables(tables).map(([name, sql, table]) => [name, { sql, table }]));
  const recordName = new Map(recordTables(tables).map(([name, sql]) => [sql, name]));
  const idKeyed = (name) => {
    const key = keyOf(records.get(name).table);
    return key.length === 1 && key[0] === 'id';
  };
  /** A table's single-column references (record names), in column order. */
  const references = (table) =>
    Object.entries(table.columns)
      .map(([field, column]) => [field, columnOf(column)])
      .filter(([, column]) => column.references !== undefined && column.referenceIn !== 'postgres')
      .map(([field, column]) => {
        const [target, key] = column.references.split('.');
        return { field, table: recordName.get(target), key: key ?? 'id' };
      });
  const owned = new Set(['organizations']);
  const links = new Map();
  for (let grown = true; grown; ) {
    grown = false;
    for (const name of order) {
      if (name === 'organizations') continue;
      const { table } = records.get(name);
      const found = [
        ...references(table).filter((reference) => owned.has(reference.table)),
        ...(table.record.links ?? []).map((link) => ({ ...link, key: 'id' })),
      ];
      for (const link of found) {
        if (!records.has(link.table)) throw new Error(`record-schema: ${name}.${link.field} links to ${link.table}, which is not a record table`);
        if (link.key !== 'id' || !idKeyed(link.table)) throw new Error(`record-schema: ${name}.${link.field} names a row of ${link.table} otherwise than by its id`);
      }
      if (found.length > 0 && !owned.has(name)) {
        owned.add(name);
        grown = true;
      }
      links.set(name, found);
    }
  }
  return order.filter((name) => links.get(name)?.length > 0).map((name) => [name, links.get(name).map(({ key: _key, ...link }) => link)]);
}

const ORGANIZATION_LINKS_HEADER = `/**
 * The fields of each dumped row that name a row of a table of an organization: its references to
 * such tables, in column order, then the links its table declares (\`record.links\`: plain ids,
 * lists of ids, nested and conditional fields). Generated from the tables' declaration
 * (\`schema/tables.ts\`) by \`npm run derive\` (scripts/derive-record-schema.mjs): do not edit it.
 * A test fails while this file differs from what the declaration gives.
 */`;

/** `ORGANIZATION_LINKS`, which a dump's loader checks (src/storage/dump-organizations.ts). */
export function renderOrganizationLinks(tables, steps, released) {
  const field = (value) => {
    if (!/^[a-z_]+(\.[a-z_]+)?$/.test(value)) throw new Error(`record-schema: unexpected field ${JSON.stringify(value)}`);
    return `'${value}'`;
  };
  const rendered = (link) => {
    const extra = [
      ...(link.list ? ['list: true'] : []),
      ...(link.when ? [`when: { field: ${field(link.when.field)}, value: ${field(link.when.value)} }`] : []),
    ];
    return `link(${field(link.field)}, ${quoted(link.table)}${extra.length > 0 ? `, { ${extra.join(', ')} }` : ''})`;
  };
  const rows = organizationLinks(tables, steps, released).flatMap(([name, links]) => {
    const one = `  ${name}: [${links.map(rendered).join(', ')}],`;
    return one.length <= 130 ? [one] : [`  ${name}: [`, ...links.map((link) => `    ${rendered(link)},`), '  ],'];
  });
  return [
    ORGANIZATION_LINKS_HEADER,
    "import type { TableName } from './record-store.js';",
    '',
    '/** A field naming a row of `table` (its id), a list of them (`list`), or one only when `when` holds. */',
    'export interface OrganizationLink {',
    '  readonly field: string;',
    '  readonly table: TableName;',
    '  readonly list?: boolean;',
    '  readonly when?: { readonly field: string; readonly value: string };',
    '}',
    '',
    "const link = (field: string, table: TableName, extra: Partial<OrganizationLink> = {}): OrganizationLink => ({ field, table, ...extra });",
    '',
    '/** The links of every dumped table that belongs to an organization; a table absent here belongs to none. */',
    'export const ORGANIZATION_LINKS: Readonly<Partial<Record<TableName, readonly OrganizationLink[]>>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

/**
 * The way from a row of `name` (an SQL table) to its organization: the references to follow, the
 * last one to `organizations`. Only references never NULL are followed, the table's
 * `organization_id` first, then the others in column order.
 */
function ownerPath(tables, name, seen = new Set()) {
  const table = tables[name];
  const columns = Object.entries(table.columns).map(([field, column]) => [field, columnOf(column)]);
  const followed = columns.filter(([, column]) => column.references !== undefined && column.null !== true && column.references.split('.')[0] !== name);
  const direct = followed.find(([field, column]) => field === 'organization_id' && column.references === 'organizations') ?? followed.find(([, column]) => column.references === 'organizations');
  if (direct !== undefined) return [{ table: name, field: direct[0], key: 'id' }];
  for (const [field, column] of followed) {
    const [target, key = 'id'] = column.references.split('.');
    if (seen.has(target) || tables[target] === undefined) continue;
    const rest = ownerPath(tables, target, new Set([...seen, name]));
    if (rest !== null) return [{ table: name, field, key }, ...rest];
  }
  return null;
}

/** The SQL answering the organization of a row of `name` by its id (`$1`), one join per reference followed. */
export function ownerSql(tables, name) {
  if (name === 'organizations') return 'SELECT id AS org FROM fb_organizations WHERE id = $1';
  const table = tables[name];
  if (keyOf(table).length !== 1 || keyOf(table)[0] !== 'id') throw new Error(`record-schema: ${name} declares a lock, and has no id`);
  const path = ownerPath(tables, name);
  if (path === null) throw new Error(`record-schema: ${name} declares a lock, and no reference never NULL leads to its organization`);
  if (path.length === 1) return `SELECT ${path[0].field} AS org FROM fb_${name} WHERE id = $1`;
  // Each table by the first letter of the last word of its name (posts p, chat_targets t).
  const aliases = [];
  for (const { table: hop } of path) {
    const base = hop.split('_').at(-1)[0];
    let alias = base;
    for (let n = 2; aliases.includes(alias); n++) alias = `${base}${n}`;
    aliases.push(alias);
  }
  const joins = path.slice(1).map(({ table: hop }, index) => `JOIN fb_${hop} ${aliases[index + 1]} ON ${aliases[index + 1]}.${path[index].key} = ${aliases[index]}.${path[index].field}`);
  const last = path.length - 1;
  return `SELECT ${aliases[last]}.${path[last].field} AS org FROM fb_${name} ${aliases[0]} ${joins.join(' ')} WHERE ${aliases[0]}.id = $1`;
}

const LOCK_OWNERS_HEADER = `/**
 * The records whose organization decides a PostgreSQL write lock (adapters/sql/lock-scope.ts,
 * adapters/postgres/write-lock.ts), by kind: the tables that declare a \`lock\`, the SQL that finds
 * a record's organization through the table's references (PostgreSQL's, \`$1\` the record's id),
 * and the inserts that return a record under its organization's lock. Generated from the tables'
 * declaration (\`schema/tables.ts\`) by \`npm run derive\` (scripts/derive-record-schema.mjs): do not
 * edit it. A test fails while this file differs from what the declaration gives.
 */`;

/** `OwnerKind`, `OWNER_SQL` and `INSERTED`, from each table's `lock`. */
export function renderLockOwners(tables) {
  const locked = Object.entries(tables).filter(([, table]) => table.lock !== undefined);
  lockKinds(tables);
  for (const [name, { lock }] of locked) {
    if (lock.inserted !== undefined && !/^insert[A-Z][A-Za-z]*$/.test(lock.inserted)) throw new Error(`record-schema: ${name} names the insert ${JSON.stringify(lock.inserted)}`);
  }
  return [
    LOCK_OWNERS_HEADER,
    "import type { StorageMethodName } from '../../src/storage/contract/registry.js';",
    "import type { OwnerKind } from '../../src/storage/lock-kinds.js';",
    '',
    "/** A record whose organization decides a call's lock (generated in src/storage/lock-kinds.ts). */",
    'export type { OwnerKind };',
    '',
    '/** SQL answering the organization of a record of each kind (`$1` is its id); no row if it is gone. */',
    'export const OWNER_SQL: Readonly<Record<OwnerKind, string>> = {',
    ...locked.map(([name, { lock }]) => `  ${lock.kind}: ${text(ownerSql(tables, name))},`),
    '};',
    '',
    '/** The kind of record each insert returns, made under its organization\'s lock. */',
    'export const INSERTED: Readonly<Partial<Record<StorageMethodName, OwnerKind>>> = {',
    ...locked.filter(([, { lock }]) => lock.inserted !== undefined).map(([, { lock }]) => `  ${lock.inserted}: '${lock.kind}',`),
    '};',
    '',
  ].join('\n');
}

/** The tables' declaration, bundled next to this script. */
export function sourceTables() {
  return importSource('src/storage/schema/tables.ts', 'TABLES');
}

/** The shared migration steps of `src/storage/schema/steps.ts`. */
export function sourceSteps() {
  return importSource('src/storage/schema/steps.ts', 'SCHEMA_STEPS');
}

/** How many shared migration steps `src/storage/schema/steps.ts` lists. */
export async function sourceStepCount() {
  return (await sourceSteps()).length;
}

/** The released order of a dump's tables (`src/storage/schema/dump-order.ts`). */
export function sourceReleasedDumpOrder() {
  return importSource('src/storage/schema/dump-order.ts', 'RELEASED_DUMP_ORDER');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tables = await sourceTables();
  const steps = await sourceSteps();
  const released = await sourceReleasedDumpOrder();
  const files = [
    ['src/storage/record-schema.ts', () => renderRecordSchema(tables, steps.length)],
    ['src/storage/dump-reference-list.ts', () => renderReferences(tables)],
    ['src/storage/dump-column-list.ts', () => renderDumpColumns(tables)],
    ['src/storage/table-rows.ts', () => renderTableRows(tables)],
    ['src/storage/lock-kinds.ts', () => renderLockKinds(tables)],
    ['src/storage/dump-table-list.ts', () => renderDumpTables(tables, steps, released)],
    ['src/storage/dump-organization-list.ts', () => renderOrganizationLinks(tables, steps, released)],
    ['adapters/sql/lock-owners.ts', () => renderLockOwners(tables)],
  ];
  // Every file rendered before any is written: a refused declaration leaves them all as they were.
  const texts = files.map(([name, render]) => [name, render()]);
  for (const [name, content] of texts) {
    const file = fileURLToPath(new URL(`../${name}`, import.meta.url));
    await writeFile(file, content);
    process.stdout.write(`wrote ${file}\n`);
  }
}
