/**
 * Comments edited and deleted: the team through `PATCH` and `DELETE …/comments/{comment_id}`
 * (`write` scope) and the dashboard side, a voter only their own comment. An edit sets
 * `edited_at` and keeps the earlier body for the team; a deletion keeps the comment's place and
 * its replies with an empty body; every refusal changes nothing. On memory and on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createHarness, T0 } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

const dir = mkdtempSync(join(tmpdir(), 'fb-comment-edits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const iso = (ms: number) => new Date(ms).toISOString();

async function world(store: 'memory' | 'sqlite') {
  const storage = store === 'sqlite' ? { storage: createSqliteStorage({ path: join(dir, `${Math.random()}.db`) }) } : {};
  const h = await createHarness({ ...storage, http: { rateLimit: false } });
  await h.makeBoard('features');
  const post = await h.makePost('features', { title: 'Dark mode' });
  const other = await h.makePost('features', { title: 'Export' });
  const ann = await h.board.voters.register(h.a.id, { email: 'ann@example.com', name: 'Ann' });
  const bob = await h.board.voters.register(h.a.id, { email: 'bob@example.com', name: 'Bob' });
  const team = await h.req('POST', `/boards/features/posts/${post.id}/comments`, { body: { body: 'From the team' } });
  const mine = await h.board.voters.comment(ann.id, post.id, { body: 'First words' });
  const reply = await h.board.voters.comment(bob.id, post.id, { body: 'Agreed', parent_comment_id: mine.id });
  await h.board.voters.react(bob.id, mine.id, '👍');
  const elsewhere = await h.board.voters.comment(bob.id, other.id, { body: 'On export' });
  const path = (id: number, postId = post.id) => `/boards/features/posts/${postId}/comments/${id}`;
  const list = async () => (await h.req('GET', `/boards/features/posts/${post.id}/comments`)).json.comments as any[];
  return { h, post, other, ann, bob, teamComment: team.json.id as number, mine, reply, elsewhere, path, list };
}

describe.each(['memory', 'sqlite'] as const)('comments edited and deleted (%s)', (store) => {
  it('PATCH sets the body and edited_at, keeps the earlier body for the team; an unchanged body changes nothing', async () => {
    const w = await world(store);
    w.h.clock.advance(5000);
    const r = await w.h.req('PATCH', w.path(w.mine.id), { body: { body: 'Better words' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ id: w.mine.id, body: 'Better words', edited_at: iso(T0 + 5000), deleted_at: null, reaction_counts: { '👍': 1 } });
    expect((await w.list())[1]).toMatchObject({ id: w.mine.id, body: 'Better words', edited_at: iso(T0 + 5000), replies: [{ id: w.reply.id }] });
    const history = await w.h.board.team(w.h.a.id).comments.history(w.mine.id);
    expect(history.edits).toEqual([{ id: 1, comment_id: w.mine.id, body: 'First words', replaced_at: iso(T0 + 5000), by_team: true }]);
    const before = await snapshot(w.h.board);
    w.h.clock.advance(1000);
    expect((await w.h.req('PATCH', w.path(w.mine.id), { body: { body: 'Better words' } })).json.edited_at).toBe(iso(T0 + 5000));
    expect(await snapshot(w.h.board)).toEqual(before);
  });

  it('DELETE keeps the place and the replies, empties the body and hides reactions; the team keeps the last body', async () => {
    const w = await world(store);
    w.h.clock.advance(7000);
    const r = await w.h.req('DELETE', w.path(w.mine.id));
    expect([r.status, r.text]).toEqual([204, '']);
    const [first, deleted] = await w.list();
    expect(first.id).toBe(w.teamComment);
    expect(deleted).toMatchObject({ id: w.mine.id, body: '', deleted_at: iso(T0 + 7000), reaction_counts: {}, attachments: [] });
    expect(deleted.replies).toMatchObject([{ id: w.reply.id, body: 'Agreed', deleted_at: null }]);
    const history = await w.h.board.team(w.h.a.id).comments.history(w.mine.id);
    expect(history.edits.map((e) => [e.body, e.by_team])).toEqual([['First words', true]]);
    // Still counted: the comment was written, and its place in the thread stays.
    expect((await w.h.board.storage.transaction('read', (tx) => tx.getPost(w.post.id)))!.comment_count).toBe(3);
  });

  it('refuses with nothing changed: unknown, of another post, of another organization, deleted, bad bodies, low scopes', async () => {
    const w = await world(store);
    await w.h.makeBoard('ideas', w.h.b.keys.write);
    const theirs = await w.h.makePost('ideas', { title: 'Theirs' }, w.h.b.keys.write);
    const theirComment = await w.h.req('POST', `/boards/ideas/posts/${theirs.id}/comments`, { key: w.h.b.keys.write, body: { body: 'Globex' } });
    await w.h.req('DELETE', w.path(w.teamComment));
    const before = await snapshot(w.h.board);
    const cases: [string, string, { key?: string; body?: unknown; raw?: string; headers?: Record<string, string> }, number, string][] = [
      ['PATCH', w.path(9999), { body: { body: 'x' } }, 404, 'not_found'],
      ['DELETE', w.path(9999), {}, 404, 'not_found'],
      ['PATCH', w.path(w.elsewhere.id), { body: { body: 'x' } }, 404, 'not_found'],
      ['DELETE', w.path(w.elsewhere.id), {}, 404, 'not_found'],
      ['PATCH', w.path(theirComment.json.id), { body: { body: 'x' } }, 404, 'not_found'],
      ['DELETE', `/boards/ideas/posts/${theirs.id}/comments/${theirComment.json.id}`, {}, 404, 'not_found'],
      ['PATCH', w.path(w.teamComment), { body: { body: 'x' } }, 404, 'not_found'],
      ['DELETE', w.path(w.teamComment), {}, 404, 'not_found'],
      ['PATCH', w.path(w.teamComment), { body: { body: '' } }, 404, 'not_found'],
      ['PATCH', w.path(w.mine.id), { body: { body: '' } }, 422, 'validation_error'],
      ['PATCH', w.path(w.mine.id), { body: {} }, 422, 'validation_error'],
      ['PATCH', w.path(w.mine.id), { body: { body: 'x', hidden: true } }, 422, 'validation_error'],
      ['PATCH', w.path(w.mine.id), { raw: '' }, 422, 'validation_error'],
      ['PATCH', w.path(w.mine.id), { raw: '{"body":', headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
      ['PATCH', w.path(w.mine.id), { raw: '[1]', headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
      ['PATCH', w.path(w.mine.id), { key: w.h.a.keys.propose, body: { body: 'x' } }, 403, 'insufficient_scope'],
      ['DELETE', w.path(w.mine.id), { key: w.h.a.keys.read }, 403, 'insufficient_scope'],
      ['DELETE', w.path(w.mine.id), { key: w.h.b.keys.write }, 404, 'not_found'],
    ];
    for (const [method, path, options, status, code] of cases) {
      const r = await w.h.req(method, path, options as never);
      expect([method, path, r.status, r.json?.error?.code]).toEqual([method, path, status, code]);
    }
    expect(await snapshot(w.h.board)).toEqual(before);
  });

  it('a voter edits and deletes only their own comment; another voter, a team comment and a blocked voter are refused', async () => {
    const w = await world(store);
    w.h.clock.advance(3000);
    const edited = await w.h.board.voters.editComment(w.ann.id, w.mine.id, { body: 'Ann again' });
    expect(edited).toMatchObject({ body: 'Ann again', edited_at: iso(T0 + 3000) });
    expect((await w.h.board.team(w.h.a.id).comments.history(w.mine.id)).edits).toMatchObject([{ body: 'First words', by_team: false }]);
    const before = await snapshot(w.h.board);
    await expect(w.h.board.voters.editComment(w.bob.id, w.mine.id, { body: 'Bob was here' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(w.h.board.voters.deleteComment(w.bob.id, w.mine.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(w.h.board.voters.deleteComment(w.ann.id, w.teamComment)).rejects.toMatchObject({ code: 'not_found' });
    await expect(w.h.board.voters.editComment(w.ann.id, w.mine.id, { body: '' })).rejects.toMatchObject({ code: 'validation_error' });
    await w.h.board.team(w.h.a.id).voters.block(w.ann.id);
    const blocked = await snapshot(w.h.board);
    await expect(w.h.board.voters.deleteComment(w.ann.id, w.mine.id)).rejects.toMatchObject({ code: 'insufficient_scope' });
    expect(await snapshot(w.h.board)).toEqual(blocked);
    await w.h.board.team(w.h.a.id).voters.unblock(w.ann.id);
    expect(before).not.toEqual(blocked);
    await w.h.board.voters.deleteComment(w.ann.id, w.mine.id);
    await expect(w.h.board.voters.editComment(w.ann.id, w.mine.id, { body: 'Back' })).rejects.toMatchObject({ code: 'not_found' });
    expect((await w.list())[1]).toMatchObject({ id: w.mine.id, body: '', replies: [{ id: w.reply.id }] });
  });

  it("the team's history refuses another organization's comment", async () => {
    const w = await world(store);
    await expect(w.h.board.team(w.h.b.id).comments.history(w.mine.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(w.h.board.team(w.h.a.id).comments.history(9999)).rejects.toMatchObject({ code: 'not_found' });
  });
});
