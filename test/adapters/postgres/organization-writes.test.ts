/**
 * Writes are serialized per organization: while a write transaction of organization A is held
 * open here, a write of organization B made through another process completes, and a write of A
 * waits until A's transaction ends. A write spanning organizations waits for, and holds off, all;
 * work of no organization (settings, sessions, the senders' leases) waits for none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { createPostgresStorage, type PostgresStorage } from '../../../adapters/postgres/index.js';
import { startServe, workDir, type Server } from '../../helpers/cli.js';
import { newComment, newPost } from '../../../testing/fixtures.js';
import { createTestDatabase, dropTestDatabase, testPool } from './server.js';

const KEY_A = 'org-a-write-key-0123456789';
const KEY_B = 'org-b-write-key-0123456789';
const org = (name: string, key: string) => ({
  name,
  apiKeys: [{ key, scope: 'write' }],
  boards: [{ slug: 'main', name: 'Main', posts: [{ title: `${name} first` }] }],
});

const work = workDir();
let url: string;
let server: Server;
let storage: PostgresStorage;
/** Board ids of organizations A and B (1 and 2: the fixture's order). */
const BOARD_A = 1;
const BOARD_B = 2;

beforeAll(async () => {
  url = await createTestDatabase('fb_org_writes');
  const fixture = work.write('fixture.json', { organizations: [org('A', KEY_A), org('B', KEY_B)] });
  server = await startServe(['--port', '0', '--db', url, '--fixture', fixture], work.dir);
  // Four write slots: the tests hold up to four write transactions open at once.
  storage = await createPostgresStorage({ connectionString: url }, { maxConnections: 8 });
}, 60_000);

afterAll(async () => {
  await storage?.close();
  await server?.stop();
  await dropTestDatabase(url);
  work.remove();
});

