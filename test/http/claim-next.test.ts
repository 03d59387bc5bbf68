/**
 * docs/agent-workflow.md#claim-the-next-post-many-agents-one-queue over HTTP: `POST /boards/{slug}/queue/claim` hands out the queue in order,
 * one post per call and caller, answers 200 with nulls when nothing is claimable, and refuses bad
 * input, wrong scopes and other organizations' boards with nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const at = (ms: number) => new Date(ms).toISOString();
const PATH = '/boards/features/queue/claim';

/** Board "features": post 1 planned (2 votes), 2 ranked in progress, 3 open (not queued), 4 planned. */
async function queued() {
  const h = await createHarness();
  await h.makeBoard();
  const planned = await h.makePost('features', { title: 'Planned, voted', status: 'planned' });
  await h.addVotes(planned.id, 2);
  const ranked = await h.makePost('features', { title: 'Ranked', status: 'in_progress' });
  await h.req('PATCH', `/boards/features/posts/${ranked.id}`, { body: { queue_rank: 0 } });
  await h.makePost('features', { title: 'Open, unranked' });
  const later = await h.makePost('features', { title: 'Planned, no votes', status: 'planned' });
  const agentB = (await h.board.dashboard.apiKeys.create(h.a.id, { scope: 'propose', label: 'agent b' })).key;
  return { ...h, order: [ranked.id, planned.id, later.id], agentA: h.a.keys.propose, agentB };
}

