/**
 * The registry of the contract's aggregates: the tables derived from it hold every method exactly
 * once, and `completeAggregate` adds a generic fallback only where an adapter left the method
 * out. The fallbacks' answers are checked against the whole conformance suite in
 * test/storage/fallbacks.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../adapters/memory/index.js';
import type { ClaimRecord } from '../../../src/domain/records.js';
import type { AgentTx, PostsTx } from '../../../src/storage/contract.js';
import {
  AGGREGATE_OF,
  completeAggregate,
  STORAGE_AGGREGATES,
  STORAGE_TX_WRITES,
  type AggregateName,
} from '../../../src/storage/contract/registry.js';
import { at, newPost, seedBoard } from '../../../testing/fixtures.js';

const NAMES = Object.keys(STORAGE_AGGREGATES) as AggregateName[];

describe('the registry of aggregates', () => {
  it('lists each method in exactly one aggregate, and derives the writes and the aggregate of every method from it', () => {
    const methods = NAMES.flatMap((name) => Object.keys(STORAGE_AGGREGATES[name].writes));
    expect(new Set(methods).size).toBe(methods.length);
    expect(Object.keys(STORAGE_TX_WRITES).sort()).toEqual([...methods].sort());
    for (const name of NAMES) {
      for (const [method, writes] of Object.entries(STORAGE_AGGREGATES[name].writes)) {
        expect([method, AGGREGATE_OF[method as keyof typeof AGGREGATE_OF], STORAGE_TX_WRITES[method as keyof typeof STORAGE_TX_WRITES]]).toEqual([method, name, writes]);
      }
    }
    expect([STORAGE_TX_WRITES.insertVote, STORAGE_TX_WRITES.getVoter, AGGREGATE_OF.insertVote]).toEqual([true, false, 'engagement']);
  });

  it('has fallbacks only for methods of their own aggregate', () => {
    for (const name of NAMES) {
      for (const method of Object.keys(STORAGE_AGGREGATES[name].fallbacks)) expect([method, AGGREGATE_OF[method as keyof typeof AGGREGATE_OF]]).toEqual([method, name]);
    }
    expect(NAMES.flatMap((name) => Object.keys(STORAGE_AGGREGATES[name].fallbacks)).sort()).toEqual([
      'claimNextPost',
      'countPosts',
      'findEvidenceByActionKey',
      'getClaims',
      'getPostParts',
      'listPinnedPosts',
    ]);
  });
});

describe('completeAggregate', () => {
  const claim: ClaimRecord = { post_id: 1, api_key_id: 7, agent_label: '', claimed_at: at(0), expires_at: at(5) };

  it('keeps the methods an adapter has, and adds the fallbacks of those it left out', async () => {
    const getClaims = async () => new Map([[1, claim]]);
    const own = completeAggregate('agent', { getClaims, getClaim: async () => claim } as unknown as AgentTx);
    expect(own.getClaims).toBe(getClaims);

    const reads: number[] = [];
    const small = completeAggregate('agent', {
      getClaim: async (postId: number) => {
        reads.push(postId);
        return postId === 1 ? claim : null;
      },
    } as unknown as AgentTx);
    expect(await small.getClaims([1, 2, 1])).toEqual(new Map([[1, claim]]));
    expect(reads).toEqual([1, 2]);
  });

  it("builds a fallback over the whole transaction when given it, so that it reads other aggregates' methods", async () => {
    const calls: string[] = [];
    const read = <T>(name: string, value: T) => async () => {
      calls.push(name);
      return value;
    };
    const whole = {
      getTagsOfPosts: async () => {
        calls.push('getTagsOfPosts');
        return new Map([[3, [{ id: 1, board_id: 1, name: 'a', slug: 'a' }]]]);
      },
      listEvidence: read('listEvidence', []),
      getClaim: read('getClaim', claim),
      listPostAttachments: read('listPostAttachments', []),
      listPostLinks: read('listPostLinks', []),
      getStatus: read('getStatus', null),
    };
    const posts = completeAggregate('posts', {} as unknown as PostsTx, whole);
    expect(await posts.getPostParts(3, 1)).toEqual({ tags: [{ id: 1, board_id: 1, name: 'a', slug: 'a' }], evidence: [], claim, attachments: [], links: [], status: null });
    expect(calls).toEqual(['getTagsOfPosts', 'listEvidence', 'getClaim', 'listPostAttachments', 'listPostLinks', 'getStatus']);
    // Without the whole transaction, the fallback has only the aggregate's own methods.
    await expect(completeAggregate('posts', {} as unknown as PostsTx).getPostParts(3, 1)).rejects.toThrow(TypeError);
  });

  it("refuses to hand out a claim when the adapter's claimPost contradicts its queue, and claims nothing more", async () => {
    const storage = createMemoryStorage();
    await storage.transaction('write', async (tx) => {
      const { board } = await seedBoard(tx);
      await tx.insertPost(newPost(board.id, { status: 'planned' }));
    });
    const request = { board_id: 1, api_key_id: 1, now: at(0), expires_at: at(30) };
    const result = storage.transaction('write', async (tx) => {
      const agent = completeAggregate('agent', {
        listQueue: (boardId: number, query: Parameters<AgentTx['listQueue']>[1]) => tx.listQueue(boardId, query),
        claimPost: async () => ({ outcome: 'conflict', claim }),
      } as unknown as AgentTx);
      return agent.claimNextPost(request);
    });
    await expect(result).rejects.toThrow('storage: post 1 was first in the queue but claimPost answered conflict');
    expect(await storage.transaction('read', (tx) => tx.getClaim(1))).toBeNull();
  });
});
