/**
 * The dashboard's Single sign-on page in headless Chromium: a team member creates a secret (shown
 * once), rotates it, saves JWKS settings, and the page has no serious accessibility violation. A
 * screenshot goes to docs/images/dashboard-sso.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/node/listen.js';
import type { Browser } from 'playwright-core';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { axeViolations, launchBrowser, shot } from './browser-pages.js';
import { setupPages, type PagesSetup } from './helpers.js';

const skipReason = chromiumSkipReason('test/pages/sso-chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`the Single sign-on page in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
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

  it('creates, rotates and configures, shows the new secret once, and passes axe', async () => {
    // axe-core is injected as an inline script, which the pages' CSP (rightly) forbids.
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1200, height: 800 } })).newPage();
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await page.goto(`${server.url}/sign-in/link?token=${token}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.goto(`${server.url}/dashboard/sso`);
    await page.getByRole('button', { name: 'Create a secret' }).click();
    const first = (await page.locator('#new-secret').textContent())!.trim();
    expect(first).toMatch(/^fbsso_[0-9A-Za-z]{43}$/);
    await page.getByRole('button', { name: 'Rotate' }).click();
    const second = (await page.locator('#new-secret').textContent())!.trim();
    expect(second).not.toBe(first);

    await page.getByLabel('JWKS URL for RS256/ES256 tokens (https)').fill('https://id.example.com/.well-known/jwks.json');
    await page.getByLabel('ES256', { exact: true }).uncheck();
    await page.getByLabel('Issuer (iss), if your tokens must name one').fill('https://id.example.com');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.url()).toContain('notice=saved');
    await expect.poll(() => page.getByLabel('RS256', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('ES256', { exact: true }).isChecked()).toBe(false);
    expect(await page.locator('body').textContent()).toContain('(rotated)');
    expect(await page.locator('body').textContent()).not.toContain(second);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-sso');
  });
});
