/**
 * The IndexedDB schema: a new database has exactly the stores and indexes of the shared table
 * schema, and a database left at version 1 by an older release is upgraded on open with its data
 * and id counters kept.
 */
import { describe, expect, it } from 'vitest';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { UPGRADE_STEPS } from '../../../adapters/indexeddb/upgrade-steps.js';
import { createMemoryStorage } from '../../../adapters/memory/index.js';
import type { Storage, StorageTx } from '../../../src/storage/contract.js';
import { castVotes, newComment, newPost, normalize, onDay, seedBoard, seedVoters } from '../../../testing/fixtures.js';
import { declaredStructure, IDBFactory, readStructure, writeAsOlderRelease } from './helpers.js';

/** A board with posts in several statuses, votes, a comment, tags and a claim: writes version 1 can make. */
async function seed(tx: StorageTx): Promise<void> {
  const { organization, board } = await seedBoard(tx);
  const voters = await seedVoters(tx, organization.id, 3);
  const statuses = ['open', 'planned', 'in_progress', 'shipped', 'planned', 'declined'] as const;
  for (const [i, status] of statuses.entries()) {
    const post = await tx.insertPost(
      newPost(board.id, { status, created_at: onDay(i), shipped_at: status === 'shipped' ? onDay(i + 1) : null }),
    );
    await castVotes(tx, post.id, voters.slice(0, i % 4), onDay(i, 13));
  }
  await tx.insertComment(newComment(2, { created_at: onDay(2) }));
  await tx.setPostTags(1, (await tx.ensureTags(board.id, ['UI'])).map((tag) => tag.id));
  await tx.claimPost({ post_id: 2, api_key_id: 7, now: onDay(0), expires_at: onDay(30) });
}

/** The reads that need the indexes version 2 adds, and a few that do not. */
async function readBack(tx: StorageTx): Promise<unknown> {
  const window = { from: onDay(0, 0), to: onDay(10, 0) };
  return normalize({
    list: await tx.listPosts(1, { sort: 'top', limit: 10, offset: 0 }),
    planned: await tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, status: 'planned' }),
    tagged: await tx.listPosts(1, { sort: 'new', limit: 10, offset: 0, tagId: 1 }),
    queue: await tx.listQueue(1, { apiKeyId: 1, now: onDay(1), limit: 10 }),
    roadmap: await tx.listRoadmap(1, { limit: 10, offset: 0 }),
    changelog: await tx.listChangelog(1, { limit: 10, offset: 0 }),
    voters: await tx.listVoterIds(4),
    comments: await tx.listComments(2),
    claim: await tx.getClaim(2),
    shipStats: await tx.shipStats(1, window),
    analytics: await tx.analytics(1, window),
  });
}

