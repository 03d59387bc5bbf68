/**
 * Filters and saved views in real headless Chromium, by keyboard: the team filters the posts list
 * by a status of its own and a tag, saves the view, comes back to the dashboard, applies the view
 * from its link, selects every post of the page and moves them to another status after the
 * confirmation page. axe-core on the filtered list, the views and the confirmation; a screenshot
 * to docs/images/dashboard-views.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { axeViolations, pagesInChromium, shot, signInTeam, type PagesInChromium } from './browser-pages.js';
import { setupPages, type PagesSetup } from './helpers.js';

const skipReason = chromiumSkipReason('test/pages/views-chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`filters and saved views in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: PagesSetup;
  let served: PagesInChromium | undefined;
  let origin = '';
  let browser: Browser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    setup = await setupPages();
    const team = setup.board.team(setup.orgId).api;
    const nextUp = await team.statuses.create({ name: 'Next up', color: '#1d4ed8', category: 'planned' });
    const posts: [string, string, boolean][] = [
      ['Offline mode', 'Mobile', true],
      ['Calendar sync', 'Mobile', true],
      ['Two-factor sign-in', 'Security', true],
      ['Dark theme', 'Mobile', false],
    ];
    for (const [title, tag, labelled] of posts) {
      const post = await team.posts.create('features', { title, tags: [tag] });
      if (labelled) await team.posts.update('features', post.id, { status_label_id: nextUp.id });
      ids[title] = post.id;
    }
    served = await pagesInChromium(setup.pages);
    ({ origin, browser } = served);
  });

  afterAll(() => served?.close());

  it('filters by status and tag, saves the view, applies it again by keyboard, and moves every post of it', async () => {
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1200, height: 900 } })).newPage();
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await signInTeam(page, `${origin}/sign-in/link?token=${token}`);
    await page.goto(`${origin}/dashboard/posts?board=features`);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Next up' });
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Mobile' });
    await page.getByRole('button', { name: 'Show' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/tag=mobile/);
    await page.getByText('2 posts match the filters, newest first.').waitFor();
    expect(await page.locator('td.title a').allTextContents()).toEqual(['Calendar sync', 'Offline mode']);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Name of this view').focus();
    await page.keyboard.type('Mobile, next up');
    await page.keyboard.press('Enter');
    await page.waitForURL(/notice=saved$/);

    // Back on the dashboard's first page, the view is a link: Tab to it and follow it.
    await page.goto(`${origin}/dashboard`);
    const link = page.getByRole('link', { name: 'Mobile, next up' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/status_label=\d+&tag=mobile$/);
    await page.getByText('2 posts match the filters, newest first.').waitFor();
    expect(await page.locator('td.title a').allTextContents()).toEqual(['Calendar sync', 'Offline mode']);
    await page.getByText('Rename or delete').first().focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('New name').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-views');
    await page.keyboard.press('Enter');

    await page.getByLabel('Select all on this page').focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Action', { exact: true }).selectOption('status');
    await page.getByLabel('Status (for a status change)').selectOption({ label: 'Shipped' });
    await page.getByRole('button', { name: 'Review…' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Move 2 posts to Shipped. Followers are not mailed.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const confirm = page.getByRole('button', { name: 'Move 2 posts to Shipped' });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/posts\?board=features&sort=new&status_label=\d+&tag=mobile&notice=saved$/);
    await page.getByText('0 posts match the filters').waitFor();
    const team = setup.board.team(setup.orgId).api;
    const statusOf = async (title: string) => (await team.posts.get('features', ids[title]!)).status_label.name;
    expect([await statusOf('Offline mode'), await statusOf('Calendar sync'), await statusOf('Two-factor sign-in'), await statusOf('Dark theme')]).toEqual(['Shipped', 'Shipped', 'Next up', 'Open']);
    await page.context().close();
  }, 60_000);
});
