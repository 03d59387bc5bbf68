/**
 * Comments edited and deleted on the pages: a voter edits and deletes their own comment from the
 * post page (with the CSRF token, like every form), and nobody else's: another voter's session, a
 * forged form without the token, a comment of another post all change nothing. The team edits,
 * deletes and reads earlier versions on the dashboard. @mentions are set off, escaped.
 */
import { describe, expect, it } from 'vitest';
import { Client, HOSTILE, setupPages, signInTeam, signInVoter } from './helpers.js';

async function withComments() {
  const setup = await setupPages();
  const ann = new Client(setup.pages);
  const bob = new Client(setup.pages);
  await signInVoter(setup, ann, 'ann@example.com');
  await signInVoter(setup, bob, 'bob@example.com');
  const post = `/boards/features/posts/${setup.ids.open}`;
  const commentsNow = async () => (await (await setup.board.api(setup.writeKey)).comments.list('features', setup.ids.open)).comments;
  await ann.get(post);
  await ann.post(`${post}/comments`, { body: 'Ann was here' });
  const mine = (await commentsNow()).at(-1)!;
  await bob.get(post);
  await bob.post(`${post}/comments`, { body: 'Bob agrees', parent_comment_id: String(mine.id) });
  return { setup, ann, bob, post, mine, commentsNow };
}

describe('comments edited and deleted on the pages', () => {
  it('a voter edits and deletes their own comment; the thread says it was removed and keeps the reply', async () => {
    const { ann, post, mine, commentsNow } = await withComments();
    const page = (await ann.get(post)).text;
    expect(page).toContain(`action="${post}/comments/${mine.id}/edit"`);
    const edited = await ann.post(`${post}/comments/${mine.id}/edit`, { body: 'Ann was here, edited' });
    expect(edited.location).toBe(`${post}?comment=${mine.id}&notice=comment_edited#comment-${mine.id}`);
    const shown = (await ann.get(edited.location!)).text;
    expect(shown).toContain('Ann was here, edited');
    expect(shown).toContain('(edited)');
    expect((await ann.post(`${post}/comments/${mine.id}/edit`, { body: '' })).location).toBe(`${post}?notice=invalid`);
    const deleted = await ann.post(`${post}/comments/${mine.id}/delete`);
    expect(deleted.location).toBe(`${post}?comment=${mine.id}&notice=comment_deleted#comment-${mine.id}`);
    const after = (await ann.get(post)).text;
    expect(after).toContain('This comment was removed.');
    expect(after).not.toContain('Ann was here');
    expect(after).toContain('Bob agrees');
    expect(after).not.toContain(`/comments/${mine.id}/edit"`);
    const [top] = (await commentsNow()).filter((c) => c.id === mine.id);
    expect([top!.body, top!.replies.map((r) => r.body)]).toEqual(['', ['Bob agrees']]);
  });

  it("another voter, a forged form and a comment of another post change nothing", async () => {
    const { setup, ann, bob, post, mine, commentsNow } = await withComments();
    const before = JSON.stringify(await commentsNow());
    expect((await bob.get(post)).text).not.toContain(`/comments/${mine.id}/edit"`);
    expect((await bob.post(`${post}/comments/${mine.id}/edit`, { body: 'Bob rewrote it' })).status).toBe(404);
    expect((await bob.post(`${post}/comments/${mine.id}/delete`)).status).toBe(404);
    expect((await ann.post(`${post}/comments/${mine.id}/edit`, { body: 'Forged' }, { csrf: '' })).status).toBe(403);
    expect((await ann.post(`${post}/comments/${mine.id}/delete`, {}, { csrf: bob.csrf })).status).toBe(403);
    const elsewhere = `/boards/features/posts/${setup.ids.hostile}`;
    expect((await ann.post(`${elsewhere}/comments/${mine.id}/delete`)).status).toBe(404);
    const visitor = new Client(setup.pages);
    await visitor.get(post);
    // A visitor's page holds no form with a token: refused before anything is read.
    expect((await visitor.post(`${post}/comments/${mine.id}/delete`)).status).toBe(403);
    expect(JSON.stringify(await commentsNow())).toBe(before);
  });

  it('the team edits and deletes any comment on the dashboard and reads its earlier versions', async () => {
    const { setup, mine, commentsNow } = await withComments();
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    const page = `/dashboard/posts/${setup.ids.open}`;
    expect((await team.get(page)).text).toContain(`action="/dashboard/comments/${mine.id}/edit"`);
    const saved = await team.post(`/dashboard/comments/${mine.id}/edit`, { post: String(setup.ids.open), body: 'Tidied by the team' });
    expect(saved.location).toBe(`${page}?notice=saved`);
    expect((await team.post(`/dashboard/comments/${mine.id}/delete`, { post: String(setup.ids.open) })).location).toBe(`${page}?notice=deleted`);
    expect((await team.get(page)).text).toContain('This comment was removed.');
    const history = (await team.get(`/dashboard/comments/${mine.id}/history`)).text;
    expect(history.indexOf('Tidied by the team')).toBeGreaterThan(0);
    expect(history.indexOf('Tidied by the team')).toBeLessThan(history.indexOf('Ann was here'));
    expect(history).toContain('replaced by the team');
    // Gone, or of another post: the 404 page, and nothing changes.
    const before = JSON.stringify(await commentsNow());
    expect((await team.post(`/dashboard/comments/${mine.id}/edit`, { post: String(setup.ids.open), body: 'Again' })).status).toBe(404);
    expect((await team.post(`/dashboard/comments/${mine.id + 1}/delete`, { post: String(setup.ids.hostile) })).status).toBe(404);
    expect((await team.get('/dashboard/comments/99999/history')).status).toBe(404);
    expect(JSON.stringify(await commentsNow())).toBe(before);
    expect((await new Client(setup.pages).get(`/dashboard/comments/${mine.id}/history`)).status).not.toBe(200);
  });

  it('sets off @mentions, escaping what they and the text around them hold', async () => {
    const { ann, post } = await withComments();
    await ann.post(`${post}/comments`, { body: `Thanks @BobSmith. ${HOSTILE.comment} @<b>x</b>` });
    const page = (await ann.get(post)).text;
    expect(page).toContain('Thanks <span class="mention">@BobSmith</span>. ');
    expect(page).not.toContain('<script>window.__xss');
    expect(page).toContain('&lt;/p&gt;&lt;script&gt;window.__xss=5&lt;/script&gt;');
    expect(page).not.toContain('<b>x</b>');
  });
});
