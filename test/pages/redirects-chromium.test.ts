/**
 * The open redirects a browser would follow, tried in headless Chromium: another site's page posts
 * a valid SSO token to `/sso` with `return_to` "/\t/evil.example" (Chromium drops the TAB and
 * reads `//evil.example`), and a link to `/language?next=/.//evil.example`. The browser stays on
 * the pages' origin, signed in; a screenshot of where it landed goes to the temporary folder.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { launchBrowser } from './browser-pages.js';
import { claims, hs256, setupSso, type SsoSetup } from './sso-helpers.js';

const skipReason = chromiumSkipReason('test/pages/redirects-chromium.test.ts');
const ATTACKER = 'http://attacker.test';
const EVIL_HOST = 'evil.example';

describe.skipIf(skipReason !== undefined)(`redirects in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: SsoSetup;
  let browser: Browser;

  beforeAll(async () => {
    setup = await setupSso();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await setup?.server.close();
  });

  /**
   * A new page on which the attacker's site answers, and which notes every request for the far
   * site (a redirect's next hop is not routed, so it is watched, not answered).
   */
  async function pageWithSites(attackerHtml: string): Promise<{ page: Page; reachedEvil: () => boolean }> {
    const page = await (await browser.newContext({ viewport: { width: 1000, height: 700 } })).newPage();
    let evil = false;
    await page.route(`${ATTACKER}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: attackerHtml }));
    page.on('request', (request) => {
      if (new URL(request.url()).hostname === EVIL_HOST) evil = true;
    });
    return { page, reachedEvil: () => evil };
  }

  it('a form on another site posting a token to /sso with return_to "/\\t/evil.example" lands on the pages, signed in', async () => {
    const token = await hs256(claims(setup), setup.secret);
    const html = `<!doctype html><form id="f" method="post" action="${setup.server.url}/sso">
      <input name="sso" value="${token}"><input name="return_to" value="/&#9;/evil.example"></form>
      <script>document.getElementById('f').submit()</script>`;
    const { page, reachedEvil } = await pageWithSites(html);
    await page.goto(`${ATTACKER}/`);
    await page.waitForURL((url) => url.origin !== ATTACKER);
    await page.waitForLoadState('load');
    expect(reachedEvil()).toBe(false);
    expect(new URL(page.url()).origin).toBe(setup.server.url);
    expect(await page.locator('body').textContent()).toContain('Signed in as Ada Host');
    await page.screenshot({ path: join(tmpdir(), 'feedback-board-redirect-sso.png') });
    await page.context().close();
  });

  it('a link to /language?next=/.//evil.example keeps the browser on the pages', async () => {
    const { page, reachedEvil } = await pageWithSites(`<a id="go" href="${setup.server.url}/language?to=es&next=/.//evil.example/x">go</a>`);
    await page.goto(`${ATTACKER}/`);
    await page.click('#go');
    await page.waitForURL((url) => url.origin !== ATTACKER);
    await page.waitForLoadState('load');
    expect(reachedEvil()).toBe(false);
    expect(new URL(page.url()).origin).toBe(setup.server.url);
    await page.context().close();
  });
});
