/**
 * New posts join SQLite's search index in batches (adapters/sqlite/search-batches.ts): a post is
 * found from the commit that creates it, before its batch and after; edits, deletes, trashing and
 * restoring of posts on either side of the index's last keep the index exact (FTS5's own
 * integrity check against the posts); a batch runs at once from 32 waiting posts and after a
 * quiet spell otherwise, from any connection on the file; it never waits for the write lock, and
 * one that cannot run loses nothing.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStorage, sqliteDumpPort, type SqliteStorage } from '../../../adapters/sqlite/index.js';
import { migrate, SCHEMA_VERSION } from '../../../adapters/sqlite/migrations.js';
import { INDEX_WAITING_POSTS_SQL, SEARCH_BATCH, SEARCH_IDLE_MS } from '../../../adapters/sqlite/search-batches.js';
import { foldCase } from '../../../src/storage/text.js';
import { dumpOf, load } from '../../node/dump-stores.js';
import { newPost, seedBoard, storageFactory } from './helpers.js';

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(async () => {
  await factory.cleanup();
});

/** The last post id the index holds. */
const indexedThrough = (storage: SqliteStorage): number =>
  storage.database.prepare('SELECT through_id FROM fb_search_indexed').pluck().get() as number;

/** The ids the index itself answers for `needle` (a phrase of its trigrams). */
const indexedMatches = (storage: SqliteStorage, needle: string): number[] =>
  storage.database
    .prepare('SELECT rowid FROM fb_posts_search WHERE fb_posts_search MATCH ? ORDER BY rowid')
    .pluck()
    .all(`"${needle.replaceAll('"', '""')}"`) as number[];

/** FTS5's check of the index against the posts it is built from: throws when they differ. */
const checkIndex = (storage: SqliteStorage): void => {
  storage.database.prepare("INSERT INTO fb_posts_search (fb_posts_search, rank) VALUES ('integrity-check', 1)").run();
};

/** What the search answers for `needle`, as ids in ascending order. */
async function search(storage: SqliteStorage, boardId: number, needle: string): Promise<number[]> {
  const page = await storage.transaction('read', (tx) => tx.listPosts(boardId, { limit: 1000, offset: 0, sort: 'new', search: needle }));
  expect(page.total).toBe(page.rows.length);
  return page.rows.map((post) => post.id).sort((a, b) => a - b);
}

/** The posts of the board whose folded title or body contains `needle`, read from the rows. */
function expected(storage: SqliteStorage, boardId: number, needle: string): number[] {
  const rows = storage.database.prepare('SELECT id, title, body FROM fb_posts WHERE board_id = ? ORDER BY id').all(boardId) as {
    id: number;
    title: string;
    body: string;
  }[];
  return rows.filter((row) => foldCase(row.title).includes(needle) || foldCase(row.body).includes(needle)).map((row) => row.id);
}

/** Runs a batch now, as the storage's own batches do. */
const runBatch = (storage: SqliteStorage): Promise<void> =>
  storage.transaction('write', async () => {
    storage.database.exec(INDEX_WAITING_POSTS_SQL);
  });

/** Resolves once `done()` holds, polling every 10 ms, or fails after `ms`. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not done within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The posts the index does not hold yet (a delete never moves its last post back). */
const waitingPosts = (storage: SqliteStorage): number =>
  storage.database.prepare('SELECT count(*) FROM fb_posts WHERE id > (SELECT through_id FROM fb_search_indexed)').pluck().get() as number;

const maxId = (storage: SqliteStorage): number => storage.database.prepare('SELECT coalesce(max(id), 0) FROM fb_posts').pluck().get() as number;

