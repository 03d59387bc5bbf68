/**
 * Merging posts beyond what the conformance suite checks: across boards of one organization, the
 * HTTP answers and their precedence, the `post.merged` event, and the team's and voters' sides,
 * which must treat a merged post as gone.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';

async function world() {
  const h = await createHarness();
  await h.makeBoard('features');
  await h.makeBoard('ideas');
  const source = await h.makePost('features', { title: 'Dark mode please' });
  const target = await h.makePost('ideas', { title: 'Dark theme' });
  const [voter] = await h.addVotes(source.id, 1);
  return { h, source, target, voter: voter! };
}

describe('merging posts', () => {
  it('merges into a post of another board of the organization, answering 200 with the target', async () => {
    const { h, source, target } = await world();
    const r = await h.req('POST', `/boards/features/posts/${source.id}/merge`, { body: { into: target.id } });
    expect(r.status, r.text).toBe(200);
    expect([r.json.id, r.json.vote_count]).toEqual([target.id, 1]);
    const gone = await h.req('GET', `/boards/features/posts/${source.id}`);
    expect([gone.status, gone.json.error.code, gone.json.error.message]).toEqual([404, 'not_found', `Post ${source.id} was merged into post ${target.id}.`]);
    expect((await h.req('GET', '/boards/features/posts')).json.total).toBe(0);
  });

  it('answers by precedence: the board and source (404), the scope (403), the body and the rules (422), then the target (404); changes nothing', async () => {
    const { h, source, target } = await world();
    const before = await snapshot(h.board);
    const cases: Array<[string, Record<string, unknown>, string | undefined, number, string]> = [
      [`/boards/nope/posts/${source.id}/merge`, { into: 'x' }, h.a.keys.propose, 404, 'not_found'],
      [`/boards/features/posts/${source.id}/merge`, { into: 'x' }, h.a.keys.propose, 403, 'insufficient_scope'],
      [`/boards/features/posts/${source.id}/merge`, { into: 'x' }, undefined, 422, 'validation_error'],
      [`/boards/nope/posts/${source.id}/merge`, { into: target.id }, undefined, 404, 'not_found'],
      [`/boards/ideas/posts/${source.id}/merge`, { into: target.id }, undefined, 404, 'not_found'],
      [`/boards/features/posts/${source.id}/merge`, { into: source.id }, undefined, 422, 'validation_error'],
      [`/boards/features/posts/${source.id}/merge`, { into: 999 }, undefined, 404, 'not_found'],
      [`/boards/features/posts/${source.id}/merge`, { into: target.id }, h.b.keys.write, 404, 'not_found'],
    ];
    for (const [path, body, key, status, code] of cases) {
      const r = await h.req('POST', path, { body, ...(key ? { key } : {}) });
      expect([path, r.status, r.json.error.code]).toEqual([path, status, code]);
    }
    expect(await snapshot(h.board)).toEqual(before);
  });

  it('sends post.merged with the board of the merged post, its id and the target after the merge', async () => {
    const { h, source, target } = await world();
    const hook = await h.board.dashboard.webhooks.create(h.a.id, { url: 'https://hooks.example.com/fb', events: ['post.merged'] });
    await (await h.board.api(h.a.keys.write)).posts.merge('features', source.id, { into: target.id });
    const [message] = (await h.board.dashboard.webhooks.messages(hook.id)).rows;
    const payload = JSON.parse(message!.payload);
    expect(payload.type).toBe('post.merged');
    expect([payload.data.board.slug, payload.data.post_id, payload.data.into.id, payload.data.into.vote_count]).toEqual(['features', source.id, target.id, 1]);
  });

  it('the team and voters meet a merged post as not found, and its pending proposal leaves the list', async () => {
    const { h, source, target, voter } = await world();
    await (await h.board.api(h.a.keys.propose)).agent.proposeStatus('features', source.id, { status: 'planned' });
    expect(await h.board.team(h.a.id).proposals.list()).toHaveLength(1);
    await h.board.team(h.a.id).api.posts.merge('features', source.id, { into: target.id });
    const before = await snapshot(h.board);
    const message = `Post ${source.id} was merged into post ${target.id}.`;
    const team = h.board.team(h.a.id);
    await expect(team.posts.setHidden(source.id, false)).rejects.toThrow(message);
    await expect(h.board.dashboard.posts.unhide(source.id)).rejects.toThrow(message);
    await expect(h.board.dashboard.posts.get(source.id)).rejects.toThrow(message);
    await expect(team.proposals.confirm(source.id)).rejects.toThrow(message);
    await expect(team.posts.author(source.id)).rejects.toThrow(message);
    await expect(h.board.voters.vote(voter, source.id)).rejects.toThrow(message);
    await expect(h.board.voters.follow(voter, source.id)).rejects.toThrow(message);
    expect(await team.proposals.list()).toEqual([]);
    expect(await snapshot(h.board)).toEqual(before);
  });
});
