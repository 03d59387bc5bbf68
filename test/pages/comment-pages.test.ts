/**
 * A post with many comments is shown a page of comments at a time, with links that work without
 * JavaScript; a reply stays on the page of its thread, and a new comment lands on its page.
 */
import { describe, expect, it } from 'vitest';
import { COMMENTS_PER_PAGE } from '../../src/pages/comment-pages.js';
import { Client, setupPages, signInVoter } from './helpers.js';

/** The comment bodies of a page, in order (each rendered as Markdown: one paragraph). */
const bodies = (text: string) => [...text.matchAll(/<div class="markdown"><p>(c\d+(?:-r\d+)?)<\/p>/g)].map((m) => m[1]);

async function setupComments(count: number) {
  const setup = await setupPages();
  const api = await setup.board.api(setup.writeKey);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await api.comments.create('features', setup.ids.open, { body: `c${i}` })).id);
  return { setup, api, ids, path: `/boards/features/posts/${setup.ids.open}` };
}

describe('pages of comments', () => {
  it(`shows ${COMMENTS_PER_PAGE} comments a page, oldest first, with links to the others`, async () => {
    const { setup, path } = await setupComments(COMMENTS_PER_PAGE * 2 + 30);
    const client = new Client(setup.pages);
    const first = await client.get(path);
    expect(bodies(first.text)).toEqual(Array.from({ length: COMMENTS_PER_PAGE }, (_, i) => `c${i}`));
    expect(first.text).toContain(`href="${path}?comments=2#comments"`);
    expect(first.text).not.toContain('Earlier comments');
    const second = await client.get(`${path}?comments=2`);
    expect(bodies(second.text)[0]).toBe(`c${COMMENTS_PER_PAGE}`);
    expect(second.text).toContain(`href="${path}?comments=1#comments"`);
    expect(second.text).toContain(`href="${path}?comments=3#comments"`);
    const last = await client.get(`${path}?comments=3`);
    expect(bodies(last.text)).toHaveLength(30);
    expect(last.text).not.toContain('Later comments');
    // Past the end is the last page; a malformed number the first.
    expect(bodies((await client.get(`${path}?comments=99`)).text)).toEqual(bodies(last.text));
    expect(bodies((await client.get(`${path}?comments=x`)).text)).toEqual(bodies(first.text));
  });

  it('keeps a thread whole on one page, and opens the page of a comment named by id', async () => {
    const { setup, api, ids, path } = await setupComments(COMMENTS_PER_PAGE - 2);
    const thread = ids[COMMENTS_PER_PAGE - 3]!;
    for (let r = 0; r < 5; r++) await api.comments.create('features', setup.ids.open, { body: `c${COMMENTS_PER_PAGE - 3}-r${r}`, parent_comment_id: thread });
    const after = await api.comments.create('features', setup.ids.open, { body: 'c999' });
    const client = new Client(setup.pages);
    const first = bodies((await client.get(path)).text);
    expect(first.slice(-5)).toEqual(Array.from({ length: 5 }, (_, r) => `c${COMMENTS_PER_PAGE - 3}-r${r}`));
    expect(first).not.toContain('c999');
    expect(bodies((await client.get(`${path}?comment=${after.id}`)).text)).toEqual(['c999']);
  });

  it('brings a voter who comments to the page that shows the new comment', async () => {
    const { setup, path } = await setupComments(COMMENTS_PER_PAGE + 1);
    const voter = new Client(setup.pages);
    await signInVoter(setup, voter);
    await voter.get(path);
    const posted = await voter.post(`${path}/comments`, { body: 'c500' });
    expect(posted.status).toBe(303);
    const landing = await voter.get(posted.location!);
    expect(bodies(landing.text)).toContain('c500');
  });
});
