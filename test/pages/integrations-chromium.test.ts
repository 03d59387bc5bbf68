/**
 * The dashboard's Integrations page in real headless Chromium against `feedback-board serve`
 * (`--allow-private-webhooks`, so that a stand-in tracker and chat receiver on 127.0.0.1 can be
 * reached): the team connects GitHub through the form and sees its secret once; a merged pull
 * request signed with it and delivered to serve shows under the connection's deliveries; "Test
 * connection" shows the tracker's own answer (a 401 with GitHub's "Bad credentials"); a Slack
 * target added to the board is listed masked, a new post's message reaches the receiver and shows
 * as delivered; deactivated, the target shows inactive. axe-core on the page; screenshots go to
 * docs/images/.
 */
import { mkdirSync } from 'node:fs';
import { sign } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { mergedPullRequest } from '../integrations/fixtures/github.js';
import { startProviderServer, type ProviderServer } from '../integrations/provider-server.js';
import { axeViolations, servePages, signInTeam, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/integrations-chromium.test.ts');
const IMAGES = new URL('../../docs/images/', import.meta.url).pathname;

describe.skipIf(skipReason !== undefined)(`the Integrations page in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let server: Server;
  let browser: Browser;
  let writeKey = '';
  let teamLink = '';
  let stand: ProviderServer;

  beforeAll(async () => {
    mkdirSync(IMAGES, { recursive: true });
    stand = await startProviderServer((request) => {
      if (request.path === '/api/v3/repos/Codertocat/Hello-World') return { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } };
      if (request.path.startsWith('/services/')) return { status: 200, body: 'ok' };
      return { status: 404, body: { message: 'Not Found' } };
    });
    served = await servePages({ args: ['--allow-private-webhooks'] });
    ({ server, browser, writeKey, teamLink } = served);
  });

  afterAll(async () => {
    await served?.close();
    await stand?.close();
  });

  it('connects a tracker, shows its deliveries and its test’s answer, and adds, lists and deactivates a chat target', async () => {
    const post = await call(server.api, 'POST', '/boards/demo/posts', writeKey, { title: 'Dark mode <b>for</b> the dashboard' });
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } })).newPage();
    await signInTeam(page, teamLink, /\/dashboard\?notice=signed_in/);
    await page.getByRole('link', { name: 'Integrations' }).click();
    await page.waitForURL(/\/dashboard\/integrations$/);
    await page.getByText('No tracker is connected yet.').waitFor();

    // Connect GitHub: the secret is shown in the answer, once.
    const connect = page.getByRole('form', { name: 'Connect a tracker' });
    await connect.getByLabel('Provider', { exact: true }).selectOption('github');
    await connect.getByLabel(/Repository, project or team/).fill('Codertocat/Hello-World');
    await connect.getByLabel(/API base URL/).fill(`${stand.origin}/api/v3`);
    await connect.getByLabel(/Token for outbound calls/).fill('ghp_revoked_token');
    await connect.getByRole('button', { name: 'Connect' }).click();
    const secret = (await page.locator('#new-secret').textContent())!.trim();
    expect(secret).toMatch(/^fbis_[0-9A-Za-z]{40}$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${IMAGES}dashboard-integrations-secret.png`, fullPage: true });
    await page.goto(`${server.url}/dashboard/integrations`);
    expect(await page.content()).not.toContain(secret);
    expect(await page.content()).not.toContain('ghp_revoked_token');

    // A merged pull request naming the post, signed with the secret, shows among the deliveries.
    const delivery = JSON.stringify(mergedPullRequest(`Fixes #fb-${post.json.id}`));
    const delivered = await fetch(`${server.url}/integrations/github/1`, {
      method: 'POST', body: delivery,
      headers: { 'content-type': 'application/json', 'x-github-event': 'pull_request', 'x-github-delivery': 'delivery-1', 'x-hub-signature-256': await sign(secret, delivery) },
    });
    expect(delivered.status).toBe(200);

    // The test shows what GitHub answered.
    await page.getByRole('button', { name: 'Test connection' }).click();
    const answer = page.getByRole('status').filter({ hasText: 'The test failed' });
    await answer.waitFor();
    expect(await answer.textContent()).toContain('(HTTP 401): GitHub answered 401: Bad credentials');
    expect(stand.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([['GET', '/api/v3/repos/Codertocat/Hello-World', 'Bearer ghp_revoked_token']]);
    await page.getByRole('cell', { name: 'pull_request' }).waitFor();
    // Applied: the post has the pull request as evidence and a proposal waiting.
    const proposed = await call(server.api, 'GET', `/boards/demo/posts/${post.json.id}`, writeKey);
    expect([proposed.json.implementation_evidence.length, proposed.json.proposal?.status]).toEqual([1, 'shipped']);

    // A Slack target on the board: listed masked; a new post's message reaches the receiver.
    const chat = page.getByRole('form', { name: 'Add a chat target to demo' });
    await chat.getByLabel('Platform', { exact: true }).selectOption('slack');
    await chat.getByLabel('Incoming-webhook URL').fill(`${stand.origin}/services/T000/B000/SecretTokenWXYZ`);
    await chat.getByLabel('Status change').uncheck();
    await chat.getByRole('button', { name: 'Add chat target' }).click();
    await page.waitForURL(/\/dashboard\/integrations\?notice=saved$/);
    const row = page.getByRole('row', { name: /Slack/ });
    expect(await row.textContent()).toContain(`${stand.origin}/…WXYZ`);
    expect(await row.textContent()).toContain('New post, Team comment, Proposal waiting');
    expect(await page.content()).not.toContain('SecretToken');
    await call(server.api, 'POST', '/boards/demo/posts', writeKey, { title: 'Export to spreadsheets' });
    for (let waited = 0; !stand.requests.some((r) => r.path.startsWith('/services/')); waited += 50) {
      if (waited > 15_000) throw new Error('the chat message never came');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(JSON.parse(stand.requests.find((r) => r.path.startsWith('/services/'))!.body).text).toBe('New post on Demo board: Export to spreadsheets');
    for (let waited = 0; ; waited += 200) {
      await page.reload();
      if ((await row.textContent())!.includes('delivered') || waited > 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await row.textContent()).toContain('delivered');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${IMAGES}dashboard-integrations.png`, fullPage: true });

    await row.getByRole('button', { name: 'Deactivate' }).click();
    await page.waitForURL(/\/dashboard\/integrations\?notice=saved$/);
    expect(await page.getByRole('row', { name: /Slack/ }).textContent()).toContain('Inactive');

    // A bad URL is refused with the notice, and nothing is added.
    await chat.getByLabel('Platform', { exact: true }).selectOption('discord');
    await chat.getByLabel('Incoming-webhook URL').fill('ftp://example.com/hook');
    await chat.getByRole('button', { name: 'Add chat target' }).click();
    await page.waitForURL(/\/dashboard\/integrations\?notice=invalid$/);
    expect(await page.getByRole('row', { name: /Discord/ }).count()).toBe(0);
  }, 90_000);
});
