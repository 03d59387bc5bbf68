/**
 * Schema migrations: an older database is brought to the newest schema with its data, a newer one
 * is refused, and a migration that fails leaves the database as it was.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStorage, NewerSchemaError, SCHEMA_VERSION, SchemaTooNewError } from '../../../adapters/sqlite/index.js';
import { migrate, readSchemaVersion } from '../../../adapters/sqlite/migrations.js';
import { foldCase } from '../../../src/storage/text.js';
import { storageFactory, T0 } from './helpers.js';

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(async () => {
  await factory.cleanup();
});

/** A database at schema version 1 holding one board with three posts, two votes and a claim. */
function createVersion1(file: string): void {
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  migrate(db, { target: 1, busyTimeoutMs: 1000 });
  db.exec(`
    INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
    INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at)
      VALUES (1, 'write', 'CI', 'fbk_x', 'h', '${T0}');
    INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
      VALUES (1, 'features', 'Features', '', '', 1, '${T0}');
    INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, vote_count)
      VALUES (1, 'ÉCOLE mode', 'Body 🌙', 'planned', 1, 0, 0, '2026-11-01T09:00:00.000Z', 2),
             (1, 'Second', 'STRASSE', 'open', 0, 0, 1, '2026-11-02T09:00:00.000Z', 0),
             (1, 'Third', '', 'shipped', 0, 1, 0, '2026-11-03T09:00:00.000Z', 0);
    INSERT INTO fb_voters (organization_id, email, name, created_at)
      VALUES (1, 'a@example.com', 'A', '${T0}'), (1, NULL, 'B', '${T0}');
    INSERT INTO fb_votes (post_id, voter_id, created_at) VALUES (1, 1, '${T0}'), (1, 2, '${T0}');
    INSERT INTO fb_claims (post_id, api_key_id, agent_label, claimed_at, expires_at)
      VALUES (1, 1, 'agent', '${T0}', '2026-11-01T10:00:00.000Z');
  `);
  expect(readSchemaVersion(db)).toBe(1);
  db.close();
}

