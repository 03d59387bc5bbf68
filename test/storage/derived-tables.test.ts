/**
 * What a new table needs besides its declaration and its step is generated from the declaration
 * by `npm run derive` (scripts/derive-record-schema.mjs): the record stores' row types, the dump's
 * order and the tables it leaves out, the organization links a dump's loader checks, and the
 * kinds of record PostgreSQL's write lock names with the SQL finding their organization. Each
 * committed file must be what the generator makes; a toy table shows each one follows the
 * declaration, and a declaration the generator cannot follow is refused, naming why.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  dumpOrder,
  organizationLinks,
  ownerSql,
  renderDumpTables,
  renderLockKinds,
  renderLockOwners,
  renderOrganizationLinks,
  renderTableRows,
} from '../../scripts/derive-record-schema.mjs';
import { INSERTED, OWNER_SQL } from '../../adapters/sql/lock-owners.js';
import { DUMP_TABLES, RECORD_TABLES_NOT_DUMPED } from '../../src/storage/dump-tables.js';
import { ORGANIZATION_LINKS } from '../../src/storage/dump-organizations.js';
import { TABLE_NAMES } from '../../src/storage/record-store.js';
import type { TableDeclarations } from '../../src/storage/schema/model.js';
import { RELEASED_DUMP_ORDER } from '../../src/storage/schema/dump-order.js';
import { SCHEMA_STEPS, type SchemaStep } from '../../src/storage/schema/steps.js';
import { TABLES } from '../../src/storage/schema/tables.js';

const committed = (name: string) => readFile(new URL(`../../${name}`, import.meta.url), 'utf8');

/** An organization's table, as a new feature would add it: its declaration and its step. */
const TOY = {
  ...TABLES,
  sample_notes: {
    record: { row: { type: 'SampleNoteRecord', from: 'domain/sample-notes' }, indexes: { by_post: 'post_id' } },
    lock: { kind: 'sampleNote', inserted: 'insertSampleNote' },
    columns: {
      id: 'id',
      post_id: { type: 'integer', references: 'posts' },
      author_id: { type: 'integer', null: true, references: 'voters' },
      client_id: { type: 'key', references: 'oauth_clients.client_id' },
      mentioned: 'json',
      body: 'text',
    },
  },
} as const satisfies TableDeclarations;
const TOY_STEPS: readonly SchemaStep[] = [...SCHEMA_STEPS, { description: 'sample notes', changes: [{ addTable: 'sample_notes', record: 'sample_notes' as never }] }];

describe('the files generated beside the record schema', () => {
  it('are committed as the generator makes them', async () => {
    expect(await committed('src/storage/table-rows.ts')).toBe(renderTableRows(TABLES));
    expect(await committed('src/storage/lock-kinds.ts')).toBe(renderLockKinds(TABLES));
    expect(await committed('src/storage/dump-table-list.ts')).toBe(renderDumpTables(TABLES, SCHEMA_STEPS, RELEASED_DUMP_ORDER));
    expect(await committed('src/storage/dump-organization-list.ts')).toBe(renderOrganizationLinks(TABLES, SCHEMA_STEPS, RELEASED_DUMP_ORDER));
    expect(await committed('adapters/sql/lock-owners.ts')).toBe(renderLockOwners(TABLES));
  });

  it('keep the released order of a dump, and dump every record table but those whose declaration says why not', () => {
    const names = DUMP_TABLES.map(({ name }) => name);
    expect(names.slice(0, RELEASED_DUMP_ORDER.length)).toEqual(RELEASED_DUMP_ORDER);
    expect(Object.keys(RECORD_TABLES_NOT_DUMPED).sort()).toEqual(['board_days', 'board_voters', 'post_words', 'sessions']);
    expect(TABLE_NAMES.filter((name) => !names.includes(name) && RECORD_TABLES_NOT_DUMPED[name] === undefined)).toEqual([]);
  });
});

