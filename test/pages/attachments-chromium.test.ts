/**
 * Images in real headless Chromium against `feedback-board serve`, with sign-in mail read by a
 * real SMTP receiver: a voter attaches a PNG to an idea and another to a comment, and both show
 * (decoded by the browser: `naturalWidth` > 0); an HTML page renamed `.png` is refused with a clear
 * message and nothing is posted; once the team hides the post in the dashboard, its images answer
 * 404 to the public. Screenshot of the post with its images to docs/images/pages-post-images.png.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { HTML_PAGE, image } from '../helpers/images.js';
import type { SmtpReceiver } from '../helpers/smtp.js';
import { axeViolations, servePages, signInByMail as signInByMailAt, signInTeam, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/attachments-chromium.test.ts');
const IMAGES = new URL('../../docs/images/', import.meta.url).pathname;

describe.skipIf(skipReason !== undefined)(`attachments in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let smtp: SmtpReceiver;
  let server: Server;
  let browser: Browser;
  const files = mkdtempSync(join(tmpdir(), 'fb-images-'));
  let writeKey = '';
  let teamLink = '';

  beforeAll(async () => {
    mkdirSync(IMAGES, { recursive: true });
    writeFileSync(join(files, 'screenshot.png'), await image('png', 320, 200));
    writeFileSync(join(files, 'detail.png'), await image('png', 120, 90));
    writeFileSync(join(files, 'evil.png'), HTML_PAGE);
    served = await servePages();
    ({ smtp, server, browser, writeKey, teamLink } = served);
  });

  afterAll(async () => {
    await served?.close();
    rmSync(files, { recursive: true, force: true });
  });

  /** A new browser context; `bypassCSP` only so that axe-core can be injected. */
  const context = (): Promise<BrowserContext> => browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 900 } });

  const signInByMail = (page: Page, email: string) => signInByMailAt(page, smtp, `${server.url}/sign-in`, email);

  /** The images of the page's post and comments, as the browser decoded them. */
  const shownImages = (page: Page) =>
    page.$$eval('main img', (images) => (images as HTMLImageElement[]).map((img) => ({ alt: img.alt, src: img.getAttribute('src'), natural: img.naturalWidth })));

  const titles = async (): Promise<string[]> =>
    (await call(server.api, 'GET', '/boards/demo/posts?limit=100', writeKey)).json.posts.map((p: { title: string }) => p.title);

  it('a voter attaches a PNG to an idea and to a comment, and the browser shows both; HTML renamed .png is refused and nothing is posted', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signInByMail(page, 'painter@example.com');

    // Refused first: an HTML page named .png, with a message, and no post made.
    await page.goto(`${server.url}/boards/demo/ideas/new`);
    await page.getByLabel('Your idea, in a sentence').fill('Quorbly zyxwvut pasted picture');
    await page.getByLabel('Images (optional)').setInputFiles(join(files, 'evil.png'));
    await page.getByRole('button', { name: 'Submit idea' }).click();
    await page.getByText(/Your images were not accepted: .*Nothing was posted\./).waitFor();
    expect(await titles()).not.toContain('Quorbly zyxwvut pasted picture');

    await page.getByLabel('Your idea, in a sentence').fill('Quorbly zyxwvut pasted picture');
    await page.getByLabel('Images (optional)').setInputFiles(join(files, 'screenshot.png'));
    await page.getByRole('button', { name: /Submit idea|Post my idea anyway/ }).click();
    await page.waitForURL(/\/boards\/demo\/posts\/\d+\?notice=submitted/);
    expect(await titles()).toContain('Quorbly zyxwvut pasted picture');

    await page.getByLabel('Your comment').fill('And a close-up of the menu.');
    await page.getByLabel('Images (optional)').setInputFiles(join(files, 'detail.png'));
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.waitForURL(/notice=commented/);
    await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete));
    const shown = await shownImages(page);
    expect(shown.map((img) => img.alt)).toEqual(['screenshot.png', 'detail.png']);
    for (const img of shown) expect(img.natural, img.alt).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(IMAGES, 'pages-post-images.png'), fullPage: true });
    await ctx.close();
  });

  it('once the team hides the post, its images answer 404 to the public', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const list = (await call(server.api, 'GET', '/boards/demo/posts?limit=100', writeKey)).json.posts as { id: number; title: string }[];
    const id = list.find((p) => p.title === 'Quorbly zyxwvut pasted picture')!.id;
    const post = await call(server.api, 'GET', `/boards/demo/posts/${id}`, writeKey);
    const urls = (post.json.attachments as { url: string }[]).map((a) => a.url);
    expect(urls).toHaveLength(1);
    for (const url of urls) expect((await page.request.get(url)).status()).toBe(200);

    await signInTeam(page, teamLink);
    await page.goto(`${server.url}/dashboard/posts/${id}`);
    await page.getByRole('button', { name: 'Hide from the public' }).click();
    await page.waitForURL(/notice=saved/);

    const visitor = await browser.newContext();
    for (const url of urls) expect((await visitor.request.get(url)).status()).toBe(404);
    await visitor.close();
    await ctx.close();
  });
});
