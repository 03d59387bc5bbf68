/**
 * Embed mode over HTTP: which pages it serves, the Content-Security-Policy matrix (only embed-mode
 * answers of a board with allowed origins may be framed, by exactly those origins), partitioned
 * cookies, navigation that stays inside embed mode, CSRF inside the frame, and the dashboard's
 * form that edits the origins.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMBED_SCRIPT, EMBED_SCRIPT_SOURCE } from '../../src/pages/embed.js';
import { embedOriginsOf, setEmbedOrigins } from '../../src/pages/embed-origins.js';
import { Client, linkToken, setupPages, signInTeam, type PagesSetup } from './helpers.js';
import { createSsoSecret } from '../../src/services/sso.js';
import { hs256 } from './sso-helpers.js';

const HOSTS = ['https://app.example.com', 'http://localhost:5173'];

const frameAncestors = (headers: Headers) => /frame-ancestors ([^;]+)/.exec(headers.get('content-security-policy') ?? '')?.[1];

async function withOrigins(origins = HOSTS): Promise<PagesSetup> {
  const setup = await setupPages();
  await setEmbedOrigins(setup.board, setup.orgId, 'features', origins);
  return setup;
}

async function boardIdOf(setup: PagesSetup, slug: string): Promise<number> {
  return (await setup.board.storage.transaction('read', (tx) => tx.getBoardBySlug(setup.orgId, slug)))!.id;
}

describe('embed mode', () => {
  it('lets exactly the allowed origins frame the embed-mode pages, without X-Frame-Options', async () => {
    const setup = await withOrigins();
    const client = new Client(setup.pages);
    for (const path of ['/embed/boards/features', '/embed/boards/features/roadmap', `/embed/boards/features/posts/${setup.ids.open}`, '/embed/boards/features/ideas/new', '/embed/boards/features/sign-in']) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(200);
      expect(frameAncestors(answer.headers), path).toBe(HOSTS.join(' '));
      expect(answer.headers.get('x-frame-options'), path).toBeNull();
    }
  });

  it('allows exactly its one script (by hash) on embed-mode pages, and no script elsewhere', async () => {
    expect(EMBED_SCRIPT_SOURCE).toBe(`'sha256-${createHash('sha256').update(EMBED_SCRIPT).digest('base64')}'`);
    const setup = await withOrigins();
    const client = new Client(setup.pages);
    const embedded = await client.get('/embed/boards/features');
    expect(embedded.headers.get('content-security-policy')).toContain(`script-src ${EMBED_SCRIPT_SOURCE};`);
    expect(embedded.text).toContain(`<script>${EMBED_SCRIPT}</script>`);
    expect(embedded.text.match(/<script/g)).toHaveLength(1);
    const plain = await client.get('/boards/features');
    expect(plain.headers.get('content-security-policy')).toContain("script-src 'none';");
    expect(plain.text).not.toContain('<script');
  });

  it('keeps frame-ancestors none and X-Frame-Options DENY everywhere else', async () => {
    const setup = await withOrigins();
    await (await setup.board.api(setup.writeKey)).boards.create({ slug: 'bugs', name: 'Bugs' });
    await setup.board.team(setup.orgId).boards.setPublished('bugs', true);
    const client = new Client(setup.pages);
    const cases: [string, number][] = [
      ['/boards/features', 200], // the same board outside embed mode
      [`/boards/features/posts/${setup.ids.open}`, 200],
      ['/sign-in', 200],
      ['/embed/boards/bugs', 200], // a published board without origins
      ['/embed/boards/drafts', 404], // a draft board
      ['/embed/boards/nothing', 404],
      ['/embed/boards/features/changelog.atom', 404], // not served in embed mode
      ['/embed/boards/features/dashboard', 404],
      ['/embed/boards/features/boards/bugs', 404],
      ['/embed', 404],
      ['/embed/dashboard', 404],
    ];
    for (const [path, status] of cases) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(status);
      expect(frameAncestors(answer.headers), path).toBe("'none'");
      expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('shows the board without the site chrome, and keeps links, forms and redirects inside embed mode', async () => {
    const setup = await withOrigins();
    const client = new Client(setup.pages);
    const board = await client.get('/embed/boards/features');
    expect(board.text).toContain('Dark mode');
    expect(board.text).not.toContain('class="brand"');
    expect(board.text).not.toContain('Powered by feedback-board');
    expect(board.text).toContain(`href="/embed/boards/features/posts/${setup.ids.open}"`);
    expect(board.text).toContain('href="/embed/boards/features/roadmap"');
    expect(board.text).toContain('href="/embed/boards/features/sign-in?next=%2Fembed%2Fboards%2Ffeatures"');
    expect(board.text).not.toMatch(/href="\/boards\//);
    const full = await client.get('/boards/features');
    expect(full.text).toContain('class="brand"');

    const post = await client.get(`/embed/boards/features/posts/${setup.ids.open}`);
    expect(post.text).toContain(`href="/embed/boards/features/sign-in?next=%2Fembed%2Fboards%2Ffeatures%2Fposts%2F${setup.ids.open}"`);
    expect(post.text).toContain(`<link rel="canonical" href="http://pages.test/boards/features/posts/${setup.ids.open}"/>`);
    const unsigned = await client.post(`/embed/boards/features/posts/${setup.ids.open}/vote`, { action: 'vote' });
    expect(unsigned.status).toBe(303);
    expect(unsigned.location).toMatch(/^\/embed\/boards\/features\/sign-in\?next=/);
  });

  it('sets partitioned cookies (SameSite=None; Secure; Partitioned) on embed-mode answers only', async () => {
    const setup = await withOrigins();
    const embedded = (await new Client(setup.pages).get('/embed/boards/features')).headers.getSetCookie();
    expect(embedded).toHaveLength(1);
    expect(embedded[0]).toMatch(/^fb_csrf=[\w-]+; Path=\/embed\/boards\/features; HttpOnly; SameSite=None; Secure; Partitioned$/);
    const plain = (await new Client(setup.pages).get('/boards/features')).headers.getSetCookie();
    expect(plain[0]).toMatch(/^fb_csrf=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('signs a voter in and votes inside embed mode; a cross-site POST or one without the token changes nothing', async () => {
    const setup = await withOrigins();
    const voter = new Client(setup.pages);
    await voter.get('/embed/boards/features/sign-in');
    expect((await voter.post('/embed/boards/features/sign-in', { email: 'v@example.com', next: '/embed/boards/features' })).status).toBe(200);
    const token = linkToken(setup.mailer.messages.at(-1)!.text);
    await voter.get(`/embed/boards/features/sign-in/link?token=${token}`);
    const used = await voter.post('/embed/boards/features/sign-in/link', { token });
    expect(used.status).toBe(303);
    expect(used.location).toMatch(/^\/embed\/boards\/features/);
    expect(used.headers.getSetCookie().find((c) => c.startsWith('fb_voter='))).toMatch(/HttpOnly; SameSite=None; .*Secure; Partitioned$/);

    const path = `/embed/boards/features/posts/${setup.ids.open}/vote`;
    expect((await voter.get(`/embed/boards/features/posts/${setup.ids.open}`)).text).toContain(`action="${path}"`);
    expect((await voter.post(path, { action: 'vote' }, { headers: { origin: 'https://app.example.com' } })).status).toBe(403);
    expect((await voter.post(path, { action: 'vote' }, { csrf: '' })).status).toBe(403);
    const votes = async () => (await setup.board.storage.transaction('read', (tx) => tx.getPost(setup.ids.open)))!.vote_count;
    expect(await votes()).toBe(0);
    const voted = await voter.post(path, { action: 'vote' });
    expect(voted.status).toBe(303);
    expect(voted.location).toBe(`/embed/boards/features/posts/${setup.ids.open}?notice=voted`);
    expect(await votes()).toBe(1);
  });

  it('takes a host application\'s SSO token inside the panel: a partitioned session of the embed path, without the token in the URL; a bad token is refused there with no session', async () => {
    const setup = await withOrigins();
    const created = await createSsoSecret({ storage: setup.board.storage, clock: setup.clock }, setup.orgId);
    const now = Math.floor(setup.clock.now() / 1000);
    const token = await hs256({ sub: 'user-1', email: 'ada@host.test', name: 'Ada Host', aud: `feedback-board:${setup.orgId}`, iat: now, exp: now + 300 }, created.secret);
    const client = new Client(setup.pages);
    const answer = await client.get(`/embed/boards/features?sort=new&sso=${token}`);
    expect([answer.status, answer.location]).toEqual([303, '/embed/boards/features?sort=new']);
    const session = answer.headers.getSetCookie().find((c) => c.startsWith('fb_voter='))!;
    expect(session).toMatch(/Path=\/embed\/boards\/features; .*Partitioned/);
    expect((await client.get('/embed/boards/features')).text).toContain('Ada Host');

    for (const path of ['/embed/boards/features?sso=not-a-token', '/boards/features?sso=eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      const refused = await new Client(setup.pages).get(path);
      expect(refused.status, path).toBe(401);
      expect(refused.text).toContain('Single sign-on did not work');
      expect(refused.headers.getSetCookie().some((c) => c.startsWith('fb_voter=')), path).toBe(false);
    }
  });
});

describe('the dashboard edits a board’s allowed embedding origins', () => {
  it('saves a valid list, and shows it back', async () => {
    const setup = await setupPages();
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    expect((await team.get('/dashboard/boards')).text).toContain('href="/dashboard/boards/features/embedding"');
    await team.get('/dashboard/boards/features/embedding');
    const saved = await team.post('/dashboard/boards/features/embedding', { origins: 'https://app.example.com\n\nhttp://localhost:5173, https://app.example.com' });
    expect(saved.status).toBe(303);
    expect(await embedOriginsOf(setup.board, await boardIdOf(setup, 'features'))).toEqual(HOSTS);
    expect((await team.get('/dashboard/boards/features/embedding')).text).toContain('https://app.example.com\nhttp://localhost:5173</textarea>');
    expect(frameAncestors((await team.get('/embed/boards/features')).headers)).toBe(HOSTS.join(' '));
    // An empty list turns embedding off.
    expect((await team.post('/dashboard/boards/features/embedding', { origins: '' })).status).toBe(303);
    expect(await embedOriginsOf(setup.board, await boardIdOf(setup, 'features'))).toEqual([]);
  });

  it('takes an address as copied from the address bar, trailing slash and all, and keeps its origin', async () => {
    const setup = await setupPages();
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    await team.get('/dashboard/boards/features/embedding');
    const saved = await team.post('/dashboard/boards/features/embedding', { origins: 'https://App.example.com/\nhttp://localhost:5173/\nhttps://app.example.com' });
    expect(saved.status).toBe(303);
    expect(await embedOriginsOf(setup.board, await boardIdOf(setup, 'features'))).toEqual(HOSTS);
    expect(frameAncestors((await team.get('/embed/boards/features')).headers)).toBe(HOSTS.join(' '));
  });

  it('refuses a bad entry with the reason, keeps the text, and changes nothing', async () => {
    const setup = await withOrigins();
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    await team.get('/dashboard/boards/features/embedding');
    const cases: [string, RegExp][] = [
      ['https://app.example.com/feedback', /must be an origin alone, such as https:\/\/app.example.com/],
      ['https://app.example.com/?', /must be an origin alone/],
      ['https://app.example.com/feedback/', /must be an origin alone, such as https:\/\/app.example.com/],
      ['https://app.example.com/#top', /must be an origin alone/],
      ['http://app.example.com', /must start with https:\/\/ \(http:\/\/ only for localhost\)/],
      ['app.example.com', /is not an origin/],
      ['*', /is not an origin/],
      ['https://user@app.example.com', /must be an origin alone/],
      [Array.from({ length: 21 }, (_, i) => `https://a${i}.example`).join('\n'), /At most 20 origins/],
      ['x'.repeat(4001), /The list is too long/],
    ];
    for (const [origins, message] of cases) {
      const refused = await team.post('/dashboard/boards/features/embedding', { origins });
      expect(refused.status, origins).toBe(422);
      expect(refused.text, origins).toMatch(message);
      expect(refused.text, origins).toContain('Nothing changed.');
    }
    expect(await embedOriginsOf(setup.board, await boardIdOf(setup, 'features'))).toEqual(HOSTS);
  });

  it('refuses visitors, a missing CSRF token and an unknown board', async () => {
    const setup = await withOrigins();
    const visitor = new Client(setup.pages);
    expect((await visitor.get('/dashboard/boards/features/embedding')).status).toBe(401);
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    await team.get('/dashboard/boards/features/embedding');
    expect((await team.post('/dashboard/boards/features/embedding', { origins: 'https://x.example' }, { csrf: '' })).status).toBe(403);
    expect((await team.post('/dashboard/boards/features/embedding', { origins: 'https://x.example' }, { headers: { origin: 'https://x.example' } })).status).toBe(403);
    expect((await team.post('/dashboard/boards/nothing/embedding', { origins: 'https://x.example' })).status).toBe(404);
    expect((await team.get('/dashboard/boards/nothing/embedding')).status).toBe(404);
    expect(await embedOriginsOf(setup.board, await boardIdOf(setup, 'features'))).toEqual(HOSTS);
  });
});

describe('the stored origins', () => {
  it('setEmbedOrigins refuses a bad origin or an unknown board and changes nothing; a corrupt stored value counts as none', async () => {
    const setup = await withOrigins();
    const id = await boardIdOf(setup, 'features');
    await expect(setEmbedOrigins(setup.board, setup.orgId, 'features', ['https://ok.example', 'ftp://x.example'])).rejects.toMatchObject({ code: 'validation_error' });
    await expect(setEmbedOrigins(setup.board, setup.orgId, 'nothing', ['https://ok.example'])).rejects.toMatchObject({ code: 'not_found' });
    await expect(setEmbedOrigins(setup.board, setup.orgId + 1, 'features', ['https://ok.example'])).rejects.toMatchObject({ code: 'not_found' });
    expect(await embedOriginsOf(setup.board, id)).toEqual(HOSTS);
    await setup.board.storage.transaction('write', (tx) => tx.setSetting(`board_embed_origins:${id}`, '{not json'));
    expect(await embedOriginsOf(setup.board, id)).toEqual([]);
    expect(frameAncestors((await new Client(setup.pages).get('/embed/boards/features')).headers)).toBe("'none'");
  });
});