describe('sqlite search batches', () => {
  it('finds a new post from its commit, waiting for its batch and then in the index', async () => {
    const storage = factory.open();
    const { boardId } = await storage.transaction('write', seedBoard);
    const before = indexedThrough(storage);
    const dark = await storage.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title: 'Dark mode for the widget' })));
    const csv = await storage.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title: 'Export', body: 'As CSV, with a DARK header' })));

    // Waiting: the index holds neither, the search finds both by their text.
    expect(indexedThrough(storage)).toBe(before);
    expect(indexedMatches(storage, 'dark')).toEqual([]);
    expect(await search(storage, boardId, 'dark')).toEqual([dark.id, csv.id]);
    expect(await search(storage, boardId, 'csv')).toEqual([csv.id]);

    // A quiet spell later their batch has run: the index holds them, the answers are the same.
    await until(() => indexedThrough(storage) === csv.id, SEARCH_IDLE_MS * 8);
    expect(indexedMatches(storage, 'dark')).toEqual([dark.id, csv.id]);
    expect(await search(storage, boardId, 'dark')).toEqual([dark.id, csv.id]);
    expect(await search(storage, boardId, 'csv')).toEqual([csv.id]);
    checkIndex(storage);
  });

  it(`runs a batch as soon as ${SEARCH_BATCH} posts wait, without waiting for a quiet spell`, async () => {
    const storage = factory.open();
    const { boardId } = await storage.transaction('write', seedBoard);
    // One commit leaves them all waiting, so no quiet spell's timer was set before it.
    await storage.transaction('write', async (tx) => {
      for (let i = 0; i < SEARCH_BATCH; i++) await tx.insertPost(newPost(boardId, { title: `Post ${i}` }));
    });
    expect(indexedThrough(storage)).toBeLessThan(maxId(storage));
    // Well before a quiet spell's batch could come.
    await until(() => indexedThrough(storage) === maxId(storage), SEARCH_IDLE_MS / 2);
    expect(indexedMatches(storage, 'post')).toHaveLength(SEARCH_BATCH);
    checkIndex(storage);
  });

  it('keeps the index exact through creates, edits, deletes, trashing and restoring on both sides of its last post', async () => {
    const words = ['dark mode', 'export csv', 'Dark Theme', 'csv import', 'Été', 'mode sombre', ''];
    const needles = ['dark', 'mode', 'csv', 'ort', foldCase('ÉTÉ'), 'mbr'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), title: fc.constantFrom(...words.slice(0, -1)), body: fc.constantFrom(...words) }),
      fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), title: fc.constantFrom(...words.slice(0, -1)), body: fc.option(fc.constantFrom(...words), { nil: undefined }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('trash' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('batch' as const) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const storage = createSqliteStorage({ path: factory.path(`property-${run++}.db`) });
        try {
          const { orgId, boardId } = await storage.transaction('write', seedBoard);
          const ids: number[] = [];
          // Posts in the trash: they leave the rows (and the index), and come back with their ids.
          const trashed: number[] = [];
          for (const step of ops) {
            if (step.kind === 'create') {
              const post = await storage.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title: step.title, body: step.body })));
              ids.push(post.id);
            } else if (step.kind === 'edit' && ids.length > 0) {
              const id = ids[step.pick % ids.length]!;
              await storage.transaction('write', (tx) => tx.updatePost(id, { title: step.title, body: step.body }));
            } else if (step.kind === 'delete' && ids.length > 0) {
              const [id] = ids.splice(step.pick % ids.length, 1);
              await storage.transaction('write', (tx) => tx.deletePost(id!));
            } else if (step.kind === 'trash' && ids.length > 0) {
              const [id] = ids.splice(step.pick % ids.length, 1);
              const deletion = { organization_id: orgId, deleted_at: '2026-01-01T00:00:00.000Z', actor_kind: 'team_member' as const, actor_id: null };
              expect(await storage.transaction('write', (tx) => tx.trashPost(id!, deletion))).not.toBeNull();
              trashed.push(id!);
            } else if (step.kind === 'restore' && trashed.length > 0) {
              const [id] = trashed.splice(step.pick % trashed.length, 1);
              const restored = await storage.transaction('write', (tx) => tx.restoreDeletedPost(orgId, id!));
              expect(restored).toMatchObject({ id });
              ids.push(id!);
            } else if (step.kind === 'batch') {
              await runBatch(storage);
              checkIndex(storage);
            }
            for (const needle of needles) expect(await search(storage, boardId, needle)).toEqual(expected(storage, boardId, needle));
          }
          await runBatch(storage);
          checkIndex(storage);
          expect(waitingPosts(storage)).toBe(0);
          for (const needle of needles) expect(await search(storage, boardId, needle)).toEqual(expected(storage, boardId, needle));
        } finally {
          await storage.close();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('never waits for the write lock: reads go on while another connection holds it, and the batch runs once it is free', async () => {
    const file = factory.path('held.db');
    // A long busy timeout: a batch that waited for the lock would hold this storage's reads for it.
    const storage = createSqliteStorage({ path: file }, { busyTimeoutMs: 20_000 });
    try {
      const { boardId } = await storage.transaction('write', seedBoard);
      const post = await storage.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title: 'Held lock' })));
      const through = indexedThrough(storage);
      expect(through).toBeLessThan(post.id);

      const other = new Database(file);
      other.exec('BEGIN IMMEDIATE');
      try {
        // Past the quiet spell: the batch has come, found the lock taken, and left.
        await new Promise((resolve) => setTimeout(resolve, SEARCH_IDLE_MS * 3));
        const read = search(storage, boardId, 'held');
        const stalled = new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 5000).unref());
        expect(await Promise.race([read, stalled])).toEqual([post.id]);
        expect(indexedThrough(storage)).toBe(through);
      } finally {
        other.exec('COMMIT');
        other.close();
      }

      // The lock free again, the batch runs without another write.
      await until(() => indexedThrough(storage) === post.id, SEARCH_IDLE_MS * 8);
      expect(indexedMatches(storage, 'held')).toEqual([post.id]);
      checkIndex(storage);
    } finally {
      await storage.close();
    }
  });

  it('takes the batches of two connections on one file, each post once', async () => {
    const file = factory.path('shared.db');
    const a = factory.open(file);
    const b = factory.open(file);
    const { boardId } = await a.transaction('write', seedBoard);
    const writes = [];
    for (let i = 0; i < 40; i++) {
      const storage = i % 2 === 0 ? a : b;
      writes.push(storage.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title: `Shared post ${i}` }))));
    }
    await Promise.all(writes);
    await until(() => indexedThrough(a) === maxId(a), SEARCH_IDLE_MS * 8);
    expect(indexedMatches(a, 'shared')).toHaveLength(40);
    expect(await search(b, boardId, 'shared')).toEqual(expected(b, boardId, 'shared'));
    checkIndex(a);
  });

  it('starts, on a file of the previous version, with every stored post in the index', async () => {
    const file = factory.path('previous.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: SCHEMA_VERSION - 1, busyTimeoutMs: 1000 });
    db.exec(`INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '2026-01-01T00:00:00.000Z');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at) VALUES (1, 'b', 'B', '', '', 1, '2026-01-01T00:00:00.000Z')`);
    const insert = db.prepare(`INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, title_folded, body_folded, status_label_id)
      VALUES (1, ?, '', 'open', 1, 0, 0, '2026-01-01T00:00:00.000Z', ?, '', (SELECT id FROM fb_statuses WHERE organization_id = 1 AND category = 'open' AND is_default = 1))`);
    for (const title of ['Dark mode', 'Dark theme', 'CSV export']) insert.run(title, foldCase(title));
    db.close();

    const storage = factory.open(file);
    expect(indexedThrough(storage)).toBe(3);
    expect(indexedMatches(storage, 'dark')).toEqual([1, 2]);
    expect(await search(storage, 1, 'dark')).toEqual([1, 2]);
    checkIndex(storage);
  });

  it('holds every post of a loaded dump, waiting ones of the dumped file included, and batches the next', async () => {
    const source = factory.open(factory.path('source.db'));
    const { boardId } = await source.transaction('write', seedBoard);
    for (const title of ['Dark mode', 'Dark theme', 'CSV export']) await source.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title })));
    const text = await dumpOf(sqliteDumpPort(source));

    const target = factory.open(factory.path('target.db'));
    await load(sqliteDumpPort(target), text);
    expect(waitingPosts(target)).toBe(0);
    expect(indexedMatches(target, 'dark')).toEqual(expected(target, boardId, 'dark'));
    checkIndex(target);

    const next = await target.transaction('write', (tx) => tx.insertPost(newPost(boardId, { title: 'Dark header' })));
    await until(() => indexedThrough(target) === next.id, SEARCH_IDLE_MS * 8);
    expect(indexedMatches(target, 'dark')).toEqual(expected(target, boardId, 'dark'));
    expect(indexedMatches(target, 'dark')).toHaveLength(3);
    checkIndex(target);
  });
});
