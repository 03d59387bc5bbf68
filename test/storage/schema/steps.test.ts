/**
 * The shared migration steps: each store numbers them after its own frozen history, and each SQL
 * store's statements come from the declaration (a flag compared as `c = 1` is PostgreSQL's `c`).
 */
import { describe, expect, it } from 'vitest';
import { UPGRADE_STEPS } from '../../../adapters/indexeddb/upgrade-steps.js';
import { PG_MIGRATIONS } from '../../../adapters/postgres/migrations.js';
import { MIGRATIONS } from '../../../adapters/sqlite/migrations.js';
import { POSTGRES_DDL, SQLITE_DDL, stepSql } from '../../../src/storage/schema/ddl.js';
import { HISTORY_VERSIONS, SCHEMA_STEPS, storeVersion } from '../../../src/storage/schema/steps.js';
import { TABLES } from '../../../src/storage/schema/tables.js';

describe('shared schema steps', () => {
  it('continue every store after its history, numbered without gaps', () => {
    const lists = { sqlite: MIGRATIONS, postgres: PG_MIGRATIONS } as const;
    for (const [store, steps] of Object.entries(lists) as [keyof typeof lists, readonly { version: number; description: string }[]][]) {
      expect(steps.map((step) => step.version)).toEqual(steps.map((_, i) => i + 1));
      expect(steps.slice(HISTORY_VERSIONS[store]).map((step) => step.description)).toEqual(SCHEMA_STEPS.map((step) => step.description));
      SCHEMA_STEPS.forEach((_, index) => expect(steps[storeVersion(store, index) - 1]!.description).toBe(SCHEMA_STEPS[index]!.description));
    }
    // IndexedDB records only versions: its steps are its history's, then one per shared step.
    expect(UPGRADE_STEPS.map((step) => step.version)).toEqual(UPGRADE_STEPS.map((_, i) => i + 1));
    expect(UPGRADE_STEPS).toHaveLength(HISTORY_VERSIONS.indexeddb + SCHEMA_STEPS.length);
    SCHEMA_STEPS.forEach((_, index) => expect(UPGRADE_STEPS[storeVersion('indexeddb', index) - 1]!.version).toBe(HISTORY_VERSIONS.indexeddb + index + 1));
  });

  it('make each SQL store its statements from the declaration', () => {
    const step = { description: 'test', changes: [{ addIndex: 'posts.pinned' }, { addColumn: 'posts.queue_rank' }] };
    expect(stepSql(SQLITE_DDL, TABLES, step)).toEqual([
      'CREATE INDEX fb_posts_pinned ON fb_posts (board_id, id) WHERE pinned = 1',
      'ALTER TABLE fb_posts ADD COLUMN queue_rank INTEGER',
    ]);
    expect(stepSql(POSTGRES_DDL, TABLES, { ...step, backfill: { sql: ['UPDATE fb_posts SET queue_rank = NULL WHERE hidden = 1'] } })).toEqual([
      'CREATE INDEX fb_posts_pinned ON fb_posts (board_id, id) WHERE pinned',
      'ALTER TABLE fb_posts ADD COLUMN queue_rank integer',
      'UPDATE fb_posts SET queue_rank = NULL WHERE hidden',
    ]);
    expect(() => stepSql(SQLITE_DDL, TABLES, { description: 'test', changes: [{ addColumn: 'posts.nothing' }] })).toThrow(/no column posts.nothing/);
  });
});
