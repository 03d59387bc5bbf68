/**
 * The team writes a changelog entry in real headless Chromium against `feedback-board serve
 * --smtp` (a real SMTP receiver): two voters follow shipped posts through the pages (one follows
 * both, one follows one), the team picks those two posts on the dashboard's Changelog page and
 * schedules the entry a few seconds ahead. Nothing is mailed before its time; when `serve`'s job
 * publishes it, each follower gets exactly one mail about it, and it shows on the public changelog
 * page. A form refused for want of a time changes nothing. axe-core on the dashboard page and on
 * the public page; screenshots of both go to docs/images/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import type { SmtpReceiver } from '../helpers/smtp.js';
import { axeViolations, servePages, shot, signInByMail, signInTeam, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/changelog-chromium.test.ts');
const changelogMails = (smtp: SmtpReceiver, email: string) => smtp.messages.filter((m) => m.to.includes(email) && /New in the changelog/.test(m.text));

describe.skipIf(skipReason !== undefined)(`changelog entries in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let smtp: SmtpReceiver;
  let server: Server;
  let browser: Browser;
  let writeKey = '';
  let teamLink = '';

  beforeAll(async () => {
    served = await servePages();
    ({ smtp, server, browser, writeKey, teamLink } = served);
  });

  afterAll(async () => {
    await served?.close();
  });

  /** `bypassCSP` only so that axe-core can be injected. */
  const context = (): Promise<BrowserContext> => browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } });
  const postByTitle = async (title: string) =>
    ((await call(server.api, 'GET', '/boards/demo/posts?limit=500', writeKey)).json.posts as { id: number; title: string }[]).find((p) => p.title === title)!;

  async function follow(email: string, postIds: number[]): Promise<void> {
    const page = await (await context()).newPage();
    await signInByMail(page, smtp, `${server.url}/sign-in`, email);
    for (const id of postIds) {
      await page.goto(`${server.url}/boards/demo/posts/${id}`);
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await page.getByRole('status').getByText('You follow this post').waitFor();
    }
  }

  it('the team schedules an entry linking two shipped posts, and each follower gets exactly one mail when it is published', async () => {
    const shortcuts = await postByTitle('Keyboard shortcuts');
    const csv = await postByTitle('Export to CSV');
    expect((await call(server.api, 'PATCH', `/boards/demo/posts/${csv.id}`, writeKey, { status: 'shipped' })).status).toBe(200);
    await follow('both@example.com', [shortcuts.id, csv.id]);
    await follow('one@example.com', [csv.id]);

    const team = await (await context()).newPage();
    await signInTeam(team, teamLink, /\/dashboard\?notice=signed_in/);
    await team.getByRole('link', { name: 'Changelog', exact: true }).click();
    await team.waitForURL(/\/dashboard\/changelog$/);

    // Refused: "later" without a time. Nothing is stored, and the form says why.
    await team.getByLabel('Title').fill('Refused');
    await team.getByLabel('What shipped (Markdown)').fill('x');
    await team.getByLabel('At a date and time (UTC)').check();
    await team.getByRole('button', { name: 'Save entry' }).click();
    await team.getByRole('alert').getByText('Give the date and time to publish it at. Nothing was saved.').waitFor();
    expect((await call(server.api, 'GET', '/boards/demo/changelog/entries', writeKey)).json.total).toBe(0);

    const publishAt = new Date(Date.now() + 8000);
    const local = publishAt.toISOString().slice(0, 19);
    await team.getByLabel('Title').fill('Faster exports and shortcuts');
    await team.getByLabel('What shipped (Markdown)').fill('**Export to CSV** now includes votes, and every page has *keyboard shortcuts*.');
    await team.getByRole('checkbox', { name: /Keyboard shortcuts/ }).check();
    await team.getByRole('checkbox', { name: /Export to CSV/ }).check();
    await team.getByLabel('Date and time, UTC').fill(local);
    await team.getByRole('button', { name: 'Save entry' }).click();
    await team.waitForURL(/\/dashboard\/changelog\/demo\?notice=saved$/);
    const row = team.getByRole('row', { name: /Faster exports and shortcuts/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Scheduled for');
    expect(await row.textContent()).toContain('2 posts');
    expect(await axeViolations(team)).toEqual([]);
    await shot(team, 'dashboard-changelog');

    const [entry] = (await call(server.api, 'GET', '/boards/demo/changelog/entries', writeKey)).json.entries;
    expect(entry).toMatchObject({ state: 'scheduled', publish_at: `${local}.000Z` });
    expect([...entry.post_ids].sort((a: number, b: number) => a - b)).toEqual([shortcuts.id, csv.id].sort((a, b) => a - b));
    expect(changelogMails(smtp, 'both@example.com')).toEqual([]);

    // serve's job publishes it within its interval (10 s) of its time; the sender then mails it.
    const published = async () => (await call(server.api, 'GET', '/boards/demo/changelog/entries?state=published', writeKey)).json.entries[0];
    const deadline = Date.now() + 30_000;
    while ((await published()) === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await published()).published_at >= entry.publish_at).toBe(true);
    const mail = await smtp.waitFor('both@example.com', /New in the changelog/);
    expect(mail.text).toContain('Subject: [Demo] New in the changelog: Faster exports and shortcuts');
    await smtp.waitFor('one@example.com', /New in the changelog/);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // four polls of the sender
    expect(changelogMails(smtp, 'both@example.com')).toHaveLength(1);
    expect(changelogMails(smtp, 'one@example.com')).toHaveLength(1);

    const visitor = await (await context()).newPage();
    await visitor.goto(`${server.url}/boards/demo/changelog`);
    const article = visitor.locator(`#entry-${entry.id}`);
    await article.getByRole('heading', { name: 'Faster exports and shortcuts' }).waitFor();
    expect(await article.locator('strong').textContent()).toBe('Export to CSV');
    expect(await article.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['Keyboard shortcuts', 'Export to CSV']));
    expect(await axeViolations(visitor)).toEqual([]);
    await shot(visitor, 'pages-changelog-entry');

    // The team corrects the published entry: its time stays, and no one is mailed again.
    await team.getByRole('link', { name: 'Faster exports and shortcuts' }).click();
    await team.getByRole('heading', { name: 'Edit this entry' }).waitFor();
    expect(await team.getByRole('radio').count()).toBe(0);
    await team.getByLabel('Title').fill('Faster exports, and shortcuts everywhere');
    await team.getByRole('button', { name: 'Save changes' }).click();
    await team.waitForURL(/\/entries\/\d+\?notice=saved$/);
    expect(await axeViolations(team)).toEqual([]);
    await shot(team, 'dashboard-changelog-edit');
    expect((await published())).toMatchObject({ title: 'Faster exports, and shortcuts everywhere', published_at: (await published()).published_at });
    await visitor.reload();
    await article.getByRole('heading', { name: 'Faster exports, and shortcuts everywhere' }).waitFor();

    // Deleted after a confirmation: gone from the public page.
    await team.getByRole('link', { name: 'Delete this entry…' }).click();
    await team.getByRole('heading', { name: 'Delete this entry?' }).waitFor();
    expect(await axeViolations(team)).toEqual([]);
    await shot(team, 'dashboard-changelog-delete');
    await team.getByRole('button', { name: 'Delete the entry' }).click();
    await team.waitForURL(/\/dashboard\/changelog\/demo\?notice=deleted$/);
    await visitor.reload();
    expect(await visitor.locator(`#entry-${entry.id}`).count()).toBe(0);
    expect(changelogMails(smtp, 'both@example.com')).toHaveLength(1);
  }, 120_000);
});
