/**
 * Private boards on every public surface: the board, its posts, roadmap, changelog and its Atom
 * feed, the idea form and its similar-posts step, the voters' actions (POSTs), the attachments of
 * its posts, embed mode, the board list and the sitemap. Each is a 404 exactly like a board that
 * does not exist (same status, body and headers) for a visitor, for voters of other domains and
 * of look-alike domains, and changes nothing; it is open to a voter of an allowed domain and to
 * the team, and to everyone again once the board is public.
 */
import { describe, expect, it } from 'vitest';
import { inspectImage } from '../../src/images/index.js';
import { saveBoardAccess } from '../../src/pages/board-access.js';
import { PUBLIC_ACCESS, type BoardAccessSettings } from '../../src/pages/board-access-rules.js';
import { setEmbedOrigins } from '../../src/pages/embed-origins.js';
import { image } from '../helpers/images.js';
import { snapshot } from '../helpers/state.js';
import { Client, ORIGIN, postFiles, setupPages, signInTeam, signInVoter, type PagesSetup } from './helpers.js';

const PRIVATE: BoardAccessSettings = { access: 'private', email_domains: ['example.com'], claim_name: null, claim_values: [] };
/** A slug of the same length as `features` that names no board, for comparing whole answers. */
const MISSING = 'zzzzzzzz';

/** The public pages with a post carrying an image on `features`, which then becomes private. */
async function privateBoard() {
  const setup = await setupPages({}, { attachments: { inspect: inspectImage, baseUrl: ORIGIN } });
  const author = new Client(setup.pages);
  await signInVoter(setup, author, 'author@example.com');
  await author.get('/boards/features/ideas/new');
  const posted = await postFiles(author, '/boards/features/ideas', { step: 'post', title: 'Pictured idea' }, [{ filename: 'a.png', bytes: await image('png', 8, 8) }]);
  const postId = Number(/\/posts\/(\d+)/.exec(posted.location ?? '')?.[1]);
  const [attachment] = await setup.board.storage.transaction('read', (tx) => tx.listPostAttachments([postId]));
  const imagePath = `/attachments/${attachment!.id}/${attachment!.sha256}.png`;
  await setup.board.team(setup.orgId).api.posts.update('features', setup.ids.open, { status: 'shipped' });
  await setEmbedOrigins(setup.board, setup.orgId, 'features', ['https://app.example.com']);
  await saveBoardAccess(setup.board, setup.orgId, 'features', PRIVATE);
  return { setup, postId, imagePath };
}

/** The GET surfaces of the board: each path, and the same path naming a board that does not exist. */
function surfaces(postId: number): string[] {
  return [
    '/boards/features',
    '/boards/features?q=Dark',
    `/boards/features/posts/${postId}`,
    '/boards/features/roadmap',
    '/boards/features/changelog',
    '/boards/features/changelog.atom',
    '/boards/features/ideas/new',
    '/embed/boards/features',
    `/embed/boards/features/posts/${postId}`,
  ];
}

const headerList = (headers: Headers) => [...headers].filter(([name]) => name !== 'date');

/** A client signed in as a voter of `email`, or a visitor for null. */
async function viewer(setup: PagesSetup, email: string | null): Promise<Client> {
  const client = new Client(setup.pages);
  if (email) await signInVoter(setup, client, email);
  else await client.get('/');
  return client;
}

const OUTSIDERS = [null, 'eve@other.test', 'eve@evil-example.com', 'eve@example.com.evil.org', 'eve@eu.example.com', 'eve@example.co'];

