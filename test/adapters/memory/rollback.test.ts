import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../adapters/memory/index.js';
import type { Storage, StorageTx } from '../../../src/storage/contract.js';
import { newPost, onDay, seedBoard, seedVoters } from '../../../testing/fixtures.js';

const WINDOW = { from: onDay(0, 0), to: onDay(3, 0) };

/** Everything the packed tables feed: voter ids, counters and the maintained aggregates. */
async function snapshot(storage: Storage) {
  return storage.transaction('read', async (tx) => ({
    voters: [await tx.listVoterIds(1), await tx.listVoterIds(2)],
    posts: [await tx.getPost(1), await tx.getPost(2)],
    analytics: await tx.analytics(1, WINDOW),
  }));
}

async function fails(storage: Storage, fn: (tx: StorageTx) => Promise<void>): Promise<void> {
  await expect(
    storage.transaction('write', async (tx) => {
      await fn(tx);
      throw new Error('abort');
    }),
  ).rejects.toThrow('abort');
}

describe('memory storage: packed votes and voter days on rollback', () => {
  it('undoes inserted and deleted votes, their counters and day aggregates', async () => {
    const storage = createMemoryStorage();
    await storage.transaction('write', async (tx) => {
      const { board } = await seedBoard(tx);
      await tx.insertPost(newPost(board.id, { created_at: onDay(0) }));
      await tx.insertPost(newPost(board.id, { created_at: onDay(0) }));
      const voters = await seedVoters(tx, board.organization_id, 4);
      await tx.insertVote({ post_id: 1, voter_id: voters[0]!.id, created_at: onDay(0) });
      await tx.insertVote({ post_id: 1, voter_id: voters[2]!.id, created_at: '2026-11-01T12:00:00Z' });
      await tx.insertVote({ post_id: 2, voter_id: voters[1]!.id, created_at: onDay(1) });
    });
    const before = await snapshot(storage);
    expect(before.voters).toEqual([[1, 3], [2]]);
    expect(before.analytics.votes).toBe(3);

    await fails(storage, async (tx) => {
      expect(await tx.insertVote({ post_id: 1, voter_id: 2, created_at: onDay(2) })).toBe(true);
      expect(await tx.insertVote({ post_id: 1, voter_id: 4, created_at: onDay(1) })).toBe(true);
      expect(await tx.deleteVote(1, 3)).toBe(true);
      expect(await tx.deleteVote(2, 2)).toBe(true);
      expect(await tx.insertVote({ post_id: 2, voter_id: 2, created_at: onDay(2) })).toBe(true);
      expect(await tx.listVoterIds(1)).toEqual([1, 2, 4]);
    });
    expect(await snapshot(storage)).toEqual(before);

    // The vote of an odd timestamp was restored as it was: deleting it moves the same day back.
    await storage.transaction('write', (tx) => tx.deleteVote(1, 3));
    const after = await snapshot(storage);
    expect(after.analytics.votes).toBe(2);
    expect(after.analytics.voters).toBe(2);
  });
});
