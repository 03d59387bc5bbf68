/**
 * What feed readers and search engines read: the changelog's Atom feed (well-formed XML, read back
 * by a maintained feed parser), the sitemap, robots.txt and the Open Graph tags of the pages. Only
 * what the public may see, every link absolute on the public origin, hostile text escaped.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { xmlText } from '../../src/pages/feeds.js';
import { Client, HOSTILE, ORIGIN, setupPages } from './helpers.js';

async function shipped() {
  const setup = await setupPages();
  const api = await setup.board.api(setup.writeKey);
  await api.posts.update('features', setup.ids.open, { status: 'shipped' });
  setup.clock.advance(60_000);
  await api.posts.update('features', setup.ids.hostile, { status: 'shipped' });
  await api.posts.update('features', setup.ids.hidden, { status: 'shipped' });
  await api.posts.update('drafts', setup.ids.draftPost, { status: 'shipped' });
  return setup;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('feeds and search engines', () => {
  it('serves the changelog as an Atom feed of shipped visible posts, newest first, hostile text intact', async () => {
    const setup = await shipped();
    const answer = await new Client(setup.pages).get('/boards/features/changelog.atom');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(XMLValidator.validate(answer.text)).toBe(true);
    const feed = parseFeed(answer.text);
    expect(feed.title).toBe('Features changelog');
    expect(feed.url).toBe(`${ORIGIN}/boards/features/changelog`);
    expect(feed.items.map((item) => item.title)).toEqual([HOSTILE.title, 'Dark mode']);
    expect(feed.items.map((item) => item.url)).toEqual([`${ORIGIN}/boards/features/posts/${setup.ids.hostile}`, `${ORIGIN}/boards/features/posts/${setup.ids.open}`]);
    expect(feed.items[0]!.description).toBe(HOSTILE.body);
    expect(feed.items[0]!.categories.map((c) => c.term)).toEqual([HOSTILE.tag]);
    expect(feed.items[1]!.published?.toISOString()).toBe(new Date(Date.UTC(2026, 10, 20, 12)).toISOString());
    expect(feed.updated?.toISOString()).toBe(new Date(Date.UTC(2026, 10, 20, 12, 1)).toISOString());
    expect(answer.text).not.toContain('Secret hidden post');
    expect(answer.text).not.toContain('<script>');
  });

  it('puts the published changelog entries beside the shipped posts, newest first: the body rendered, hostile text escaped, no hidden post named', async () => {
    const setup = await shipped();
    const api = await setup.board.api(setup.writeKey);
    setup.clock.advance(60_000);
    const entry = await api.changelog.createEntry('features', {
      title: HOSTILE.title,
      body: '**Dark mode** ships.\n\n<script>alert(1)</script>',
      post_ids: [setup.ids.open, setup.ids.hidden],
    });
    await api.changelog.createEntry('features', { title: 'Not yet', body: 'Scheduled', publish_at: '2030-01-01T00:00:00Z' });
    const answer = await new Client(setup.pages).get('/boards/features/changelog.atom');
    expect(XMLValidator.validate(answer.text)).toBe(true);
    const feed = parseFeed(answer.text);
    expect(feed.items.map((item) => item.title)).toEqual([HOSTILE.title, HOSTILE.title, 'Dark mode']);
    expect(feed.items[0]!.url).toBe(`${ORIGIN}/boards/features/changelog#entry-${entry.id}`);
    // The content is HTML as the page renders it, escaped for XML: the script is text twice over
    // (the parser decodes the entities of the HTML too).
    expect(feed.items[0]!.content).toContain('<p><strong>Dark mode</strong> ships.</p>');
    expect(answer.text).toContain('&lt;p&gt;&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;&lt;/p&gt;');
    expect(feed.updated?.toISOString()).toBe(entry.published_at);
    expect(answer.text).toContain(`<link rel="related" type="text/html" href="${ORIGIN}/boards/features/posts/${setup.ids.open}" title="Dark mode"/>`);
    expect(answer.text).not.toContain(`/posts/${setup.ids.hidden}`);
    expect(answer.text).not.toContain('Not yet');
    expect(answer.text).not.toContain('<script>');

    const html = await new Client(setup.pages).get('/boards/features/changelog');
    expect(html.status).toBe(200);
    expect(html.text).toContain(`<article class="card" id="entry-${entry.id}">`);
    expect(html.text).toContain('<strong>Dark mode</strong> ships.');
    expect(html.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.text).not.toContain('<script>alert(1)');
    expect(html.text).not.toContain('Secret hidden post');
    expect(html.text).not.toContain('Not yet');
    expect(html.text.indexOf(`id="entry-${entry.id}"`)).toBeLessThan(html.text.indexOf(`/posts/${setup.ids.hostile}"`));
  });

  it('answers 404 for the feed of a draft or unknown board, and an empty feed for a board with nothing shipped', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    expect((await client.get('/boards/drafts/changelog.atom')).status).toBe(404);
    expect((await client.get('/boards/nope/changelog.atom')).status).toBe(404);
    const empty = await client.get('/boards/features/changelog.atom');
    expect(empty.status).toBe(200);
    expect(XMLValidator.validate(empty.text)).toBe(true);
    expect(parseFeed(empty.text).items).toEqual([]);
  });

  it('lists the published boards and their visible posts in the sitemap, on the public origin', async () => {
    const setup = await setupPages({ publicOrigin: 'https://feedback.example.com' });
    const answer = await new Client(setup.pages).get('/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(answer.text)).toBe(true);
    const base = 'https://feedback.example.com';
    expect(locs(answer.text).sort()).toEqual(
      [
        `${base}/`,
        `${base}/boards/features`,
        `${base}/boards/features/roadmap`,
        `${base}/boards/features/changelog`,
        `${base}/boards/features/posts/${setup.ids.open}`,
        `${base}/boards/features/posts/${setup.ids.hostile}`,
      ].sort(),
    );
  });

  it('keeps crawlers out of the dashboard and sign-in, under the base path, and names the sitemap', async () => {
    const setup = await setupPages({ basePath: '/feedback' });
    const answer = await new Client(setup.pages).get('/feedback/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.text.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /feedback/dashboard',
      'Disallow: /feedback/sign-in',
      'Disallow: /feedback/sign-out',
      `Sitemap: ${ORIGIN}/feedback/sitemap.xml`,
      '',
    ]);
  });

  it('gives a post page Open Graph tags and a canonical URL, escaped, and a board page its feed', async () => {
    const setup = await setupPages();
    const client = new Client(setup.pages);
    const post = await client.get(`/boards/features/posts/${setup.ids.hostile}`);
    expect(post.text).toContain('<meta property="og:type" content="article"/>');
    expect(post.text).toContain(`<meta property="og:url" content="${ORIGIN}/boards/features/posts/${setup.ids.hostile}"/>`);
    expect(post.text).toContain(`<link rel="canonical" href="${ORIGIN}/boards/features/posts/${setup.ids.hostile}"/>`);
    expect(post.text).toContain('<meta property="og:description" content="&quot;&gt;&lt;svg onload=&quot;window.__xss=3&quot;&gt;&lt;/svg&gt;"/>');
    expect(post.text).not.toContain('<svg');
    const board = await client.get('/boards/features');
    expect(board.text).toContain('<link rel="alternate" type="application/atom+xml" title="Features changelog" href="/boards/features/changelog.atom"/>');
    expect(board.text).toContain('<meta property="og:type" content="website"/>');
  });

  it('cuts a long description to 200 characters on one line', async () => {
    const setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    const long = await api.posts.create('features', { title: 'Long', body: `${'word '.repeat(100)}\n\nend` });
    const page = await new Client(setup.pages).get(`/boards/features/posts/${long.id}`);
    const description = /<meta name="description" content="([^"]*)"/.exec(page.text)?.[1];
    expect([...description!].length).toBe(200);
    expect(description!.endsWith('…')).toBe(true);
    expect(description).not.toContain('\n');
  });

  it('writes XML text without the characters XML forbids, and escapes the five it reserves', () => {
    expect(xmlText('a\u0000b\u0008c\u000bd\ufffee\t\n\r')).toBe('abcde\t\n\r');
    expect(xmlText(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
    expect(xmlText('😀 é')).toBe('😀 é');
  });
});
