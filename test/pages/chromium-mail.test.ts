/**
 * Markdown and the dashboard's Mail page in real headless Chromium against `feedback-board serve`
 * with `--smtp` pointed at a port where no mail server listens: a post whose body and comments
 * are Markdown (lists, code and links render; a hostile link and raw HTML stay text and run
 * nothing), and the test e-mail's connection error shown to the team. Screenshots go to
 * docs/images/ (pages-post-markdown.png, pages-dashboard-mail.png).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { axeViolations, servePages, signInTeam, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/chromium-mail.test.ts');
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

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.skipIf(skipReason !== undefined)(`Markdown and the Mail page in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let server: Server;
  let browser: Browser;
  let writeKey = '';
  let teamLink = '';

  beforeAll(async () => {
    mkdirSync(IMAGES, { recursive: true });
    served = await servePages({ smtp: `smtp://127.0.0.1:${await closedPort()}` });
    ({ server, browser, writeKey, teamLink } = served);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('renders a Markdown post and comment; hostile parts stay text', async () => {
    const created = await call(server.api, 'POST', '/boards/demo/posts', writeKey, { title: 'Dark mode, done right', body: BODY });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const comment = await call(server.api, 'POST', `/boards/demo/posts/${id}/comments`, writeKey, { body: 'Agreed, *especially* on phones.\n\n1. header toggle\n2. system setting' });
    expect(comment.status).toBe(201);
    // bypassCSP only so that axe-core can be injected.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } });
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
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${IMAGES}pages-post-markdown.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the team why the test e-mail failed', async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 700 } });
    try {
      const page = await context.newPage();
      await signInTeam(page, teamLink);
      await page.goto(`${server.url}/dashboard/mail`);
      await page.getByRole('button', { name: 'Send a test e-mail' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('The test e-mail to team@localhost could not be sent');
      expect(await page.locator('pre.send-error').textContent()).toContain('ECONNREFUSED');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${IMAGES}pages-dashboard-mail.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);
});
