/**
 * The record stores' tables and the dump's lists come from the table declaration: a table added to
 * it reaches the record schema, the dump (its tables, fields and references) and its skip lists,
 * and the lists in use are the declaration's, every declared column and reference accounted for.
 */
import { describe, expect, it } from 'vitest';
import { DUMP_REFERENCES, dumpReferencesOf } from '../../../src/storage/dump-references.js';
import { DUMP_TABLES, dumpTablesOf, notDumpedOf, RECORD_TABLES_NOT_DUMPED, sqlTableOf, SQL_TABLES_NOT_DUMPED } from '../../../src/storage/dump-tables.js';
import { RECORD_SCHEMA, TABLE_NAMES } from '../../../src/storage/record-store.js';
import { columnOf, type TableDeclaration, type TableDeclarations } from '../../../src/storage/schema/model.js';
import { recordSchemaOf } from '../../../src/storage/schema/records.js';
import { TABLES } from '../../../src/storage/schema/tables.js';

/** A new table the record stores keep, with a field of every kind a dump converts. */
const WIDGETS: TableDeclaration = {
  columns: {
    id: 'id',
    board_id: { type: 'integer', references: 'boards' },
    post_id: { type: 'integer', null: true, references: 'posts', onDelete: 'cascade' },
    enabled: 'flag',
    options: 'json',
    legacy_options: { type: 'text', holds: 'json' },
    picture: 'bytes',
    budget: 'bigint',
    name: 'text',
    name_folded: { type: 'text', inRecord: false },
    moved: { type: 'json', inRecord: false },
  },
  indexes: { board: { on: 'board_id, id' } },
  record: { name: 'gadgets', indexes: { by_board: 'board_id', by_board_name: ['board_id', 'name'] } },
};

const withTables = (tables: TableDeclarations): TableDeclarations => ({ ...TABLES, ...tables });

describe('a table added to the declaration', () => {
  it('becomes a record-store table with its key, ids and indexes', () => {
    const schema = recordSchemaOf(withTables({ widgets: WIDGETS }));
    expect(Object.keys(schema)).toEqual([...TABLE_NAMES, 'gadgets']);
    expect(schema['gadgets']).toEqual({ keyPath: 'id', ids: true, indexes: { by_board: 'board_id', by_board_name: ['board_id', 'name'] } });
    const keyed = recordSchemaOf(withTables({ widget_links: { columns: { widget_id: 'integer', slug: 'key' }, primaryKey: ['widget_id', 'slug'], record: {} } }));
    expect(keyed['widget_links']).toEqual({ keyPath: ['widget_id', 'slug'], ids: false, indexes: {} });
  });

  it('is dumped last, its flags, JSON, bytes and bigints known and its derived columns left out', () => {
    const tables = dumpTablesOf(withTables({ widgets: WIDGETS }));
    expect(tables.slice(0, -1)).toEqual(DUMP_TABLES);
    expect(tables.at(-1)).toEqual({
      name: 'gadgets',
      key: ['id'],
      flags: ['enabled'],
      json: ['options', 'legacy_options'],
      binary: ['picture'],
      bigints: ['budget'],
      sql: 'fb_widgets',
    });
  });

  it('has its references checked on a record store, those of one column and of several', () => {
    const companyWidgets: TableDeclaration = {
      columns: { organization_id: 'integer', company_id: 'key', note: 'text' },
      primaryKey: ['organization_id', 'company_id'],
      foreignKeys: [{ columns: ['organization_id', 'company_id'], references: 'companies', to: ['organization_id', 'id'] }],
      record: {},
    };
    const references = dumpReferencesOf(withTables({ widgets: WIDGETS, company_widgets: companyWidgets }));
    expect(references['gadgets' as never]).toEqual([
      { fields: ['board_id'], table: 'boards' },
      { fields: ['post_id'], table: 'posts' },
    ]);
    expect(references['company_widgets' as never]).toEqual([{ fields: ['organization_id', 'company_id'], table: 'companies' }]);
    const { gadgets: _, company_widgets: __, ...released } = references as Record<string, unknown>;
    expect(released).toEqual(DUMP_REFERENCES);
  });

  it('is left out of the dump, with its reason on the skip lists, when its declaration gives one', () => {
    const tables = withTables({ widgets: { ...WIDGETS, notDumped: 'rebuilt from the posts on import' } });
    expect(dumpTablesOf(tables)).toEqual(DUMP_TABLES);
    expect(notDumpedOf(tables, 'records')['gadgets']).toBe('rebuilt from the posts on import');
    expect(notDumpedOf(tables, 'sql')['widgets']).toBe('rebuilt from the posts on import');
    expect(dumpReferencesOf(tables)).toEqual(DUMP_REFERENCES);
  });

  it('that only the SQL stores keep is in none of the record stores\' lists', () => {
    const tables = withTables({ widget_days: { columns: { widget_id: { type: 'integer', references: 'boards' }, day: 'key', active: 'flag' }, primaryKey: ['widget_id', 'day'], notDumped: 'statistics' } });
    expect(recordSchemaOf(tables)).toEqual(RECORD_SCHEMA);
    expect(dumpTablesOf(tables)).toEqual(DUMP_TABLES);
    expect(dumpReferencesOf(tables)).toEqual(DUMP_REFERENCES);
    expect(notDumpedOf(tables, 'records')).toEqual(RECORD_TABLES_NOT_DUMPED);
  });
});

describe('the lists in use', () => {
  it('name a record-store table for each declared table with a record part, under its SQL table', () => {
    const declared = (Object.entries(TABLES) as [string, TableDeclaration][]).filter(([, table]) => table.record !== undefined);
    expect(TABLE_NAMES).toHaveLength(declared.length);
    for (const [sqlName, table] of declared) {
      const name = (table.record!.name ?? sqlName) as (typeof TABLE_NAMES)[number];
      expect(TABLE_NAMES).toContain(name);
      expect(sqlTableOf(name)).toBe(`fb_${sqlName}`);
    }
  });

  it('index record stores on declared columns only', () => {
    for (const [sqlName, table] of Object.entries(TABLES) as [string, TableDeclaration][]) {
      for (const [index, keyPath] of Object.entries(table.record?.indexes ?? {})) {
        for (const field of typeof keyPath === 'string' ? [keyPath] : keyPath) {
          expect(table.columns[field], `${sqlName}.${index}: ${field}`).toBeDefined();
          expect(columnOf(table.columns[field]!).inRecord, `${sqlName}.${index}: ${field}`).toBeUndefined();
        }
      }
    }
  });

  it('account for every SQL table: dumped, or skipped with a reason', () => {
    const dumped = new Set(DUMP_TABLES.map(({ sql }) => sql.replace(/^fb_/, '')));
    for (const [sqlName] of Object.entries(TABLES)) {
      expect(dumped.has(sqlName) !== (SQL_TABLES_NOT_DUMPED[sqlName] !== undefined), sqlName).toBe(true);
    }
  });
});
