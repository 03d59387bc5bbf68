import { describe, expect, it } from 'vitest';
import { createHarness, send } from '../helpers/harness.js';

describe('concurrent claims', () => {
  it('100 keys claiming one post at once: exactly one 201 and 99 × 409', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'Contended', status: 'planned' });
    const keys: string[] = [];
    for (let i = 0; i < 100; i++) keys.push((await h.board.dashboard.apiKeys.create(h.a.id, { scope: 'propose', label: `agent ${i}` })).key);

    const started = Date.now();
    const replies = await Promise.all(
      keys.map((key, i) =>
        send(h.board.fetch, 'POST', `/boards/features/posts/${post.id}/claim`, { key, body: { agent_label: `agent ${i}` } }),
      ),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    for (const r of replies.filter((x) => x.status === 409)) expect(r.json.error.code).toBe('claim_conflict');

    // The stored claim is the winner's.
    const winner = replies.findIndex((r) => r.status === 201);
    const detail = await h.req('GET', `/boards/features/posts/${post.id}`);
    expect(detail.json.claim).toEqual(replies[winner]!.json);
    expect(detail.json.claim.agent_label).toBe(`agent ${winner}`);
    // Only the winner may release it.
    const loser = winner === 0 ? 1 : 0;
    expect((await send(h.board.fetch, 'DELETE', `/boards/features/posts/${post.id}/claim`, { key: keys[loser] })).status).toBe(409);
    expect((await send(h.board.fetch, 'DELETE', `/boards/features/posts/${post.id}/claim`, { key: keys[winner] })).status).toBe(204);
  });

  it('the same key claiming concurrently: one 201, the rest extend it with 200', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'Mine', status: 'planned' });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => h.req('POST', `/boards/features/posts/${post.id}/claim`, { key: h.a.keys.propose })),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(19);
  });
});