describe('private boards on the public pages', () => {
  it.each(OUTSIDERS)('answers every surface to %s exactly as a board that does not exist', async (email) => {
    const { setup, postId, imagePath } = await privateBoard();
    const client = await viewer(setup, email);
    for (const path of surfaces(postId)) {
      const closed = await client.get(path);
      const missing = await client.get(path.replace('/features', `/${MISSING}`));
      expect(closed.status, path).toBe(404);
      expect(closed.text.replaceAll('features', MISSING), path).toBe(missing.text);
      expect(headerList(closed.headers), path).toEqual(headerList(missing.headers));
      expect(closed.text, path).not.toMatch(/Features|Dark mode|Pictured idea/);
    }
    const picture = await client.get(imagePath);
    const unknown = await client.get(imagePath.replace(/\/attachments\/\d+\//, '/attachments/999/'));
    expect([picture.status, picture.text]).toEqual([404, unknown.text]);
    expect(headerList(picture.headers)).toEqual(headerList(unknown.headers));
  });

  it('refuses every voter action of an outsider with a 404, and changes nothing', async () => {
    const { setup, postId } = await privateBoard();
    const client = await viewer(setup, 'eve@evil-example.com');
    const commentId = (await setup.board.team(setup.orgId).api.comments.list('features', setup.ids.hostile)).comments[0]!.id;
    const before = await snapshot(setup.board);
    const posts: [string, Record<string, string>][] = [
      ['/boards/features/ideas', { title: 'Sneaky idea', step: 'post' }],
      ['/boards/features/ideas', { title: 'Dark mode' }],
      [`/boards/features/posts/${postId}/vote`, {}],
      [`/boards/features/posts/${postId}/comments`, { body: 'Sneaky comment' }],
      [`/boards/features/posts/${postId}/follow`, { action: 'follow' }],
      [`/boards/features/posts/${setup.ids.hostile}/comments/${commentId}/react`, { reaction: 'heart' }],
      [`/embed/boards/features/posts/${postId}/vote`, {}],
    ];
    for (const [path, form] of posts) {
      const answer = await client.post(path, form);
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).not.toMatch(/Features|Dark mode|Pictured idea/);
    }
    expect(await snapshot(setup.board)).toEqual(before);
  });

  it('opens every surface to a voter of the allowed domain and to the team, never to a shared cache', async () => {
    const { setup, postId, imagePath } = await privateBoard();
    const member = await viewer(setup, 'ada@EXAMPLE.com');
    const team = new Client(setup.pages);
    await signInTeam(setup, team);
    for (const client of [member, team]) {
      for (const path of surfaces(postId)) expect((await client.get(path)).status, path).toBe(200);
      const picture = await client.get(imagePath);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('cache-control')).toBe('private, no-cache');
      expect((await client.get('/boards/features/changelog.atom')).headers.get('cache-control')).toBe('private, no-store');
      expect((await client.get('/')).text).toContain('/boards/features"');
    }
    const embedded = await member.get('/embed/boards/features');
    expect(embedded.headers.get('content-security-policy')).toContain('frame-ancestors https://app.example.com');
    const votes = async () => (await setup.board.team(setup.orgId).api.posts.get('features', postId)).vote_count;
    const before = await votes();
    const voted = await member.post(`/boards/features/posts/${postId}/vote`);
    expect(voted.status).toBe(303);
    expect(await votes()).toBe(before + 1);
  });

  it('keeps a private board out of the board list of outsiders and out of the sitemap for everyone', async () => {
    const { setup, postId } = await privateBoard();
    const visitor = await viewer(setup, null);
    const list = await visitor.get('/');
    expect(list.text).not.toContain('/boards/features');
    expect(list.text).not.toContain('Features');
    const member = await viewer(setup, 'ada@example.com');
    for (const client of [visitor, member]) {
      const sitemap = await client.get('/sitemap.xml');
      expect(sitemap.status).toBe(200);
      expect(sitemap.text).not.toContain('/boards/features');
      expect(sitemap.text).not.toContain(`/posts/${postId}`);
      expect(sitemap.headers.get('cache-control')).toBe('public, max-age=300');
    }
    expect((await visitor.get('/robots.txt')).text).not.toContain('features');
  });

  it('opens everything to everyone again when the board goes back to public', async () => {
    const { setup, postId, imagePath } = await privateBoard();
    const visitor = await viewer(setup, null);
    expect((await visitor.get('/boards/features')).status).toBe(404);
    await saveBoardAccess(setup.board, setup.orgId, 'features', { ...PRIVATE, access: 'public' });
    for (const path of surfaces(postId)) expect((await visitor.get(path)).status, path).toBe(200);
    expect((await visitor.get(imagePath)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await visitor.get('/sitemap.xml')).text).toContain(`/boards/features/posts/${postId}`);
    expect((await visitor.get('/')).text).toContain('/boards/features"');
    await saveBoardAccess(setup.board, setup.orgId, 'features', PUBLIC_ACCESS);
    expect((await visitor.get('/boards/features')).status).toBe(200);
  });

  it('leaves the API with team keys as it was', async () => {
    const { setup, postId } = await privateBoard();
    const api = await setup.board.api(setup.writeKey);
    expect((await api.posts.get('features', postId)).title).toBe('Pictured idea');
    const response = await setup.board.fetch(
      new Request(`${ORIGIN}/api/v1/boards/features/posts/${postId}`, { headers: { authorization: `Bearer ${setup.writeKey}` } }),
    );
    expect(response.status).toBe(200);
  });
});
