/**
 * A post whose body and comments are Markdown, in real headless Chromium against `feedback-board
 * serve`: lists, code and links render, a hostile link and raw HTML stay text and run nothing;
 * the screenshot goes to docs/images/pages-post-markdown.png.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { call, startServe, waitForLine, workDir, type Server } from '../helpers/cli.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumSkipReason } from '../helpers/chromium.js';

const skipReason = chromiumSkipReason();
const IMAGES = new URL('../../docs/images/', import.meta.url).pathname;

const BODY = [
  'Dark mode would help at night. What we need:',
  '',
  '- a **toggle** in the header',
  '- follow the system setting (`prefers-color-scheme`)',
  '',
  'Details in [the design note](https://example.com/design) and https://example.com/issue.',
  '',
  '```css',
  '@media (prefers-color-scheme: dark) { body { background: #111; } }',
  '```',
  '',
  '<script>window.__xss = 1</script> [not a link](javascript:window.__xss=2)',
].join('\n');

describe.skipIf(skipReason !== undefined)(`Markdown in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let server: Server;
  let browser: Browser;
  const dir = workDir();
  let writeKey = '';

  beforeAll(async () => {
    mkdirSync(IMAGES, { recursive: true });
    server = await startServe(['--port', '0', '--memory'], dir.dir);
    writeKey = (await waitForLine(server, /^write key:\s+(\S+)$/))[1]!;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.child.exitCode === null) await server.stop();
    dir.remove();
  });

  it('renders a Markdown post and comment; hostile parts stay text', async () => {
    const created = await call(server.api, 'POST', '/boards/demo/posts', writeKey, { title: 'Dark mode, done right', body: BODY });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const comment = await call(server.api, 'POST', `/boards/demo/posts/${id}/comments`, writeKey, { body: 'Agreed, *especially* on phones.\n\n1. header toggle\n2. system setting' });
    expect(comment.status).toBe(201);
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${server.url}/boards/demo/posts/${id}`);
      expect(response?.status()).toBe(200);
      const article = page.locator('article.post');
      expect(await article.locator('li').allTextContents()).toEqual(['a toggle in the header', 'follow the system setting (prefers-color-scheme)']);
      expect(await article.locator('pre code').textContent()).toContain('prefers-color-scheme: dark');
      const link = article.getByRole('link', { name: 'the design note' });
      expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
      expect(await article.textContent()).toContain('<script>window.__xss = 1</script>');
      expect(await article.getByRole('link', { name: 'not a link' }).count()).toBe(0);
      expect(await page.locator('.comment em').textContent()).toBe('especially');
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await page.screenshot({ path: `${IMAGES}pages-post-markdown.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);
});
