/**
 * Claim-next across processes: 5 Node processes with 10 connections each call claimNextPost
 * together on one database file holding 20 eligible posts. Exactly 20 calls win, each a different
 * post, and the other 30 find nothing; no call fails with "database is locked".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../../adapters/sqlite/index.js';
import { buildSqliteAdapter, type BuiltAdapter } from './build-adapter.js';
import { runChild } from './children.js';
import { newPost, seedBoard, T0, tempDir } from './helpers.js';

const PROCESSES = 5;
const CALLERS_PER_PROCESS = 10;
const ELIGIBLE = 20;

let adapter: BuiltAdapter;
const temp = tempDir();
beforeAll(async () => {
  adapter = await buildSqliteAdapter();
});
afterAll(() => {
  adapter.remove();
  temp.remove();
});

interface CallerResult {
  apiKeyId: number;
  postId: number | null;
  error: string | null;
}

describe('claim-next with several processes on one file', () => {
  it(`${PROCESSES * CALLERS_PER_PROCESS} callers in ${PROCESSES} processes on ${ELIGIBLE} posts: ${ELIGIBLE} distinct claims, the rest empty`, async () => {
    const file = temp.file('claim-next.db');
    const setup = createSqliteStorage({ path: file });
    const { boardId, keyIds, eligible } = await setup.transaction('write', async (tx) => {
      const { orgId, boardId } = await seedBoard(tx);
      const keyIds: number[] = [];
      for (let i = 0; i < PROCESSES * CALLERS_PER_PROCESS; i++) {
        const key = await tx.insertApiKey({
          organization_id: orgId, scope: 'propose', label: `agent ${i}`, prefix: 'fbk_', hash: `next-${i}`, created_at: T0, revoked_at: null,
        });
        keyIds.push(key.id);
      }
      const eligible: number[] = [];
      for (let i = 0; i < ELIGIBLE; i++) {
        const ranked = i % 3 === 0;
        const post = await tx.insertPost(newPost(boardId, ranked ? { status: 'open', queue_rank: i } : { status: 'planned' }));
        eligible.push(post.id);
      }
      // Never claimable: hidden, shipped, declined, unranked open.
      await tx.insertPost(newPost(boardId, { status: 'planned', hidden: true }));
      await tx.insertPost(newPost(boardId, { status: 'shipped', queue_rank: 0, shipped_at: T0 }));
      await tx.insertPost(newPost(boardId, { status: 'declined', queue_rank: 0 }));
      await tx.insertPost(newPost(boardId, { status: 'open' }));
      return { boardId, keyIds, eligible };
    });
    await setup.close();

    const startAt = Date.now() + 1500;
    const results = (
      await Promise.all(
        Array.from({ length: PROCESSES }, (_, p) =>
          runChild<CallerResult>('next-claimer.mjs', {
            modulePath: adapter.modulePath,
            file,
            boardId,
            apiKeyIds: keyIds.slice(p * CALLERS_PER_PROCESS, (p + 1) * CALLERS_PER_PROCESS),
            startAt,
          }),
        ),
      )
    ).flat();

    expect(results).toHaveLength(PROCESSES * CALLERS_PER_PROCESS);
    expect(results.filter((r) => r.error !== null)).toEqual([]);
    const won = results.filter((r) => r.postId !== null);
    expect(won).toHaveLength(ELIGIBLE);
    expect(results.filter((r) => r.postId === null)).toHaveLength(PROCESSES * CALLERS_PER_PROCESS - ELIGIBLE);
    expect(won.map((r) => r.postId).sort((a, b) => a! - b!)).toEqual(eligible);

    const check = createSqliteStorage({ path: file });
    const claims = await check.transaction('read', (tx) => tx.getClaims([...eligible, ...[21, 22, 23, 24]]));
    expect(claims.size).toBe(ELIGIBLE);
    for (const r of won) expect(claims.get(r.postId!)?.api_key_id).toBe(r.apiKeyId);
    await check.close();
  }, 90_000);
});
