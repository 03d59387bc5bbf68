/**
 * The team's own operations over HTTP with a `team` key: moderation of held posts (paged lists,
 * approval with its webhook event, rejection with a reason, a second decision refused), blocking
 * voters, undoing a merge, the mail settings (honoured when news is queued), and a post's activity
 * log for every key. Each refusal changes nothing; nothing of another organization is reachable.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';
import { allMessages } from '../webhooks/helpers.js';

async function setup() {
  const h = await createHarness();
  await h.makeBoard();
  const team = h.board.team(h.a.id);
  await team.boards.setPublished('features', true);
  await team.boards.setModerated('features', true);
  const voter = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
  const held: number[] = [];
  for (const title of ['Offline mode', 'Buy cheap pills', 'Dark mode']) held.push((await h.board.voters.submitPost(voter.id, 'features', { title })).id);
  const hook = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/all', events: ['*'] });
  const as = (method: string, path: string, body?: unknown) => h.req(method, path, { key: h.a.keys.team, ...(body === undefined ? {} : { body }) });
  return { ...h, team, voter, held, hook, as };
}

describe('moderation with a team key', () => {
  it('lists held posts by state, oldest first, paged with their total', async () => {
    const h = await setup();
    const page = await h.as('GET', '/held-posts?limit=2');
    expect(page.status).toBe(200);
    expect([page.json.total, page.json.held_posts.map((p: { title: string }) => p.title)]).toEqual([3, ['Offline mode', 'Buy cheap pills']]);
    expect((await h.as('GET', '/held-posts?limit=2&offset=2')).json.held_posts.map((p: { id: number }) => p.id)).toEqual([h.held[2]]);
    expect((await h.as('GET', '/held-posts?state=rejected')).json).toEqual({ held_posts: [], total: 0 });
    const bad = await h.as('GET', '/held-posts?state=spam');
    expect([bad.status, bad.json.error.details]).toEqual([422, [{ path: 'state', message: 'must be one of: waiting, approved, rejected' }]]);
  });

  it('approves a held post into a post (201, post.created), rejects another with a reason, and refuses a second decision', async () => {
    const h = await setup();
    const approved = await h.as('POST', `/held-posts/${h.held[0]}/approve`);
    expect(approved.status).toBe(201);
    expect(approved.json).toMatchObject({ title: 'Offline mode', is_admin: false, vote_count: 1 });
    expect((await allMessages(h.board, h.hook.id)).map((m) => m.event_type)).toEqual(['post.created']);
    const rejected = await h.as('POST', `/held-posts/${h.held[1]}/reject`, { reason: '  Spam  ' });
    expect(rejected.json).toMatchObject({ id: h.held[1], approval: 'rejected', reason: 'Spam', decided_by: null, post_id: null });
    expect((await h.as('GET', `/held-posts/${h.held[0]}`)).json).toMatchObject({ approval: 'approved', post_id: approved.json.id });

    const before = await snapshot(h.board);
    for (const [path, body] of [[`/held-posts/${h.held[0]}/approve`, undefined], [`/held-posts/${h.held[1]}/reject`, {}]] as const) {
      const again = await h.as('POST', path, body);
      expect([again.status, again.json.error.code], path).toEqual([422, 'status_unchanged']);
    }
    const tooLong = await h.as('POST', `/held-posts/${h.held[2]}/reject`, { reason: 'x'.repeat(1001) });
    expect([tooLong.status, tooLong.json.error.details[0].path]).toEqual([422, 'reason']);
    expect(await snapshot(h.board)).toEqual(before);
    // The key that approved is in the new post's log.
    const log = await h.req('GET', `/boards/features/posts/${approved.json.id}/activity`, { key: h.a.keys.read });
    expect(log.json.entries.map((e: { kind: string; actor: { kind: string; id: number } }) => [e.kind, e.actor.kind, e.actor.id])).toEqual([
      ['approved', 'api_key', h.a.keys.ids.team],
      ['created', 'voter', h.voter.id],
    ]);
  });

  it("keeps another organization's held posts out of reach: not listed, and 404 by id, changing nothing", async () => {
    const h = await setup();
    const before = await snapshot(h.board);
    const theirs = await h.req('GET', '/held-posts', { key: h.b.keys.team });
    expect(theirs.json).toEqual({ held_posts: [], total: 0 });
    for (const [method, path] of [['GET', ''], ['POST', '/approve'], ['POST', '/reject']] as const) {
      const r = await h.req(method, `/held-posts/${h.held[0]}${path}`, { key: h.b.keys.team, ...(method === 'POST' ? { body: {} } : {}) });
      expect([r.status, r.json.error.message]).toEqual([404, 'Held post not found']);
    }
    expect(await snapshot(h.board)).toEqual(before);
  });
});

describe('voters with a team key', () => {
  it('blocks a voter (changed once), whose next submission is refused, and unblocks them', async () => {
    const h = await setup();
    const blocked = await h.as('POST', `/voters/${h.voter.id}/block`);
    expect(blocked.json).toEqual({ voter_id: h.voter.id, blocked_at: new Date(h.clock.now()).toISOString(), changed: true });
    h.clock.advance(60_000);
    expect((await h.as('POST', `/voters/${h.voter.id}/block`)).json).toEqual({ ...blocked.json, changed: false });
    await expect(h.board.voters.submitPost(h.voter.id, 'features', { title: 'Again' })).rejects.toMatchObject({ code: 'insufficient_scope' });
    expect((await h.as('DELETE', `/voters/${h.voter.id}/block`)).json).toEqual({ voter_id: h.voter.id, blocked_at: null, changed: true });
    expect((await h.as('DELETE', `/voters/${h.voter.id}/block`)).json.changed).toBe(false);
    expect(await h.team.voters.blockedAt(h.voter.id)).toBeNull();
  });
});

describe('undoing a merge with a team key', () => {
  it('restores the merged post, and refuses a post that is not merged, changing nothing', async () => {
    const h = await setup();
    const target = await h.makePost('features', { title: 'Dark theme' });
    const duplicate = await h.makePost('features', { title: 'Dark mode please' });
    await h.req('POST', `/boards/features/posts/${duplicate.id}/merge`, { body: { into: target.id } });
    const restored = await h.as('POST', `/boards/features/posts/${duplicate.id}/unmerge`);
    expect([restored.status, restored.json.id, restored.json.hidden]).toEqual([200, duplicate.id, false]);
    expect((await h.req('GET', `/boards/features/posts/${duplicate.id}`)).status).toBe(200);
    const before = await snapshot(h.board);
    const again = await h.as('POST', `/boards/features/posts/${duplicate.id}/unmerge`);
    expect([again.status, again.json.error.message]).toEqual([422, `post: post ${duplicate.id} is not merged`]);
    expect(await snapshot(h.board)).toEqual(before);
  });
});

describe('mail settings with a team key', () => {
  it('are all on at first, change only the kinds given, refuse a bad body, and stop the mail of a kind turned off', async () => {
    const h = await setup();
    expect((await h.as('GET', '/mail-settings')).json).toEqual({ status: true, team_comment: true, reply: true, changelog: true });
    expect((await h.as('PATCH', '/mail-settings', { status: false })).json).toEqual({ status: false, team_comment: true, reply: true, changelog: true });
    const before = await snapshot(h.board);
    for (const body of [{ status: 'no' }, { colour: true }]) expect((await h.as('PATCH', '/mail-settings', body)).status).toBe(422);
    expect(await snapshot(h.board)).toEqual(before);

    const post = await h.as('POST', `/held-posts/${h.held[0]}/approve`);
    await h.req('PATCH', `/boards/features/posts/${post.json.id}`, { body: { status: 'planned', notify_voters: true } });
    await h.req('POST', `/boards/features/posts/${post.json.id}/comments`, { body: { body: 'On it' } });
    const queued = await h.board.storage.transaction('read', (tx) => tx.getMailQueueRow(h.voter.id, post.json.id));
    expect(queued!.events.map((event) => (JSON.parse(event) as { kind: string }).kind)).toEqual(['team_comment']);
  });
});

describe("a post's activity log over HTTP", () => {
  it('is read with any key, newest first, paged by next_before', async () => {
    const h = await setup();
    const post = await h.makePost('features', { title: 'Export' });
    for (const status of ['planned', 'in_progress', 'shipped']) await h.req('PATCH', `/boards/features/posts/${post.id}`, { body: { status } });
    const first = await h.req('GET', `/boards/features/posts/${post.id}/activity?limit=2`, { key: h.a.keys.read });
    expect(first.json.entries.map((e: { to?: string }) => e.to)).toEqual(['shipped', 'in_progress']);
    const rest = await h.req('GET', `/boards/features/posts/${post.id}/activity?before=${first.json.next_before}`, { key: h.a.keys.read });
    expect([rest.json.entries.map((e: { kind: string }) => e.kind), rest.json.next_before]).toEqual([['status_changed', 'created'], null]);
    expect((await h.req('GET', `/boards/features/posts/${post.id}/activity`, { key: h.b.keys.team })).status).toBe(404);
  });
});
