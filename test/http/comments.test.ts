import { describe, expect, it } from 'vitest';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const at = (ms: number) => new Date(ms).toISOString();
const COMMENT_FIELDS = [
  'attachments', 'body', 'created_at', 'deleted_at', 'edited_at', 'hidden', 'id', 'is_admin', 'own_reactions', 'parent_comment_id',
  'reaction_counts', 'replies', 'vote_count', 'voter_blocked', 'voter_has_voted',
];

async function withPost() {
  const h = await createHarness();
  await h.makeBoard();
  const post = await h.makePost('features', { title: 'Dark mode' });
  return { ...h, post, path: `/boards/features/posts/${post.id}` };
}

describe('votes', () => {
  it('answers { post_id, vote_count } and follows the voter side', async () => {
    const h = await withPost();
    expect((await h.req('GET', `${h.path}/votes`, { key: h.a.keys.read })).json).toEqual({ post_id: h.post.id, vote_count: 0 });
    const [v1] = await h.addVotes(h.post.id, 3);
    expect((await h.req('GET', `${h.path}/votes`)).json).toEqual({ post_id: h.post.id, vote_count: 3 });
    await h.board.voters.unvote(v1!, h.post.id);
    expect((await h.req('GET', `${h.path}/votes`)).json).toEqual({ post_id: h.post.id, vote_count: 2 });
    expect((await h.req('GET', h.path)).json.vote_count).toBe(2);
  });
});

describe('comments', () => {
  it('creates a board-team comment: 201, is_admin true, counts zero, replies []', async () => {
    const h = await withPost();
    const r = await h.req('POST', `${h.path}/comments`, { key: h.a.keys.propose, body: { body: 'Thanks!' } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.json).sort()).toEqual(COMMENT_FIELDS);
    expect(r.json).toEqual({
      id: r.json.id, body: 'Thanks!', is_admin: true, hidden: false, vote_count: 0, voter_has_voted: false,
      reaction_counts: {}, own_reactions: [], voter_blocked: false, parent_comment_id: null, created_at: at(T0), edited_at: null, deleted_at: null,
      attachments: [], replies: [],
    });
  });

  it('lists top-level comments oldest first with replies nested to any depth, oldest first at every level', async () => {
    const h = await withPost();
    const post = async (body: string, parent?: number) =>
      (await h.req('POST', `${h.path}/comments`, { body: { body, ...(parent ? { parent_comment_id: parent } : {}) } })).json.id as number;
    const first = await post('first');
    h.clock.advance(1000);
    const second = await post('second');
    const r1 = await post('reply 1 to first', first);
    h.clock.advance(1000);
    const r2 = await post('reply 2 to first', first);
    const deep = await post('reply to reply 1', r1);
    const deeper = await post('reply to that', deep);
    const voter = await h.board.voters.register(h.a.id, { email: 'v@example.com' });
    const voterReply = await h.board.voters.comment(voter.id, h.post.id, { body: 'voter reply', parent_comment_id: second });
    expect(voterReply).toMatchObject({ is_admin: false, parent_comment_id: second, replies: [] });

    const r = await h.req('GET', `${h.path}/comments`, { key: h.a.keys.read });
    expect(r.status).toBe(200);
    type Node = { id: number; body: string; parent_comment_id: number | null; replies: Node[] };
    const shape = (nodes: Node[]): unknown => nodes.map((n) => [n.body, n.parent_comment_id, shape(n.replies)]);
    expect(shape(r.json.comments)).toEqual([
      ['first', null, [
        ['reply 1 to first', first, [['reply to reply 1', r1, [['reply to that', deep, []]]]]],
        ['reply 2 to first', first, []],
      ]],
      ['second', null, [['voter reply', second, []]]],
    ]);
    expect(r.json.comments[0].replies[0].replies[0].replies[0].id).toBe(deeper);
    expect(r.json.comments[0].replies[1].id).toBe(r2);
  });

  it('orders comments created at the same instant by id, and comments created earlier first', async () => {
    const h = await withPost();
    const ids: number[] = [];
    for (const body of ['b', 'a', 'c']) ids.push((await h.req('POST', `${h.path}/comments`, { body: { body } })).json.id);
    const r = await h.req('GET', `${h.path}/comments`);
    expect(r.json.comments.map((c: { id: number }) => c.id)).toEqual(ids);
  });

  it('includes hidden comments with hidden: true; counts reactions per comment ({} when none); own_reactions []', async () => {
    const h = await withPost();
    const c1 = (await h.req('POST', `${h.path}/comments`, { body: { body: 'one' } })).json.id;
    const c2 = (await h.req('POST', `${h.path}/comments`, { body: { body: 'two', parent_comment_id: c1 } })).json.id;
    const voters = await Promise.all([1, 2, 3].map((i) => h.board.voters.register(h.a.id, { email: `r${i}@example.com` })));
    for (const v of voters) await h.board.voters.react(v.id, c1, '👍');
    await h.board.voters.react(voters[0]!.id, c1, '🎉');
    await h.board.dashboard.comments.hide(c2);
    const r = await h.req('GET', `${h.path}/comments`);
    const [top] = r.json.comments;
    expect(top.reaction_counts).toEqual({ '👍': 3, '🎉': 1 });
    expect(top.own_reactions).toEqual([]);
    expect(top.voter_has_voted).toBe(false);
    expect(top.replies[0]).toMatchObject({ id: c2, hidden: true, reaction_counts: {}, own_reactions: [] });
    await h.board.dashboard.comments.unhide(c2);
    expect((await h.req('GET', `${h.path}/comments`)).json.comments[0].replies[0].hidden).toBe(false);
  });

  it('a parent that is not a comment of this post is 422, with the same message whether it exists or not', async () => {
    const h = await withPost();
    const other = await h.makePost('features', { title: 'Other' });
    const elsewhere = (await h.req('POST', `/boards/features/posts/${other.id}/comments`, { body: { body: 'there' } })).json.id;
    const before = await snapshot(h.board);
    const existing = await h.req('POST', `${h.path}/comments`, { body: { body: 'x', parent_comment_id: elsewhere } });
    const missing = await h.req('POST', `${h.path}/comments`, { body: { body: 'x', parent_comment_id: 9999 } });
    expect(existing.status).toBe(422);
    expect(existing.json.error.code).toBe('validation_error');
    expect(missing.text).toBe(existing.text);
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('validates body (1..10000 code points) and parent_comment_id (positive integer)', async () => {
    const h = await withPost();
    const before = await snapshot(h.board);
    for (const body of [{}, { body: '' }, { body: 'x'.repeat(10_001) }, { body: 'x', parent_comment_id: 0 }, { body: 'x', parent_comment_id: '1' }, { body: 'x', parent_comment_id: 1.5 }, { body: 'x', is_admin: false }]) {
      const r = await h.req('POST', `${h.path}/comments`, { body });
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
    expect(await snapshot(h.board)).toEqual(before);
    expect((await h.req('POST', `${h.path}/comments`, { body: { body: '😀'.repeat(10_000) } })).status).toBe(201);
  });
});
