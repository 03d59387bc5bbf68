/**
 * Every table of every adapter is either dumped (`DUMP_TABLES`) or on a skip list with its reason:
 * a table added to the memory record store, SQLite or PostgreSQL fails this test until it is one
 * or the other.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createPostgresStorage } from '../../adapters/postgres/index.js';
import { TABLE_NAMES } from '../../src/storage/record-store.js';
import { DUMP_TABLES, RECORD_TABLES_NOT_DUMPED, SQL_TABLES_NOT_DUMPED } from '../../src/storage/dump-tables.js';
import { DUMP_REFERENCES } from '../../src/storage/dump-references.js';
import { createTestDatabase, createTestSchema, dropTestDatabase, ON_PGLITE } from '../adapters/postgres/server.js';

if (ON_PGLITE) vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const dumped = new Set<string>(DUMP_TABLES.map(({ sql }) => sql.replace(/^fb_/, '')));

/** The SQL tables neither dumped nor skipped (FTS shadow tables go with their table). */
function unaccounted(tables: readonly string[]): string[] {
  return tables
    .map((table) => table.replace(/^fb_/, '').replace(/^(posts_search)_\w+$/, '$1'))
    .filter((name) => !dumped.has(name) && SQL_TABLES_NOT_DUMPED[name] === undefined);
}

let database: Promise<string> | undefined;
afterAll(async () => {
  if (database !== undefined) await dropTestDatabase(await database);
}, 300_000);

describe('every table is dumped or skipped for a stated reason', () => {
  it('the memory record store', () => {
    const names = new Set<string>(DUMP_TABLES.map(({ name }) => name));
    expect(TABLE_NAMES.filter((name) => !names.has(name) && RECORD_TABLES_NOT_DUMPED[name] === undefined)).toEqual([]);
    for (const name of Object.keys(RECORD_TABLES_NOT_DUMPED)) expect(names.has(name)).toBe(false);
  });

  it('SQLite', async () => {
    const storage = createSqliteStorage({ path: ':memory:' });
    const tables = storage.database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'fb\\_%' ESCAPE '\\'").pluck().all() as string[];
    await storage.close();
    expect(tables.length).toBeGreaterThan(30);
    expect(unaccounted(tables)).toEqual([]);
    for (const { sql } of DUMP_TABLES) expect(tables).toContain(sql);
  });

  it('PostgreSQL', async () => {
    database ??= createTestDatabase('fb_dump_tables');
    const storage = await createPostgresStorage({ connectionString: await createTestSchema(await database) }, { maxConnections: 1 });
    const { rows } = await storage.pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'fb\\_%'",
    );
    await storage.close();
    const tables = rows.map((row) => row.table_name);
    expect(tables.length).toBeGreaterThan(30);
    expect(unaccounted(tables)).toEqual([]);
    for (const { sql } of DUMP_TABLES) expect(tables).toContain(sql);
  });
});

describe('the references a record store checks on import', () => {
  it("are SQLite's foreign keys, every one of every dumped table", async () => {
    const storage = createSqliteStorage({ path: ':memory:' });
    const byName = new Map(DUMP_TABLES.map(({ name, sql }) => [sql, name as string]));
    const declared: string[] = [];
    const foreign: string[] = [];
    for (const { name, sql } of DUMP_TABLES) {
      for (const { fields, table } of DUMP_REFERENCES[name] ?? []) declared.push(`${name}(${fields.join(', ')}) -> ${table}`);
      const keys = storage.database.prepare(`PRAGMA foreign_key_list(${sql})`).all() as Array<{ id: number; seq: number; table: string; from: string }>;
      for (const id of new Set(keys.map((key) => key.id))) {
        const parts = keys.filter((key) => key.id === id).sort((a, b) => a.seq - b.seq);
        foreign.push(`${name}(${parts.map((key) => key.from).join(', ')}) -> ${byName.get(parts[0]!.table)}`);
      }
    }
    await storage.close();
    expect(foreign.length).toBeGreaterThan(50);
    expect(declared.sort()).toEqual(foreign.sort());
  });
});
