import { describe, expect, it } from 'vitest';
import { createHarness, send, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const at = (ms: number) => new Date(ms).toISOString();

async function claimable() {
  const h = await createHarness();
  await h.makeBoard();
  const post = await h.makePost('features', { title: 'Dark mode', status: 'planned' });
  const path = `/boards/features/posts/${post.id}/claim`;
  const agentB = (await h.board.dashboard.apiKeys.create(h.a.id, { scope: 'propose', label: 'agent b' })).key;
  return { ...h, post, path, agentA: h.a.keys.propose, agentB };
}

describe('claim and release', () => {
  it('a new claim is 201 with defaults ttl 3600 and agent_label ""; the post shows it', async () => {
    const h = await claimable();
    const r = await h.req('POST', h.path, { key: h.agentA });
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ post_id: h.post.id, agent_label: '', claimed_at: at(T0), expires_at: at(T0 + 3_600_000) });
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}`)).json.claim).toEqual(r.json);
  });

  it('the same key again while live is 200: the lease is extended from now, claimed_at kept, label replaced only when given', async () => {
    const h = await claimable();
    await h.req('POST', h.path, { key: h.agentA, body: { ttl_seconds: 60, agent_label: 'first' } });
    h.clock.advance(30_000);
    const again = await h.req('POST', h.path, { key: h.agentA, body: { ttl_seconds: 600 } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ post_id: h.post.id, agent_label: 'first', claimed_at: at(T0), expires_at: at(T0 + 30_000 + 600_000) });
    h.clock.advance(30_000);
    const shorter = await h.req('POST', h.path, { key: h.agentA, body: { ttl_seconds: 1, agent_label: 'second' } });
    expect(shorter.status).toBe(200);
    expect(shorter.json).toEqual({ post_id: h.post.id, agent_label: 'second', claimed_at: at(T0), expires_at: at(T0 + 61_000) });
  });

  it('another key’s live claim is 409 claim_conflict and changes nothing', async () => {
    const h = await claimable();
    await h.req('POST', h.path, { key: h.agentA, body: { ttl_seconds: 10 } });
    const before = await snapshot(h.board);
    for (const key of [h.agentB, h.a.keys.write]) {
      const r = await h.req('POST', h.path, { key, body: { ttl_seconds: 100, agent_label: 'thief' } });
      expect(r.status).toBe(409);
      expect(r.json.error.code).toBe('claim_conflict');
      const release = await h.req('DELETE', h.path, { key });
      expect(release.status).toBe(409);
      expect(release.json.error.code).toBe('claim_conflict');
    }
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('a claim is live while now < expires_at; then another key takes it over with 201', async () => {
    const h = await claimable();
    await h.req('POST', h.path, { key: h.agentA, body: { ttl_seconds: 10 } });
    h.clock.advance(9_999);
    expect((await h.req('POST', h.path, { key: h.agentB })).status).toBe(409);
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}`)).json.claim).not.toBeNull();
    h.clock.advance(1);
    // Expired: it reads as null, and a takeover is a new claim.
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}`)).json.claim).toBeNull();
    const takeover = await h.req('POST', h.path, { key: h.agentB, body: { agent_label: 'b' } });
    expect(takeover.status).toBe(201);
    expect(takeover.json).toEqual({ post_id: h.post.id, agent_label: 'b', claimed_at: at(T0 + 10_000), expires_at: at(T0 + 10_000 + 3_600_000) });
  });

  it('the former holder re-claiming after expiry gets a new claim (201, new claimed_at)', async () => {
    const h = await claimable();
    await h.req('POST', h.path, { key: h.agentA, body: { ttl_seconds: 1, agent_label: 'old' } });
    h.clock.advance(5_000);
    const r = await h.req('POST', h.path, { key: h.agentA });
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ post_id: h.post.id, agent_label: '', claimed_at: at(T0 + 5_000), expires_at: at(T0 + 5_000 + 3_600_000) });
  });

  it('release is 204 for the holder and when there is no live claim; the post is claimable again', async () => {
    const h = await claimable();
    const none = await h.req('DELETE', h.path, { key: h.agentB });
    expect(none.status).toBe(204);
    expect(none.text).toBe('');
    await h.req('POST', h.path, { key: h.agentA, body: { ttl_seconds: 5 } });
    const released = await h.req('DELETE', h.path, { key: h.agentA });
    expect(released.status).toBe(204);
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}`)).json.claim).toBeNull();
    expect((await h.req('POST', h.path, { key: h.agentB })).status).toBe(201);
    h.clock.advance(3_600_000);
    // B's claim has expired: A may release (nothing live) and claim.
    expect((await h.req('DELETE', h.path, { key: h.agentA })).status).toBe(204);
    expect((await h.req('POST', h.path, { key: h.agentA })).status).toBe(201);
  });

  it('validates ttl_seconds 1..86400 (integers only) and agent_label 0..100', async () => {
    const h = await claimable();
    const before = await snapshot(h.board);
    for (const body of [{ ttl_seconds: 0 }, { ttl_seconds: 86_401 }, { ttl_seconds: 1.5 }, { ttl_seconds: '60' }, { ttl_seconds: null }, { agent_label: 'x'.repeat(101) }, { agent_label: 5 }, { post_id: 1 }]) {
      const r = await h.req('POST', h.path, { key: h.agentA, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.error.code).toBe('validation_error');
    }
    expect(await snapshot(h.board)).toEqual(before);
    const max = await h.req('POST', h.path, { key: h.agentA, body: { ttl_seconds: 86_400, agent_label: 'x'.repeat(100) } });
    expect(max.status).toBe(201);
    expect(max.json.expires_at).toBe(at(T0 + 86_400_000));
  });

  it('is 404 for an unknown post, a post of another board, or another organization’s post', async () => {
    const h = await claimable();
    await h.makeBoard('other');
    expect((await h.req('POST', `/boards/features/posts/999/claim`, { key: h.agentA })).status).toBe(404);
    expect((await h.req('POST', `/boards/other/posts/${h.post.id}/claim`, { key: h.agentA })).status).toBe(404);
    expect((await h.req('POST', h.path, { key: h.b.keys.propose })).status).toBe(404);
    expect((await h.req('DELETE', h.path, { key: h.b.keys.propose })).status).toBe(404);
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}`)).json.claim).toBeNull();
  });
});

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
