/**
 * The dashboard's board access form in headless Chromium: a team member makes a board private to
 * a domain and an SSO claim, a bad domain is refused with its reason and nothing saved, the saved
 * form shows the settings, the board is a 404 for a visitor, and the page has no serious
 * accessibility violation. A screenshot goes to docs/images/dashboard-board-access.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { listen, type RunningServer } from '../../src/node/listen.js';
import { boardAccessOf } from '../../src/pages/board-access.js';
import { chromiumSkipReason, launchBrowser } from '../helpers/chromium.js';
import { axeViolations, shot } from './browser-pages.js';
import { setupPages, type PagesSetup } from './helpers.js';

const skipReason = chromiumSkipReason('test/pages/private-boards-chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`the board access form in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: PagesSetup;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    setup = await setupPages();
    server = await listen(setup.pages, { port: 0 });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('makes a board private, refuses a bad domain with its reason, and passes axe', async () => {
    // axe-core is injected as an inline script, which the pages' CSP (rightly) forbids.
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1200, height: 860 } })).newPage();
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await page.goto(`${server.url}/sign-in/link?token=${token}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.goto(`${server.url}/dashboard/boards`);
    await page.getByRole('link', { name: 'Access' }).first().click();
    await expect.poll(() => page.url()).toContain('/dashboard/boards/features/access');

    await page.getByLabel(/Only the team and the voters allowed below/).check();
    await page.getByLabel(/Allowed e-mail domains/).fill('example.com\nbeta@example.org');
    await page.getByRole('button', { name: 'Save access' }).click();
    await expect.poll(() => page.locator('[role=alert]').textContent()).toContain('Write "beta@example.org" as a domain alone');
    expect((await boardAccessOf(setup.board, setup.orgId, 'features')).access).toBe('public');

    await page.getByLabel(/Allowed e-mail domains/).fill('example.com\n*.example.org');
    await page.getByLabel(/Single sign-on claim/).fill('groups');
    await page.getByLabel(/Values of the claim/).fill('beta\nstaff');
    await page.getByRole('button', { name: 'Save access' }).click();
    await expect.poll(() => page.url()).toContain('notice=saved');
    expect(await page.getByLabel(/Only the team and the voters allowed below/).isChecked()).toBe(true);
    expect(await page.getByLabel(/Allowed e-mail domains/).inputValue()).toBe('example.com\n*.example.org');
    expect(await boardAccessOf(setup.board, setup.orgId, 'features')).toMatchObject({
      access: 'private', email_domains: ['example.com', '*.example.org'], claim_name: 'groups', claim_values: ['beta', 'staff'],
    });
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-board-access');

    const visitor = await (await browser.newContext()).newPage();
    const answer = await visitor.goto(`${server.url}/boards/features`);
    expect(answer?.status()).toBe(404);
  });
});
