/**
 * The dashboard post page's issues in real headless Chromium against `feedback-board serve`
 * (`--allow-private-webhooks`, so that a stand-in GitHub Enterprise on 127.0.0.1 can be reached):
 * the team connects GitHub, creates an issue from a post with the form prefilled from it (the
 * title edited), links an existing issue by its key, and sees both links with their keys, titles
 * and states once serve's dispatcher has had GitHub's answers; a creation GitHub refuses shows in
 * GitHub's words; a link the API refuses answers with its reason and queues nothing. axe-core on
 * the page; the section's screenshot goes to docs/images/dashboard-post-links.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { startProviderServer, type ProviderServer } from '../integrations/provider-server.js';
import { axeViolations, servePages, signInTeam, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/post-links-chromium.test.ts');
const IMAGES = new URL('../../docs/images/', import.meta.url).pathname;
const TOKEN = 'github_pat_11AAAAAAA_post_links';

const issue = (number: number, title: string, state = 'open') => ({
  id: 9000 + number, number, title, state, body: '', user: { login: 'octocat' },
  html_url: `https://github.com/acme/app/issues/${number}`, url: `https://api.github.com/repos/acme/app/issues/${number}`,
});

/** Reloads the page until `text` shows in its Issues section (serve's dispatcher sends the calls on its own schedule). */
async function waitForSection(page: Page, text: string): Promise<string> {
  const section = page.locator('section[aria-labelledby="post-issues"]');
  for (let waited = 0; ; waited += 250) {
    const shown = (await section.textContent()) ?? '';
    if (shown.includes(text)) return shown;
    if (waited > 20_000) throw new Error(`"${text}" never showed; the section says: ${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await page.reload();
  }
}

describe.skipIf(skipReason !== undefined)(`a post's issues on the dashboard in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let server: Server;
  let github: ProviderServer;

  beforeAll(async () => {
    github = await startProviderServer((request) => {
      if (request.headers['authorization'] !== `Bearer ${TOKEN}`) return { status: 401, body: { message: 'Bad credentials' } };
      if (request.method === 'POST' && request.path === '/api/v3/repos/acme/app/issues') {
        const { title } = JSON.parse(request.body) as { title: string };
        if (title.includes('again')) return { status: 422, body: { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'custom', field: 'title', message: 'an issue of this title is open' }] } };
        return { status: 201, body: issue(1347, title) };
      }
      if (request.method === 'GET' && request.path === '/api/v3/repos/acme/app/issues/7') return { status: 200, body: issue(7, 'CSV export <for> every board', 'closed') };
      return { status: 404, body: { message: 'Not Found' } };
    });
    served = await servePages({ args: ['--allow-private-webhooks'] });
    server = served.server;
  });

  afterAll(async () => {
    await served?.close();
    await github?.close();
  });

  it('creates an issue from the post and links another by its key; refusals show their reasons', async () => {
    const { browser, writeKey, teamLink } = served!;
    const post = await call(server.api, 'POST', '/boards/demo/posts', writeKey, { title: 'Export to CSV', body: 'We send the board to finance **every month**.' });
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } })).newPage();
    await signInTeam(page, teamLink, /\/dashboard\?notice=signed_in/);

    // Without a connection, the section says where to make one.
    await page.goto(`${server.url}/dashboard/posts/${post.json.id}`);
    await page.getByText('No active connection with a token').waitFor();
    await page.goto(`${server.url}/dashboard/integrations`);
    const connect = page.getByRole('form', { name: 'Connect a tracker' });
    await connect.getByLabel('Provider', { exact: true }).selectOption('github');
    await connect.getByLabel(/Repository, project or team/).fill('acme/app');
    await connect.getByLabel(/API base URL/).fill(`${github.origin}/api/v3`);
    await connect.getByLabel(/Token for outbound calls/).fill(TOKEN);
    await connect.getByRole('button', { name: 'Connect' }).click();
    await page.locator('#new-secret').waitFor();

    // "Create an issue", prefilled from the post; the title edited.
    await page.goto(`${server.url}/dashboard/posts/${post.json.id}`);
    const create = page.getByRole('form', { name: 'Create an issue' });
    expect(await create.getByLabel('Title').inputValue()).toBe('Export to CSV');
    expect(await create.getByLabel('Text').inputValue()).toBe('We send the board to finance **every month**.');
    await create.getByLabel('Title').fill('Export a board to CSV');
    await create.getByRole('button', { name: 'Create the issue' }).click();
    await page.waitForURL(/notice=saved$/);
    await waitForSection(page, 'acme/app#1347');
    const sent = github.requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(sent.body)).toMatchObject({ title: 'Export a board to CSV', body: expect.stringContaining(`Closes #fb-${post.json.id}`) });

    // "Link an issue" by its key.
    const link = page.getByRole('form', { name: 'Link an issue' });
    await link.getByLabel(/URL or key/).fill('#7');
    await link.getByRole('button', { name: 'Link the issue' }).click();
    await page.waitForURL(/notice=saved$/);
    const section = await waitForSection(page, 'acme/app#7');
    expect(section).toContain('CSV export <for> every board');
    expect(await page.getByRole('link', { name: 'acme/app#7' }).getAttribute('href')).toBe('https://github.com/acme/app/issues/7');
    expect(await page.getByRole('row', { name: /acme\/app#7/ }).textContent()).toContain('Closed');
    expect(await page.getByRole('row', { name: /acme\/app#1347/ }).textContent()).toContain('Open');

    // GitHub refuses a creation: its words show under the links.
    await create.getByLabel('Title').fill('Export to CSV again');
    await create.getByRole('button', { name: 'Create the issue' }).click();
    await waitForSection(page, 'GitHub answered 422: Validation Failed; title custom an issue of this title is open');

    // The API refuses a link: the reason shows, and nothing is queued.
    const before = github.requests.length;
    await link.getByLabel(/URL or key/).fill('https://gitlab.com/acme/app/-/issues/7');
    await link.getByRole('button', { name: 'Link the issue' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Nothing was sent: url must be an issue URL of');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${server.url}/dashboard/posts/${post.json.id}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('section[aria-labelledby="post-issues"]').screenshot({ path: `${IMAGES}dashboard-post-links.png` });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(github.requests.length).toBe(before);
    expect(await page.content()).not.toContain(TOKEN);
  }, 120_000);
});
