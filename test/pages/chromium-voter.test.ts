/**
 * The voter's pages in real headless Chromium against `feedback-board serve` with `--smtp` pointed
 * at a real SMTP receiver: the voter loop (sign in by link, an idea that matches a post becomes a
 * vote for it, a distinct idea becomes a post, follow / unfollow / follow) with JavaScript on and
 * off; a visitor's draft kept across sign-in; hostile titles, another site's form and a blocked
 * voter; axe-core on every new page; screenshots to docs/images/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import type { SmtpReceiver } from '../helpers/smtp.js';
import { axeViolations, servePages, shot, signInByMail, useMailedLink, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/chromium-voter.test.ts');

describe.skipIf(skipReason !== undefined)(`the voter's pages in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let smtp: SmtpReceiver;
  let server: Server;
  let browser: Browser;
  let writeKey = '';

  beforeAll(async () => {
    served = await servePages();
    ({ smtp, server, browser, writeKey } = served);
  });

  afterAll(async () => {
    await served?.close();
  });

  /** A new browser context; `bypassCSP` only so that axe-core can be injected where JavaScript runs. */
  const context = (javaScriptEnabled = true): Promise<BrowserContext> =>
    browser.newContext({ bypassCSP: javaScriptEnabled, javaScriptEnabled, viewport: { width: 1100, height: 800 } });

  const posts = async () => (await call(server.api, 'GET', '/boards/demo/posts?limit=500', writeKey)).json.posts as { id: number; title: string; vote_count: number; is_admin: boolean }[];
  const postByTitle = async (title: string) => (await posts()).find((p) => p.title === title)!;
  const signIn = (page: Page, email: string) => signInByMail(page, smtp, `${server.url}/sign-in`, email);

  /** axe-core on the page, where JavaScript runs (axe is a script). */
  async function accessible(page: Page, javaScript: boolean): Promise<void> {
    if (javaScript) expect(await axeViolations(page), page.url()).toEqual([]);
  }

  for (const javaScript of [true, false]) {
    it(`runs the voter loop with JavaScript ${javaScript ? 'on' : 'off'}: vote instead, submit, follow, unfollow, follow`, async () => {
      const ctx = await context(javaScript);
      const page = await ctx.newPage();
      const email = `loop-${javaScript ? 'js' : 'nojs'}@example.com`;
      await signIn(page, email);
      const count = (await posts()).length;
      const darkMode = await postByTitle('Dark mode');

      await page.goto(`${server.url}/boards/demo`);
      await page.getByText('Submit an idea').click();
      await page.getByLabel('Your idea, in a sentence').fill('Dark mode for the mobile app');
      await page.getByRole('button', { name: 'Submit idea' }).click();
      await page.getByRole('heading', { name: 'Is your idea already here?' }).waitFor();
      await accessible(page, javaScript);
      if (javaScript) await shot(page, 'pages-idea-similar');
      const match = page.locator('.similar li', { hasText: 'Dark mode' }).first();
      await match.getByRole('button', { name: 'Vote for this instead' }).click();
      await page.getByText('Your vote was counted.').waitFor();
      expect((await postByTitle('Dark mode')).vote_count).toBe(darkMode.vote_count + 1);
      expect((await posts()).length).toBe(count);

      // Distinct from every other post, this run's included, so it is posted at once.
      const title = javaScript ? 'Calendar sync with Outlook' : 'Printable roadmap for meetings';
      await page.goto(`${server.url}/boards/demo`);
      await page.getByText('Submit an idea').click();
      await page.getByLabel('Your idea, in a sentence').fill(title);
      await page.getByLabel('More detail (optional)').fill('Sync when the connection is back.');
      await page.getByLabel('Integrations').check();
      await page.getByRole('button', { name: 'Submit idea' }).click();
      await page.getByText('Your idea was posted.').waitFor();
      expect(await page.locator('h1').textContent()).toBe(title);
      await page.getByRole('button', { name: 'Unfollow' }).waitFor();
      const created = await postByTitle(title);
      expect([created.is_admin, created.vote_count, (await posts()).length]).toEqual([false, 1, count + 1]);
      await accessible(page, javaScript);

      const third = await postByTitle('Export to CSV');
      await page.goto(`${server.url}/boards/demo/posts/${third.id}`);
      for (const [button, notice] of [
        ['Follow', 'You follow this post'],
        ['Unfollow', 'You no longer follow this post.'],
        ['Follow', 'You follow this post'],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).click();
        await page.getByRole('status').getByText(notice).waitFor();
      }
      await page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
      await ctx.close();
    }, 120_000);
  }

  it('leads a visitor who fills the form to sign-in and back with the draft kept', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${server.url}/boards/demo`);
    await page.getByText('Submit an idea').click();
    await page.getByLabel('Your idea, in a sentence').fill('Weekly digest e-mail');
    await page.getByLabel('More detail (optional)').fill('One mail a week with what moved.');
    await page.getByLabel('Data').check();
    await page.getByRole('button', { name: 'Sign in and submit' }).click();
    await page.getByText('Sign in to submit your idea').waitFor();
    const before = smtp.messages.length;
    await page.getByLabel('E-mail address').fill('draft@example.com');
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByText('Check your inbox').waitFor();
    await useMailedLink(page, smtp, 'draft@example.com', before);
    expect(new URL(page.url()).pathname).toBe('/boards/demo/ideas/new');
    expect(await page.getByLabel('Your idea, in a sentence').inputValue()).toBe('Weekly digest e-mail');
    expect(await page.getByLabel('More detail (optional)').inputValue()).toBe('One mail a week with what moved.');
    expect(await page.getByLabel('Data').isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'pages-idea-form');
    await page.getByRole('button', { name: 'Submit idea' }).click();
    await page.getByText('Your idea was posted.').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Weekly digest e-mail');
    await ctx.close();
  }, 60_000);

  it('renders a hostile submitted title as text everywhere, refuses another site\'s form, and stops a blocked voter', async () => {
    const ctx = await context();
    const voter = await ctx.newPage();
    const dialogs: string[] = [];
    voter.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(voter, 'mallory@example.com');
    const hostile = 'Export <img src=x onerror="window.__xss=1"></script><script>window.__xss=2</script>';
    await voter.goto(`${server.url}/boards/demo/ideas/new`);
    await voter.getByLabel('Your idea, in a sentence').fill(hostile);
    await voter.getByRole('button', { name: 'Submit idea' }).click();
    await voter.getByText('Your idea was posted.').waitFor();
    const postUrl = new URL(voter.url()).pathname;
    expect(await voter.locator('h1').textContent()).toBe(hostile);
    for (const path of [postUrl, '/boards/demo?sort=new']) {
      await voter.goto(`${server.url}${path}`);
      await expect(voter.getByText(hostile).first().isVisible()).resolves.toBe(true);
      expect(await voter.locator('main img').count()).toBe(0);
      expect(await voter.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null), path).toBeNull();
    }

    // Another site's page that posts an idea form (no CSRF token, foreign origin): refused.
    const count = (await posts()).length;
    const { serve } = await import('../helpers/chromium.js');
    const evil = await serve({
      '/': { type: 'text/html', body: `<!doctype html><html><body><form method="post" action="${server.url}/boards/demo/ideas"><input name="title" value="Planted idea"><input name="step" value="post"><button>go</button></form></body></html>` },
    });
    await voter.goto(`${evil.origin}/`);
    const [response] = await Promise.all([voter.waitForResponse(/\/ideas$/), voter.click('button')]);
    expect(response.status()).toBe(403);
    expect((await posts()).length).toBe(count);
    await evil.close();

    // The team blocks the author from the dashboard's post page, where the title is text too.
    const teamCtx = await context();
    const team = await teamCtx.newPage();
    await signIn(team, 'team@localhost');
    const id = Number(/posts\/(\d+)/.exec(postUrl)![1]);
    await call(server.api, 'POST', `/boards/demo/posts/${id}/comments`, writeKey, { body: 'Thanks! We will look at exports next month.' });
    await team.goto(`${server.url}/dashboard/posts/${id}`);
    await expect(team.getByRole('heading', { name: hostile }).isVisible()).resolves.toBe(true);
    expect(await team.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
    await team.locator('form.author').first().getByRole('button', { name: /^Block/ }).click();
    await team.getByText('The voter is blocked').waitFor();

    const csv = await postByTitle('Export to CSV');
    await voter.goto(`${server.url}/boards/demo/posts/${csv.id}`);
    await voter.getByRole('button', { name: 'Vote', exact: true }).click();
    await voter.getByRole('heading', { name: 'Your account can no longer vote' }).waitFor();
    expect(await axeViolations(voter)).toEqual([]);
    expect((await postByTitle('Export to CSV')).vote_count).toBe(csv.vote_count);
    await voter.goto(`${server.url}/boards/demo/ideas/new`);
    await voter.getByLabel('Your idea, in a sentence').fill('Something entirely different');
    await voter.getByRole('button', { name: 'Submit idea' }).click();
    await voter.getByRole('heading', { name: 'Your account can no longer submit ideas' }).waitFor();
    expect((await posts()).length).toBe(count);
    expect(dialogs).toEqual([]);
    await Promise.all([ctx.close(), teamCtx.close()]);
  }, 120_000);

  it('shows a post with Follow and a Team comment; the team answers on the dashboard\'s post page (screenshots)', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'reader@example.com');
    const post = await postByTitle('Slack notifications');
    await call(server.api, 'POST', `/boards/demo/posts/${post.id}/comments`, writeKey, { body: 'We are talking to Slack about the app review. Follow this post to hear when it ships.' });
    await page.goto(`${server.url}/boards/demo/posts/${post.id}`);
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await expect(page.locator('.team-badge').first().isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'pages-post-follow');

    // The reader's own idea, posted after the similar-posts step named the post above.
    await page.goto(`${server.url}/boards/demo/ideas/new`);
    await page.getByLabel('Your idea, in a sentence').fill('Slack notifications for new comments');
    await page.getByLabel('More detail (optional)').fill('A message in our support channel whenever a customer comments.');
    await page.getByRole('button', { name: 'Submit idea' }).click();
    await page.locator('.similar').getByText('Slack notifications').waitFor();
    await page.getByRole('button', { name: 'Post my idea anyway' }).click();
    await page.getByText('Your idea was posted.').waitFor();
    const id = Number(/posts\/(\d+)/.exec(page.url())![1]);
    await page.getByLabel('Your comment').fill('Our support team lives in Slack, so this would save us a tab.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.getByText('Your comment was posted.').waitFor();

    const teamCtx = await context();
    const team = await teamCtx.newPage();
    await signIn(team, 'team@localhost');
    await team.goto(`${server.url}/dashboard/posts/${id}`);
    await team.getByText('Reply as the team').click();
    await team.getByLabel('Your reply (shown with the Team badge)').fill('Good idea: we will add it with the Slack app.');
    await team.getByRole('button', { name: 'Post team reply' }).click();
    await team.getByText('Your comment was posted.').waitFor();
    await expect(team.locator('section[aria-labelledby="similar"]').getByRole('link', { name: 'Slack notifications', exact: true }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(team)).toEqual([]);
    await shot(team, 'pages-dashboard-post');
    const comments = (await call(server.api, 'GET', `/boards/demo/posts/${id}/comments`, writeKey)).json.comments as { is_admin: boolean; replies: { body: string; is_admin: boolean }[] }[];
    expect(comments.map((c) => [c.is_admin, c.replies.map((r) => [r.body, r.is_admin])])).toEqual([[false, [['Good idea: we will add it with the Slack app.', true]]]]);
    await Promise.all([ctx.close(), teamCtx.close()]);
  }, 90_000);
});
