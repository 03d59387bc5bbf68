/**
 * The dashboard's deleted posts in real headless Chromium against `feedback-board serve`: a post
 * with votes and a comment deleted through the API is listed under "Deleted" with what it had and
 * who deleted it; the team restores it with its button and lands on the post, back with its votes
 * and comment, and it leaves the list. axe-core on the list; a screenshot of it goes to
 * docs/images/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, type Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { axeViolations, servePages, signInTeam, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/deleted-chromium.test.ts');
const IMAGES = new URL('../../docs/images/', import.meta.url).pathname;

describe.skipIf(skipReason !== undefined)(`deleted posts on the dashboard in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let server: Server;
  let browser: Browser;
  let writeKey = '';
  let teamLink = '';

  beforeAll(async () => {
    mkdirSync(IMAGES, { recursive: true });
    served = await servePages();
    ({ server, browser, writeKey, teamLink } = served);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('lists a deleted post with what it had, and restores it exactly with its button', async () => {
    const created = await call(server.api, 'POST', '/boards/demo/posts', writeKey, { title: 'Export to spreadsheets', body: 'CSV and XLSX' });
    const id = created.json.id as number;
    await call(server.api, 'POST', `/boards/demo/posts/${id}/comments`, writeKey, { body: 'Needed for the monthly report' });
    const before = (await call(server.api, 'GET', `/boards/demo/posts/${id}`, writeKey)).json;
    expect((await call(server.api, 'DELETE', `/boards/demo/posts/${id}`, writeKey)).status).toBe(204);

    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 700 } })).newPage();
    await signInTeam(page, teamLink, /\/dashboard\?notice=signed_in/);
    await page.getByRole('link', { name: 'Deleted' }).click();
    await page.waitForURL(/\/dashboard\/deleted$/);
    const row = page.getByRole('row', { name: /Export to spreadsheets/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 votes · 1 comment');
    expect(await row.textContent()).toMatch(/by the key “.+”/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${IMAGES}dashboard-deleted.png`, fullPage: true });

    await row.getByRole('button', { name: 'Restore' }).click();
    await page.waitForURL(new RegExp(`/dashboard/posts/${id}\\?notice=restored$`));
    await page.getByText('The deleted post is back as it was.').waitFor();
    expect((await call(server.api, 'GET', `/boards/demo/posts/${id}`, writeKey)).json).toEqual(before);
    expect((await call(server.api, 'GET', `/boards/demo/posts/${id}/comments`, writeKey)).json.comments).toHaveLength(1);

    await page.goto(`${server.url}/dashboard/deleted`);
    await page.getByText('No post was deleted in the last 30 days.').waitFor();
  }, 60_000);
});
