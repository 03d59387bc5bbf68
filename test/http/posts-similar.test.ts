import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

const PATH = '/boards/features/posts/similar';
const similar = (text: string, extra = '') => `${PATH}?text=${encodeURIComponent(text)}${extra}`;
type Found = { post: { id: number; title: string; vote_count: number }; score: number };
const titles = (r: { json: { posts: Found[] } }) => r.json.posts.map((p) => p.post.title);

async function seeded() {
  const h = await createHarness();
  await h.makeBoard();
  const ids: Record<string, number> = {};
  for (const title of ['Dark mode for the dashboard', 'Export reports to CSV', 'Slow loading of the roadmap page']) {
    ids[title] = (await h.makePost('features', { title })).id;
  }
  return Object.assign(h, { ids });
}

describe('similar posts', () => {
  it('answers 200 with posts in the list shape and a score in (0, 1], best first', async () => {
    const h = await seeded();
    const r = await h.req('GET', similar('A dark theme for the dashboard'), { key: h.a.keys.read });
    expect(r.status).toBe(200);
    expect(titles(r)).toEqual(['Dark mode for the dashboard']);
    const [found] = r.json.posts as Found[];
    expect(found!.score).toBeGreaterThan(0);
    expect(found!.score).toBeLessThanOrEqual(1);
    const listed = await h.req('GET', '/boards/features/posts', { key: h.a.keys.read });
    expect(found!.post).toEqual(listed.json.posts.find((p: { id: number }) => p.id === found!.post.id));
  });

  it('scores a title with exactly the words of the text 1', async () => {
    const h = await seeded();
    const r = await h.req('GET', similar('export report csv'));
    expect(r.json.posts.map((p: Found) => [p.post.title, p.score])).toEqual([['Export reports to CSV', 1]]);
  });

  it('answers an empty list when nothing shares a word, or the text has no word', async () => {
    const h = await seeded();
    expect((await h.req('GET', similar('webhooks retry'))).json).toEqual({ posts: [] });
    expect((await h.req('GET', similar('the and for'))).json).toEqual({ posts: [] });
    expect((await h.req('GET', similar('!!! ???'))).json).toEqual({ posts: [] });
  });

  it('never returns hidden posts, and returns them again once shown', async () => {
    const h = await seeded();
    const id = h.ids['Export reports to CSV']!;
    await h.board.dashboard.posts.hide(id);
    expect((await h.req('GET', similar('export reports to csv'))).json).toEqual({ posts: [] });
    await h.board.dashboard.posts.unhide(id);
    expect(titles(await h.req('GET', similar('export reports to csv')))).toEqual(['Export reports to CSV']);
  });

  it('follows a changed title and forgets a deleted post', async () => {
    const h = await seeded();
    const id = h.ids['Slow loading of the roadmap page']!;
    await h.req('PATCH', `/boards/features/posts/${id}`, { body: { title: 'Keyboard shortcuts' } });
    expect((await h.req('GET', similar('slow roadmap page'))).json).toEqual({ posts: [] });
    expect(titles(await h.req('GET', similar('shortcuts for the keyboard')))).toEqual(['Keyboard shortcuts']);
    await h.req('DELETE', `/boards/features/posts/${id}`);
    expect((await h.req('GET', similar('shortcuts for the keyboard'))).json).toEqual({ posts: [] });
  });

  it('leaves out a post that shares too little to reach the minimum score', async () => {
    const h = await seeded();
    await h.makePost('features', { title: 'Charts, tables and reports load slowly on phones and tablets' });
    // One shared word ("report") among the post's eight and the text's four: below the minimum.
    expect(titles(await h.req('GET', similar('Export reports to CSV spreadsheets')))).toEqual(['Export reports to CSV']);
  });

  it('breaks ties by vote_count desc, then id asc, and stops at limit', async () => {
    const h = await seeded();
    const ids: number[] = [];
    for (const votes of [1, 3, 3, 0]) {
      const post = await h.makePost('features', { title: 'Single sign-on with SAML' });
      await h.addVotes(post.id, votes);
      ids.push(post.id);
    }
    const r = await h.req('GET', similar('single sign-on with saml'));
    expect(r.json.posts.map((p: Found) => [p.post.id, p.score])).toEqual([
      [ids[1], 1], [ids[2], 1], [ids[0], 1], [ids[3], 1],
    ]);
    const two = await h.req('GET', similar('single sign-on with saml', '&limit=2'));
    expect(two.json.posts.map((p: Found) => p.post.id)).toEqual([ids[1], ids[2]]);
    const five = await h.req('GET', similar('single sign-on with saml'));
    expect(five.json.posts).toHaveLength(4);
  });

  it('answers 422 for text out of 3..500 characters after trimming, and for a bad limit', async () => {
    const h = await seeded();
    for (const query of [
      '', // text missing
      '?text=ab',
      `?text=${encodeURIComponent('  ab  ')}`,
      `?text=${'a'.repeat(501)}`,
      '?text=dark&limit=0',
      '?text=dark&limit=21',
      '?text=dark&limit=2.5',
      '?text=dark&limit=x',
      '?text=dark&text=mode',
      '?text=dark&limit=1&limit=2',
    ]) {
      const r = await h.req('GET', `${PATH}${query}`);
      expect(r.status, query).toBe(422);
      expect(r.json.error.code, query).toBe('validation_error');
    }
    expect((await h.req('GET', `${PATH}?text=${'a'.repeat(500)}&limit=20`)).status).toBe(200);
    expect((await h.req('GET', `${PATH}?text=abc&limit=1`)).status).toBe(200);
  });

  it("answers 404 for another organization's board and 401 without a key", async () => {
    const h = await seeded();
    expect((await h.req('GET', similar('dark mode'), { key: h.b.keys.read })).status).toBe(404);
    expect((await h.req('GET', similar('dark mode'), { key: null })).status).toBe(401);
  });

  it('is in the in-process API, the same answer as over HTTP', async () => {
    const h = await seeded();
    const api = await h.board.api(h.a.keys.read);
    const direct = await api.posts.similar('features', { text: 'dark theme dashboard', limit: '3' });
    expect(direct).toEqual((await h.req('GET', similar('dark theme dashboard', '&limit=3'))).json);
    expect(direct.posts).toHaveLength(1);
  });
});
