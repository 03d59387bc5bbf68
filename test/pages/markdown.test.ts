/**
 * Markdown of post bodies and comments: what renders (lists, links, code, emphasis), what never
 * does (raw HTML, script, `javascript:` and `data:` links, images), the links' rel, and that the
 * API still returns the text as written.
 */
import { describe, expect, it } from 'vitest';
import { isSafeMarkdownLink, MARKDOWN_LINK_REL, markdownExcerpt, renderMarkdown } from '../../src/pages/markdown.js';
import { Client, setupPages, signInTeam } from './helpers.js';

const SAMPLE = [
  'Steps:',
  '',
  '- open **Settings**',
  '- pick `Theme`',
  '',
  '1. first',
  '2. second',
  '',
  'See [the docs](https://example.com/docs) or https://example.org/auto.',
  '',
  '```',
  'const x = 1 < 2;',
  '```',
].join('\n');

describe('renderMarkdown', () => {
  it('renders lists, emphasis, inline and block code, and links with the rel', () => {
    const html = renderMarkdown(SAMPLE);
    expect(html).toContain('<ul>\n<li>open <strong>Settings</strong></li>');
    expect(html).toContain('<li>pick <code>Theme</code></li>');
    expect(html).toContain('<ol>\n<li>first</li>');
    expect(html).toContain(`<a href="https://example.com/docs" rel="${MARKDOWN_LINK_REL}">the docs</a>`);
    expect(html).toContain(`<a href="https://example.org/auto" rel="${MARKDOWN_LINK_REL}">https://example.org/auto</a>`);
    expect(html).toContain('<pre><code>const x = 1 &lt; 2;\n</code></pre>');
  });

  it('shows raw HTML and script as text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<b onmouseover="x()">bold</b> <img src=x onerror=alert(2)>');
    expect(html).not.toMatch(/<script|<b |<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
  });

  it('refuses javascript:, vbscript:, file: and data: links in every spelling', () => {
    for (const target of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'javascript&#58;alert(1)',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:image/png;base64,iVBORw0KGgo=',
    ]) {
      const html = renderMarkdown(`[click](${target}) <${target}>`);
      expect(html, target).not.toContain('<a ');
      expect(html.toLowerCase(), target).not.toMatch(/href=/);
    }
    expect(isSafeMarkdownLink('https://example.com')).toBe(true);
    expect(isSafeMarkdownLink('mailto:team@example.com')).toBe(true);
    expect(isSafeMarkdownLink('/boards/features')).toBe(true);
    expect(isSafeMarkdownLink(' javascript:alert(1)')).toBe(false);
  });

  it('shows images as text: the pages load nothing from elsewhere', () => {
    expect(renderMarkdown('![pixel](https://tracker.example/p.gif)')).not.toContain('<img');
  });
});

describe('markdownExcerpt', () => {
  it('keeps what a reader sees, without the syntax, whitespace collapsed, cut with an ellipsis', () => {
    expect(markdownExcerpt(SAMPLE, 500)).toBe('Steps: open Settings pick Theme first second See the docs or https://example.org/auto. const x = 1 < 2;');
    expect(markdownExcerpt('**Bold** and _more_ text', 8)).toBe('Bold and…');
    expect(markdownExcerpt('<script>x()</script>', 100)).toBe('<script>x()</script>');
    expect(markdownExcerpt('', 10)).toBe('');
  });
});

describe('Markdown on the pages', () => {
  it('shows plain-text excerpts on the board, the changelog and in the page description', async () => {
    const setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    const post = await api.posts.create('features', { title: 'Excerpted', body: 'A **bold** [link](https://example.com) and `code`' });
    await setup.board.team(setup.orgId).api.posts.update('features', post.id, { status: 'shipped' });
    const client = new Client(setup.pages);
    const excerpt = 'A bold link and code';
    expect((await client.get('/boards/features?sort=new')).text).toContain(`<p class="excerpt">${excerpt}</p>`);
    expect((await client.get('/boards/features/changelog')).text).toContain(`<p class="excerpt">${excerpt}</p>`);
    expect((await client.get(`/boards/features/posts/${post.id}`)).text).toContain(`<meta name="description" content="${excerpt}"`);
  });

  it('renders a post body and comments on the public post page and the dashboard; the API keeps the text', async () => {
    const setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    const post = await api.posts.create('features', { title: 'Markdown post', body: SAMPLE });
    await api.comments.create('features', post.id, { body: 'A *comment* with [a link](javascript:alert(1)) and <script>x()</script>' });
    const client = new Client(setup.pages);
    const page = await client.get(`/boards/features/posts/${post.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<li>open <strong>Settings</strong></li>');
    expect(page.text).toContain(`<a href="https://example.com/docs" rel="${MARKDOWN_LINK_REL}">the docs</a>`);
    expect(page.text).toContain('A <em>comment</em> with [a link](javascript:alert(1))');
    expect(page.text).not.toContain('<script>x()</script>');
    expect(page.text).not.toContain('href="javascript:');

    await signInTeam(setup, client);
    const dashboard = await client.get(`/dashboard/posts/${post.id}`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain('<pre><code>const x = 1 &lt; 2;\n</code></pre>');
    expect(dashboard.text).toContain('A <em>comment</em>');

    expect((await api.posts.get('features', post.id)).body).toBe(SAMPLE);
  });
});
