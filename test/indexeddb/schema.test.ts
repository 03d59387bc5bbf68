/**
 * The IndexedDB schema: a new database has exactly the stores and indexes of the shared table
 * schema, and a database left at version 1 by an older release is upgraded on open with its data
 * and id counters kept.
 */
import { describe, expect, it } from 'vitest';
import { createIndexedDbStorage, SCHEMA_VERSION } from '../../adapters/indexeddb/index.js';
import { UPGRADE_STEPS } from '../../adapters/indexeddb/schema.js';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import type { Storage, StorageTx } from '../../src/storage/contract.js';
import { castVotes, newComment, newPost, normalize, onDay, seedBoard, seedVoters } from '../conformance/fixtures.js';
import { declaredStructure, IDBFactory, openAtVersion, readStructure } from './helpers.js';

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
    expect(UPGRADE_STEPS.map((step) => step.version)).toEqual(UPGRADE_STEPS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(UPGRADE_STEPS.length);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(3);
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
    const old = await openAtVersion(factory, 'app', 1);
    await old.transaction('write', seed);
    // Version 1 lacks the list indexes: its lists cannot run.
    await expect(old.transaction('read', (tx) => tx.listPosts(1, { sort: 'new', limit: 10, offset: 0 }))).rejects.toThrow();
    await old.close();
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
});
