/**
 * The migration steps shared by every store, after each store's released history: a step says what
 * changes, and each store's statements come from it (ddl.ts for SQLite and PostgreSQL; object
 * stores and indexes of {@link RECORD_SCHEMA} for IndexedDB). A step may carry a backfill per store
 * where the rows need one. Released steps are frozen like the histories: a change is a new step.
 *
 * Versions: each store numbers the shared steps after its own history, so step `i` (from 1) is
 * SQLite version 26 + i, PostgreSQL 28 + i and IndexedDB 20 + i (see {@link storeVersion}).
 *
 * A step that adds a table, column or index names it; what it is comes from the declaration
 * (tables.ts, and RECORD_SCHEMA for the record stores). The tests check that a database upgraded
 * through every step has the catalogue of one made from the declaration; a later change to what an
 * earlier step added is a step of its own, and the earlier step then spells out what it added.
 */
import { DEFAULT_STATUSES_V1, SQLITE_SEARCH_BATCHES_V1 } from '../frozen-migration-rules.js';
import type { TableName } from '../record-store.js';
import type { ColumnDeclaration, IndexDeclaration, TableDeclaration } from './model.js';

export { HISTORY_VERSIONS, storeVersion, type SchemaStore } from './versions.js';

/** One change a step makes. */
export type SchemaChange =
  /** A table of the declaration (and, when named, its record-store table with every index). */
  | { readonly addTable: string; readonly record?: TableName; readonly as?: TableDeclaration }
  /** A column of the declaration, `table.column`; rows already stored get its default (or NULL). */
  | { readonly addColumn: string; readonly as?: ColumnDeclaration }
  /** An index of the declaration, `table.index` (SQL stores). */
  | { readonly addIndex: string; readonly as?: IndexDeclaration }
  /** An index of RECORD_SCHEMA, `table.index` (record stores). */
  | { readonly addRecordIndex: string }
  /**
   * A table's CHECK constraints made again from the declaration, its rows kept (SQL stores; the
   * record stores hold no checks): SQLite cannot alter a check, so it rebuilds the table
   * (a copy made from the declaration, the rows and the id counter copied, renamed in place, its
   * indexes made again); PostgreSQL drops the table's checks and adds the declared ones.
   */
  | { readonly replaceChecks: string };

/** A backfill: SQL both SQL stores run (flags compared as `c = 0` or `c = 1`), or one per store. */
export interface SchemaBackfill {
  readonly sql?: readonly string[];
  readonly sqlite?: readonly string[];
  readonly postgres?: readonly string[];
  /** A job of IndexedDB's own, by name (adapters/indexeddb/upgrade-steps.ts), where rows come from other tables. */
  readonly indexeddb?: 'defaultStatuses';
  /** A record-store table whose every row is rewritten by `row` (IndexedDB). */
  readonly records?: { readonly table: TableName; row(row: Readonly<Record<string, unknown>>): Record<string, unknown> };
}

export interface SchemaStep {
  readonly description: string;
  readonly changes: readonly SchemaChange[];
  readonly backfill?: SchemaBackfill;
}

export const SCHEMA_STEPS: readonly SchemaStep[] = [
  {
    description: "pinned posts first: an index of each board's pinned posts",
    changes: [{ addIndex: 'posts.pinned' }],
  },
  {
    // The record stores' comments stored before it read as neither edited nor deleted (record-tx/engagement.ts).
    description: 'comments edited and deleted, and their earlier bodies',
    changes: [{ addColumn: 'comments.edited_at' }, { addColumn: 'comments.deleted_at' }, { addTable: 'comment_edits', record: 'comment_edits' }],
  },
  {
    description: 'integrations: connections, links, deliveries, chat targets, calls',
    changes: [
      { addTable: 'integration_connections', record: 'integration_connections' },
      { addTable: 'post_links', record: 'post_links' },
      { addTable: 'integration_deliveries', record: 'integration_deliveries' },
      { addTable: 'chat_targets', record: 'chat_targets' },
      { addTable: 'integration_calls', record: 'integration_calls' },
      { addTable: 'integration_call_attempts', record: 'integration_call_attempts' },
      { addColumn: 'posts.proposal_connection_id' },
    ],
  },
  {
    description: 'deleted posts kept for restoring until they are purged',
    changes: [{ addTable: 'deleted_posts', record: 'deleted_posts' }],
  },
  {
    // The defaults are the frozen rule's, not DEFAULT_STATUSES: a released step gives the same result forever.
    description: "custom statuses: each organization's five defaults, and each post's label from its status",
    changes: [{ addTable: 'statuses', record: 'statuses' }, { addColumn: 'posts.status_label_id' }],
    backfill: {
      sqlite: labelsFromStatusesSql('1'),
      postgres: labelsFromStatusesSql('true'),
      indexeddb: 'defaultStatuses',
    },
  },
  {
    description: "activity logged by an integration connection: the activity log's actor kinds gain 'connection'",
    changes: [{ replaceChecks: 'post_activity' }],
  },
  {
    description: 'changelog entries',
    changes: [{ addTable: 'changelog_entries', record: 'changelog_entries' }],
  },
  {
    // Posts and held posts stored before it have no values (NULL); the record stores' posts get
    // `fields: null`, and a held post without the field reads as none (services/moderation.ts).
    description: "custom fields: each board's fields, and each post's and held post's values",
    changes: [{ addTable: 'board_fields', record: 'board_fields' }, { addColumn: 'posts.fields' }, { addColumn: 'held_posts.fields' }],
    backfill: { records: { table: 'posts', row: (row) => ({ ...row, fields: null }) } },
  },
  {
    description: "saved views of the dashboard's posts list",
    changes: [{ addTable: 'saved_views', record: 'saved_views' }],
  },
  {
    // SQLite's search index only: the other stores record the version and change nothing.
    description: 'search: new posts join the index in batches',
    changes: [],
    backfill: { sqlite: SQLITE_SEARCH_BATCHES_V1 },
  },
];

/**
 * The five default statuses of every organization (ids in the categories' order within each),
 * then each post's label: its organization's default of its status.
 */
function labelsFromStatusesSql(yes: string): string[] {
  return [
    `INSERT INTO fb_statuses (organization_id, name, color, category, position, is_default)
    SELECT o.id, d.column2, d.column3, d.column1, d.column4, ${yes} FROM fb_organizations o
      CROSS JOIN (VALUES ${DEFAULT_STATUSES_V1.map(([category, name, color], position) => `('${category}', '${name}', '${color}', ${position})`).join(', ')}) AS d
    ORDER BY o.id, d.column4`,
    `UPDATE fb_posts SET status_label_id = (SELECT s.id FROM fb_statuses s JOIN fb_boards b ON b.organization_id = s.organization_id
       WHERE b.id = fb_posts.board_id AND s.category = fb_posts.status AND s.is_default = ${yes})`,
  ];
}

/** `table.name` split. */
export function qualified(name: string): { table: string; name: string } {
  const dot = name.indexOf('.');
  if (dot < 1) throw new Error(`feedback-board: "${name}" is not table.name`);
  return { table: name.slice(0, dot), name: name.slice(dot + 1) };
}