describe('a new table of an organization', () => {
  it('names its row type in the generated TableRows', () => {
    const rows = renderTableRows(TOY);
    expect(rows).toContain("import type { SampleNoteRecord } from '../domain/sample-notes.js';");
    expect(rows).toContain('  sample_notes: SampleNoteRecord;\n}');
    // The record stores' own row types come from their module, which imports nothing of the store's.
    expect(rows).toMatch(/SettingRow,[\s\S]*\} from '\.\/record-rows\.js';/);
  });

  it('goes last in a dump, after the tables of the steps before it', () => {
    const { order } = dumpOrder(TOY, TOY_STEPS, RELEASED_DUMP_ORDER);
    const today = DUMP_TABLES.map(({ name }) => name);
    expect(order).toEqual([...today, 'sample_notes']);
    const left = { ...TOY, sample_notes: { ...TOY.sample_notes, record: { ...TOY.sample_notes.record, notDumped: 'rebuilt on import' } } };
    const out = dumpOrder(left, TOY_STEPS, RELEASED_DUMP_ORDER);
    expect(out.order).toEqual(today);
    expect(out.notDumped).toContainEqual(['sample_notes', 'rebuilt on import']);
  });

  it('links its references to tables of an organization, and not those to a table of none', () => {
    const links = new Map(organizationLinks(TOY, TOY_STEPS, RELEASED_DUMP_ORDER));
    expect(links.get('sample_notes')).toEqual([
      { field: 'post_id', table: 'posts' },
      { field: 'author_id', table: 'voters' },
    ]);
    const declared = { ...TOY, sample_notes: { ...TOY.sample_notes, record: { ...TOY.sample_notes.record, links: [{ field: 'mentioned', table: 'voters', list: true as const }] } } };
    expect(new Map(organizationLinks(declared, TOY_STEPS, RELEASED_DUMP_ORDER)).get('sample_notes')).toEqual([
      { field: 'post_id', table: 'posts' },
      { field: 'author_id', table: 'voters' },
      { field: 'mentioned', table: 'voters', list: true },
    ]);
    // What the loader checks today is what the generator gives.
    expect(Object.fromEntries(organizationLinks(TABLES, SCHEMA_STEPS, RELEASED_DUMP_ORDER))).toEqual(ORGANIZATION_LINKS);
  });

  it('is locked through the references that lead to its organization, never NULL ones', () => {
    expect(ownerSql(TOY, 'sample_notes')).toBe(
      'SELECT b.organization_id AS org FROM fb_sample_notes n JOIN fb_posts p ON p.id = n.post_id JOIN fb_boards b ON b.id = p.board_id WHERE n.id = $1',
    );
    // The kind joins the generated OwnerKind, which the contract's scopes and the SQL adapters share.
    expect(renderLockKinds(TOY)).toContain("  | 'sampleNote';");
    const owners = renderLockOwners(TOY);
    expect(owners).toContain("  insertSampleNote: 'sampleNote',");
    // Two tables of one initial get aliases of their own.
    const pins = { ...TABLES, post_pins: { columns: { id: 'id', post_id: { type: 'integer', references: 'posts' } }, lock: { kind: 'pin' } } } as const;
    expect(ownerSql(pins, 'post_pins')).toBe(
      'SELECT b.organization_id AS org FROM fb_post_pins p JOIN fb_posts p2 ON p2.id = p.post_id JOIN fb_boards b ON b.id = p2.board_id WHERE p.id = $1',
    );
  });

  it('gives the lock the SQL and the inserts it used before they were generated', () => {
    expect(OWNER_SQL.comment).toBe(
      'SELECT b.organization_id AS org FROM fb_comments c JOIN fb_posts p ON p.id = c.post_id JOIN fb_boards b ON b.id = p.board_id WHERE c.id = $1',
    );
    expect(OWNER_SQL.chatTarget).toBe('SELECT b.organization_id AS org FROM fb_chat_targets t JOIN fb_boards b ON b.id = t.board_id WHERE t.id = $1');
    expect(OWNER_SQL.savedView).toBe('SELECT organization_id AS org FROM fb_saved_views WHERE id = $1');
    const kinds = ['organization', 'board', 'post', 'comment', 'voter', 'apiKey', 'webhook', 'teamMember', 'heldPost', 'attachment', 'oauthGrant', 'ssoSecret'];
    kinds.push('connection', 'chatTarget', 'status', 'changelogEntry', 'field', 'savedView');
    expect(Object.keys(OWNER_SQL)).toEqual(expect.arrayContaining(kinds));
    const inserts = ['insertApiKey', 'insertBoard', 'insertChangelogEntry', 'insertComment', 'insertHeldPost', 'insertPost', 'insertSavedView', 'insertTeamMember'];
    expect(Object.entries(INSERTED).filter(([method]) => [...inserts, 'insertVoter', 'insertWebhook'].includes(method))).toHaveLength(10);
    expect(INSERTED.insertComment).toBe('comment');
    expect(INSERTED.insertSavedView).toBe('savedView');
  });
});