describe('indexeddb schema', () => {
  it('numbers its upgrade steps 1..SCHEMA_VERSION', () => {
    expect(UPGRADE_STEPS.map((step) => step.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(3);
    expect(SCHEMA_VERSION).toBe(UPGRADE_STEPS.at(-1)?.version);
  });

  it('creates exactly the stores, key paths and indexes of the shared table schema', async () => {
    const factory = new IDBFactory();
    const storage = await createIndexedDbStorage({ indexedDB: factory, name: 'fresh' });
    expect([storage.name, storage.version]).toEqual(['fresh', SCHEMA_VERSION]);
    await storage.close();
    expect(await readStructure(factory, 'fresh')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });

  it('upgrades a version 1 database on open, keeping its rows and id counters', async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'app', 1, seed);
    const before = await readStructure(factory, 'app');
    expect(before.version).toBe(1);
    expect(Object.keys(before.structure.posts!.indexes)).toEqual([]);
    expect(Object.keys(before.structure.votes!.indexes)).toEqual([]);

    const upgraded: Storage = await createIndexedDbStorage({ indexedDB: factory, name: 'app' });
    const reference = createMemoryStorage();
    await reference.transaction('write', seed);
    const read = await upgraded.transaction('read', readBack);
    expect(read).toEqual(await reference.transaction('read', readBack));
    expect((read as { list: { total: number } }).list.total).toBe(6);
    // Ids continue from the stored counters, not from the rows left: a deleted id is not reused.
    expect(await upgraded.transaction('write', (tx) => tx.deletePost(6))).toBe(true);
    expect((await upgraded.transaction('write', (tx) => tx.insertPost(newPost(1)))).id).toBe(7);
    await upgraded.close();
    expect(await readStructure(factory, 'app')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });

  it('builds the maintained statistics of a version 2 database from its rows on upgrade', async () => {
    const factory = new IDBFactory();
    const busy = async (tx: StorageTx) => {
      await seed(tx);
      // A hidden post with votes and comments on several days: none of it may be counted.
      const hidden = await tx.insertPost(newPost(1, { hidden: true, created_at: onDay(3) }));
      for (const voter of [1, 2]) await tx.insertVote({ post_id: hidden.id, voter_id: voter, created_at: onDay(4, 1) });
      await tx.insertComment(newComment(hidden.id, { created_at: onDay(4) }));
      await tx.deleteVote(4, 1);
      await tx.insertVote({ post_id: 3, voter_id: 3, created_at: onDay(8, 23) });
    };
    await writeAsOlderRelease(factory, 'stats', 2, busy);
    expect((await readStructure(factory, 'stats')).structure.board_days).toBeUndefined();
    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'stats' });
    const reference = createMemoryStorage();
    await reference.transaction('write', busy);
    for (const [from, to] of [[0, 10], [4, 5], [8, 9], [-3, 0]] as const) {
      const window = { from: onDay(from, 0), to: onDay(to, 0) };
      const stats = async (tx: StorageTx) => normalize(await tx.analytics(1, window));
      expect(await upgraded.transaction('read', stats)).toEqual(await reference.transaction('read', stats));
    }
    const totals = await upgraded.transaction('read', (tx) => tx.analytics(1, { from: onDay(0, 0), to: onDay(10, 0) }));
    expect([totals.posts, totals.votes, totals.comments, totals.voters]).toEqual([6, 7, 1, 3]);
    await upgraded.close();
  });

  it('upgrades a version 8 database to moderation: its rows kept, every board unmoderated, the held posts empty and indexed', async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'app', 8, seed);
    expect(Object.keys((await readStructure(factory, 'app')).structure)).not.toContain('held_posts');

    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'app' });
    const reference = createMemoryStorage();
    await reference.transaction('write', seed);
    expect(await upgraded.transaction('read', readBack)).toEqual(await reference.transaction('read', readBack));
    expect(await upgraded.transaction('read', (tx) => tx.isBoardModerated(1))).toBe(false);
    await upgraded.transaction('write', (tx) => tx.setBoardModerated(1, true));
    const held = await upgraded.transaction('write', (tx) =>
      tx.insertHeldPost({ organization_id: 1, board_id: 1, voter_id: 1, title: 'Held', body: '', tag_slugs: [], created_at: onDay(1) }),
    );
    expect(await upgraded.transaction('read', (tx) => tx.listHeldPosts(1, 'waiting'))).toEqual([held]);
    expect(await upgraded.transaction('read', (tx) => tx.listVoterHeldPosts(1, onDay(0)))).toEqual([held]);
    await upgraded.close();
    expect(await readStructure(factory, 'app')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });

  it('adds the merge records at version 11 to a version 10 database: its rows kept, a merge recorded and left out of the list', async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'merges', 10, seed);
    expect((await readStructure(factory, 'merges')).structure.post_merges).toBeUndefined();
    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'merges' });
    const record = {
      source_id: 2, target_id: 1, board_id: 1, merged_at: onDay(3), source_hidden: false,
      votes_added: [], comment_ids: [], evidence_ids: [], claim: null,
    };
    await upgraded.transaction('write', (tx) => tx.insertPostMerge(record));
    expect(await upgraded.transaction('read', (tx) => tx.getPostMerge(2))).toEqual(record);
    const list = await upgraded.transaction('read', (tx) => tx.listPosts(1, { sort: 'new', limit: 10, offset: 0 }));
    expect([list.rows.map((post) => post.id), list.total]).toEqual([[6, 5, 4, 3, 1], 5]);
    await upgraded.close();
    expect(await readStructure(factory, 'merges')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });

  it('adds attachments at version 14 to a version 13 database: its rows kept, an image stored and read back, gone with its post', async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'attachments', 13, seed);
    expect((await readStructure(factory, 'attachments')).structure.attachments).toBeUndefined();
    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'attachments' });
    const reference = createMemoryStorage();
    await reference.transaction('write', seed);
    expect(await upgraded.transaction('read', readBack)).toEqual(await reference.transaction('read', readBack));
    const bytes = new Uint8Array([0, 137, 255]);
    const record = {
      organization_id: 1, post_id: 1, comment_id: null, held_post_id: null, filename: 'a.png', content_type: 'image/png' as const,
      size: 3, width: 1, height: 1, sha256: 'ab'.repeat(32), created_at: onDay(3),
    };
    const stored = await upgraded.transaction('write', (tx) => tx.insertAttachment({ ...record, bytes }));
    expect(await upgraded.transaction('read', (tx) => tx.listPostAttachments([1]))).toEqual([stored]);
    expect(await upgraded.transaction('read', (tx) => tx.getAttachmentBytes(stored.id))).toEqual(bytes);
    await upgraded.transaction('write', (tx) => tx.deletePost(1));
    expect(await upgraded.transaction('read', (tx) => tx.getAttachment(stored.id))).toBeNull();
    await upgraded.close();
    expect(await readStructure(factory, 'attachments')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });

  it('adds single sign-on at version 15 to a version 14 database: its voters kept, a secret, a host user and a company stored on them', async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'sso', 14, seed);
    expect((await readStructure(factory, 'sso')).structure.sso_secrets).toBeUndefined();
    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'sso' });
    const secret = await upgraded.transaction('write', (tx) =>
      tx.insertSsoSecret({ organization_id: 1, secret: 's', created_at: onDay(1), expires_at: null, revoked_at: null }),
    );
    await upgraded.transaction('write', async (tx) => {
      await tx.insertSsoIdentity({ organization_id: 1, sub: 'u-1', voter_id: 2, created_at: onDay(1) });
      await tx.putCompany({ organization_id: 1, id: 'c-1', name: 'Initech', monthly_revenue: 300, updated_at: onDay(1) });
      await tx.setVoterCompany(2, 1, 'c-1');
    });
    await upgraded.transaction('read', async (tx) => {
      expect(await tx.listSsoSecrets(1)).toEqual([secret]);
      expect((await tx.getSsoIdentity(1, 'u-1'))?.voter_id).toBe(2);
      expect(await tx.listVoterCompanies([1, 2, 3])).toEqual([{ voter_id: 2, organization_id: 1, company_id: 'c-1' }]);
      expect((await tx.getVoter(2))?.id).toBe(2);
    });
    await upgraded.close();
    expect(await readStructure(factory, 'sso')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
  it('adds private boards at version 16 to a version 15 database: its boards public until saved, settings and claims read back', async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'access', 15, seed);
    expect((await readStructure(factory, 'access')).structure.board_access).toBeUndefined();
    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'access' });
    expect(await upgraded.transaction('read', (tx) => tx.getBoardAccess(1))).toBeNull();
    const access = {
      board_id: 1, organization_id: 1, access: 'private' as const, email_domains: ['example.com'],
      claim_name: 'groups', claim_values: ['beta'], updated_at: onDay(1),
    };
    const claims = { voter_id: 2, organization_id: 1, claims: { groups: ['beta'] }, updated_at: onDay(1) };
    await upgraded.transaction('write', async (tx) => {
      await tx.putBoardAccess(access);
      await tx.putVoterClaims(claims);
    });
    await upgraded.transaction('read', async (tx) => {
      expect(await tx.getBoardAccess(1)).toEqual(access);
      expect(await tx.getVoterClaims(2)).toEqual(claims);
      expect((await tx.getBoard(1))?.id).toBe(1);
    });
    await upgraded.close();
    expect(await readStructure(factory, 'access')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
  it("adds company voters at version 18 to a version 17 database: a company's voter stored and read back", async () => {
    const factory = new IDBFactory();
    await writeAsOlderRelease(factory, 'company-voters', 17, seed);
    expect((await readStructure(factory, 'company-voters')).structure.company_voters).toBeUndefined();
    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'company-voters' });
    const row = { organization_id: 1, company_id: 'c-1', voter_id: 2, created_at: onDay(1) };
    await upgraded.transaction('write', async (tx) => {
      await tx.putCompany({ organization_id: 1, id: 'c-1', name: 'Initech', monthly_revenue: 300, updated_at: onDay(1) });
      await tx.insertCompanyVoter(row);
    });
    await upgraded.transaction('read', async (tx) => {
      expect(await tx.getCompanyVoter(1, 'c-1')).toEqual(row);
      expect(await tx.listCompanyVoters(1)).toEqual([row]);
      expect(await tx.getCompanyVoter(1, 'c-2')).toBeNull();
    });
    await upgraded.close();
    expect(await readStructure(factory, 'company-voters')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
  it("indexes votes by voter and voters' companies by organization at version 19: a version 18 database's posts ranked by company revenue as stored", async () => {
    const factory = new IDBFactory();
    // Voter 2 (of Initech) votes for posts 3 and 4, post 4 with two others; posts 2 and 6 have a
    // vote each, post 6 the newer.
    await writeAsOlderRelease(factory, 'revenue', 18, async (tx) => {
      await seed(tx);
      await tx.putCompany({ organization_id: 1, id: 'c-1', name: 'Initech', monthly_revenue: 300, updated_at: onDay(1) });
      await tx.setVoterCompany(2, 1, 'c-1');
    });
    expect((await readStructure(factory, 'revenue')).structure.votes).not.toEqual(declaredStructure().votes);
    const upgraded = await createIndexedDbStorage({ indexedDB: factory, name: 'revenue' });
    const page = await upgraded.transaction('read', (tx) => tx.listPostsByCompanyRevenue(1, { limit: 3, offset: 0 }));
    expect([page.rows.map((row) => [row.post.id, row.revenue]), page.total]).toEqual([[[4, 300], [3, 300], [6, 0]], 6]);
    await upgraded.close();
    expect(await readStructure(factory, 'revenue')).toEqual({ version: SCHEMA_VERSION, structure: declaredStructure() });
  });
});
