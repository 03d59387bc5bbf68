/**
 * The public pages over HTTP: what they show and never show, the 404s, and what a signed-in
 * voter does there (vote, unvote, comment, reply, react), each change visible on the next page.
 */
import { describe, expect, it } from 'vitest';
import { Client, HOSTILE, setupPages, signInVoter } from './helpers.js';

describe('public pages', () => {
  it('lists published boards only, and a board lists its visible posts with vote counts', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    const home = await client.get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('href="/boards/features"');
    expect(home.text).not.toContain('Drafts');
    const board = await client.get('/boards/features?sort=new');
    expect(board.status).toBe(200);
    expect(board.text).toContain('Dark mode');
    expect(board.text).not.toContain('Secret hidden post');
    const filtered = await client.get('/boards/features?status=shipped');
    expect(filtered.text).not.toContain('Dark mode');
    const searched = await client.get('/boards/features?q=dark');
    expect(searched.text).toContain('Dark mode');
    expect(searched.text).not.toContain('onerror');
    // Values outside the choices fall back to the defaults instead of failing.
    expect((await client.get('/boards/features?sort=bogus&status=nope&page=-3')).status).toBe(200);
  });

  it('pages through a long board', async () => {
    const setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    for (let i = 0; i < 25; i++) await api.posts.create('features', { title: `Bulk ${String(i).padStart(2, '0')}` });
    const client = new Client(setup.pages);
    const first = await client.get('/boards/features?sort=new');
    expect(first.text).toContain('Bulk 24');
    expect(first.text).toContain('page=2');
    const second = await client.get('/boards/features?sort=new&page=2');
    expect(second.text).toContain('Bulk 00');
    expect(second.text).not.toContain('Bulk 24');
  });

  it('answers 404 for drafts, hidden posts, posts of drafts, other boards\' posts and unknown paths', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    for (const path of [
      '/boards/drafts',
      '/boards/drafts/roadmap',
      '/boards/drafts/changelog',
      `/boards/drafts/posts/${setup.ids.draftPost}`,
      `/boards/features/posts/${setup.ids.hidden}`,
      `/boards/features/posts/${setup.ids.draftPost}`,
      '/boards/features/posts/999',
      '/boards/features/posts/abc',
      '/boards/nope',
      '/nothing/here',
    ]) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toContain('Secret hidden post');
      expect(answer.text).not.toContain('Draft board post');
    }
  });

  it('shows the Implementation section and never a claim, a proposal or a key', async () => {
    const setup = await setupPages();
    const agent = await setup.board.api(setup.proposeKey);
    await agent.agent.claim('features', setup.ids.open, { agent_label: 'claimer-label-xyz' });
    await agent.agent.addEvidence('features', setup.ids.open, { kind: 'pr', ref: 'https://git.example/pr/7', label: 'PR 7' });
    await agent.agent.proposeStatus('features', setup.ids.open, { status: 'shipped', note: 'proposal-note-xyz' });
    const post = await new Client(setup.pages).get(`/boards/features/posts/${setup.ids.open}`);
    expect(post.status).toBe(200);
    expect(post.text).toContain('Implementation');
    expect(post.text).toContain('<a href="https://git.example/pr/7" rel="nofollow noopener noreferrer">PR 7</a>');
    for (const secret of ['claimer-label-xyz', 'proposal-note-xyz', 'fbk_', setup.proposeKey.slice(0, 12)]) expect(post.text).not.toContain(secret);
    expect(post.text).toContain('Open');
  });

  it('renders hostile titles, bodies, tags, comments and evidence as text, never as markup or links', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    for (const path of ['/boards/features', `/boards/features/posts/${setup.ids.hostile}`, '/boards/features/roadmap']) {
      const page = await client.get(path);
      expect(page.text).not.toMatch(/<script>window/);
      expect(page.text).not.toMatch(/<img src=x/);
      expect(page.text).not.toMatch(/<svg onload/);
      expect(page.text).not.toMatch(/<b onmouseover/);
      expect(page.text).not.toContain('href="javascript:');
    }
    const post = await client.get(`/boards/features/posts/${setup.ids.hostile}`);
    expect(post.text).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(post.text).toContain('<code>javascript:window.__xss=6</code>');
    expect(post.text).toContain('<a href="https://example.com/changelog"');
  });

  it('lets a signed-in voter vote, unvote, comment, reply and react', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    const path = `/boards/features/posts/${setup.ids.open}`;
    const page = await client.get(path);
    expect(page.text).toContain('Signed in as voter@example.com');
    const voted = await client.post(`${path}/vote`, { action: 'vote' });
    expect(voted.status).toBe(303);
    expect(voted.location).toBe(`${path}?notice=voted`);
    expect((await setup.board.storage.transaction('read', (tx) => tx.getPost(setup.ids.open)))!.vote_count).toBe(1);
    expect((await client.get(path)).text).toContain('aria-pressed="true"');
    await client.post(`${path}/vote`, { action: 'unvote' });
    expect((await setup.board.storage.transaction('read', (tx) => tx.getPost(setup.ids.open)))!.vote_count).toBe(0);

    const commented = await client.post(`${path}/comments`, { body: 'Count me in' });
    expect(commented.location).toMatch(/notice=commented#comment-\d+$/);
    const commentId = Number(/#comment-(\d+)/.exec(commented.location!)![1]);
    await client.post(`${path}/comments`, { body: 'A reply', parent_comment_id: String(commentId) });
    await client.post(`${path}/comments/${commentId}/react`, { reaction: '🎉' });
    const api = await setup.board.api(setup.writeKey);
    const { comments } = await api.comments.list('features', setup.ids.open);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ body: 'Count me in', is_admin: false, reaction_counts: { '🎉': 1 } });
    expect(comments[0]!.replies.map((r) => r.body)).toEqual(['A reply']);
    // A reaction outside the offered set and an empty comment change nothing.
    expect((await client.post(`${path}/comments/${commentId}/react`, { reaction: '<x>' })).location).toMatch(/notice=invalid/);
    expect((await client.post(`${path}/comments`, { body: '' })).location).toMatch(/notice=invalid/);
    expect((await api.comments.list('features', setup.ids.open)).comments).toHaveLength(1);
  });

  it('brings a vote cast on a board back to the post voted for; a vote on the post\'s own page back to its top', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    await signInVoter(setup, client);
    const board = await client.get('/boards/features?sort=new&page=1');
    expect(board.text).toContain(`<article class="card post" id="post-${setup.ids.open}">`);
    const path = `/boards/features/posts/${setup.ids.open}`;
    const fromBoard = await client.post(`${path}/vote`, { action: 'vote', next: '/boards/features?sort=new&page=1' });
    expect(fromBoard.location).toBe(`/boards/features?sort=new&page=1&notice=voted#post-${setup.ids.open}`);
    const fromPost = await client.post(`${path}/vote`, { action: 'unvote', next: path });
    expect(fromPost.location).toBe(`${path}?notice=unvoted`);
    // A next outside the pages still goes to the post, with no fragment.
    const elsewhere = await client.post(`${path}/vote`, { action: 'vote', next: 'https://evil.example/#post-1' });
    expect(elsewhere.location).toBe(`${path}?notice=voted`);
  });

  it('names its icon on every page and serves it as a cached image that runs nothing', async () => {
    const setup = await setupPages({ basePath: '/feedback' });
    const client = new Client(setup.pages);
    for (const path of ['/feedback/', '/feedback/boards/features', '/feedback/sign-in']) {
      expect((await client.get(path)).text, path).toContain('<link rel="icon" type="image/svg+xml" href="/feedback/assets/favicon.svg"/>');
    }
    const icon = await setup.pages(new Request('http://pages.test/feedback/assets/favicon.svg'));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(icon.headers.get('content-security-policy')).toContain('sandbox');
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await icon.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    expect((await setup.pages(new Request('http://pages.test/feedback/assets/favicon.svg', { method: 'POST' }))).status).not.toBe(200);
  });

  it('sends a visitor who is not signed in to sign in instead of voting', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    // A form of the site, as one left open in a tab after the session ended.
    await client.get('/sign-in');
    expect(client.csrf).not.toBe('');
    const answer = await client.post(`/boards/features/posts/${setup.ids.open}/vote`, { action: 'vote' });
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/sign-in\?next=/);
    expect((await setup.board.storage.transaction('read', (tx) => tx.getPost(setup.ids.open)))!.vote_count).toBe(0);
  });

  it('takes voters from the application hook, with no sign-in of its own', async () => {
    const setup = await setupPages({
      basePath: '/feedback',
      voterFromRequest: (request) => (request.headers.get('x-user') ? { email: request.headers.get('x-user')!, name: 'App user' } : null),
    });
    const client = new Client(setup.pages);
    const page = await client.request('GET', `/feedback/boards/features/posts/${setup.ids.open}`, { headers: { 'x-user': 'app@acme.test' } });
    expect(page.text).toContain('Signed in as App user');
    expect(page.text).toContain('action="/feedback/boards/features/posts/');
    expect(page.text).not.toContain('Sign out');
    const voted = await client.post(`/feedback/boards/features/posts/${setup.ids.open}/vote`, { action: 'vote' }, { headers: { 'x-user': 'app@acme.test' } });
    expect(voted.location).toBe(`/feedback/boards/features/posts/${setup.ids.open}?notice=voted`);
    expect((await setup.board.storage.transaction('read', (tx) => tx.getPost(setup.ids.open)))!.vote_count).toBe(1);
    expect((await client.get('/other')).status).toBe(404);
    expect((await client.get('/feedback/boards/%E0%A4%A')).status).toBe(404);
    // The same application user is one voter on every request.
    await client.request('GET', '/feedback/', { headers: { 'x-user': 'APP@acme.test' } });
    expect((await setup.board.storage.transaction('read', (tx) => tx.getVoterByEmail(setup.orgId, 'app@acme.test')))!.id).toBeGreaterThan(0);
    expect(await setup.board.storage.transaction('read', (tx) => tx.getVoterByEmail(setup.orgId, 'APP@acme.test'))).toBeNull();
  });
});
