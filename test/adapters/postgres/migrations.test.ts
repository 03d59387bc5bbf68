/**
 * PostgreSQL schema migrations: a database of the previous version is brought to the newest with
 * its data (its maintained statistics built from the rows), several processes' worth of storages starting at once on an empty database migrate it
 * once, and a newer schema is refused.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, NewerSchemaError, PG_SCHEMA_VERSION, PgSchemaTooNewError, postgresDumpPort, rebuildStatistics } from '../../../adapters/postgres/index.js';
import { foldCase } from '../../../src/storage/text.js';
import { at } from '../../../testing/fixtures.js';
import { adminQuery, createTestDatabase, createTestSchema, dropTestDatabase, testPool } from './server.js';
import { skipReason } from '../../helpers/requirements.js';
import { lendLaterColumns, takeBackLaterColumns } from '../../helpers/later-columns.js';

/** Roles and the pg_trgm extension need a PostgreSQL server: PGlite has one user and loads no extension by itself. */
const serverOnly = skipReason('postgres-server', 'test/adapters/postgres/migrations.test.ts (roles and pg_trgm)');

let database: string;
beforeAll(async () => {
  database = await createTestDatabase('fb_migrate');
});
afterAll(async () => {
  await dropTestDatabase(database);
});

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

const T0 = at(0);


/**
 * Today's code writes every column a post has today, so a test that fills an old database through
 * it lends the old tables the columns later steps add (test/helpers/later-columns.ts), and takes them
 * back before the upgrade adds them.
 */
async function lendLaterColumnsTo(url: string): Promise<void> {
  await query(url, lendLaterColumns('postgres'));
}

