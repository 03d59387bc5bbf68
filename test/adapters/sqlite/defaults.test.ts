/**
 * SQLite runs the record stores' defaults for the methods it has no statement of its own for, over
 * the record store of its connection (adapters/sql/defaults.ts, adapters/sql/record-store.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createFeedbackBoard } from '../../../src/index.js';
import type { Storage, StorageTx } from '../../../src/storage/contract.js';
import { createSqliteStorage } from '../../../adapters/sqlite/index.js';
import { Sql } from '../../../adapters/sqlite/sql.js';
import { sqliteSeam } from '../../../adapters/sqlite/seam.js';
import { SQLITE_FACTORIES } from '../../../adapters/sqlite/tx/index.js';
import { defaultedMethods } from '../../../adapters/sql/defaults.js';
import { sqlRecordStore } from '../../../adapters/sql/record-store.js';
import { DEFAULTED, defaultsTests, HOT_PATH } from '../sql/defaults.js';
import { RECORD_SCHEMA } from '../../../src/storage/record-store.js';
import type { TableDeclaration } from '../../../src/storage/schema/model.js';
import { TABLES } from '../../../src/storage/schema/tables.js';
import { tempDir } from './helpers.js';

const temp = tempDir();
let files = 0;
afterAll(() => temp.remove());
const open = async () => createSqliteStorage({ path: temp.file(`defaults-${(files += 1)}.db`) });

describe('sqlite: the record defaults over SQL', () => {
  defaultsTests(open);

  it('are taken for exactly the methods SQLite answers no other way, none of a request’s hot path', async () => {
    const storage = await open();
    try {
      const defaulted = defaultedMethods(SQLITE_FACTORIES, sqliteSeam(new Sql(storage.database))).sort();
      expect(defaulted).toEqual(DEFAULTED);
      for (const method of HOT_PATH) expect(defaulted, method).not.toContain(method);
    } finally {
      await storage.close();
    }
  });

  it('refuse a table whose record SQL keeps otherwise, and an index it does not declare', async () => {
    const storage = await open();
    try {
      const store = sqlRecordStore(sqliteSeam(new Sql(storage.database)));
      await expect(store.table('posts').get(1)).rejects.toThrow('feedback-board/sqlite: the table posts has no default record methods');
      await expect(store.table('board_voters').getAll()).rejects.toThrow(/board_voters has no default record methods/);
      await expect(store.table('saved_views').getAllFromIndex('by_board' as 'by_organization', 1)).rejects.toThrow(/saved_views has no index by_board/);
      await expect(store.nextId('saved_views')).resolves.toBe(1);
      await expect(store.nextId('saved_views')).resolves.toBe(2);
    } finally {
      await storage.close();
    }
  });

  it('key every record table by its SQL primary key, which a put names as its conflict', () => {
    for (const [name, declaration] of Object.entries(TABLES as Record<string, TableDeclaration>)) {
      if (declaration.record === undefined) continue;
      const record = RECORD_SCHEMA[(declaration.record.name ?? name) as keyof typeof RECORD_SCHEMA];
      const keyPath = typeof record.keyPath === 'string' ? [record.keyPath] : record.keyPath;
      expect(keyPath, name).toEqual(declaration.primaryKey ?? ['id']);
    }
  });

  it('write bytes as a blob and read back a copy', async () => {
    const storage = await open();
    try {
      const db = storage.database;
      // The bytes alone: their attachment's row is not what this reads.
      db.pragma('foreign_keys = OFF');
      const store = sqlRecordStore(sqliteSeam(new Sql(db)));
      await store.table('attachment_bytes').put({ attachment_id: 1, bytes: new Uint8Array([1, 2, 3]) });
      const row = await store.table('attachment_bytes').get(1);
      expect(row?.bytes).toEqual(new Uint8Array([1, 2, 3]));
      expect(row?.bytes.constructor).toBe(Uint8Array);
    } finally {
      await storage.close();
    }
  });

  it('serve reading a post, listing posts and creating one without a default', async () => {
    const storage = await open();
    const called = new Set<string>();
    const counted: Storage = {
      transaction: (mode, fn) =>
        storage.transaction(mode, (tx) =>
          fn(
            new Proxy(tx, {
              get(target, name, receiver) {
                if (typeof name === 'string') called.add(name);
                return Reflect.get(target, name, receiver) as unknown;
              },
            }) as StorageTx,
          ),
        ),
      close: () => storage.close(),
    };
    const board = createFeedbackBoard({ storage: counted, http: { rateLimit: false } });
    try {
      const key = 'defaults-test-key-0123456789';
      await board.loadFixture({
        organizations: [
          {
            name: 'Acme',
            apiKeys: [{ key, scope: 'write' }],
            boards: [{ slug: 'features', name: 'Features', published: true, posts: [{ title: 'Dark mode', body: 'Please', status: 'open', tags: ['UX'], votes: 2 }] }],
          },
        ],
      });
      called.clear();
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const base = 'http://board.local/api/v1/boards/features/posts';
      expect((await board.fetch(new Request(`${base}/1`, { headers }))).status).toBe(200);
      expect((await board.fetch(new Request(`${base}?limit=20`, { headers }))).status).toBe(200);
      const created = await board.fetch(new Request(base, { method: 'POST', headers, body: JSON.stringify({ title: 'Exports', body: 'CSV please' }) }));
      expect(created.status).toBe(201);
      expect(called.size).toBeGreaterThan(3);
      expect([...called].filter((method) => DEFAULTED.includes(method))).toEqual([]);
    } finally {
      await board.close();
    }
  });
});