describe('a declaration the generator cannot follow', () => {
  const toy = (change: Record<string, unknown>, record: Record<string, unknown> = {}) =>
    ({ ...TOY, sample_notes: { ...TOY.sample_notes, ...change, record: { ...TOY.sample_notes.record, ...record } } }) as unknown as TableDeclarations;

  it('is refused for a record table without its row type', () => {
    expect(() => renderTableRows(toy({}, { row: undefined }))).toThrow(/sample_notes names no row type/);
    expect(() => renderTableRows(toy({}, { row: { type: 'toy note', from: 'domain/sample-notes' } }))).toThrow(/sample_notes names its row type/);
  });

  it('is refused for a table no step adds, a released order naming what is not dumped, and an order against a reference', () => {
    expect(() => dumpOrder(TOY, SCHEMA_STEPS, RELEASED_DUMP_ORDER)).toThrow(/sample_notes neither added by a step nor in the released dump order/);
    expect(() => dumpOrder(TABLES, SCHEMA_STEPS, [...RELEASED_DUMP_ORDER, 'rate_log'])).toThrow(/names rate_log, which is not a record table/);
    expect(() => dumpOrder(TABLES, SCHEMA_STEPS, [...RELEASED_DUMP_ORDER, 'sessions'])).toThrow(/sessions is in the released dump order/);
    const swapped = RELEASED_DUMP_ORDER.map((name) => (name === 'boards' ? 'posts' : name === 'posts' ? 'boards' : name));
    expect(() => dumpOrder(TABLES, SCHEMA_STEPS, swapped)).toThrow(/posts comes in a dump before boards, which its rows refer to/);
  });

  it('is refused for a link to no record table, or to a row by another key than its id', () => {
    expect(() => organizationLinks(toy({}, { links: [{ field: 'x', table: 'rate_log' }] }), TOY_STEPS, RELEASED_DUMP_ORDER)).toThrow(
      /sample_notes\.x links to rate_log, which is not a record table/,
    );
    expect(() => organizationLinks(toy({}, { links: [{ field: 'x', table: 'companies' }] }), TOY_STEPS, RELEASED_DUMP_ORDER)).toThrow(
      /sample_notes\.x names a row of companies otherwise than by its id/,
    );
  });

  it('is refused for a lock with no way to its organization, without an id, or with a kind taken', () => {
    const nullable = toy({ columns: { id: 'id', post_id: { type: 'integer', null: true, references: 'posts' } } });
    expect(() => ownerSql(nullable, 'sample_notes')).toThrow(/no reference never NULL leads to its organization/);
    const keyed = toy({ columns: { post_id: { type: 'integer', references: 'posts' } }, primaryKey: ['post_id'] });
    expect(() => ownerSql(keyed, 'sample_notes')).toThrow(/sample_notes declares a lock, and has no id/);
    expect(() => renderLockOwners(toy({ lock: { kind: 'post' } }))).toThrow(/sample_notes declares the lock kind "post", taken or malformed/);
    expect(() => renderLockOwners(toy({ lock: { kind: 'sampleNote', inserted: 'addSampleNote' } }))).toThrow(/names the insert "addSampleNote"/);
  });
});
