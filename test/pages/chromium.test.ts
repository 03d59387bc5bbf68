/**
 * The web pages in real headless Chromium against `feedback-board serve` with `--smtp` pointed at
 * a real SMTP receiver: the whole loop from a voter's vote through an agent's proposal to the
 * team's confirmation and the voter's e-mail; hostile content that never runs; axe-core on every
 * page; and a browser with JavaScript switched off that votes and confirms. Screenshots of the
 * pages go to docs/images/.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import type { SmtpReceiver } from '../helpers/smtp.js';
import { axeViolations, servePages, shot, signInByMail as signInByMailAt, signInTeam, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`web pages in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let smtp: SmtpReceiver;
  let server: Server;
  let browser: Browser;
  let proposeKey = '';
  let writeKey = '';
  let teamLink = '';
  const checked: Record<string, string[]> = {};

  beforeAll(async () => {
    served = await servePages({ args: ['--allow-private-webhooks'] });
    ({ smtp, server, browser, proposeKey, writeKey, teamLink } = served);
  });

  afterAll(async () => {
    await served?.close();
  });

  /** A new browser context; `bypassCSP` only so that axe-core can be injected. */
  const context = (options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> =>
    browser.newContext({ bypassCSP: options.javaScriptEnabled !== false, viewport: { width: 1100, height: 800 }, ...options });

  async function visit(page: Page, path: string, name?: string): Promise<void> {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBeLessThan(400);
    if (name) {
      checked[name] = await axeViolations(page);
      expect(checked[name], name).toEqual([]);
    }
  }

  /** Signs a page's context in through the e-mailed link for `email`. */
  const signInByMail = (page: Page, email: string) => signInByMailAt(page, smtp, `${server.url}/sign-in`, email);

  async function postIdByTitle(title: string): Promise<number> {
    const list = await call(server.api, 'GET', '/boards/demo/posts?limit=100', writeKey);
    return list.json.posts.find((p: { title: string }) => p.title === title).id;
  }

  it('runs the whole loop: vote, agent claim + evidence + proposal, team confirms, the voter is e-mailed, the post shows it', async () => {
    const id = await postIdByTitle('Slack notifications');
    const voterContext = await context();
    const voter = await voterContext.newPage();
    await visit(voter, '/', 'boards');
    await visit(voter, '/sign-in', 'sign-in');
    await shot(voter, 'pages-sign-in');
    await signInByMail(voter, 'ada@example.com');
    await visit(voter, '/boards/demo', 'board');
    await visit(voter, `/boards/demo/posts/${id}`);
    await voter.getByRole('button', { name: 'Vote' }).click();
    await voter.getByText('Your vote was counted.').waitFor();
    expect(await voter.locator('.votes .count').textContent()).toBe('5');
    await voter.getByLabel('Your comment').fill('We would use this every day.');
    await voter.getByRole('button', { name: 'Post comment' }).click();
    await voter.getByText('Your comment was posted.').waitFor();
    await voter.getByRole('button', { name: /React 🎉/ }).first().click();
    await voter.getByText('Thanks for your reaction.').waitFor();
    await voter.locator('details summary').first().click();
    await voter.getByLabel('Your reply').first().fill('Same here.');
    await voter.getByRole('button', { name: 'Post reply' }).first().click();
    await voter.getByText('Your comment was posted.').waitFor();
    checked.post = await axeViolations(voter);
    expect(checked.post).toEqual([]);

    // The agent, through the API.
    expect((await call(server.api, 'POST', `/boards/demo/posts/${id}/claim`, proposeKey, { agent_label: 'bot-7-claim' })).status).toBe(201);
    await call(server.api, 'POST', `/boards/demo/posts/${id}/evidence`, proposeKey, { kind: 'pr', ref: 'https://github.com/acme/app/pull/42', label: 'Slack integration PR' });
    await call(server.api, 'POST', `/boards/demo/posts/${id}/evidence`, proposeKey, { kind: 'commit', ref: '9f1c2ab', label: 'Deploy' });
    const proposed = await call(server.api, 'POST', `/boards/demo/posts/${id}/propose-status`, proposeKey, { status: 'shipped', note: 'Merged in #42 and deployed to production.' });
    expect(proposed.status).toBe(200);

    // The team member signs in with the printed link and confirms.
    const teamContext = await context();
    const team = await teamContext.newPage();
    await signInTeam(team, teamLink, /\/dashboard\?notice=signed_in/);
    const card = team.locator('article.proposal', { hasText: 'Slack notifications' });
    await expect(card.getByText('Merged in #42 and deployed to production.').isVisible()).resolves.toBe(true);
    await expect(card.getByText('https://github.com/acme/app/pull/42').isVisible()).resolves.toBe(true);
    await expect(card.getByText('demo agent key').isVisible()).resolves.toBe(true);
    checked.proposals = await axeViolations(team);
    expect(checked.proposals).toEqual([]);
    await shot(team, 'pages-dashboard-proposals');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await team.getByText('The proposal was confirmed').waitFor();

    const mail = await smtp.waitFor('ada@example.com', /Slack notifications/);
    expect(mail.text).toMatch(/moved from Open to Shipped/);
    expect(mail.text).toContain(`${server.url}/boards/demo/posts/${id}`);

    // The public page, for anyone.
    const publicContext = await context();
    const visitor = await publicContext.newPage();
    await visit(visitor, `/boards/demo/posts/${id}`, 'post-public');
    const main = (await visitor.locator('main').textContent())!;
    expect(main).toContain('Shipped');
    expect(main).toContain('Implementation');
    expect(main).toContain('Slack integration PR');
    expect(await visitor.getByRole('link', { name: 'Slack integration PR' }).getAttribute('href')).toBe('https://github.com/acme/app/pull/42');
    for (const secret of ['bot-7-claim', 'Merged in #42 and deployed', 'demo agent key', 'fbk_']) expect(main).not.toContain(secret);
    await shot(visitor, 'pages-post');
    await visit(visitor, '/boards/demo/changelog', 'changelog');
    expect(await visitor.locator('main').textContent()).toContain('Slack notifications');
    await visit(visitor, '/boards/demo/roadmap', 'roadmap');
    await shot(visitor, 'pages-roadmap');
    await visit(visitor, '/boards/demo', 'board-anonymous');
    await shot(visitor, 'pages-board');

    for (const [path, name] of [
      ['/dashboard/posts', 'dash-posts'],
      [`/dashboard/posts/${id}`, 'dash-post'],
      ['/dashboard/boards', 'dash-boards'],
      ['/dashboard/stats', 'dash-stats'],
      ['/dashboard/keys', 'dash-keys'],
      ['/dashboard/webhooks', 'dash-webhooks'],
      ['/dashboard/settings', 'dash-settings'],
    ] as const) {
      await visit(team, path, name);
    }
    await visit(team, '/dashboard/stats');
    await shot(team, 'pages-dashboard-stats');
    // The signed-in member may create a key of every scope, the team's own included; it is shown once.
    await visit(team, '/dashboard/keys');
    expect(await team.locator('#key-scope option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['read', 'propose', 'write', 'team']);
    await team.locator('#key-label').fill('Triage agent');
    await team.locator('#key-scope').selectOption('team');
    await team.getByRole('button', { name: 'Create key' }).click();
    expect(await team.locator('#new-key').textContent()).toMatch(/^\s*fbk_[0-9A-Za-z]{40}\s*$/);
    expect(await team.locator('tbody tr', { hasText: 'Triage agent' }).textContent()).toContain('team');
    await shot(team, 'pages-dashboard-keys');
    // The post's history: the agent's key by label, the member who confirmed, newest first.
    await visit(team, `/dashboard/posts/${id}`);
    const history = (await team.locator('section[aria-labelledby="history"] li').allTextContents()).map((text) => text.replace(/^.*? · /, ''));
    expect(history.slice(0, 5).map((text) => text.replace(/\(fbk_\w+\)/, '(…)'))).toEqual([
      'Team confirmed the proposal of API key demo agent key (…): Open to Shipped',
      'API key demo agent key (…) proposed Shipped — “Merged in #42 and deployed to production.”',
      'API key demo agent key (…) added evidence',
      'API key demo agent key (…) added evidence',
      'API key demo agent key (…) claimed the post',
    ]);
    await team.locator('#history').scrollIntoViewIfNeeded();
    await shot(team, 'pages-dashboard-post-history');

    // Sign-out ends the session: the dashboard refuses the same browser afterwards.
    await team.goto(`${server.url}/dashboard`);
    await team.getByRole('button', { name: 'Sign out' }).click();
    await team.getByText('You are signed out.').waitFor();
    expect((await team.goto(`${server.url}/dashboard`))?.status()).toBe(401);
    // The printed link was used once: it fails now.
    await team.goto(teamLink);
    await team.getByRole('button', { name: 'Sign in' }).last().click();
    await team.getByText('This link does not work').waitFor();
    await Promise.all([voterContext.close(), teamContext.close(), publicContext.close()]);
  }, 120_000);

  it('shows hostile titles, bodies, tags, comments and evidence as text; no script of theirs runs', async () => {
    const hostile = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const created = await call(server.api, 'POST', '/boards/demo/posts', writeKey, { title: `Title ${hostile}`, body: `Body ${hostile}`, tags: ['<b onmouseover="window.__xss=3">t</b>'] });
    const id = created.json.id as number;
    await call(server.api, 'POST', `/boards/demo/posts/${id}/comments`, writeKey, { body: `Comment ${hostile}` });
    await call(server.api, 'POST', `/boards/demo/posts/${id}/evidence`, proposeKey, { kind: 'commit', ref: 'javascript:window.__xss=4', label: hostile });
    await call(server.api, 'POST', `/boards/demo/posts/${id}/propose-status`, proposeKey, { status: 'planned', note: hostile });
    const ctx = await context();
    const page = await ctx.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const path of [`/boards/demo/posts/${id}`, '/boards/demo', '/boards/demo/roadmap']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('a[href*="posts"]').first().hover();
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null), path).toBeNull();
    }
    await page.goto(`${server.url}/boards/demo/posts/${id}`);
    expect(await page.locator('h1').textContent()).toBe(`Title ${hostile}`);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('main script').count()).toBe(0);
    // The team sees the hostile note as text as well.
    const team = await ctx.newPage();
    await signInByMail(team, 'team@localhost');
    await team.goto(`${server.url}/dashboard`);
    await expect(team.getByText(hostile).first().isVisible()).resolves.toBe(true);
    expect(await team.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
    expect(dialogs).toEqual([]);
    await ctx.close();
  }, 60_000);

  it('works with JavaScript switched off: a voter votes and a team member confirms a proposal', async () => {
    const id = await postIdByTitle('Single sign-on');
    const voterContext = await context({ javaScriptEnabled: false });
    const voter = await voterContext.newPage();
    await signInByMail(voter, 'nojs@example.com');
    await voter.goto(`${server.url}/boards/demo`);
    const item = voter.locator('article.post', { hasText: 'Single sign-on' });
    await item.getByRole('button', { name: 'Vote' }).click();
    await voter.getByText('Your vote was counted.').waitFor();
    expect(await voter.locator('article.post', { hasText: 'Single sign-on' }).locator('.count').textContent()).toBe('16');

    await call(server.api, 'POST', `/boards/demo/posts/${id}/propose-status`, proposeKey, { status: 'in_progress', note: 'Started on SAML.' });
    const teamContext = await context({ javaScriptEnabled: false });
    const team = await teamContext.newPage();
    await signInByMail(team, 'team@localhost');
    const card = team.locator('article.proposal', { hasText: 'Single sign-on' });
    await card.getByLabel('Notify voters').uncheck();
    await card.getByRole('button', { name: 'Confirm' }).click();
    await team.getByText('The proposal was confirmed').waitFor();
    const post = await call(server.api, 'GET', `/boards/demo/posts/${id}`, writeKey);
    expect([post.json.status, post.json.proposal]).toEqual(['in_progress', null]);
    // Unticked: the voter got no notification for this change.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to.includes('nojs@example.com') && /Single sign-on/.test(m.text))).toEqual([]);
    await Promise.all([voterContext.close(), teamContext.close()]);
  }, 60_000);

  it('refuses a cross-site form post in the browser and changes nothing', async () => {
    const id = await postIdByTitle('Keyboard shortcuts');
    const before = (await call(server.api, 'GET', `/boards/demo/posts/${id}`, writeKey)).json.vote_count as number;
    const ctx = await context();
    const page = await ctx.newPage();
    await signInByMail(page, 'target@example.com');
    // Another site's page that posts a vote form to the board (no CSRF token, foreign origin).
    const { serve } = await import('../helpers/chromium.js');
    const evil = await serve({
      '/': {
        type: 'text/html',
        body: `<!doctype html><html><body><form id="f" method="post" action="${server.url}/boards/demo/posts/${id}/vote"><input name="action" value="vote"><button>go</button></form></body></html>`,
      },
    });
    await page.goto(`${evil.origin}/`);
    const [response] = await Promise.all([page.waitForResponse(/\/vote$/), page.click('button')]);
    expect(response.status()).toBe(403);
    expect((await call(server.api, 'GET', `/boards/demo/posts/${id}`, writeKey)).json.vote_count).toBe(before);
    await evil.close();
    await ctx.close();
  }, 60_000);

  it('the webhook page: a test event fails, is redelivered and delivered; the secret rotates; axe-core and a screenshot', async () => {
    // A receiver on loopback (serve runs with --allow-private-webhooks) that fails until told otherwise.
    const answer = { status: 503, body: '{"error":"maintenance until 14:00"}' };
    let received = 0;
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/feedback`;
    const ctx = await context();
    const team = await ctx.newPage();
    /** Reloads until the page's main text matches (the dispatcher polls every 500 ms). */
    const reloadUntil = async (pattern: RegExp) => {
      for (let i = 0; i < 40 && !pattern.test((await team.locator('main').textContent()) ?? ''); i++) {
        await new Promise((r) => setTimeout(r, 250));
        await team.reload();
      }
      expect(await team.locator('main').textContent()).toMatch(pattern);
    };
    try {
      await signInByMail(team, 'team@localhost');
      await team.goto(`${server.url}/dashboard/webhooks`);
      await team.locator('#new-url').fill(url);
      await team.locator('#new-description').fill('CRM sync');
      await team.getByRole('button', { name: 'Create webhook' }).click();
      await team.getByText('Saved.').waitFor();
      await team.getByRole('link', { name: 'Messages, secret and test events' }).last().click();
      await team.getByRole('button', { name: 'Send test event' }).click();
      await team.getByText('A test event was queued').waitFor();
      await reloadUntil(/HTTP\s503/);
      expect(received).toBe(1);

      answer.status = 200;
      answer.body = '{"received":true}';
      await team.getByRole('button', { name: 'Redeliver now' }).first().click();
      await team.getByText('The message is due again').waitFor();
      await reloadUntil(/HTTP\s200/);
      expect(received).toBe(2);
      const text = (await team.locator('main').textContent())!;
      expect(text).toContain('webhook.test');
      expect(text).toContain('delivered');
      expect(text).toContain('2 attempts');

      const path = new URL(team.url()).pathname;
      await team.getByRole('button', { name: 'Rotate secret' }).click();
      const secret = (await team.locator('#new-secret').textContent())!.trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      await visit(team, path, 'dash-webhook');
      expect(await team.locator('main').textContent()).not.toContain(secret);
      expect(await team.locator('main').textContent()).toContain(`whsec_…${secret.slice(-4)}`);
      await shot(team, 'pages-dashboard-webhook');
    } finally {
      await ctx.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  }, 90_000);
});
