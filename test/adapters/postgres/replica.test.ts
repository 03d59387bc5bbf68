/**
 * Read transactions on a real streaming replica (`pg_basebackup -R` of a throwaway primary made
 * here): a process reads its own writes at once, reads really run on the replica (they answer with
 * the primary stopped), and a replica stopped mid-run leaves the storage answering from the
 * primary until the replica is back; the same through PgBouncer in transaction mode in front of
 * each.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipReason, suiteTitle } from '../../helpers/requirements.js';
import { createPostgresStorage, type PostgresStorage } from '../../../adapters/postgres/index.js';
import { openStorage, StorageChoiceError } from '../../../cli/storage.js';
import { startCluster, startReplica, type Cluster } from '../../../scripts/pg-cluster.mjs';
import { startPgbouncer } from '../../../scripts/pgbouncer.mjs';

let primary: Cluster;
let replica: Cluster;
let storage: PostgresStorage;
let boardId: number;

beforeAll(async () => {
  primary = await startCluster();
  replica = await startReplica(primary);
  storage = await createPostgresStorage(
    { connectionString: primary.url },
    { readConnectionString: replica.url, replicaRetryMs: 300, connectionTimeoutMs: 2000 },
  );
  boardId = await storage.transaction('write', async (tx) => {
    const org = await tx.insertOrganization({ name: 'Replicated', created_at: '2026-01-01T00:00:00.000Z' });
    const board = await tx.insertBoard({
      organization_id: org.id,
      slug: 'main',
      name: 'Main',
      description: '',
      welcome_message: '',
      published: false,
      logo_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    return board.id;
  });
}, 120_000);

afterAll(async () => {
  await storage?.close();
  replica?.stop();
  primary?.stop();
});

const insertPost = (title: string, on: PostgresStorage = storage) =>
  on.transaction('write', (tx) =>
    tx.insertPost({
      board_id: boardId,
      title,
      body: '',
      status: 'open',
      is_admin: false,
      hidden: false,
      pinned: false,
      queue_rank: null,
      shipped_at: null,
      created_at: '2026-01-02T00:00:00.000Z',
      proposal: null,
    }),
  );
const readPost = (id: number, on: PostgresStorage = storage) => on.transaction('read', (tx) => tx.getPost(id));
const countPosts = () => storage.transaction('read', (tx) => tx.countPosts(boardId));

async function queryOn(url: string, text: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ lsn: string }>(text)).rows[0]!.lsn;
  } finally {
    await client.end();
  }
}

/** Resolves once the replica has replayed everything the primary wrote so far. */
async function replicaCaughtUp(): Promise<void> {
  const target = await queryOn(primary.url, 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
  for (;;) {
    const caughtUp = await queryOn(replica.url, `SELECT (pg_last_wal_replay_lsn() >= '${target}'::pg_lsn)::text AS lsn`);
    if (caughtUp === 'true') return;
    await new Promise((wait) => setTimeout(wait, 20));
  }
}

const skip = skipReason('postgres-binaries', 'test/adapters/postgres/replica.test.ts');

describe.skipIf(skip !== undefined)(suiteTitle('PostgreSQL read replica', skip), () => {
  it('shows a process its own write in the read that follows it at once', async () => {
    for (let i = 0; i < 30; i++) {
      const post = await insertPost(`read your writes ${i}`);
      expect((await readPost(post.id))?.title).toBe(`read your writes ${i}`);
    }
  }, 60_000);

  it('runs reads on the replica: they answer while the primary is stopped', async () => {
    const post = await insertPost('on the replica');
    await replicaCaughtUp();
    primary.halt();
    try {
      expect((await readPost(post.id))?.title).toBe('on the replica');
      // Writes need the primary: they fail, and reads still answer.
      await expect(insertPost('no primary')).rejects.toThrow();
      expect((await readPost(post.id))?.title).toBe('on the replica');
    } finally {
      primary.resume();
    }
  }, 60_000);

  it('keeps answering from the primary while the replica is stopped, and uses it again once back', async () => {
    replica.halt();
    try {
      for (let i = 0; i < 5; i++) {
        const post = await insertPost(`replica down ${i}`);
        expect((await readPost(post.id))?.title).toBe(`replica down ${i}`);
      }
    } finally {
      replica.resume();
    }
    // After replicaRetryMs the replica is tried again; once it has caught up, it serves alone.
    await new Promise((wait) => setTimeout(wait, 400));
    const post = await insertPost('replica back');
    await replicaCaughtUp();
    primary.halt();
    try {
      expect((await readPost(post.id))?.title).toBe('replica back');
    } finally {
      primary.resume();
    }
  }, 90_000);

  const noPooler = skipReason('pgbouncer', 'test/adapters/postgres/replica.test.ts (through PgBouncer)');
  it.skipIf(noPooler !== undefined)(suiteTitle('reads its writes and reads on the replica through PgBouncer in front of each, detecting the pooler', noPooler), async () => {
    const primaryPooler = await startPgbouncer({ host: '127.0.0.1', port: primary.port });
    const replicaPooler = await startPgbouncer({ host: '127.0.0.1', port: replica.port });
    // Not told: the poolers refuse the timeouts as startup parameters, which gives them away.
    const pooled = await createPostgresStorage(
      { connectionString: primaryPooler.url('postgres') },
      { readConnectionString: replicaPooler.url('postgres'), replicaRetryMs: 300, connectionTimeoutMs: 2000 },
    );
    try {
      for (let i = 0; i < 10; i++) {
        const post = await insertPost(`pooled read your writes ${i}`, pooled);
        expect((await readPost(post.id, pooled))?.title).toBe(`pooled read your writes ${i}`);
      }
      const post = await insertPost('pooled on the replica', pooled);
      await replicaCaughtUp();
      primary.halt();
      try {
        expect((await readPost(post.id, pooled))?.title).toBe('pooled on the replica');
      } finally {
        primary.resume();
      }
    } finally {
      await pooled.close();
      primaryPooler.stop();
      replicaPooler.stop();
    }
  }, 90_000);

  it('refuses inconsistent replica options with a clear error', async () => {
    await expect(
      createPostgresStorage({ connectionString: primary.url }, { readConnectionString: replica.url, readPool: storage.pool }),
    ).rejects.toThrow(/readConnectionString or readPool, not both/);
    await expect(createPostgresStorage({ connectionString: primary.url }, { replicaWaitMs: -1 })).rejects.toThrow(/replicaWaitMs must be/);
    await expect(openStorage({ db: 'feedback.db', dbRead: replica.url, memory: false, fixture: false })).rejects.toThrow(StorageChoiceError);
    await expect(openStorage({ memory: true, dbRead: replica.url, fixture: false })).rejects.toThrow(/--db-read takes a postgres:\/\/ URL/);
  });
});