async function takeBackLaterColumnsFrom(url: string): Promise<void> {
  await query(url, takeBackLaterColumns());
}
describe('postgres schema migrations', () => {
  it.skipIf(serverOnly !== undefined)(`migrates, rebuilds the statistics and loads a dump past the request timeouts, which still bind requests after${serverOnly ? ` (skipped: ${serverOnly})` : ''}`, async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: PG_SCHEMA_VERSION - 1 })).close();
    // Each record of a migration step or of installed statistics code now takes 2.4 s: longer
    // than the server's statement timeout (250 ms) and than the client's read timeout (2.25 s).
    // (The timeout is not shorter: the open's first reads of the schema's version are a request's
    // statements, and on a loaded two-core machine one took more than 50 ms.)
    await query(url, `CREATE FUNCTION fb_test_slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(2.4); RETURN NEW; END $$;
      CREATE TRIGGER fb_test_slow BEFORE INSERT ON fb_schema_migrations FOR EACH ROW EXECUTE FUNCTION fb_test_slow();
      CREATE TRIGGER fb_test_slow BEFORE INSERT ON fb_installed_code FOR EACH ROW EXECUTE FUNCTION fb_test_slow()`);
    const storage = await createPostgresStorage({ connectionString: url }, { statementTimeoutMs: 250 });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      await rebuildStatistics(storage.pool);
      await postgresDumpPort(storage).load(async () => undefined);
      // Lifted for those transactions only: a statement of a request is still stopped.
      expect((await storage.pool.query('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: '250ms' }]);
      await expect(storage.pool.query('SELECT pg_sleep(1)')).rejects.toThrow(/statement timeout/);
    } finally {
      await storage.close();
    }
  }, 30_000);
  it.skipIf(serverOnly !== undefined)(`migrates a role that may not install pg_trgm: search works without the trigram indexes${serverOnly ? ` (skipped: ${serverOnly})` : ''}`, async () => {
    const url = await createTestDatabase('fb_no_trgm');
    const role = `fb_plain_${process.pid}`;
    const plain = new URL(url);
    plain.username = role;
    plain.password = '';
    try {
      // A role with CREATE on the schema but not on the database cannot create an extension.
      await adminQuery(`DROP ROLE IF EXISTS ${role}; CREATE ROLE ${role} LOGIN`);
      await query(url, `DROP EXTENSION IF EXISTS pg_trgm; GRANT CREATE, USAGE ON SCHEMA public TO ${role}`);
      const storage = await createPostgresStorage({ connectionString: plain.toString() });
      try {
        const versions = await query<{ version: number }>(url, 'SELECT version FROM fb_schema_migrations ORDER BY version');
        expect(versions.map((row) => row.version)).toEqual(Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1));
        expect(await query(url, "SELECT indexname FROM pg_indexes WHERE indexname LIKE '%_trgm'")).toEqual([]);
        await storage.transaction('write', async (tx) => {
          const org = await tx.insertOrganization({ name: 'Acme', created_at: T0 });
          const board = await tx.insertBoard({
            organization_id: org.id, slug: 'b', name: 'B', description: '', welcome_message: '', published: true, logo_url: null, created_at: T0,
          });
          for (const title of ['A needle_in it', 'needle in it', 'Hay']) {
            await tx.insertPost({
              board_id: board.id, title, body: '', status: 'open', is_admin: true, hidden: false, pinned: false,
              queue_rank: null, shipped_at: null, created_at: T0, proposal: null,
            });
          }
        });
        const found = await storage.transaction('read', (tx) => tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, search: 'needle_' }));
        expect(found.rows.map((post) => post.title)).toEqual(['A needle_in it']);
        expect(found.total).toBe(1);
      } finally {
        await storage.close();
      }
    } finally {
      await dropTestDatabase(url);
      await adminQuery(`DROP ROLE IF EXISTS ${role}`);
    }
  });

  it.skipIf(serverOnly !== undefined)(`makes the trigram indexes of search where pg_trgm can be installed${serverOnly ? ` (skipped: ${serverOnly})` : ''}`, async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url })).close();
    const schema = new URL(url).searchParams.get('options')?.match(/search_path=([\w]+)/)?.[1];
    const indexes = await query<{ indexname: string }>(
      url,
      `SELECT indexname FROM pg_indexes WHERE indexname LIKE 'fb_posts_%_trgm'${schema ? ` AND schemaname = '${schema}'` : ''} ORDER BY indexname`,
    );
    expect(indexes.map((row) => row.indexname)).toEqual(['fb_posts_body_trgm', 'fb_posts_title_trgm']);
  });

  it('migrates a version 1 database to the newest, keeping its data and making it searchable', async () => {
    expect(PG_SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 1 })).close();
    expect(await query(url, 'SELECT version FROM fb_schema_migrations ORDER BY version')).toEqual([{ version: 1 }]);
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at)
        VALUES (1, 'write', 'CI', 'fbk_x', 'h', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
        VALUES (1, 'features', 'Features', '', '', true, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, vote_count)
        VALUES (1, 'ÉCOLE mode', 'Body 🌙', 'planned', true, false, false, '2026-11-01T09:00:00.000Z', 2),
               (1, 'Second', 'STRASSE', 'open', false, false, true, '2026-11-02T09:00:00.000Z', 0),
               (1, 'Third', '', 'shipped', false, true, false, '2026-11-03T09:00:00.000Z', 0);
      INSERT INTO fb_voters (organization_id, email, name, created_at)
        VALUES (1, 'a@example.com', 'A', '${T0}'), (1, NULL, 'B', '${T0}');
      INSERT INTO fb_votes (post_id, voter_id, created_at) VALUES (1, 1, '${T0}'), (1, 2, '${T0}');
      INSERT INTO fb_claims (post_id, api_key_id, agent_label, claimed_at, expires_at)
        VALUES (1, 1, 'agent', '${T0}', '2026-11-01T10:00:00.000Z');
      INSERT INTO fb_tags (board_id, name, slug) VALUES (1, 'UX', 'ux'), (1, 'API', 'api');
      INSERT INTO fb_post_tags (post_id, tag_id) VALUES (1, 1), (2, 1), (3, 1), (2, 2);`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      const versions = await query<{ version: number }>(url, 'SELECT version FROM fb_schema_migrations ORDER BY version');
      expect(versions.map((row) => row.version)).toEqual(Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1));
      await storage.transaction('read', async (tx) => {
        expect((await tx.getPost(1))!.title).toBe('ÉCOLE mode');
        expect((await tx.getPost(1))!.vote_count).toBe(2);
        expect(await tx.listVoterIds(1)).toEqual([1, 2]);
        expect((await tx.getClaim(1))!.agent_label).toBe('agent');
        // Search reads the folded columns the migration filled in.
        const found = await tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, search: foldCase('école') });
        expect(found.rows.map((post) => post.id)).toEqual([1]);
        const strasse = await tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, search: 'strasse' });
        expect(strasse.rows.map((post) => post.id)).toEqual([2]);
        // The posts of each tag were counted from the links (hidden post 3 included, as in lists).
        for (const [tagId, total] of [[1, 3], [2, 1]] as const) {
          const page = await tx.listPosts(1, { sort: 'new', limit: 1, offset: 0, tagId });
          expect([tagId, page.total]).toEqual([tagId, total]);
        }
        // The maintained statistics were built from the rows (the hidden post counts nowhere).
        const stats = await tx.analytics(1, { from: '2026-11-01T00:00:00.000Z', to: '2026-11-08T00:00:00.000Z' });
        expect(stats).toMatchObject({
          posts: 2,
          votes: 2,
          voters: 2,
          comments: 0,
          postsWithVotes: 1,
          statusBreakdown: { open: 1, planned: 1, in_progress: 0, shipped: 0, declined: 0 },
          postsPerDay: [{ date: '2026-11-01', count: 1 }, { date: '2026-11-02', count: 1 }],
          votesPerDay: [{ date: '2026-11-01', count: 2 }],
        });
      });
      // New ids continue after the migrated rows.
      const post = await storage.transaction('write', (tx) =>
        tx.insertPost({ board_id: 1, title: 'n', body: '', status: 'open', is_admin: false, hidden: false, pinned: false, queue_rank: null, shipped_at: null, created_at: T0, proposal: null }),
      );
      expect(post.id).toBe(4);
    } finally {
      await storage.close();
    }
  });

  it('brings a version 10 database to moderation: every board unmoderated, no held post, the posts as they were', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 10 })).close();
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
        VALUES (1, 'features', 'Features', '', '', true, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, vote_count)
        VALUES (1, 'One', '', 'open', false, false, false, '${T0}', 0);
      INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (1, 'a@example.com', 'A', '${T0}');`);
    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await storage.transaction('read', (tx) => tx.isBoardModerated(1))).toBe(false);
      expect(await storage.transaction('read', (tx) => tx.listHeldPosts(1, 'waiting'))).toEqual([]);
      expect((await storage.transaction('read', (tx) => tx.listPosts(1, { sort: 'new', limit: 10, offset: 0 }))).total).toBe(1);
      await storage.transaction('write', (tx) => tx.setBoardModerated(1, true));
      const held = await storage.transaction('write', (tx) =>
        tx.insertHeldPost({ organization_id: 1, board_id: 1, voter_id: 1, title: 'Held', body: '', tag_slugs: ['ui'], created_at: T0 }),
      );
      expect(held).toMatchObject({ id: 1, state: 'waiting', tag_slugs: ['ui'] });
      await expect(query(url, "UPDATE fb_held_posts SET state = 'maybe' WHERE id = 1")).rejects.toThrow(/check constraint/);
      expect(await storage.transaction('read', (tx) => tx.getHeldPost(1))).toEqual(held);
    } finally {
      await storage.close();
    }
  });

  it('adds the merge records at version 14 to a version 13 database: a merge recorded and read back, the list and its totals without it, gone with its post', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 13 })).close();
    expect(await query(url, "SELECT to_regclass('fb_post_merges') AS merges")).toEqual([{ merges: null }]);
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
        VALUES (1, 'features', 'Features', '', '', true, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at)
        VALUES (1, 'First', '', 'open', true, false, false, '2026-11-01T09:00:00.000Z'),
               (1, 'Second', '', 'open', true, true, false, '2026-11-02T09:00:00.000Z');
      INSERT INTO fb_tags (board_id, name, slug) VALUES (1, 'UX', 'ux');
      INSERT INTO fb_post_tags (post_id, tag_id) VALUES (1, 1), (2, 1);`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      const record = {
        source_id: 2, target_id: 1, board_id: 1, merged_at: T0, source_hidden: false,
        votes_added: [], comment_ids: [], evidence_ids: [], claim: null,
      };
      await storage.transaction('write', (tx) => tx.insertPostMerge(record));
      await storage.transaction('read', async (tx) => {
        expect(await tx.getPostMerge(2)).toEqual(record);
        for (const query of [{}, { status: 'open' as const }, { tagId: 1 }]) {
          const page = await tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, ...query });
          expect([query, page.rows.map((post) => post.id), page.total]).toEqual([query, [1], 1]);
        }
      });
      await storage.transaction('write', (tx) => tx.deletePost(2));
      expect(await query(url, 'SELECT count(*)::int AS n FROM fb_post_merges')).toEqual([{ n: 0 }]);
    } finally {
      await storage.close();
    }
  });

  it('gives a version 15 database the mail queue and unsubscribes of version 16, over its stored posts and voters', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 15 })).close();
    expect(await query(url, "SELECT to_regclass('fb_mail_queue') IS NULL AS absent")).toEqual([{ absent: true }]);
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
        VALUES (1, 'features', 'Features', '', '', true, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, vote_count)
        VALUES (1, 'Dark mode', '', 'open', true, false, false, '${T0}', 0);
      INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (1, 'a@example.com', 'A', '${T0}');`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect((await query<{ v: number }>(url, 'SELECT max(version) AS v FROM fb_schema_migrations'))[0]!.v).toBe(PG_SCHEMA_VERSION);
      const event = { organization_id: 1, voter_id: 1, post_id: 1, event: '"status"', now: T0 };
      const row = await storage.transaction('write', (tx) => tx.enqueueMailEvent(event));
      expect([row.events, row.due_at]).toEqual([['"status"'], T0]);
      await storage.transaction('write', (tx) => tx.putMailUnsubscribe({ board_id: 1, address: 'a@example.com', post_id: 1, created_at: T0 }));
      expect(await storage.transaction('read', (tx) => tx.isMailUnsubscribed(1, 'a@example.com', 1))).toBe(true);
      // A queue row names a stored post and voter.
      await expect(storage.transaction('write', (tx) => tx.enqueueMailEvent({ ...event, post_id: 99 }))).rejects.toThrow(/foreign key/);
    } finally {
      await storage.close();
    }
  });

  it('adds attachments at version 18 to a version 17 database: an image stored and read back byte for byte, gone with its post', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 17 })).close();
    expect(await query(url, "SELECT to_regclass('fb_attachments') AS attachments")).toEqual([{ attachments: null }]);
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
        VALUES (1, 'features', 'Features', '', '', true, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at)
        VALUES (1, 'First', '', 'open', true, false, false, '${T0}'), (1, 'Second', '', 'open', true, false, false, '${T0}');`);
    const storage = await createPostgresStorage({ connectionString: url });
    try {
      const { bytes, ...record } = {
      organization_id: 1, post_id: 2, comment_id: null, held_post_id: null, filename: 'a.png', content_type: 'image/png' as const,
      size: 3, width: 1, height: 1, sha256: 'ab'.repeat(32), created_at: T0, bytes: new Uint8Array([0, 137, 255]),
    };
      const stored = await storage.transaction('write', (tx) => tx.insertAttachment({ ...record, bytes }));
      expect(stored).toEqual({ id: 1, ...record });
      expect(await storage.transaction('read', (tx) => tx.getAttachmentBytes(1))).toEqual(bytes);
      await expect(query(url, 'UPDATE fb_attachments SET comment_id = 1 WHERE id = 1')).rejects.toThrow(/check constraint/);
      await storage.transaction('write', (tx) => tx.deletePost(2));
      expect(await query(url, 'SELECT (SELECT count(*)::int FROM fb_attachments) AS a, (SELECT count(*)::int FROM fb_attachment_bytes) AS b')).toEqual([{ a: 0, b: 0 }]);
    } finally {
      await storage.close();
    }
  });

  it('five storages opened at once on an empty database migrate it exactly once', async () => {
    const url = await createTestSchema(database);
    const storages = await Promise.all(Array.from({ length: 5 }, () => createPostgresStorage({ connectionString: url })));
    for (const storage of storages) await storage.close();
    const versions = await query<{ version: number }>(url, 'SELECT version FROM fb_schema_migrations ORDER BY version');
    expect(versions.map((row) => row.version)).toEqual(Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1));
  });

  it('refuses a database written by a newer version, and changes nothing', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url })).close();
    await query(url, `INSERT INTO fb_schema_migrations (version, description, applied_at) VALUES (${PG_SCHEMA_VERSION + 1}, 'future', '${T0}')`);
    const error = await createPostgresStorage({ connectionString: url }).then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(PgSchemaTooNewError);
    expect(error).toBeInstanceOf(NewerSchemaError);
    const { name, found, supported, message } = error as PgSchemaTooNewError;
    expect({ name, found, supported, message }).toEqual({
      name: 'PgSchemaTooNewError',
      found: PG_SCHEMA_VERSION + 1,
      supported: PG_SCHEMA_VERSION,
      message: `feedback-board/postgres: the database has schema version ${PG_SCHEMA_VERSION + 1}, but this version of feedback-board supports up to ${PG_SCHEMA_VERSION}; upgrade feedback-board to use it`,
    });
    const versions = await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM fb_schema_migrations');
    expect(versions[0]!.n).toBe(PG_SCHEMA_VERSION + 1);
  });

  it('rebuilds the statistics from the rows after a bulk load made with the triggers off', async () => {
    const url = await createTestSchema(database);
    const storage = await createPostgresStorage({ connectionString: url });
    try {
      const window = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-08T00:00:00.000Z' };
      await query(url, `
        BEGIN;
        ALTER TABLE fb_posts DISABLE TRIGGER USER;
        ALTER TABLE fb_votes DISABLE TRIGGER USER;
        ALTER TABLE fb_post_tags DISABLE TRIGGER USER;
        INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
        INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
          VALUES (1, 'features', 'Features', '', '', true, '${T0}');
        INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, vote_count)
          VALUES (1, 'One', '', 'planned', false, false, false, '2026-11-02T09:00:00.000Z', 2),
                 (1, 'Two', '', 'open', false, true, false, '2026-11-02T10:00:00.000Z', 1);
        INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (1, NULL, 'A', '${T0}'), (1, NULL, 'B', '${T0}');
        INSERT INTO fb_votes (post_id, voter_id, created_at)
          VALUES (1, 1, '2026-11-03T09:00:00.000Z'), (1, 2, '2026-11-04T09:00:00.000Z'), (2, 1, '2026-11-03T09:00:00.000Z');
        INSERT INTO fb_tags (board_id, name, slug) VALUES (1, 'UX', 'ux');
        INSERT INTO fb_post_tags (post_id, tag_id) VALUES (1, 1), (2, 1);
        ALTER TABLE fb_posts ENABLE TRIGGER USER;
        ALTER TABLE fb_votes ENABLE TRIGGER USER;
        ALTER TABLE fb_post_tags ENABLE TRIGGER USER;
        COMMIT;`);
      // The triggers did not run: the maintained figures do not know the rows yet.
      expect(await storage.transaction('read', (tx) => tx.analytics(1, window))).toMatchObject({ posts: 0, votes: 0, voters: 0 });
      const tagTotal = () => storage.transaction('read', async (tx) => (await tx.listPosts(1, { sort: 'new', limit: 1, offset: 0, tagId: 1 })).total);
      expect(await tagTotal()).toBe(0);
      await rebuildStatistics(storage.pool);
      const expected = {
        posts: 1,
        votes: 2,
        voters: 2,
        statusBreakdown: { open: 0, planned: 1, in_progress: 0, shipped: 0, declined: 0 },
        votesPerDay: [{ date: '2026-11-03', count: 1 }, { date: '2026-11-04', count: 1 }],
      };
      expect(await storage.transaction('read', (tx) => tx.analytics(1, window))).toMatchObject(expected);
      expect(await tagTotal()).toBe(2);
      // The triggers run again afterwards, on top of the rebuilt figures.
      await storage.transaction('write', (tx) => tx.setPostTags(2, []));
      expect(await tagTotal()).toBe(1);
      await storage.transaction('write', (tx) => tx.deleteVote(1, 2));
      expect(await storage.transaction('read', (tx) => tx.analytics(1, window))).toMatchObject({
        votes: 1,
        voters: 1,
        votesPerDay: [{ date: '2026-11-03', count: 1 }],
      });
    } finally {
      await storage.close();
    }
  });

  it('accepts a pool the application made, and leaves it open on close', async () => {
    const url = await createTestSchema(database);
    const pool = testPool(url, 2);
    try {
      const storage = await createPostgresStorage({ pool });
      await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'App', created_at: T0 }));
      await storage.close();
      const { rows } = await pool.query<{ name: string }>('SELECT name FROM fb_organizations');
      expect(rows).toEqual([{ name: 'App' }]);
    } finally {
      await pool.end();
    }
  });

  it('adds single sign-on at version 19 to a version 18 database: a secret, a host user of a stored voter and their company read back', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 18 })).close();
    expect(await query(url, "SELECT to_regclass('fb_sso_secrets') AS secrets")).toEqual([{ secrets: null }]);
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (1, 'ada@acme.test', 'Ada', '${T0}');`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      const secret = await storage.transaction('write', (tx) =>
        tx.insertSsoSecret({ organization_id: 1, secret: 's', created_at: T0, expires_at: null, revoked_at: null }),
      );
      await storage.transaction('write', async (tx) => {
        await tx.insertSsoIdentity({ organization_id: 1, sub: 'u-1', voter_id: 1, created_at: T0 });
        await tx.putCompany({ organization_id: 1, id: 'c-1', name: 'Initech', monthly_revenue: 300, updated_at: T0 });
        await tx.setVoterCompany(1, 1, 'c-1');
      });
      await storage.transaction('read', async (tx) => {
        expect(await tx.listSsoSecrets(1)).toEqual([secret]);
        expect(await tx.getSsoIdentity(1, 'u-1')).toEqual({ organization_id: 1, sub: 'u-1', voter_id: 1, created_at: T0 });
        expect(await tx.listCompanies(1)).toEqual([{ organization_id: 1, id: 'c-1', name: 'Initech', monthly_revenue: 300, updated_at: T0 }]);
      });
    } finally {
      await storage.close();
    }
  });
  it('adds private boards at version 20 to a version 19 database: its board public until saved, settings and claims read back, access checked by the table', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 19 })).close();
    expect(await query(url, "SELECT to_regclass('fb_board_access') AS access")).toEqual([{ access: null }]);
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
        VALUES (1, 'features', 'Features', '', '', true, '${T0}');
      INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (1, 'ada@acme.test', 'Ada', '${T0}');`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      expect(await storage.transaction('read', (tx) => tx.getBoardAccess(1))).toBeNull();
      const access = {
        board_id: 1, organization_id: 1, access: 'private' as const, email_domains: ['example.com'],
        claim_name: 'groups', claim_values: ['beta'], updated_at: T0,
      };
      const claims = { voter_id: 1, organization_id: 1, claims: { groups: ['beta'] }, updated_at: T0 };
      await storage.transaction('write', async (tx) => {
        await tx.putBoardAccess(access);
        await tx.putVoterClaims(claims);
      });
      await storage.transaction('read', async (tx) => {
        expect(await tx.getBoardAccess(1)).toEqual(access);
        expect(await tx.getVoterClaims(1)).toEqual(claims);
      });
      await expect(query(url, "UPDATE fb_board_access SET access = 'secret' WHERE board_id = 1")).rejects.toThrow(/check constraint/);
    } finally {
      await storage.close();
    }
  });

  it("rebuilds the shipped index at version 21 with each post's title and vote count: ship statistics list a version 20 database's shipped post from it", async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 20 })).close();
    const indexOf = async () =>
      (await query<{ indexdef: string }>(url, "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'fb_posts_shipped'"))[0]!.indexdef;
    expect(await indexOf()).not.toMatch(/INCLUDE/);
    const shipped = '2026-11-03T10:00:00.000Z';
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
        VALUES (1, 'b', 'B', '', '', true, '${T0}');
      INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, shipped_at, created_at, vote_count, title_folded, body_folded)
        VALUES (1, 'Dark mode', '', 'shipped', true, false, false, '${shipped}', '${T0}', 3, 'dark mode', ''),
               (1, 'Hidden', '', 'shipped', true, true, false, '${shipped}', '${T0}', 0, 'hidden', '');`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      expect(await indexOf()).toMatch(/fb_posts USING btree \(board_id, shipped_at DESC NULLS LAST, id DESC\) INCLUDE \(title, vote_count\) WHERE \(\(NOT hidden\) AND \(status = 'shipped'::text\)\)/);
      const window = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
      expect(await storage.transaction('read', (tx) => tx.shipStats(1, window))).toEqual({
        posts: [{ id: 1, title: 'Dark mode', vote_count: 3, shipped_at: shipped }],
        voterCount: 0,
      });
    } finally {
      await storage.close();
    }
  });
  it("adds company voters at version 23 to a version 22 database: a company's voter stored and read back, held to its company", async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 22 })).close();
    expect(await query(url, "SELECT to_regclass('fb_company_voters') AS voters")).toEqual([{ voters: null }]);
    await query(url, `
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (1, NULL, 'Initech', '${T0}');`);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      const row = { organization_id: 1, company_id: 'c-1', voter_id: 1, created_at: T0 };
      await storage.transaction('write', async (tx) => {
        await tx.putCompany({ organization_id: 1, id: 'c-1', name: 'Initech', monthly_revenue: 300, updated_at: T0 });
        await tx.insertCompanyVoter(row);
      });
      expect(await storage.transaction('read', (tx) => tx.getCompanyVoter(1, 'c-1'))).toEqual(row);
      await expect(storage.transaction('write', (tx) => tx.insertCompanyVoter({ ...row, company_id: 'c-404' }))).rejects.toThrow(/foreign key|unique/);
      expect(await storage.transaction('read', (tx) => tx.listCompanyVoters(1))).toEqual([row]);
    } finally {
      await storage.close();
    }
  });
  it("adds the index of voters' companies by organization at version 24 to a version 23 database: its posts ranked by company revenue as stored", async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 23 })).close();
    expect(await query(url, "SELECT to_regclass('fb_voter_companies_organization') AS index")).toEqual([{ index: null }]);
    await lendLaterColumnsTo(url);
    const old = await createPostgresStorage({ connectionString: url }, { migrationTarget: 23 });
    const ids = await old.transaction('write', async (tx) => {
      const org = (await tx.insertOrganization({ name: 'Acme', created_at: T0 })).id;
      const board = (await tx.insertBoard({
        organization_id: org, slug: 'features', name: 'Features', description: '', welcome_message: '', published: true, logo_url: null, created_at: T0,
      })).id;
      await tx.putCompany({ organization_id: org, id: 'c-1', name: 'Initech', monthly_revenue: 300, updated_at: T0 });
      const voter = (await tx.insertVoter({ organization_id: org, email: null, name: 'Ann', created_at: T0, locale: null })).id;
      await tx.setVoterCompany(voter, org, 'c-1');
      const post = (title: string) => tx.insertPost({
        board_id: board, title, body: '', status: 'open', is_admin: true, hidden: false, pinned: false, queue_rank: null, shipped_at: null, created_at: T0, proposal: null,
      });
      const [first, second] = [await post('First'), await post('Second')];
      await tx.insertVote({ post_id: first.id, voter_id: voter, created_at: T0 });
      return { board, first: first.id, second: second.id };
    });
    await old.close();
    await takeBackLaterColumnsFrom(url);

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      expect(await query(url, "SELECT to_regclass('fb_voter_companies_organization') IS NOT NULL AS index")).toEqual([{ index: true }]);
      const page = await storage.transaction('read', (tx) => tx.listPostsByCompanyRevenue(ids.board, { limit: 10, offset: 0 }));
      expect([page.rows.map((row) => [row.post.id, row.revenue]), page.total]).toEqual([[[ids.first, 300], [ids.second, 0]], 2]);
    } finally {
      await storage.close();
    }
  });
  it('adds the posts per tag and status at version 25 to a version 24 database: filled from its links, moved by a status change, the total of a list by tag and status', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url }, { migrationTarget: 24 })).close();
    expect(await query(url, "SELECT to_regclass('fb_tag_status_posts') AS counts")).toEqual([{ counts: null }]);
    await lendLaterColumnsTo(url);
    const old = await createPostgresStorage({ connectionString: url }, { migrationTarget: 24 });
    const ids = await old.transaction('write', async (tx) => {
      const org = (await tx.insertOrganization({ name: 'Acme', created_at: T0 })).id;
      const board = (await tx.insertBoard({
        organization_id: org, slug: 'features', name: 'Features', description: '', welcome_message: '', published: true, logo_url: null, created_at: T0,
      })).id;
      const post = (title: string, status: 'open' | 'planned' | 'shipped', hidden: boolean) => tx.insertPost({
        board_id: board, title, body: '', status, is_admin: true, hidden, pinned: false, queue_rank: null, shipped_at: null, created_at: T0, proposal: null,
      });
      const [planned, open, shipped] = [await post('Planned', 'planned', false), await post('Open', 'open', false), await post('Shipped', 'shipped', true)];
      const [api, ux] = await tx.ensureTags(board, ['API', 'UX']);
      for (const id of [planned.id, shipped.id]) await tx.setPostTags(id, [api!.id]);
      await tx.setPostTags(open.id, [api!.id, ux!.id]);
      return { board, planned: planned.id, open: open.id, shipped: shipped.id, api: api!.id, ux: ux!.id };
    });
    await old.close();
    await takeBackLaterColumnsFrom(url);

    const storage = await createPostgresStorage({ connectionString: url });
    const counts = () => query(url, 'SELECT tag_id, status, posts FROM fb_tag_status_posts ORDER BY 1, 2');
    const list = (status: 'open' | 'planned' | 'shipped', tagId = ids.api) =>
      storage.transaction('read', (tx) => tx.listPosts(ids.board, { sort: 'top', limit: 10, offset: 0, tagId, status })).then((page) => [page.rows.map((row) => row.id), page.total]);
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      expect(await counts()).toEqual([
        { tag_id: ids.api, status: 'open', posts: 1 },
        { tag_id: ids.api, status: 'planned', posts: 1 },
        { tag_id: ids.api, status: 'shipped', posts: 1 },
        { tag_id: ids.ux, status: 'open', posts: 1 },
      ]);
      // The hidden post counts, as in the list by tag.
      expect(await list('shipped')).toEqual([[ids.shipped], 1]);
      await storage.transaction('write', (tx) => tx.updatePost(ids.open, { status: 'planned' }));
      expect(await list('planned')).toEqual([[ids.open, ids.planned], 2]);
      expect(await list('open')).toEqual([[], 0]);
      expect(await list('planned', ids.ux)).toEqual([[ids.open], 1]);
      expect(await counts()).toEqual([
        { tag_id: ids.api, status: 'planned', posts: 2 },
        { tag_id: ids.api, status: 'shipped', posts: 1 },
        { tag_id: ids.ux, status: 'planned', posts: 1 },
      ]);
    } finally {
      await storage.close();
    }
  });
  it('adds the ranked posts per board and status at version 26 to a version 25 database: filled from its visible ranked posts, moved by rank, status and hiding, the total of the queue', async () => {
    const url = await createTestSchema(database);
    const old = await createPostgresStorage({ connectionString: url }, { migrationTarget: 25 });
    await lendLaterColumnsTo(url);
    expect(await query(url, "SELECT to_regclass('fb_ranked_posts') AS counts")).toEqual([{ counts: null }]);
    const ids = await old.transaction('write', async (tx) => {
      const org = (await tx.insertOrganization({ name: 'Acme', created_at: T0 })).id;
      const board = (await tx.insertBoard({
        organization_id: org, slug: 'features', name: 'Features', description: '', welcome_message: '', published: true, logo_url: null, created_at: T0,
      })).id;
      const post = (title: string, status: 'open' | 'planned' | 'shipped', hidden: boolean, queue_rank: number) => tx.insertPost({
        board_id: board, title, body: '', status, is_admin: true, hidden, pinned: false, queue_rank, shipped_at: null, created_at: T0, proposal: null,
      });
      const [planned, open, shipped] = [await post('Planned', 'planned', false, 3), await post('Open', 'open', false, 2), await post('Shipped', 'shipped', true, 1)];
      return { board, planned: planned.id, open: open.id, shipped: shipped.id };
    });
    await old.close();
    await takeBackLaterColumnsFrom(url);

    const storage = await createPostgresStorage({ connectionString: url });
    const counts = () => query(url, 'SELECT board_id, status, posts FROM fb_ranked_posts ORDER BY 1, 2');
    const queue = () =>
      storage.transaction('read', (tx) => tx.listQueue(ids.board, { apiKeyId: 1, now: T0, limit: 10 })).then((page) => [page.rows.map((row) => row.id), page.total]);
    try {
      expect(await query(url, 'SELECT max(version) AS version FROM fb_schema_migrations')).toEqual([{ version: PG_SCHEMA_VERSION }]);
      // The hidden post is not counted: it is in no queue.
      expect(await counts()).toEqual([
        { board_id: ids.board, status: 'open', posts: 1 },
        { board_id: ids.board, status: 'planned', posts: 1 },
      ]);
      expect(await queue()).toEqual([[ids.open, ids.planned], 2]);
      // In progress and ranked: still in the queue, now counted under its new status; planned and
      // no longer ranked: still in the queue, among the planned posts.
      await storage.transaction('write', (tx) => tx.updatePost(ids.open, { status: 'in_progress' }));
      await storage.transaction('write', (tx) => tx.updatePost(ids.planned, { queue_rank: null }));
      expect(await queue()).toEqual([[ids.open, ids.planned], 2]);
      expect(await counts()).toEqual([{ board_id: ids.board, status: 'in_progress', posts: 1 }]);
      // Hidden: out of the queue and of the count; shown again with a rank: back in both.
      await storage.transaction('write', (tx) => tx.updatePost(ids.open, { hidden: true }));
      expect(await queue()).toEqual([[ids.planned], 1]);
      expect(await counts()).toEqual([]);
      await storage.transaction('write', (tx) => tx.updatePost(ids.shipped, { hidden: false, status: 'open' }));
      expect(await queue()).toEqual([[ids.shipped, ids.planned], 2]);
    } finally {
      await storage.close();
    }
  });
});
