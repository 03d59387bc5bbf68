/**
 * Every event of docs/webhooks.md fires exactly once for its change, with its data, from the
 * API, the dashboard side and the voter side; never for a refused request or a rolled back
 * transaction; a filtered webhook gets only its events, an inactive one none, and another
 * organization's none.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import type { Storage } from '../../src/storage/contract.js';
import { createHarness, T0 } from '../helpers/harness.js';
import { allMessages, newMessages } from './helpers.js';

async function setup(storage: Storage = createMemoryStorage()) {
  const h = await createHarness({ storage, agentPublishing: true });
  const hooks = h.board.dashboard.webhooks;
  const all = await hooks.create(h.a.id, { url: 'https://hooks.example.com/all', events: ['*'] });
  const filtered = await hooks.create(h.a.id, { url: 'https://hooks.example.com/some', events: ['post.created', 'vote.created'] });
  const inactive = await hooks.create(h.a.id, { url: 'https://hooks.example.com/off', events: ['*'], active: false });
  const other = await hooks.create(h.b.id, { url: 'https://hooks.example.com/b', events: ['*'] });
  return { ...h, all, filtered, inactive, other, next: newMessages(h.board, all.id) };
}

const types = (events: { type: string }[]) => events.map((e) => e.type);

describe('webhook events', () => {
  it('a scripted session sends each event exactly once, with the data of section 14', async () => {
    const h = await setup();
    const at = new Date(T0).toISOString();

    await h.makeBoard();
    let events = await h.next();
    expect(types(events)).toEqual(['board.created']);
    expect(events[0]!.payload).toEqual({ type: 'board.created', timestamp: at, data: { board: expect.objectContaining({ slug: 'features', published: false }) } });

    expect((await h.req('POST', '/boards/features/publish')).status).toBe(200);
    expect((await h.req('POST', '/boards/features/publish')).status).toBe(200);
    expect((await h.req('POST', '/boards/features/unpublish')).status).toBe(200);
    expect((await h.req('POST', '/boards/features/unpublish')).status).toBe(200);
    events = await h.next();
    expect(types(events)).toEqual(['board.published', 'board.unpublished']);
    // The team's dashboard publishes too, whatever the agent-publishing setting, with the same events.
    const team = h.board.team(h.a.id).boards;
    await team.setPublished('features', true);
    await team.setPublished('features', true);
    await team.setPublished('features', false);
    expect(types(await h.next())).toEqual(['board.published', 'board.unpublished']);
    expect(events[0]!.payload.data.board.published).toBe(true);

    const post = await h.makePost('features', { title: 'Dark mode', tags: ['UI'] });
    events = await h.next();
    expect(types(events)).toEqual(['post.created']);
    expect(events[0]!.payload.data.post).toEqual((await h.req('GET', `/boards/features/posts/${post.id}`)).json);
    expect(events[0]!.payload.data.board.slug).toBe('features');

    const path = `/boards/features/posts/${post.id}`;
    await h.req('PATCH', path, { body: { title: 'Dark mode', tags: ['ui'], pinned: false } });
    expect(await h.next()).toEqual([]);
    await h.req('PATCH', path, { body: { title: 'Dark theme', tags: ['UI', 'Theme'], queue_rank: 1 } });
    events = await h.next();
    expect(types(events)).toEqual(['post.updated']);
    expect(events[0]!.payload.data.changed).toEqual(['title', 'queue_rank', 'tags']);
    expect(events[0]!.payload.data.post.title).toBe('Dark theme');

    await h.req('PATCH', path, { body: { status: 'planned', body: 'soon' } });
    events = await h.next();
    expect(types(events)).toEqual(['post.status_changed', 'post.updated']);
    expect(events[0]!.payload.data).toMatchObject({ previous_status: 'open', post: { status: 'planned' } });
    expect(events[1]!.payload.data.changed).toEqual(['body']);
    await h.req('PATCH', path, { body: { status: 'planned' } });
    expect(await h.next()).toEqual([]);

    await h.req('PATCH', path, { body: { implementation_evidence: [{ kind: 'branch', ref: 'dark' }] } });
    expect((await h.next())[0]!.payload.data.changed).toEqual(['implementation_evidence']);

    await h.board.dashboard.posts.hide(post.id);
    await h.board.dashboard.posts.hide(post.id);
    events = await h.next();
    expect(types(events)).toEqual(['post.updated']);
    expect(events[0]!.payload.data.changed).toEqual(['hidden']);
    await h.board.dashboard.posts.unhide(post.id);
    expect((await h.next())[0]!.payload.data.changed).toEqual(['hidden']);

    const claim = await h.req('POST', `${path}/claim`, { key: h.a.keys.propose, body: { agent_label: 'bot' } });
    await h.req('POST', `${path}/claim`, { key: h.a.keys.propose, body: { ttl_seconds: 60 } });
    events = await h.next();
    expect(types(events)).toEqual(['claim.created']);
    expect(events[0]!.payload.data).toMatchObject({ post_id: post.id, claim: { agent_label: 'bot', claimed_at: claim.json.claimed_at } });
    await h.req('DELETE', `${path}/claim`, { key: h.a.keys.propose });
    await h.req('DELETE', `${path}/claim`, { key: h.a.keys.propose });
    events = await h.next();
    expect(types(events)).toEqual(['claim.released']);
    expect(events[0]!.payload.data.claim.agent_label).toBe('bot');
    // Claim-next is a new claim too.
    const next = await h.req('POST', '/boards/features/queue/claim', { key: h.a.keys.propose, body: { agent_label: 'next' } });
    expect(next.status).toBe(201);
    events = await h.next();
    expect(types(events)).toEqual(['claim.created']);
    expect(events[0]!.payload.data).toMatchObject({ post_id: next.json.claim.post_id, claim: { agent_label: 'next' } });
    await h.req('DELETE', `/boards/features/posts/${next.json.claim.post_id}/claim`, { key: h.a.keys.propose });
    expect(types(await h.next())).toEqual(['claim.released']);

    const evidence = { kind: 'pr', ref: 'https://git.example.com/pr/1', action_key: 'k1' };
    await h.req('POST', `${path}/evidence`, { key: h.a.keys.propose, body: evidence });
    await h.req('POST', `${path}/evidence`, { key: h.a.keys.propose, body: evidence });
    events = await h.next();
    expect(types(events)).toEqual(['evidence.added']);
    expect(events[0]!.payload.data.evidence).toEqual({ kind: 'pr', ref: evidence.ref, label: '', added_at: at });

    await h.req('POST', `${path}/propose-status`, { key: h.a.keys.propose, body: { status: 'shipped', note: 'done' } });
    events = await h.next();
    expect(types(events)).toEqual(['proposal.created']);
    expect(events[0]!.payload.data.proposal).toMatchObject({ status: 'shipped', note: 'done' });
    await h.board.dashboard.proposals.reject(post.id);
    expect(types(await h.next())).toEqual(['proposal.rejected']);
    await h.req('POST', `${path}/propose-status`, { key: h.a.keys.propose, body: { status: 'shipped' } });
    await h.board.dashboard.proposals.confirm(post.id);
    events = await h.next();
    expect(types(events)).toEqual(['proposal.created', 'proposal.confirmed', 'post.status_changed']);
    expect(events[2]!.payload.data).toMatchObject({ previous_status: 'planned', post: { status: 'shipped' } });

    await h.req('POST', `${path}/comments`, { body: { body: 'Team here' } });
    const voter = await h.board.voters.register(h.a.id, { email: 'Ann@Example.com', name: 'Ann' });
    const comment = await h.board.voters.comment(voter.id, post.id, { body: 'Thanks!' });
    events = await h.next();
    expect(types(events)).toEqual(['comment.created', 'comment.created']);
    expect(events[1]!.payload.data).toEqual({ board: events[1]!.payload.data.board, post_id: post.id, comment });

    await h.board.voters.vote(voter.id, post.id);
    await h.board.voters.vote(voter.id, post.id);
    await h.board.voters.unvote(voter.id, post.id);
    await h.board.voters.unvote(voter.id, post.id);
    events = await h.next();
    expect(types(events)).toEqual(['vote.created', 'vote.deleted']);
    expect(events.map((e) => e.payload.data.vote_count)).toEqual([1, 0]);

    expect((await h.req('DELETE', path)).status).toBe(204);
    events = await h.next();
    expect(types(events)).toEqual(['post.deleted']);
    expect(events[0]!.payload.data).toEqual({ board: expect.objectContaining({ slug: 'features' }), post_id: post.id });

    // A voter's e-mail never appears in any event.
    const everything = await allMessages(h.board, h.all.id);
    expect(everything.some((m) => m.payload.toLowerCase().includes('ann@example.com'))).toBe(false);
    // Message ids are unique, and each payload's type is the message's event type.
    expect(new Set(everything.map((m) => m.msg_id)).size).toBe(everything.length);
    expect(everything.every((m) => JSON.parse(m.payload).type === m.event_type)).toBe(true);

    // The filtered webhook got only its two kinds, the inactive one and the other organization's nothing.
    expect(types((await allMessages(h.board, h.filtered.id)).map((m) => ({ type: m.event_type })))).toEqual(['post.created', 'vote.created']);
    expect(await allMessages(h.board, h.inactive.id)).toEqual([]);
    expect(await allMessages(h.board, h.other.id)).toEqual([]);
  });

  it('refused requests send nothing', async () => {
    const h = await setup();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'A' });
    await h.next();
    const path = `/boards/features/posts/${post.id}`;
    const refused = [
      await h.req('POST', '/boards', { body: { slug: 'features', name: 'again' } }),
      await h.req('POST', '/boards', { key: h.a.keys.propose, body: { slug: 'other', name: 'x' } }),
      await h.req('PATCH', path, { key: h.a.keys.propose, body: { title: 'B' } }),
      await h.req('PATCH', path, { body: { title: '' } }),
      await h.req('POST', '/boards/features/posts', { key: h.a.keys.propose, body: { title: 'x', status: 'planned' } }),
      await h.req('POST', `${path}/claim`, { key: h.a.keys.write }),
      await h.req('POST', `${path}/claim`, { key: h.a.keys.propose }),
      await h.req('DELETE', `${path}/claim`, { key: h.a.keys.propose }),
      await h.req('POST', `${path}/propose-status`, { key: h.a.keys.propose, body: { status: 'open' } }),
      await h.req('POST', `${path}/comments`, { body: { body: 'x', parent_comment_id: 999 } }),
      await h.req('DELETE', `/boards/features/posts/999`),
      await h.req('POST', `/boards/features/posts`, { key: h.b.keys.write, body: { title: 'x' } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([409, 403, 403, 422, 403, 201, 409, 409, 422, 422, 404, 404]);
    expect(types(await h.next())).toEqual(['claim.created']);
    await expect(h.board.dashboard.proposals.confirm(post.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.board.dashboard.posts.hide(999)).rejects.toMatchObject({ code: 'not_found' });
    const outsider = await h.board.voters.register(h.b.id, { email: 'bob@example.com' });
    await expect(h.board.voters.vote(outsider.id, post.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await h.next()).toEqual([]);
  });

  it('a change whose transaction rolls back sends nothing; the same change committed sends its event', async () => {
    const inner = createMemoryStorage();
    let failCommits = false;
    const failing: Storage = {
      transaction: (mode, fn) =>
        inner.transaction(mode, async (tx) => {
          const result = await fn(tx);
          if (failCommits && mode === 'write') throw new Error('the disk is full');
          return result;
        }),
      close: () => inner.close(),
    };
    const h = await setup(failing);
    await h.makeBoard();
    await h.next();
    failCommits = true;
    const refused = await h.req('POST', '/boards/features/posts', { body: { title: 'Lost' } });
    expect(refused.status).toBe(500);
    await expect(h.board.voters.register(h.a.id, { email: 'x@example.com' })).rejects.toThrow('the disk is full');
    failCommits = false;
    expect(await h.next()).toEqual([]);
    expect((await h.req('GET', '/boards/features/posts')).json.total).toBe(0);
    await h.makePost('features', { title: 'Kept' });
    expect(types(await h.next())).toEqual(['post.created']);
  });

  it('loading a fixture sends no events, and a test event goes to its one webhook', async () => {
    const h = await setup();
    await h.board.loadFixture({
      organizations: [
        {
          name: 'Fixture',
          webhooks: [{ url: 'https://hooks.example.com/f', events: ['*'] }],
          boards: [{ slug: 'f', name: 'F', posts: [{ title: 'P', votes: 3, comments: [{ body: 'c' }] }] }],
        },
      ],
    });
    const [fixtureOrg] = (await h.board.dashboard.organizations.list()).filter((o) => o.name === 'Fixture');
    const [hook] = await h.board.dashboard.webhooks.list(fixtureOrg!.id);
    expect(await allMessages(h.board, hook!.id)).toEqual([]);
    const test = await h.board.dashboard.webhooks.sendTest(h.inactive.id);
    expect(test).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    expect(JSON.parse(test.payload).data).toEqual({ webhook_id: h.inactive.id });
    expect(await h.next()).toEqual([]);
    await expect(h.board.dashboard.webhooks.sendTest(999)).rejects.toMatchObject({ code: 'not_found' });
  });
});
