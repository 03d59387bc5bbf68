/**
 * The record stores' tables (`src/storage/record-schema.ts`) and the references their dump loader
 * checks (`src/storage/dump-reference-list.ts`) are generated from the tables' declaration: each
 * committed file must be exactly what the generator makes of it (run `npm run derive` after
 * changing a table), and what it says must agree with the declaration and the SQL stores.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderDumpColumns, renderRecordSchema, renderReferences } from '../../scripts/derive-record-schema.mjs';
import { RECORD_REFERENCES } from '../../src/storage/dump-reference-list.js';
import { RECORD_SCHEMA } from '../../src/storage/record-store.js';
import { SCHEMA_STEPS } from '../../src/storage/schema/steps.js';
import { TABLES } from '../../src/storage/schema/tables.js';

const committed = (name: string) => readFile(new URL(`../../src/storage/${name}`, import.meta.url), 'utf8');

describe('the record schema, generated from the declaration', () => {
  it('is committed as the generator makes it', async () => {
    expect(await committed('record-schema.ts')).toBe(renderRecordSchema(TABLES, SCHEMA_STEPS.length));
    expect(await committed('dump-reference-list.ts')).toBe(renderReferences(TABLES));
    expect(await committed('dump-column-list.ts')).toBe(renderDumpColumns(TABLES));
  });

  it("keys each record table by its declared primary key, and hands out ids where that is an id column", () => {
    expect(Object.keys(RECORD_SCHEMA)).toHaveLength(59);
    expect(RECORD_SCHEMA.votes).toEqual({ keyPath: ['post_id', 'voter_id'], ids: false, indexes: { by_post: 'post_id', by_voter: 'voter_id' } });
    expect(RECORD_SCHEMA.posts.ids).toBe(true);
    // The activity log is `post_activity` in SQL and `activity` in the record stores.
    expect(RECORD_SCHEMA.activity.keyPath).toBe('id');
    expect('post_activity' in RECORD_SCHEMA).toBe(false);
    // Tables the SQL stores maintain for themselves (counts, search) are not record tables.
    expect('board_post_counts' in RECORD_SCHEMA).toBe(false);
  });

  it('refuses a declaration a record store could not keep', () => {
    const orphan = { ...TABLES, notes: { columns: { id: 'id', board_id: { type: 'integer', references: 'rate_log' } }, record: {} } } as const;
    expect(() => renderReferences(orphan)).toThrow(/notes refers to rate_log, which is not a record table/);
    const byName = { ...TABLES, notes: { columns: { id: 'id', slug: { type: 'key', references: 'boards.slug' } }, record: {} } } as const;
    expect(() => renderReferences(byName)).toThrow(/notes refers to boards.slug, which is not that table's key/);
  });

  it('gives a compound reference by its columns, and leaves out a reference only PostgreSQL keeps', () => {
    expect(RECORD_REFERENCES.voter_companies).toEqual([
      { fields: ['voter_id'], table: 'voters' },
      { fields: ['organization_id', 'company_id'], table: 'companies' },
    ]);
    expect(TABLES.tag_posts.columns.tag_id.referenceIn).toBe('postgres');
  });
});
