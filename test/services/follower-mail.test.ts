/**
 * Mail to followers is queued in the transaction of the change: a status change (notify_voters,
 * a confirmed proposal), a team comment, a reply to a voter's comment; never for the actor, an
 * unfollower or an unsubscribed address, and nothing when the change fails.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const iso = (ms: number) => new Date(ms).toISOString();

async function setup() {
  const storage = createMemoryStorage();
  const h = await createHarness({ storage });
  await h.makeBoard();
  await h.board.team(h.a.id).boards.setPublished('features', true);
  const post = await h.makePost('features', { title: 'Dark mode' });
  const ann = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
  const cy = await h.board.voters.register(h.a.id, { email: 'cy@example.com', name: 'Cy' });
  const queued = async (voterId: number) => {
    const row = await storage.transaction('read', (tx) => tx.getMailQueueRow(voterId, post.id));
    return row?.events.map((e) => JSON.parse(e) as Record<string, unknown>) ?? null;
  };
  return { ...h, storage, post, ann, cy, queued, team: h.board.team(h.a.id) };
}

describe('mail to followers is queued with the change', () => {
  it('a status change with notify_voters reaches each follower once; without it, nobody', async () => {
    const h = await setup();
    await h.board.voters.follow(h.ann.id, h.post.id);
    await h.req('PATCH', `/boards/features/posts/${h.post.id}`, { body: { status: 'planned' } });
    expect(await h.queued(h.ann.id)).toBeNull();
    h.clock.advance(1000);
    const r = await h.req('PATCH', `/boards/features/posts/${h.post.id}`, { body: { status: 'in_progress', notify_voters: true } });
    expect(r.status).toBe(200);
    expect(await h.queued(h.ann.id)).toEqual([{ kind: 'status', from: 'planned', to: 'in_progress', from_label: 'Planned', to_label: 'In progress', at: iso(T0 + 1000) }]);
    expect(await h.queued(h.cy.id)).toBeNull();
  });

  it('a confirmed proposal reaches followers', async () => {
    const h = await setup();
    await h.board.voters.follow(h.ann.id, h.post.id);
    const proposed = await h.req('POST', `/boards/features/posts/${h.post.id}/propose-status`, { key: h.a.keys.propose, body: { status: 'shipped' } });
    expect(proposed.status).toBe(200);
    expect(await h.queued(h.ann.id)).toBeNull();
    await h.team.proposals.confirm(h.post.id);
    expect(await h.queued(h.ann.id)).toMatchObject([{ kind: 'status', from: 'open', to: 'shipped' }]);
  });

  it('a proposal confirmed with notify voters unticked queues nothing', async () => {
    const h = await setup();
    await h.board.voters.follow(h.ann.id, h.post.id);
    await h.req('POST', `/boards/features/posts/${h.post.id}/propose-status`, { key: h.a.keys.propose, body: { status: 'planned' } });
    await h.team.proposals.confirm(h.post.id, { notifyVoters: false });
    expect((await h.req('GET', `/boards/features/posts/${h.post.id}`)).json.status).toBe('planned');
    expect(await h.queued(h.ann.id)).toBeNull();
  });

  it('a team comment reaches followers; a reply reaches the replied-to voter, never the one who wrote it', async () => {
    const h = await setup();
    const mine = await h.board.voters.comment(h.ann.id, h.post.id, { body: 'Please' });
    expect(await h.queued(h.ann.id)).toBeNull();
    const team = await h.team.comments.create(h.post.id, { body: 'On it' });
    const reply = await h.board.voters.comment(h.cy.id, h.post.id, { body: '+1', parent_comment_id: mine.id });
    await h.board.voters.comment(h.ann.id, h.post.id, { body: 'Answering myself', parent_comment_id: mine.id });
    expect(await h.queued(h.ann.id)).toEqual([
      { kind: 'team_comment', comment_id: team.id, at: iso(T0) },
      { kind: 'reply', comment_id: reply.id, at: iso(T0) },
    ]);
    // Cy follows by commenting; a team reply to Ann's comment tells Ann once, as a reply.
    const teamReply = await h.team.comments.create(h.post.id, { body: 'Done', parent_comment_id: mine.id });
    expect((await h.queued(h.ann.id))!.at(-1)).toEqual({ kind: 'reply', comment_id: teamReply.id, at: iso(T0) });
    expect(await h.queued(h.ann.id)).toHaveLength(3);
    expect(await h.queued(h.cy.id)).toEqual([{ kind: 'team_comment', comment_id: teamReply.id, at: iso(T0) }]);
  });

  it('an unfollower or an unsubscribed address gets nothing; a refused comment queues nothing', async () => {
    const h = await setup();
    await h.board.voters.follow(h.ann.id, h.post.id);
    await h.board.voters.follow(h.cy.id, h.post.id);
    await h.board.voters.unfollow(h.cy.id, h.post.id);
    const board = await h.storage.transaction('read', (tx) => tx.getBoardBySlug(h.a.id, 'features'));
    await h.storage.transaction('write', (tx) =>
      tx.putMailUnsubscribe({ board_id: board!.id, address: 'ann@example.com', post_id: h.post.id, created_at: iso(T0) }),
    );
    await h.team.comments.create(h.post.id, { body: 'On it' });
    expect(await h.queued(h.ann.id)).toBeNull();
    expect(await h.queued(h.cy.id)).toBeNull();

    const before = await snapshot(h.board);
    await expect(h.team.comments.create(h.post.id, { body: 'x', parent_comment_id: 999 })).rejects.toMatchObject({
      code: 'validation_error',
    });
    expect(await snapshot(h.board)).toEqual(before);
  });

  it("a merged post's pending mail is dropped; other posts' mail stays", async () => {
    const h = await setup();
    const target = await h.makePost('features', { title: 'Night theme' });
    await h.board.voters.vote(h.ann.id, h.post.id);
    await h.board.voters.follow(h.ann.id, target.id);
    await h.team.comments.create(h.post.id, { body: 'On it' });
    const kept = await h.team.comments.create(target.id, { body: 'Also on it' });
    expect(await h.queued(h.ann.id)).toHaveLength(1);
    const merged = await h.req('POST', `/boards/features/posts/${h.post.id}/merge`, { body: { into: target.id } });
    expect(merged.status).toBe(200);
    expect(await h.queued(h.ann.id)).toBeNull();
    const row = await h.storage.transaction('read', (tx) => tx.getMailQueueRow(h.ann.id, target.id));
    expect(row?.events.map((e) => JSON.parse(e) as unknown)).toEqual([{ kind: 'team_comment', comment_id: kept.id, at: iso(T0) }]);
  });
});
