/**
 * Submitting an idea over HTTP: the similar-posts step and "Vote for this instead", posting
 * anyway, the draft kept across sign-in, bad input, the per-voter limit, and refusals that change
 * nothing (no CSRF token, another origin, a draft board).
 */
import { describe, expect, it } from 'vitest';
import { Client, linkToken, setupPages, signInVoter, type PagesSetup } from './helpers.js';

async function boardPosts(setup: PagesSetup) {
  const api = await setup.board.api(setup.writeKey);
  return (await api.posts.list('features', { limit: '100' })).posts;
}

describe('submitting an idea', () => {
  it('shows similar posts first; "Vote for this instead" votes and creates nothing', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    const board = await client.get('/boards/features');
    expect(board.text).toContain('Submit an idea');
    expect(board.text).toContain('value="UI"');
    const before = (await boardPosts(setup)).length;
    const step = await client.post('/boards/features/ideas', { title: 'Dark mode for the editor', body: 'At night' });
    expect(step.status).toBe(200);
    expect(step.text).toContain('Is your idea already here?');
    expect(step.text).toContain('Dark mode');
    expect(step.text).toContain('Vote for this instead');
    expect(step.text).toContain('Post my idea anyway');
    expect(step.text).toContain('value="Dark mode for the editor"');
    expect((await boardPosts(setup)).length).toBe(before);
    const vote = await client.post(`/boards/features/posts/${setup.ids.open}/vote`, { action: 'vote', next: `/boards/features/posts/${setup.ids.open}` });
    expect(vote.location).toBe(`/boards/features/posts/${setup.ids.open}?notice=voted`);
    const posts = await boardPosts(setup);
    expect(posts.length).toBe(before);
    expect(posts.find((p) => p.id === setup.ids.open)!.vote_count).toBe(1);
  });

  it('"Post my idea anyway" creates the voter\'s post: not the team\'s, voted, followed, tagged', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInVoter(setup, client, 'ada@example.com');
    await client.get('/boards/features');
    const posted = await client.post('/boards/features/ideas', { step: 'post', title: 'Dark mode for the editor', body: 'At night', tags: 'ui' });
    expect(posted.status).toBe(303);
    const id = Number(/\/posts\/(\d+)\?notice=submitted$/.exec(posted.location ?? '')?.[1]);
    const api = await setup.board.api(setup.writeKey);
    const post = await api.posts.get('features', id);
    expect([post.title, post.body, post.is_admin, post.vote_count, post.tags.map((t) => t.name)]).toEqual(['Dark mode for the editor', 'At night', false, 1, ['UI']]);
    const author = await setup.board.team(setup.orgId).posts.author(id);
    expect(author?.email).toBe('ada@example.com');
    expect(await setup.board.voters.isFollowing(author!.id, id)).toBe(true);
    const page = await client.get(posted.location!);
    expect(page.text).toContain('Your idea was posted.');
    expect(page.text).toContain('Unfollow');
  });

  it('posts a distinct idea at once, and refuses a title-less one or a tag the board lacks, changing nothing', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    await client.get('/boards/features');
    const before = (await boardPosts(setup)).length;
    for (const form of [{ title: '   ' }, { title: 'Export to spreadsheets', tags: 'no-such-tag' }] as Record<string, string>[]) {
      const refused = await client.post('/boards/features/ideas', { step: 'post', ...form });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain('role="alert"');
      expect((await boardPosts(setup)).length).toBe(before);
    }
    const posted = await client.post('/boards/features/ideas', { title: 'Export to spreadsheets' });
    expect(posted.location).toMatch(/^\/boards\/features\/posts\/\d+\?notice=submitted$/);
    expect((await boardPosts(setup)).length).toBe(before + 1);
  });

  it('leads a visitor to sign-in and back to the form with the draft kept (cookie read once)', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await client.get('/boards/features');
    const sent = await client.post('/boards/features/ideas', { title: 'Offline mode <b>now</b>', body: 'For trains', tags: 'UI' });
    expect(sent.location).toBe(`/sign-in?next=${encodeURIComponent('/boards/features/ideas/new')}&notice=sign_in_to_submit`);
    expect(client.cookies.has('fb_draft')).toBe(true);
    expect((await boardPosts(setup)).some((p) => p.title.startsWith('Offline'))).toBe(false);
    const signIn = await client.get(sent.location!);
    expect(signIn.text).toContain('Sign in to submit your idea');
    await client.post('/sign-in', { email: 'new@example.com', next: '/boards/features/ideas/new' });
    const mail = setup.mailer.messages.at(-1)!;
    expect(mail.text).not.toContain('Offline');
    const token = linkToken(mail.text);
    await client.get(`/sign-in/link?token=${token}`);
    const used = await client.post('/sign-in/link', { token });
    expect(used.location).toBe('/boards/features/ideas/new?notice=signed_in');
    const form = await client.get(used.location!);
    expect(form.text).toContain('value="Offline mode &lt;b&gt;now&lt;/b&gt;"');
    expect(form.text).toContain('For trains');
    expect(form.text).toMatch(/value="UI" checked/);
    expect(client.cookies.has('fb_draft')).toBe(false);
    expect((await client.get('/boards/features/ideas/new')).text).not.toContain('For trains');
  });

  it('keeps a long draft cut to the cookie, and says so', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await client.get('/boards/features');
    await client.post('/boards/features/ideas', { title: 'Long one', body: 'é'.repeat(10_000) });
    expect(client.cookies.get('fb_draft')!.length).toBeLessThanOrEqual(3_600);
    const form = await client.get('/boards/features/ideas/new');
    expect(form.text).toContain('its end was cut');
    expect(form.text).toContain('value="Long one"');
    expect(form.text).toMatch(/é{500}/);
  });

  it('ignores a draft cookie of another board or one that is not a draft', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await client.get('/boards/features');
    client.cookies.set('fb_draft', 'not-base64-json');
    const form = await client.get('/boards/features/ideas/new');
    expect(form.status).toBe(200);
    expect(form.text).toContain('value=""');
  });

  it('refuses a submission without the CSRF token or from another origin, and on a draft board; nothing changes', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    await client.get('/boards/features');
    const before = (await boardPosts(setup)).length;
    const form = { step: 'post', title: 'Sneaky idea' };
    expect((await client.post('/boards/features/ideas', form, { csrf: '' })).status).toBe(403);
    expect((await client.post('/boards/features/ideas', form, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await client.post('/boards/drafts/ideas', form)).status).toBe(404);
    expect((await client.get('/boards/drafts/ideas/new')).status).toBe(404);
    expect((await boardPosts(setup)).length).toBe(before);
    expect(client.cookies.has('fb_draft')).toBe(false);
  });

  it('offers no form with voterSubmissions: false, and the idea routes are 404 there', async () => {
    const setup = await setupPages({ voterSubmissions: false });
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    const board = await client.get('/boards/features');
    expect(board.text).toContain('Dark mode');
    expect(board.text).not.toContain('Submit an idea');
    expect((await client.get('/boards/features/ideas/new')).status).toBe(404);
    const before = (await boardPosts(setup)).length;
    expect((await client.post('/boards/features/ideas', { step: 'post', title: 'Not here' })).status).toBe(404);
    expect((await boardPosts(setup)).length).toBe(before);
  });

  it('answers the per-voter limit with the time to wait, and saves nothing', async () => {
    const setup = await setupPages({}, { limits: { voterPostsPerHour: 2 } });
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    await client.get('/boards/features');
    for (const title of ['First idea here', 'Second idea here']) {
      expect((await client.post('/boards/features/ideas', { step: 'post', title })).status).toBe(303);
      setup.clock.advance(60_000);
    }
    const before = (await boardPosts(setup)).length;
    const refused = await client.post('/boards/features/ideas', { step: 'post', title: 'Third idea here' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3480');
    expect(refused.text).toContain('Try again in 58 minutes.');
    expect((await boardPosts(setup)).length).toBe(before);
  });
});