describe('claim-next', () => {
  it('is 201 with the claim and the single-post shape of the first post in queue order', async () => {
    const h = await queued();
    const r = await h.req('POST', PATH, { key: h.agentA, body: { ttl_seconds: 120, agent_label: 'bot' } });
    expect(r.status).toBe(201);
    const claim = { post_id: h.order[0], agent_label: 'bot', claimed_at: at(T0), expires_at: at(T0 + 120_000) };
    expect(r.json.claim).toEqual(claim);
    const post = await h.req('GET', `/boards/features/posts/${h.order[0]}`);
    expect(r.json.post).toEqual(post.json);
    expect(post.json.claim).toEqual(claim);
  });

  it('defaults to ttl 3600 and agent_label "", with no body or an empty one', async () => {
    const h = await queued();
    const bare = await h.req('POST', PATH, { key: h.agentA });
    expect(bare.status).toBe(201);
    expect(bare.json.claim).toEqual({ post_id: h.order[0], agent_label: '', claimed_at: at(T0), expires_at: at(T0 + 3_600_000) });
    const empty = await h.req('POST', PATH, { key: h.agentA, body: {} });
    expect(empty.json.claim.post_id).toBe(h.order[1]);
  });

  it('hands every caller a different post, skipping its own live claims, then answers 200 with nulls', async () => {
    const h = await queued();
    const got: number[] = [];
    for (const key of [h.agentA, h.agentB, h.agentA]) got.push((await h.req('POST', PATH, { key })).json.claim.post_id);
    expect(got).toEqual(h.order);
    for (const key of [h.agentA, h.agentB, h.a.keys.write]) {
      const none = await h.req('POST', PATH, { key });
      expect(none.status).toBe(200);
      expect(none.json).toEqual({ claim: null, post: null });
    }
    // The caller still sees its own claims in its queue, to resume them.
    const queue = await h.req('GET', '/boards/features/queue', { key: h.agentA });
    expect(queue.json.posts.map((p: { id: number }) => p.id)).toEqual([h.order[0], h.order[2]]);
  });

  it('hands an expired claim out again, and a released post at once', async () => {
    const h = await queued();
    await h.req('POST', PATH, { key: h.agentA, body: { ttl_seconds: 10 } });
    await h.req('POST', PATH, { key: h.agentB, body: { ttl_seconds: 600 } });
    await h.req('POST', PATH, { key: h.agentB, body: { ttl_seconds: 600 } });
    h.clock.advance(9_999);
    expect((await h.req('POST', PATH, { key: h.agentB })).json.claim).toBeNull();
    h.clock.advance(1);
    const again = await h.req('POST', PATH, { key: h.agentB, body: { agent_label: 'second' } });
    expect(again.status).toBe(201);
    expect(again.json.claim).toEqual({ post_id: h.order[0], agent_label: 'second', claimed_at: at(T0 + 10_000), expires_at: at(T0 + 3_610_000) });
    await h.req('DELETE', `/boards/features/posts/${h.order[1]}/claim`, { key: h.agentB });
    expect((await h.req('POST', PATH, { key: h.agentA })).json.claim.post_id).toBe(h.order[1]);
  });

  it('never hands out hidden, shipped or declined posts', async () => {
    const h = await queued();
    await h.board.dashboard.posts.hide(h.order[0]!);
    await h.req('PATCH', `/boards/features/posts/${h.order[1]}`, { body: { status: 'shipped' } });
    await h.req('PATCH', `/boards/features/posts/${h.order[2]}`, { body: { status: 'declined', queue_rank: 1 } });
    const r = await h.req('POST', PATH, { key: h.agentA });
    expect([r.status, r.json]).toEqual([200, { claim: null, post: null }]);
  });

  it('refuses every invalid body with 422 and changes nothing', async () => {
    const h = await queued();
    const before = await snapshot(h.board);
    const bodies: [unknown, string][] = [
      [{ ttl_seconds: 0 }, 'ttl_seconds'],
      [{ ttl_seconds: 86_401 }, 'ttl_seconds'],
      [{ ttl_seconds: 1.5 }, 'ttl_seconds'],
      [{ ttl_seconds: '60' }, 'ttl_seconds'],
      [{ agent_label: 'x'.repeat(101) }, 'agent_label'],
      [{ agent_label: 7 }, 'agent_label'],
      [{ agent_label: 'nul\u0000' }, 'agent_label'],
      [{ post_id: 1 }, 'post_id'],
    ];
    for (const [body, path] of bodies) {
      const r = await h.req('POST', PATH, { key: h.agentA, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.error.code).toBe('validation_error');
      expect(r.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const notObject = await h.req('POST', PATH, { key: h.agentA, raw: '[1]', headers: { 'content-type': 'application/json' } });
    expect([notObject.status, notObject.json.error.code]).toEqual([400, 'invalid_json']);
    const text = await h.req('POST', PATH, { key: h.agentA, raw: 'ttl=5', headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.json.error.code]).toEqual([415, 'unsupported_media_type']);
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('is 403 for a read key, 404 for an unknown or another organization’s board, 405 for GET; nothing changes', async () => {
    const h = await queued();
    await h.makeBoard('globex', h.b.keys.write);
    await h.makePost('globex', { title: 'Theirs', status: 'planned' }, h.b.keys.write);
    const before = await snapshot(h.board);
    const read = await h.req('POST', PATH, { key: h.a.keys.read });
    expect([read.status, read.json.error.code]).toEqual([403, 'insufficient_scope']);
    for (const slug of ['globex', 'nope']) {
      for (const body of [{}, { ttl_seconds: 0 }]) {
        const r = await h.req('POST', `/boards/${slug}/queue/claim`, { key: h.agentA, body });
        expect([r.status, r.json.error.code]).toEqual([404, 'not_found']);
      }
    }
    const get = await h.req('GET', PATH, { key: h.agentA });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('gives 50 concurrent callers on 20 eligible posts 20 distinct claims and 30 empty answers', async () => {
    const h = await createHarness({ http: { rateLimit: false } });
    await h.makeBoard();
    for (let i = 0; i < 20; i++) await h.makePost('features', { title: `Task ${i + 1}`, status: 'planned' });
    await h.makePost('features', { title: 'Not queued' });
    const keys: string[] = [];
    for (let i = 0; i < 50; i++) keys.push((await h.board.dashboard.apiKeys.create(h.a.id, { scope: 'propose', label: `agent ${i}` })).key);
    const answers = await Promise.all(keys.map((key) => h.req('POST', PATH, { key })));
    const won = answers.filter((r) => r.status === 201);
    expect(won).toHaveLength(20);
    expect(answers.filter((r) => r.status === 200 && r.json.claim === null && r.json.post === null)).toHaveLength(30);
    expect(new Set(won.map((r) => r.json.post.id)).size).toBe(20);
  });
});
