/**
 * Bulk actions in real headless Chromium, by keyboard: the team ticks posts with Space, chooses a
 * status, asks to mail the followers, reviews the confirmation page (what will happen, counted) and
 * confirms; the posts show the status. axe-core on the list and the confirmation; screenshots to
 * docs/images/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { axeViolations, pagesInChromium, shot, signInTeam, type PagesInChromium } from './browser-pages.js';
import { setupPages, type PagesSetup } from './helpers.js';

const skipReason = chromiumSkipReason('test/pages/bulk-chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`bulk actions in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: PagesSetup;
  let served: PagesInChromium | undefined;
  let origin = '';
  let browser: Browser;
  const ids: number[] = [];

  beforeAll(async () => {
    setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    for (const title of ['Offline mode', 'Calendar sync', 'Two-factor sign-in']) ids.push((await api.posts.create('features', { title })).id);
    const ann = await setup.board.voters.register(setup.orgId, { email: 'ann@example.com', name: 'Ann' });
    for (const id of ids) await setup.board.voters.follow(ann.id, id);
    served = await pagesInChromium(setup.pages);
    ({ origin, browser } = served);
  });

  afterAll(() => served?.close());

  it('selects posts by keyboard, confirms what will happen, and moves them', async () => {
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } })).newPage();
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await signInTeam(page, `${origin}/sign-in/link?token=${token}`);
    await page.goto(`${origin}/dashboard/posts?board=features`);
    for (const title of ['Offline mode', 'Two-factor sign-in']) {
      await page.getByLabel(`Select ${title}`).focus();
      await page.keyboard.press('Space');
    }
    await page.getByLabel('Action', { exact: true }).selectOption('status');
    await page.getByLabel('Status (for a status change)').selectOption({ label: 'Shipped' });
    await page.getByLabel('Mail the followers of each post (a status change)').focus();
    await page.keyboard.press('Space');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-bulk-select');
    await page.getByRole('button', { name: 'Review…' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Move 2 posts to Shipped and send 2 mails to their followers. One mail per follower and post.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-bulk-confirm');
    await page.getByRole('button', { name: 'Move 2 posts to Shipped and send 2 mails to their followers' }).click();
    await page.waitForURL(/\/dashboard\/posts\?board=features&notice=saved$/);
    const team = setup.board.team(setup.orgId).api;
    expect((await team.posts.get('features', ids[0]!)).status).toBe('shipped');
    expect((await team.posts.get('features', ids[1]!)).status).toBe('open');
    expect((await team.posts.get('features', ids[2]!)).status).toBe('shipped');
    await page.context().close();
  }, 60_000);
});
