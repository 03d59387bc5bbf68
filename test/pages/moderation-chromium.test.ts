/**
 * Moderation in real headless Chromium against `feedback-board serve` with `--smtp` pointed at a
 * real SMTP receiver: the team holds new posts of the demo board; a voter submits one and sees it
 * waiting; another voter does not see it; the team approves it in the inbox and it appears; a
 * rejection's reason reaches the author by e-mail. axe-core on the inbox, the submit form and the
 * waiting post; a screenshot of the inbox goes to docs/images/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { axeViolations, servePages, signInByMail as signInByMailAt, signInTeam, type ServedPages } from './browser-pages.js';
import type { SmtpReceiver } from '../helpers/smtp.js';

const skipReason = chromiumSkipReason('test/pages/moderation-chromium.test.ts');
const IMAGES = new URL('../../docs/images/', import.meta.url).pathname;

describe.skipIf(skipReason !== undefined)(`moderation in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let smtp: SmtpReceiver;
  let server: Server;
  let browser: Browser;
  let writeKey = '';
  let teamLink = '';

  beforeAll(async () => {
    mkdirSync(IMAGES, { recursive: true });
    served = await servePages();
    ({ smtp, server, browser, writeKey, teamLink } = served);
  });

  afterAll(async () => {
    await served?.close();
  });

  /** A new browser context; `bypassCSP` only so that axe-core can be injected. */
  const context = (): Promise<BrowserContext> => browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } });

  async function expectAccessible(page: Page, name: string): Promise<void> {
    expect(await axeViolations(page), name).toEqual([]);
  }

  const signInByMail = (page: Page, email: string) => signInByMailAt(page, smtp, `${server.url}/sign-in`, email);

  async function submit(page: Page, title: string): Promise<void> {
    await page.goto(`${server.url}/boards/demo/ideas/new`);
    await page.getByLabel('Your idea, in a sentence').fill(title);
    await page.getByLabel('More detail (optional)').fill('Written on a train.');
    await page.getByRole('button', { name: 'Submit idea' }).click();
    await page.waitForLoadState();
    // A title sharing a word with a post ("mode") is shown its similar posts first.
    const anyway = page.getByRole('button', { name: 'Post my idea anyway' });
    if ((await anyway.count()) > 0) await anyway.click();
    await page.waitForURL(/\/boards\/demo\/waiting\/\d+\?notice=waiting_for_approval/);
  }

  async function listedTitles(): Promise<string[]> {
    const list = await call(server.api, 'GET', '/boards/demo/posts?limit=100', writeKey);
    return list.json.posts.map((p: { title: string }) => p.title);
  }

  it('holds a voter post until the team approves it in the inbox; a rejection mails its reason', async () => {
    const team = await (await context()).newPage();
    await signInTeam(team, teamLink, /\/dashboard\?notice=signed_in/);
    await team.goto(`${server.url}/dashboard/inbox`);
    await team.getByRole('button', { name: 'Hold new posts for approval' }).first().click();
    await team.waitForURL(/notice=saved/);
    await team.getByText('Wait for approval').waitFor();

    const ada = await (await context()).newPage();
    await signInByMail(ada, 'ada@example.com');
    await ada.goto(`${server.url}/boards/demo/ideas/new`);
    await ada.getByText('read by the team before they appear').waitFor();
    await expectAccessible(ada, 'submit');
    await submit(ada, 'Offline mode for trains');
    await ada.getByText('Waiting for approval').first().waitFor();
    await expectAccessible(ada, 'waiting');
    const waitingUrl = ada.url().replace(/\?.*$/, '');
    await ada.goto(`${server.url}/boards/demo`);
    await ada.getByRole('heading', { name: 'Your posts waiting for approval' }).waitFor();

    const bob = await (await context()).newPage();
    await signInByMail(bob, 'bob@example.com');
    await bob.goto(`${server.url}/boards/demo`);
    expect(await bob.getByText('Offline mode for trains').count()).toBe(0);
    expect((await bob.goto(waitingUrl))?.status()).toBe(404);
    expect(await listedTitles()).not.toContain('Offline mode for trains');

    await submit(ada, 'Cheap pills here');
    await team.goto(`${server.url}/dashboard/inbox`);
    await expect(team.locator('nav.side a', { hasText: 'Inbox' }).textContent()).resolves.toMatch(/Inbox\s*2\s*waiting/);
    await expectAccessible(team, 'inbox');
    await team.screenshot({ path: `${IMAGES}dashboard-inbox.png`, fullPage: true });

    const offline = team.locator('article', { hasText: 'Offline mode for trains' });
    await offline.getByRole('button', { name: 'Approve' }).click();
    await team.waitForURL(/notice=approved/);
    await bob.goto(`${server.url}/boards/demo`);
    await bob.getByText('Offline mode for trains').first().waitFor();
    expect(await listedTitles()).toContain('Offline mode for trains');

    const before = smtp.messages.length;
    const spam = team.locator('article', { hasText: 'Cheap pills here' });
    await spam.getByLabel('Reason (optional, mailed to the author)').fill('Advertising is not feedback.');
    await spam.getByRole('button', { name: 'Reject' }).click();
    await team.waitForURL(/notice=post_rejected/);
    const mail = await smtp.waitFor('ada@example.com', /did not approve your post "Cheap pills here"/, before);
    expect(mail.text).toContain('Their reason: Advertising is not feedback.');
    expect(await listedTitles()).not.toContain('Cheap pills here');
    await team.getByText('Nothing waits for approval.').waitFor();
  }, 60_000);
});
