/**
 * The widget in real headless Chromium, across sites: a host page on http://127.0.0.1:PORT1 embeds
 * a board served on http://localhost:PORT2 (another site). The panel opens as a modal dialog and
 * shows the board; the host's signed SSO token signs its user in inside it, and they vote (the
 * partitioned cookies work in the frame); a voter also signs in by e-mail link inside it; the keyboard stays in the panel, Escape closes it (pressed in the host's part or inside
 * the board's frame) and focus returns to the launcher. A host that is not listed, and a page
 * outside embed mode framed by a listed host, are refused by the browser; on an unlisted host the
 * panel says why and where the team allows the site. Screenshots to docs/images/widget-panel.png
 * and widget-refused.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { bundleForBrowser, chromiumSkipReason, launchChromium, serve, type Chromium, type Served } from '../helpers/chromium.js';
import { listen, type RunningServer } from '../../src/node/listen.js';
import { setEmbedOrigins } from '../../src/pages/embed-origins.js';
import { axeViolations, shot, signInTeam } from './browser-pages.js';
import { linkToken, setupPages, type PagesSetup } from './helpers.js';
import { createSsoSecret } from '../../src/services/sso.js';
import { claims, hs256 } from './sso-helpers.js';

const skipReason = chromiumSkipReason('test/pages/widget-chromium.test.ts');

const hostPage = (pagesUrl: string, ssoToken: string, extra = '') =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host app</title><link rel="icon" href="data:,">' +
  '<style>body{font:16px serif;margin:40px} button{all:unset;color:red} iframe{border:5px dashed red}</style></head><body>' +
  '<h1>Host application</h1><p>Some of the host’s own content.</p><a href="#elsewhere">A link of the host</a>' +
  `<feedback-board-widget board="app" src="${pagesUrl}" sso-token="${ssoToken}" label="Give feedback"></feedback-board-widget>` +
  `${extra}<script type="module" src="/widget.js"></script></body></html>`;

describe.skipIf(skipReason !== undefined)(`the widget across sites in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: PagesSetup;
  let pagesServer: RunningServer;
  let pagesUrl = '';
  let host: Served;
  let stranger: Served;
  let chromium: Chromium;
  let darkMode = 0;
  let ssoToken = '';

  beforeAll(async () => {
    setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    await api.boards.create({ slug: 'app', name: 'Product feedback', description: 'Ideas and requests for the app.' });
    await setup.board.team(setup.orgId).boards.setPublished('app', true);
    darkMode = (await api.posts.create('app', { title: 'Dark mode', body: 'Easier on the eyes at night.', tags: ['UI'] })).id;
    const csv = await api.posts.create('app', { title: 'Export reports to CSV', body: 'For our monthly review.', tags: ['Reports'] });
    await api.posts.update('app', csv.id, { status: 'planned' });
    await api.posts.create('app', { title: 'Keyboard shortcuts for the inbox', tags: ['UI'] });
    // The host application's user, signed with the organization's SSO secret (5 minutes to live).
    const secret = await createSsoSecret({ storage: setup.board.storage, clock: setup.clock }, setup.orgId);
    ssoToken = await hs256(claims(setup), secret.secret);
    pagesServer = await listen(setup.pages, { port: 0, host: '127.0.0.1' });
    pagesUrl = `http://localhost:${pagesServer.port}`;
    const widget = await bundleForBrowser('widget/index.ts');
    const files = (html: string) => ({ '/': { type: 'text/html', body: html }, '/widget.js': { type: 'text/javascript', body: widget } });
    host = await serve({
      ...files(hostPage(pagesUrl, ssoToken)),
      '/plain-frame': { type: 'text/html', body: `<!doctype html><title>Frame</title><iframe title="board" src="${pagesUrl}/boards/app"></iframe>` },
    });
    stranger = await serve(files(hostPage(pagesUrl, ssoToken)));
    await setEmbedOrigins(setup.board, setup.orgId, 'app', [host.origin]);
    chromium = await launchChromium();
  });

  afterAll(async () => {
    await chromium?.close();
    await host?.close();
    await stranger?.close();
    await pagesServer?.close();
  });

  const panelFrame = (page: Page): Frame => page.frames().find((f) => f.url().startsWith(`${pagesUrl}/embed/`))!;
  const focusedInShadow = (page: Page) =>
    page.evaluate(() => {
      const active = document.querySelector('feedback-board-widget')?.shadowRoot?.activeElement;
      return active ? `${active.tagName.toLowerCase()}.${active.className}` : null;
    });

  async function openPanel(page: Page): Promise<Frame> {
    await page.goto(host.origin);
    await page.getByRole('button', { name: 'Give feedback' }).click();
    await page.getByRole('dialog', { name: 'Give feedback' }).waitFor();
    await page.waitForFunction((prefix) => [...document.querySelector('feedback-board-widget')!.shadowRoot!.querySelectorAll('iframe')].some((f) => f.src.startsWith(prefix)), `${pagesUrl}/embed/`);
    // The frame's document arrives after its element: wait until Chromium lists it by its URL.
    await expect.poll(() => panelFrame(page) !== undefined, { timeout: 10_000 }).toBe(true);
    const frame = panelFrame(page);
    await frame.getByRole('heading', { name: 'Product feedback' }).waitFor();
    return frame;
  }

  it('opens the board in a modal panel, where the host\'s SSO token signs its user in without a sign-in page, and they vote', async () => {
    const page = await chromium.context.newPage();
    const frame = await openPanel(page);
    expect(await page.getByRole('dialog', { name: 'Give feedback' }).getAttribute('aria-modal')).toBe('true');
    // The token went in the frame's first URL; the pages answered with the session and the same
    // page without it.
    expect(frame.url()).toBe(`${pagesUrl}/embed/boards/app`);
    await frame.getByText('Signed in as Ada Host').waitFor();
    await frame.getByText('Dark mode').first().waitFor();
    // The board said it arrived: past the widget's grace period (2 s after the frame loaded), no refusal takes its place.
    await page.waitForTimeout(2500);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.locator('feedback-board-widget iframe').isVisible()).toBe(true);
    await shot(page, 'widget-panel');
    expect(await axeViolations(page)).toEqual([]);

    await frame.getByRole('link', { name: 'Dark mode' }).click();
    // The board lists the post under a heading of its title too: the post's page is its URL.
    await frame.waitForURL(`${pagesUrl}/embed/boards/app/posts/${darkMode}`);
    await frame.getByRole('heading', { name: 'Dark mode' }).waitFor();
    expect(frame.url()).toBe(`${pagesUrl}/embed/boards/app/posts/${darkMode}`);
    await frame.getByRole('button', { name: /^Vote/ }).first().click();
    await frame.getByText('Your vote was counted.').waitFor();
    expect((await setup.board.storage.transaction('read', (tx) => tx.getPost(darkMode)))!.vote_count).toBe(1);
    const identity = await setup.board.storage.transaction('read', (tx) => tx.getSsoIdentity(setup.orgId, 'user-1'));
    expect(await setup.board.storage.transaction('read', (tx) => tx.listVoterIds(darkMode))).toEqual([identity!.voter_id]);
    await page.close();
  });

  it('lets a voter without a host token sign in by e-mail link inside the panel and vote', async () => {
    await chromium.context.clearCookies(); // the host token's session of the test before
    const page = await chromium.context.newPage();
    await page.goto(host.origin);
    await page.evaluate(() => document.querySelector('feedback-board-widget')!.removeAttribute('sso-token'));
    await page.getByRole('button', { name: 'Give feedback' }).click();
    await page.waitForFunction((prefix) => [...document.querySelector('feedback-board-widget')!.shadowRoot!.querySelectorAll('iframe')].some((f) => f.src.startsWith(prefix)), `${pagesUrl}/embed/`);
    await expect.poll(() => panelFrame(page) !== undefined, { timeout: 10_000 }).toBe(true);
    const frame = panelFrame(page);
    await frame.getByRole('heading', { name: 'Product feedback' }).waitFor();
    await frame.getByRole('link', { name: 'Dark mode' }).click();
    await frame.getByRole('heading', { name: 'Dark mode' }).waitFor();
    // Signing in needs the CSRF cookie, and voting the session cookie: both set inside the frame.
    await frame.getByRole('link', { name: 'Sign in' }).first().click();
    await frame.getByLabel('E-mail address').fill('panel@example.com');
    await frame.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await frame.getByText('Check your inbox').waitFor();
    const token = linkToken(setup.mailer.messages.at(-1)!.text);
    await frame.goto(`${pagesUrl}/embed/boards/app/sign-in/link?token=${token}`);
    await frame.getByRole('button', { name: 'Sign in' }).last().click();
    await frame.getByText('You are signed in.').waitFor();
    const before = (await setup.board.storage.transaction('read', (tx) => tx.getPost(darkMode)))!.vote_count;
    await frame.getByRole('button', { name: /^Vote/ }).first().click();
    await frame.getByText('Your vote was counted.').waitFor();
    expect((await setup.board.storage.transaction('read', (tx) => tx.getPost(darkMode)))!.vote_count).toBe(before + 1);
    expect(frame.url()).toMatch(new RegExp(`^${pagesUrl}/embed/boards/app/posts/${darkMode}`));
    await page.close();
  });

  it('keeps Tab and Shift+Tab in the panel, closes on Escape, and gives focus back to the launcher', async () => {
    const page = await chromium.context.newPage();
    await openPanel(page);
    expect(await focusedInShadow(page)).toBe('button.close');
    await page.keyboard.press('Shift+Tab'); // from the first element round to the board's frame
    expect(await focusedInShadow(page)).toBe('iframe.');
    // Tab through everything in the board and past it: focus comes round to the close button.
    let cameBack = false;
    for (let i = 0; i < 40 && !cameBack; i++) {
      await page.keyboard.press('Tab');
      const inside = await focusedInShadow(page);
      expect(inside === 'button.close' || inside === 'iframe.', `step ${i}: ${inside}`).toBe(true);
      cameBack = inside === 'button.close';
    }
    expect(cameBack).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await focusedInShadow(page)).toBe('button.launcher');
    expect(await page.getByRole('button', { name: 'Give feedback' }).getAttribute('aria-expanded')).toBe('false');

    // Escape pressed inside the board's frame closes the panel too.
    await page.getByRole('button', { name: 'Give feedback' }).click();
    await panelFrame(page).getByRole('heading', { name: 'Product feedback' }).waitFor();
    await panelFrame(page).getByRole('link', { name: 'Roadmap' }).focus();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await focusedInShadow(page)).toBe('button.launcher');
    await page.close();
  });

  it('asks getSsoToken for a fresh token on every opening; without src it stays closed and says why', async () => {
    const page = await chromium.context.newPage();
    await page.goto(host.origin);
    await page.evaluate(() => {
      let n = 0;
      const widget = document.querySelector('feedback-board-widget') as HTMLElement & { getSsoToken?: () => Promise<string> };
      widget.getSsoToken = async () => `fresh-${++n}`;
    });
    for (const n of [1, 2]) {
      await page.getByRole('button', { name: 'Give feedback' }).click();
      await expect.poll(() => panelFrame(page)?.url(), { timeout: 10_000 }).toBe(`${pagesUrl}/embed/boards/app?sso=fresh-${n}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }

    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await page.evaluate(() => document.querySelector('feedback-board-widget')!.removeAttribute('src'));
    await page.getByRole('button', { name: 'Give feedback' }).click();
    await expect.poll(() => errors.join('\n'), { timeout: 10_000 }).toContain('<feedback-board-widget> cannot open: TypeError: <feedback-board-widget> needs both a src and a board attribute');
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
    await page.close();
  });

  it('the dashboard’s embedding form lists the allowed origins and shows a refusal with its reason (screenshot)', async () => {
    const page = await chromium.context.newPage();
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await signInTeam(page, `${pagesUrl}/sign-in/link?token=${token}`);
    await page.goto(`${pagesUrl}/dashboard/boards/app/embedding`);
    const field = page.getByLabel(/Allowed origins/);
    expect(await field.inputValue()).toBe(host.origin);
    await field.fill(`${host.origin}\nhttps://app.example.com/feedback`);
    await page.getByRole('button', { name: 'Save origins' }).click();
    await page.getByRole('alert').getByText('must be an origin alone, such as https://app.example.com').waitFor();
    await page.setViewportSize({ width: 1100, height: 640 });
    await shot(page, 'pages-dashboard-embedding');
    await page.close();
  });

  /** The framing refusals (Content-Security-Policy) Chromium reports on the console of `page`. */
  function refusals(page: Page): string[] {
    const seen: string[] = [];
    page.on('console', (message) => {
      if (/^Framing '.*' violates the following Content Security Policy directive/.test(message.text())) seen.push(message.text());
    });
    return seen;
  }

  it('is refused by the browser on a host the board does not list', async () => {
    const page = await chromium.context.newPage();
    const seen = refusals(page);
    await page.goto(stranger.origin);
    await page.getByRole('button', { name: 'Give feedback' }).click();
    await page.getByRole('dialog', { name: 'Give feedback' }).waitFor();
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The board lists only the other host.
    expect(seen[0]).toContain(`Framing '${pagesUrl}/'`);
    expect(seen[0]).toContain(`"frame-ancestors ${host.origin}"`);
    // The frame holds Chromium's error page, not the board.
    const childFrames = () => page.frames().filter((f) => f !== page.mainFrame()).map((f) => f.url());
    await expect.poll(childFrames, { timeout: 10_000 }).toEqual(['chrome-error://chromewebdata/']);
    // In its place, the panel says why, and where the team lets this site show the board.
    const refusal = page.getByRole('dialog', { name: 'Give feedback' }).getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      'The board cannot be shown on this site.' +
        `Either its settings do not allow ${stranger.origin} to show it (a member of the board's team adds this address under Dashboard → Boards → Embedding), or ${pagesUrl} did not answer.` +
        'Open the embedding settings',
    );
    expect(await refusal.getByRole('link', { name: 'Open the embedding settings' }).getAttribute('href')).toBe(`${pagesUrl}/dashboard/boards/app/embedding`);
    expect(await page.locator('feedback-board-widget iframe').isVisible()).toBe(false);
    // The keyboard still goes round the panel: from the close button back to the link.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedInShadow(page)).toBe('a.');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'widget-refused');
    // A `ready` from the frame that comes late (a busy machine) puts the board back in its place.
    await page.evaluate(() => {
      const frame = document.querySelector('feedback-board-widget')!.shadowRoot!.querySelector('iframe')!;
      window.dispatchEvent(new MessageEvent('message', { data: 'feedback-board:ready', source: frame.contentWindow }));
    });
    await refusal.waitFor({ state: 'hidden' });
    expect(await page.locator('feedback-board-widget iframe').isVisible()).toBe(true);
    // The link that had focus is gone: focus stays in the panel, on its close button.
    expect(await focusedInShadow(page)).toBe('button.close');
    // Closed and opened again, the panel tries afresh, and is refused again.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Give feedback' }).click();
    await refusal.waitFor();
    await page.close();
  });

  it('a page outside embed mode cannot be framed, even by a listed host', async () => {
    const page = await chromium.context.newPage();
    const seen = refusals(page);
    await page.goto(`${host.origin}/plain-frame`);
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(seen[0]).toContain("frame-ancestors 'none'");
    const childFrames = () => page.frames().filter((f) => f !== page.mainFrame()).map((f) => f.url());
    await expect.poll(childFrames, { timeout: 10_000 }).toEqual(['chrome-error://chromewebdata/']);
    await page.close();
  });
});
