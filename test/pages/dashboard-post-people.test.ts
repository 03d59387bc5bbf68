/**
 * The dashboard's post page and the people of a post: blocking and unblocking the author of the
 * post and of a comment, the team's comments and replies, and the similar posts; each form
 * refused without its CSRF token, and voters of another organization out of reach.
 */
import { describe, expect, it } from 'vitest';
import { Client, setupPages, signInTeam } from './helpers.js';

async function withVoterPost() {
  const setup = await setupPages();
  const ada = await setup.board.voters.register(setup.orgId, { email: 'ada@example.com', name: 'Ada' });
  const bob = await setup.board.voters.register(setup.orgId, { email: 'bob@example.com' });
  const post = await setup.board.voters.submitPost(ada.id, 'features', { title: 'Dark mode on mobile' });
  const comment = await setup.board.voters.comment(bob.id, post.id, { body: 'Yes please' });
  const client = new Client(setup.pages);
  await signInTeam(setup, client);
  return { setup, ada, bob, post, comment, client, team: setup.board.team(setup.orgId) };
}

describe('dashboard post page: authors, blocking, team comments, similar posts', () => {
  it('names the authors and blocks and unblocks the post\'s and a comment\'s author', async () => {
    const { setup, ada, bob, post, client, team } = await withVoterPost();
    const page = await client.get(`/dashboard/posts/${post.id}`);
    expect(page.text).toContain('by Ada (ada@example.com)');
    expect(page.text).toContain('by bob@example.com');
    expect((await client.get(`/dashboard/posts/${setup.ids.open}`)).text).toContain('Posted by the team.');
    const blocked = await client.post(`/dashboard/voters/${ada.id}/block`, { value: 'yes', post: String(post.id) });
    expect(blocked.location).toBe(`/dashboard/posts/${post.id}?notice=blocked`);
    expect(await team.voters.blockedAt(ada.id)).not.toBeNull();
    expect(await team.voters.blockedAt(bob.id)).toBeNull();
    const after = await client.get(blocked.location!);
    expect(after.text).toMatch(/Blocked \d+ Nov 2026/);
    expect(after.text).toContain('>Unblock<');
    await client.post(`/dashboard/voters/${bob.id}/block`, { value: 'yes', post: String(post.id) });
    expect(await team.voters.blockedAt(bob.id)).not.toBeNull();
    const unblocked = await client.post(`/dashboard/voters/${ada.id}/block`, { value: 'no', post: String(post.id) });
    expect(unblocked.location).toBe(`/dashboard/posts/${post.id}?notice=unblocked`);
    expect(await team.voters.blockedAt(ada.id)).toBeNull();
  });

  it('refuses a block without the CSRF token, with a bad value, for another organization\'s voter, or from a voter', async () => {
    const { setup, ada, post, client, team } = await withVoterPost();
    expect((await client.post(`/dashboard/voters/${ada.id}/block`, { value: 'yes', post: String(post.id) }, { csrf: '' })).status).toBe(403);
    expect((await client.post(`/dashboard/voters/${ada.id}/block`, { value: 'maybe', post: String(post.id) })).location).toContain('notice=invalid');
    const other = await setup.board.dashboard.organizations.create({ name: 'Other' });
    const stranger = await setup.board.voters.register(other.id, { email: 'ada@example.com' });
    expect((await client.post(`/dashboard/voters/${stranger.id}/block`, { value: 'yes' })).status).toBe(404);
    expect((await client.post('/dashboard/voters/abc/block', { value: 'yes' })).status).toBe(404);
    const visitor = new Client(setup.pages);
    await visitor.get('/');
    expect((await visitor.post(`/dashboard/voters/${ada.id}/block`, { value: 'yes' })).status).toBe(401);
    expect(await team.voters.blockedAt(ada.id)).toBeNull();
    expect(await setup.board.team(other.id).voters.blockedAt(stranger.id)).toBeNull();
  });

  it('comments and replies as the team: is_admin, shown with the Team badge on the public page', async () => {
    const { setup, post, comment, client } = await withVoterPost();
    const posted = await client.post(`/dashboard/posts/${post.id}/comments`, { body: 'On the roadmap for spring.' });
    expect(posted.location).toBe(`/dashboard/posts/${post.id}?notice=commented`);
    await client.post(`/dashboard/posts/${post.id}/comments`, { body: 'Thanks, Bob!', parent_comment_id: String(comment.id) });
    const api = await setup.board.api(setup.writeKey);
    const { comments } = await api.comments.list('features', post.id);
    expect(comments.map((c) => [c.body, c.is_admin, c.replies.map((r) => [r.body, r.is_admin])])).toEqual([
      ['Yes please', false, [['Thanks, Bob!', true]]],
      ['On the roadmap for spring.', true, []],
    ]);
    const before = JSON.stringify(comments);
    expect((await client.post(`/dashboard/posts/${post.id}/comments`, { body: '' })).location).toContain('notice=invalid');
    expect((await client.post(`/dashboard/posts/${post.id}/comments`, { body: 'x' }, { csrf: '' })).status).toBe(403);
    expect(JSON.stringify((await api.comments.list('features', post.id)).comments)).toBe(before);
    const publicPage = (await new Client(setup.pages).get(`/boards/features/posts/${post.id}`)).text;
    expect(publicPage).toMatch(/team-badge">Team<\/span>[\s\S]*?Thanks, Bob!/);
  });

  it('lists the board\'s similar posts as links, without the post itself', async () => {
    const { setup, post, client } = await withVoterPost();
    const page = await client.get(`/dashboard/posts/${post.id}`);
    const similar = page.text.slice(page.text.indexOf('id="similar"'));
    expect(similar).toContain(`href="/dashboard/posts/${setup.ids.open}"`);
    expect(similar).not.toContain(`href="/dashboard/posts/${post.id}"`);
    const lonely = await client.get(`/dashboard/posts/${setup.ids.draftPost}`);
    expect(lonely.text).toContain('No other post of this board sounds alike.');
  });
});