function createPost(key: string, title: string) {
  return fetch(`${server.api}/boards/main/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
}

/** A write transaction that holds its lock (taken by its first call) until `release()`. */
function holdWrite(target: PostgresStorage, calls: (tx: Parameters<Parameters<PostgresStorage['transaction']>[1]>[0]) => Promise<unknown>) {
  let release!: () => void;
  let locked!: () => void;
  const released = new Promise<void>((done) => (release = done));
  const holding = new Promise<void>((done) => (locked = done));
  const done = target.transaction('write', async (tx) => {
    await calls(tx);
    locked();
    await released;
  });
  return { holding, release, done };
}

const settled = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), ms))]);

const skip = skipReason('postgres-server', 'test/adapters/postgres/organization-writes.test.ts');

describe.skipIf(skip !== undefined)(suiteTitle('PostgreSQL write locks per organization, across processes', skip), () => {
  it('lets a write of another organization through while one is held, and queues a write of the same', async () => {
    const held = holdWrite(storage, (tx) => tx.updateBoard(BOARD_A, { description: 'held' }));
    await held.holding;
    // Organization B, through the serve process: done while A's transaction is still open.
    const other = await createPost(KEY_B, 'B while A is held');
    expect(other.status).toBe(201);
    // Organization A, through the serve process: waits for the held transaction.
    const same = createPost(KEY_A, 'A after A');
    expect(await settled(same, 1500)).toBe(false);
    held.release();
    await held.done;
    expect((await same).status).toBe(201);
  }, 30_000);

  it('orders a setting only against transactions touching that setting, never against an organization', async () => {
    const held = holdWrite(storage, (tx) => tx.updateBoard(BOARD_B, { description: 'held by B' }));
    await held.holding;
    await storage.transaction('write', (tx) => tx.setSetting('agent_publishing', 'false'));
    const setting = holdWrite(storage, async (tx) => {
      if ((await tx.getSetting('agent_publishing')) === 'false') await tx.setSetting('agent_publishing', 'true');
    });
    await setting.holding;
    expect((await createPost(KEY_A, 'A while a setting is held')).status).toBe(201);
    await storage.transaction('write', (tx) => tx.setSetting('another_setting', 'x'));
    // The same setting, read to be written: waits for the holder, then reads what it wrote.
    const same = storage.transaction('write', (tx) => tx.getSetting('agent_publishing'));
    expect(await settled(same, 1000)).toBe(false);
    setting.release();
    await setting.done;
    expect(await same).toBe('true');
    held.release();
    await held.done;
  }, 30_000);

  it('runs work of no organization while an organization is held and a write spanning organizations waits for the store lock', async () => {
    const held = holdWrite(storage, (tx) => tx.updateBoard(BOARD_A, { description: 'held by A' }));
    await held.holding;
    // Waits for A's shared hold of the store lock, at the head of PostgreSQL's lock queue.
    const spanning = storage.transaction('write', async (tx) => {
      await tx.updateBoard(BOARD_B, { description: 'spanning B' });
      await tx.updateBoard(BOARD_A, { description: 'spanning A' });
    });
    expect(await settled(spanning, 1000)).toBe(false);
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    const noOrganization = storage.transaction('write', async (tx) => {
      await tx.leaseWebhookMessages({ now, lease_until: later, owner: 'test', limit: 10 });
      await tx.leaseMailQueue({ now, lease_until: later, owner: 'test', limit: 10 });
      await tx.insertSession({ token_hash: `session-${Math.random()}`, kind: 'team', subject_id: 1, created_at: now, expires_at: later });
      return tx.useSignInLink('no-such-link', now);
    });
    expect(await settled(noOrganization, 1000)).toBe(true);
    held.release();
    await held.done;
    await spanning;
  }, 30_000);

  it('upgrades to the store lock when one transaction writes to two organizations, and commits both', async () => {
    const held = holdWrite(storage, async (tx) => {
      await tx.updateBoard(BOARD_A, { description: 'both A' });
      await tx.updateBoard(BOARD_B, { description: 'both B' });
    });
    await held.holding;
    const write = createPost(KEY_B, 'B after the two-organization write');
    expect(await settled(write, 1000)).toBe(false);
    held.release();
    await held.done;
    expect((await write).status).toBe(201);
    const boards = await storage.transaction('read', async (tx) => [await tx.getBoard(BOARD_A), await tx.getBoard(BOARD_B)]);
    expect(boards.map((board) => board?.description)).toEqual(['both A', 'both B']);
  }, 30_000);

  it('upgrades while another process waits for the same organization, and both commit (no deadlock)', async () => {
    // A waiter for organization A must hold nothing while it waits: were it holding the shared
    // store lock, the upgrade below would wait for it while it waits for A, and PostgreSQL would
    // fail one of the two with "deadlock detected".
    let upgrade!: () => void;
    let lockedA!: () => void;
    const upgrading = new Promise<void>((go) => (upgrade = go));
    const holdingA = new Promise<void>((done) => (lockedA = done));
    const held = holdWrite(storage, async (tx) => {
      await tx.updateBoard(BOARD_A, { description: 'A first' });
      lockedA();
      await upgrading;
      await tx.updateBoard(BOARD_B, { description: 'then B' });
    });
    await holdingA;
    const waiter = createPost(KEY_A, 'A waits for A');
    expect(await settled(waiter, 1500)).toBe(false);
    upgrade();
    await held.holding;
    held.release();
    await held.done;
    expect((await waiter).status).toBe(201);
    const boards = await storage.transaction('read', async (tx) => [await tx.getBoard(BOARD_A), await tx.getBoard(BOARD_B)]);
    expect(boards.map((board) => board?.description)).toEqual(['A first', 'then B']);
  }, 30_000);

  it("with writeLock 'store', serializes writes of different organizations too", async () => {
    const single = await createPostgresStorage({ connectionString: url }, { maxConnections: 2, writeLock: 'store' });
    try {
      const held = holdWrite(single, (tx) => tx.updateBoard(BOARD_A, { description: 'store mode' }));
      await held.holding;
      const other = createPost(KEY_B, 'B behind the store lock');
      expect(await settled(other, 1500)).toBe(false);
      held.release();
      await held.done;
      expect((await other).status).toBe(201);
    } finally {
      await single.close();
    }
  }, 30_000);

  it('knows the organization of a record it inserted: writing to it in the same transaction looks nothing up', async () => {
    const sent: string[] = [];
    const pool = testPool(url, 1, (query) => (config, ...rest) => {
      sent.push(typeof config === 'string' ? config : (config as { text: string }).text);
      return query(config, ...rest);
    });
    const counted = await createPostgresStorage({ pool });
    const postLookups = () => sent.filter((text) => /AS org FROM fb_posts p/.test(text)).length;
    try {
      const post = await counted.transaction('write', async (tx) => {
        const inserted = await tx.insertPost(newPost(BOARD_A, { title: 'Inserted, then changed' }));
        await tx.updatePost(inserted.id, { pinned: true });
        await tx.insertComment(newComment(inserted.id));
        return inserted;
      });
      expect(postLookups()).toBe(0);
      // A post the process has not inserted is looked up once, then known.
      const first = await counted.transaction('read', async (tx) => (await tx.listPosts(BOARD_A, { sort: 'new', limit: 10, offset: 0 })).rows.find((p) => p.id !== post.id)!);
      await counted.transaction('write', (tx) => tx.updatePost(first.id, { pinned: true }));
      await counted.transaction('write', (tx) => tx.updatePost(first.id, { pinned: false }));
      expect(postLookups()).toBe(1);
      expect((await counted.transaction('read', (tx) => tx.getPost(post.id)))!.pinned).toBe(true);
    } finally {
      await counted.close();
      await pool.end();
    }
  });

  it('refuses an unknown writeLock with a clear error, opening nothing', async () => {
    await expect(
      createPostgresStorage({ connectionString: url }, { writeLock: 'row' as unknown as 'store' }),
    ).rejects.toThrow(/writeLock must be 'organization' or 'store'/);
  });

  it('commits a write transaction that made no call, and undoes one that throws after its first write', async () => {
    await expect(storage.transaction('write', async () => 'nothing')).resolves.toBe('nothing');
    const before = await storage.transaction('read', (tx) => tx.getBoard(BOARD_A));
    const failing = storage.transaction('write', async (tx) => {
      await tx.updateBoard(BOARD_A, { description: 'undone' });
      throw new Error('stop');
    });
    await expect(failing).rejects.toThrow('stop');
    expect(await storage.transaction('read', (tx) => tx.getBoard(BOARD_A))).toEqual(before);
  });
});