describe('sqlite schema migrations', () => {
  it('records each applied version once, and a reopen applies nothing', async () => {
    const file = factory.path();
    await factory.open(file).close();
    const reopened = factory.open(file);
    const rows = reopened.database.prepare('SELECT version FROM fb_schema_migrations ORDER BY version').all();
    expect(rows).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => ({ version: i + 1 })));
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
  });

  it('migrates a version 1 database to the newest, keeping its data and making it searchable', async () => {
    const file = factory.path('v1.db');
    createVersion1(file);
    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);

    const result = await storage.transaction('read', async (tx) => ({
      board: await tx.getBoardBySlug(1, 'features'),
      top: await tx.listPosts(1, { sort: 'top', limit: 10, offset: 0 }),
      search: await tx.listPosts(1, { search: foldCase('école'), sort: 'new', limit: 10, offset: 0 }),
      searchBody: await tx.listPosts(1, { search: 'strasse', sort: 'new', limit: 10, offset: 0 }),
      voters: await tx.listVoterIds(1),
      claim: await tx.getClaim(1),
      roadmap: await tx.listRoadmap(1, { limit: 10, offset: 0 }),
    }));
    expect(result.board).toMatchObject({ id: 1, slug: 'features', published: true });
    expect(result.top.rows.map((p) => [p.id, p.vote_count, p.hidden])).toEqual([
      [1, 2, false],
      [3, 0, true],
      [2, 0, false],
    ]);
    expect(result.top.rows[0]).toMatchObject({ title: 'ÉCOLE mode', body: 'Body 🌙', status: 'planned' });
    expect(result.search.rows.map((p) => p.id)).toEqual([1]);
    expect(result.searchBody.rows.map((p) => p.id)).toEqual([2]);
    expect(result.voters).toEqual([1, 2]);
    expect(result.claim).toMatchObject({ api_key_id: 1, agent_label: 'agent' });
    expect(result.roadmap.rows.map((p) => p.id)).toEqual([2, 1]);

    const indexes = storage.database
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'fb_posts' AND sql IS NOT NULL")
      .pluck()
      .all();
    expect(indexes).toContain('fb_posts_roadmap');
    expect(indexes).not.toContain('fb_posts_board');

    // New writes after the migration keep the folded columns up to date.
    await storage.transaction('write', (tx) => tx.updatePost(2, { title: 'ÀPROPOS' }));
    const renamed = await storage.transaction('read', (tx) =>
      tx.listPosts(1, { search: 'àpro', sort: 'new', limit: 10, offset: 0 }),
    );
    expect(renamed.rows.map((p) => p.id)).toEqual([2]);
  });

  it('refuses a database written by a newer version, without changing it', () => {
    const file = factory.path('future.db');
    createVersion1(file);
    const db = new Database(file);
    db.prepare('INSERT INTO fb_schema_migrations VALUES (?, ?, ?)').run(SCHEMA_VERSION + 1, 'from the future', T0);
    db.close();

    let error: unknown;
    try {
      createSqliteStorage({ path: file });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect(error).toBeInstanceOf(NewerSchemaError);
    const { name, found, supported, message } = error as SchemaTooNewError;
    expect({ name, found, supported, message }).toEqual({
      name: 'SchemaTooNewError',
      found: SCHEMA_VERSION + 1,
      supported: SCHEMA_VERSION,
      message: `feedback-board/sqlite: the database has schema version ${SCHEMA_VERSION + 1}, but this version of feedback-board supports up to ${SCHEMA_VERSION}; upgrade feedback-board to open it`,
    });
    const check = new Database(file, { readonly: true });
    expect(readSchemaVersion(check)).toBe(SCHEMA_VERSION + 1);
    const columns = check.prepare("SELECT name FROM pragma_table_info('fb_posts')").pluck().all();
    expect(columns).not.toContain('title_folded');
    check.close();
  });

  it('leaves the previous version intact when a migration step fails', () => {
    const file = factory.path('clash.db');
    createVersion1(file);
    const db = new Database(file);
    // An application index whose name the version 2 step needs: that step fails half-way.
    db.exec('CREATE INDEX fb_posts_top ON fb_posts (title)');
    db.close();

    expect(() => createSqliteStorage({ path: file })).toThrow(/fb_posts_top already exists/);
    const check = new Database(file, { readonly: true });
    expect(readSchemaVersion(check)).toBe(1);
    const columns = check.prepare("SELECT name FROM pragma_table_info('fb_posts')").pluck().all();
    expect(columns).not.toContain('title_folded');
    expect(check.prepare('SELECT count(*) FROM fb_posts').pluck().get()).toBe(3);
    check.close();
  });

  it('gives a version 14 database the mail queue and unsubscribes of version 15, over its stored posts and voters', async () => {
    const file = factory.path('v14.db');
    createVersion1(file);
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 14, busyTimeoutMs: 1000 });
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'fb_mail%'").pluck().get()).toBe(0);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const event = { organization_id: 1, voter_id: 1, post_id: 1, event: '"status"', now: T0 };
    const row = await storage.transaction('write', (tx) => tx.enqueueMailEvent(event));
    expect([row.events, row.due_at]).toEqual([['"status"'], T0]);
    await storage.transaction('write', (tx) => tx.putMailUnsubscribe({ board_id: 1, address: 'a@example.com', post_id: 0, created_at: T0 }));
    expect(await storage.transaction('read', (tx) => tx.isMailUnsubscribed(1, 'a@example.com', 2))).toBe(true);
    // A queue row names a stored post and voter.
    await expect(storage.transaction('write', (tx) => tx.enqueueMailEvent({ ...event, post_id: 99 }))).rejects.toThrow(/FOREIGN KEY/);
  });

  it('keeps the sign-in links of version 8 usable when voter links gain an e-mail address, and refuses a link naming no one', async () => {
    const file = factory.path('links.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 8, busyTimeoutMs: 1000 });
    db.prepare('INSERT INTO fb_sign_in_links (token_hash, kind, subject_id, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, NULL)').run(
      'h-old', 'voter', 4, '2026-11-01T09:00:00.000Z', '2026-11-01T09:15:00.000Z',
    );
    db.close();

    const storage = createSqliteStorage({ path: file });
    expect(await storage.transaction('write', (tx) => tx.useSignInLink('h-old', '2026-11-01T09:01:00.000Z'))).toEqual({
      token_hash: 'h-old',
      kind: 'voter',
      subject_id: 4,
      organization_id: null,
      email: null,
      return_to: null,
      created_at: '2026-11-01T09:00:00.000Z',
      expires_at: '2026-11-01T09:15:00.000Z',
      used_at: '2026-11-01T09:01:00.000Z',
    });
    const nobody = { token_hash: 'h-nobody', kind: 'voter' as const, subject_id: null, organization_id: 1, email: null, return_to: null, created_at: T0, expires_at: T0, used_at: null };
    await expect(storage.transaction('write', (tx) => tx.insertSignInLink(nobody))).rejects.toThrow(/CHECK constraint/);
    await expect(storage.transaction('write', (tx) => tx.insertSignInLink({ ...nobody, kind: 'team', email: 'a@b.c' }))).rejects.toThrow(/CHECK constraint/);
    expect(storage.database.prepare('SELECT count(*) FROM fb_sign_in_links').pluck().get()).toBe(1);
    await storage.close();
  });

  it('brings a version 11 database to moderation: every board unmoderated, no held post, the posts as they were', async () => {
    const file = factory.path('moderation.db');
    createVersion1(file);
    const db = new Database(file);
    migrate(db, { target: 11, busyTimeoutMs: 1000 });
    db.close();

    const storage = createSqliteStorage({ path: file });
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    expect(await storage.transaction('read', (tx) => tx.isBoardModerated(1))).toBe(false);
    expect(await storage.transaction('read', (tx) => tx.listHeldPosts(1, 'waiting'))).toEqual([]);
    expect((await storage.transaction('read', (tx) => tx.listPosts(1, { sort: 'new', limit: 10, offset: 0 }))).total).toBe(3);
    await storage.transaction('write', (tx) => tx.setBoardModerated(1, true));
    const held = await storage.transaction('write', (tx) =>
      tx.insertHeldPost({ organization_id: 1, board_id: 1, voter_id: 1, title: 'Held', body: '', tag_slugs: ['ui'], created_at: T0 }),
    );
    expect(held).toMatchObject({ id: 1, state: 'waiting', tag_slugs: ['ui'] });
    expect(() => storage.database.prepare("UPDATE fb_held_posts SET state = 'maybe' WHERE id = 1").run()).toThrow(/CHECK constraint/);
    expect(await storage.transaction('read', (tx) => tx.getHeldPost(1))).toEqual(held);
    await storage.close();
  });

  it('brings a version 11 database to OAuth: its organization, key and member take a grant, a code and tokens', async () => {
    const file = factory.path('oauth.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 11, busyTimeoutMs: 1000 });
    db.exec(`
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at) VALUES (1, 'propose', 'OAuth: Agent', 'fbk_x', 'h', '${T0}');
      INSERT INTO fb_team_members (organization_id, email, name, created_at) VALUES (1, 'ann@acme.test', 'Ann', '${T0}');
    `);
    db.close();

    const storage = createSqliteStorage({ path: file });
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const grant = await storage.transaction('write', async (tx) => {
      await tx.insertOAuthClient({ client_id: 'fbc_1', client_name: 'Agent', redirect_uris: ['https://a.test/cb'], created_at: T0 });
      const inserted = await tx.insertOAuthGrant({
        organization_id: 1, client_id: 'fbc_1', member_id: 1, scope: 'propose', resource: 'https://b.test/mcp',
        api_key_id: 1, key_salt: 's', created_at: T0, last_used_at: null, revoked_at: null,
      });
      await tx.insertOAuthCode({ code_hash: 'c', grant_id: inserted.id, redirect_uri: 'https://a.test/cb', code_challenge: 'x', expires_at: T0, used_at: null });
      await tx.insertOAuthToken({ token_hash: 't', grant_id: inserted.id, kind: 'refresh', expires_at: T0, used_at: null });
      return inserted;
    });
    expect(await storage.transaction('read', (tx) => tx.listOAuthGrants(1))).toEqual([grant]);
    // A grant of a client nobody registered is refused by the schema itself, and nothing is added.
    await expect(storage.transaction('write', (tx) => tx.insertOAuthGrant({ ...grant, client_id: 'fbc_unknown' }))).rejects.toThrow(/FOREIGN KEY/);
    expect(storage.database.prepare('SELECT count(*) FROM fb_oauth_grants').pluck().get()).toBe(1);
    await storage.close();
  });

  it('adds the merge records at version 14 to a version 13 database: its posts listed as before, a merge recorded and read back, gone with its post', async () => {
    const file = factory.path('v13.db');
    createVersion1(file);
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 13, busyTimeoutMs: 1000 });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'fb_post_merges'").pluck().get()).toBe(0);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const list = () => storage.transaction('read', (tx) => tx.listPosts(1, { sort: 'new', limit: 10, offset: 0 }));
    expect((await list()).total).toBe(3);
    const record = {
      source_id: 2, target_id: 1, board_id: 1, merged_at: T0, source_hidden: false,
      votes_added: [], comment_ids: [], evidence_ids: [], claim: null,
    };
    await storage.transaction('write', (tx) => tx.insertPostMerge(record));
    expect(await storage.transaction('read', (tx) => tx.getPostMerge(2))).toEqual(record);
    expect((await list()).rows.map((p) => p.id)).toEqual([3, 1]);
    expect((await list()).total).toBe(2);
    await storage.transaction('write', (tx) => tx.deletePost(2));
    expect(storage.database.prepare('SELECT count(*) FROM fb_post_merges').pluck().get()).toBe(0);
  });

  it('adds attachments at version 17 to a version 16 database: an image stored and read back byte for byte, gone with its post', async () => {
    const file = factory.path('v16.db');
    createVersion1(file);
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 16, busyTimeoutMs: 1000 });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'fb_attachments'").pluck().get()).toBe(0);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const { bytes, ...record } = {
      organization_id: 1, post_id: 2, comment_id: null, held_post_id: null, filename: 'a.png', content_type: 'image/png' as const,
      size: 3, width: 1, height: 1, sha256: 'ab'.repeat(32), created_at: T0, bytes: new Uint8Array([0, 137, 255]),
    };
    const stored = await storage.transaction('write', (tx) => tx.insertAttachment({ ...record, bytes }));
    expect(stored).toEqual({ id: 1, ...record });
    expect(await storage.transaction('read', (tx) => tx.getAttachmentBytes(1))).toEqual(bytes);
    expect(() => storage.database.prepare('UPDATE fb_attachments SET comment_id = 1 WHERE id = 1').run()).toThrow(/CHECK constraint/);
    expect(() => storage.database.prepare("UPDATE fb_attachments SET content_type = 'image/svg+xml' WHERE id = 1").run()).toThrow(/CHECK constraint/);
    await storage.transaction('write', (tx) => tx.deletePost(2));
    expect(storage.database.prepare('SELECT count(*) FROM fb_attachments').pluck().get()).toBe(0);
    expect(storage.database.prepare('SELECT count(*) FROM fb_attachment_bytes').pluck().get()).toBe(0);
  });

  it('adds single sign-on at version 18 to a version 17 database: a secret, a host user of a stored voter and their company, each voter linked once', async () => {
    const file = factory.path('v17.db');
    createVersion1(file);
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 17, busyTimeoutMs: 1000 });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'fb_sso_secrets'").pluck().get()).toBe(0);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const secret = await storage.transaction('write', (tx) =>
      tx.insertSsoSecret({ organization_id: 1, secret: 's', created_at: T0, expires_at: null, revoked_at: null }),
    );
    await storage.transaction('write', async (tx) => {
      await tx.insertSsoIdentity({ organization_id: 1, sub: 'u-1', voter_id: 2, created_at: T0 });
      await tx.putCompany({ organization_id: 1, id: 'c-1', name: 'Initech', monthly_revenue: 300, updated_at: T0 });
      await tx.setVoterCompany(2, 1, 'c-1');
    });
    expect(await storage.transaction('read', (tx) => tx.listSsoSecrets(1))).toEqual([secret]);
    expect(await storage.transaction('read', (tx) => tx.listVoterCompanies([1, 2]))).toEqual([{ voter_id: 2, organization_id: 1, company_id: 'c-1' }]);
    // One host user per voter: a second link to the same voter is refused by the table itself.
    await expect(
      storage.transaction('write', (tx) => tx.insertSsoIdentity({ organization_id: 1, sub: 'u-2', voter_id: 2, created_at: T0 })),
    ).rejects.toThrow(/UNIQUE/);
    expect(await storage.transaction('read', (tx) => tx.getSsoIdentity(1, 'u-2'))).toBeNull();
    await storage.close();
  });
  it('adds private boards at version 19 to a version 18 database: its board public until saved, settings and claims read back, access checked by the table', async () => {
    const file = factory.path('v18.db');
    createVersion1(file);
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 18, busyTimeoutMs: 1000 });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'fb_board_access'").pluck().get()).toBe(0);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
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
    expect(await storage.transaction('read', (tx) => tx.getBoardAccess(1))).toEqual(access);
    expect(await storage.transaction('read', (tx) => tx.getVoterClaims(1))).toEqual(claims);
    expect(() => storage.database.prepare("UPDATE fb_board_access SET access = 'secret' WHERE board_id = 1").run()).toThrow(/CHECK constraint/);
    await expect(storage.transaction('write', (tx) => tx.putBoardAccess({ ...access, board_id: 99 }))).rejects.toThrow(/FOREIGN KEY/);
    await storage.close();
  });
  it("adds company voters at version 21 to a version 20 database: a company's voter stored and read back, held to its company and voter", async () => {
    const file = factory.path('v20.db');
    createVersion1(file);
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 20, busyTimeoutMs: 1000 });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'fb_company_voters'").pluck().get()).toBe(0);
    db.exec(`
      INSERT INTO fb_organizations (name, created_at) VALUES ('Acme', '${T0}');
      INSERT INTO fb_voters (organization_id, email, name, created_at) VALUES (1, NULL, 'Initech', '${T0}');`);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const row = { organization_id: 1, company_id: 'c-1', voter_id: 1, created_at: T0 };
    await storage.transaction('write', async (tx) => {
      await tx.putCompany({ organization_id: 1, id: 'c-1', name: 'Initech', monthly_revenue: 300, updated_at: T0 });
      await tx.insertCompanyVoter(row);
    });
    expect(await storage.transaction('read', (tx) => tx.getCompanyVoter(1, 'c-1'))).toEqual(row);
    expect(await storage.transaction('read', (tx) => tx.listCompanyVoters(1))).toEqual([row]);
    await expect(storage.transaction('write', (tx) => tx.insertCompanyVoter({ ...row, company_id: 'c-404', voter_id: 1 }))).rejects.toThrow(/FOREIGN KEY|UNIQUE/);
    expect(await storage.transaction('read', (tx) => tx.listCompanyVoters(1))).toEqual([row]);
    await storage.close();
  });
  it("adds the indexes of votes by voter and of voters' companies by organization at version 22 to a version 21 database: its posts ranked by company revenue as stored", async () => {
    const file = factory.path('v21.db');
    createVersion1(file);
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 21, busyTimeoutMs: 1000 });
    const indexes = () => db.prepare("SELECT name FROM sqlite_master WHERE name IN ('fb_votes_voter', 'fb_voter_companies_organization') ORDER BY name").pluck().all();
    expect(indexes()).toEqual([]);
    // Post 1 has the votes of voters 1 and 2 (createVersion1); voter 2 belongs to a company.
    db.exec(`
      INSERT INTO fb_companies (organization_id, id, name, monthly_revenue, updated_at) VALUES (1, 'c-1', 'Initech', 300, '${T0}');
      INSERT INTO fb_voter_companies (voter_id, organization_id, company_id) VALUES (2, 1, 'c-1');
      INSERT INTO fb_votes (post_id, voter_id, created_at) VALUES (2, 2, '${T0}');`);
    migrate(db, { target: 22, busyTimeoutMs: 1000 });
    expect(indexes()).toEqual(['fb_voter_companies_organization', 'fb_votes_voter']);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const page = await storage.transaction('read', (tx) => tx.listPostsByCompanyRevenue(1, { limit: 10, offset: 0 }));
    // Posts 1 and 2 at 300 (post 1 has more votes), then the hidden post 3 at 0.
    expect([page.rows.map((row) => [row.post.id, row.revenue]), page.total]).toEqual([[[1, 300], [2, 300], [3, 0]], 3]);
    await storage.close();
  });
  it('adds the posts per tag and status at version 23 to a version 22 database: filled from its links, moved by a status change, the total of a list by tag and status', async () => {
    const file = factory.path('v22.db');
    createVersion1(file);
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 22, busyTimeoutMs: 1000 });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'fb_tag_status_posts'").pluck().get()).toBe(0);
    // Posts 1 (planned), 2 (open) and 3 (shipped, hidden) of createVersion1: API on all three, UX on post 2.
    db.exec(`
      INSERT INTO fb_tags (board_id, name, slug) VALUES (1, 'API', 'api'), (1, 'UX', 'ux');
      INSERT INTO fb_post_tags (post_id, tag_id) VALUES (1, 1), (2, 1), (3, 1), (2, 2);`);
    migrate(db, { target: 23, busyTimeoutMs: 1000 });
    const counts = () => db.prepare('SELECT tag_id, status, posts FROM fb_tag_status_posts ORDER BY 1, 2').all();
    expect(counts()).toEqual([
      { tag_id: 1, status: 'open', posts: 1 },
      { tag_id: 1, status: 'planned', posts: 1 },
      { tag_id: 1, status: 'shipped', posts: 1 },
      { tag_id: 2, status: 'open', posts: 1 },
    ]);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const list = (status: 'open' | 'planned' | 'shipped', tagId = 1) =>
      storage.transaction('read', (tx) => tx.listPosts(1, { sort: 'top', limit: 10, offset: 0, tagId, status })).then((page) => [page.rows.map((row) => row.id), page.total]);
    // The hidden post counts, as in the list by tag.
    expect(await list('shipped')).toEqual([[3], 1]);
    await storage.transaction('write', (tx) => tx.updatePost(2, { status: 'planned' }));
    expect(await list('planned')).toEqual([[1, 2], 2]);
    expect(await list('open')).toEqual([[], 0]);
    expect(await list('planned', 2)).toEqual([[2], 1]);
    expect(storage.database.prepare('SELECT tag_id, status, posts FROM fb_tag_status_posts ORDER BY 1, 2').all()).toEqual([
      { tag_id: 1, status: 'planned', posts: 2 },
      { tag_id: 1, status: 'shipped', posts: 1 },
      { tag_id: 2, status: 'planned', posts: 1 },
    ]);
    await storage.close();
  });
  it('adds the ranked posts per board and status at version 24 to a version 23 database: filled from its visible ranked posts, moved by rank, status and hiding, the total of the queue', async () => {
    const file = factory.path('v23.db');
    createVersion1(file);
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(db, { target: 23, busyTimeoutMs: 1000 });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'fb_ranked_posts'").pluck().get()).toBe(0);
    // Posts 1 (planned), 2 (open) and 3 (shipped, hidden) of createVersion1, all three ranked.
    db.exec('UPDATE fb_posts SET queue_rank = 4 - id');
    migrate(db, { target: 24, busyTimeoutMs: 1000 });
    const counts = () => db.prepare('SELECT board_id, status, posts FROM fb_ranked_posts ORDER BY 1, 2').all();
    // The hidden post is not counted: it is in no queue.
    expect(counts()).toEqual([
      { board_id: 1, status: 'open', posts: 1 },
      { board_id: 1, status: 'planned', posts: 1 },
    ]);
    db.close();

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const queue = () =>
      storage.transaction('read', (tx) => tx.listQueue(1, { apiKeyId: 1, now: T0, limit: 10 })).then((page) => [page.rows.map((row) => row.id), page.total]);
    expect(await queue()).toEqual([[2, 1], 2]);
    // In progress and ranked: still in the queue, now counted under its new status.
    await storage.transaction('write', (tx) => tx.updatePost(2, { status: 'in_progress' }));
    // Planned and no longer ranked: still in the queue, among the planned posts.
    await storage.transaction('write', (tx) => tx.updatePost(1, { queue_rank: null }));
    expect(await queue()).toEqual([[2, 1], 2]);
    expect(storage.database.prepare('SELECT board_id, status, posts FROM fb_ranked_posts ORDER BY 1, 2').all()).toEqual([
      { board_id: 1, status: 'in_progress', posts: 1 },
    ]);
    // Hidden: out of the queue and of the count; shown again with a rank: back in both.
    await storage.transaction('write', (tx) => tx.updatePost(2, { hidden: true }));
    expect(await queue()).toEqual([[1], 1]);
    expect(storage.database.prepare('SELECT count(*) FROM fb_ranked_posts').pluck().get()).toBe(0);
    await storage.transaction('write', (tx) => tx.updatePost(3, { hidden: false, status: 'open' }));
    expect(await queue()).toEqual([[3, 1], 2]);
    await storage.close();
  });
});
