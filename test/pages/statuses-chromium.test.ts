/**
 * The dashboard's Statuses page in real headless Chromium: the team adds "Under review" in the
 * open category with a colour picked in the colour input, renames a default, recolours one light,
 * and the public board shows the labels in their colours, with readable text, under the pages'
 * Content-Security-Policy; removing the added status says how many posts move and moves them; a
 * default's removal page says it cannot be removed. axe-core on both pages; screenshots to
 * docs/images/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { contrastRatio } from '../../src/pages/status-labels.js';
import { axeViolations, pagesInChromium, shot, signInTeam, type PagesInChromium } from './browser-pages.js';
import { setupPages, type PagesSetup } from './helpers.js';

const skipReason = chromiumSkipReason('test/pages/statuses-chromium.test.ts');

/** `rgb(r, g, b)` as `#rrggbb`. */
const hex = (rgb: string) => `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;

describe.skipIf(skipReason !== undefined)(`the Statuses page in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: PagesSetup;
  let served: PagesInChromium | undefined;
  let origin = '';
  let browser: Browser;

  beforeAll(async () => {
    setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    for (const title of ['Offline mode', 'Calendar sync', 'Two-factor sign-in']) await api.posts.create('features', { title });
    await api.posts.update('features', 6, { status: 'shipped' });
    served = await pagesInChromium(setup.pages);
    ({ origin, browser } = served);
  });

  afterAll(() => served?.close());

  async function teamPage(): Promise<Page> {
    const page = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } })).newPage();
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await signInTeam(page, `${origin}/sign-in/link?token=${token}`);
    return page;
  }

  /** Background and text colour of the badge with `text` on the page. */
  const badgeColors = (page: Page, text: string) =>
    page
      .locator('.badge', { hasText: text })
      .first()
      .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])
      .then(([bg, fg]) => ({ background: hex(bg!), text: hex(fg!) }));

  it('adds, renames and recolours statuses, and the public board shows them readable in their colours', async () => {
    const page = await teamPage();
    await page.getByRole('link', { name: 'Statuses' }).click();
    await page.waitForURL(/\/dashboard\/statuses$/);
    await page.getByLabel('Name', { exact: true }).fill('Under review');
    await page.getByLabel('Colour', { exact: true }).fill('#6b21a8');
    await page.getByLabel('Category').selectOption('open');
    await page.getByRole('button', { name: 'Add status' }).click();
    await page.waitForURL(/notice=saved/);
    await page.getByLabel('Name of Planned').fill('Next up');
    await page.getByRole('form', { name: 'Change Planned' }).getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/notice=saved/);
    await page.getByLabel('Colour of Shipped').fill('#fde68a');
    await page.getByRole('form', { name: 'Change Shipped' }).getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/notice=saved/);
    // Under review is the second of the open category: it moves up, before Open.
    await page.getByRole('button', { name: 'Move Under review up' }).click();
    await page.waitForURL(/notice=saved/);
    const open = page.getByRole('region', { name: /^Open/ });
    expect(await open.locator('tbody tr td:first-child .badge').allTextContents()).toEqual(['Under review', 'Open']);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-statuses');

    const team = setup.board.team(setup.orgId).api;
    const review = (await team.statuses.list()).statuses.find((s) => s.name === 'Under review')!;
    expect(review).toMatchObject({ color: '#6b21a8', category: 'open', position: 0 });
    await team.posts.update('features', 5, { status_label_id: review.id });
    await team.posts.update('features', 1, { status: 'planned' });

    // A visitor's page keeps the Content-Security-Policy: the colours come from the labels' stylesheet.
    const visitor = await (await browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage();
    await visitor.goto(`${origin}/boards/features`);
    for (const [text, color] of [['Under review', '#6b21a8'], ['Next up', '#2b3f8f'], ['Shipped', '#fde68a']] as const) {
      const shown = await badgeColors(visitor, text);
      expect(shown.background, text).toBe(color);
      expect(contrastRatio(shown.background, shown.text), text).toBeGreaterThanOrEqual(4.5);
    }
    await shot(visitor, 'board-custom-status');
    const checked = await (await browser.newContext({ bypassCSP: true })).newPage();
    await checked.goto(`${origin}/boards/features`);
    expect(await axeViolations(checked)).toEqual([]);
    await page.context().close();
    await visitor.context().close();
    await checked.context().close();
  }, 90_000);

  it('says how many posts move before removing a status, moves them, and keeps a default', async () => {
    const team = setup.board.team(setup.orgId).api;
    const soon = await team.statuses.create({ name: 'Soon', color: '#0f766e', category: 'planned' });
    for (const id of [6, 7]) await team.posts.update('features', id, { status_label_id: soon.id });
    const page = await teamPage();
    await page.goto(`${origin}/dashboard/statuses`);
    await page.getByRole('link', { name: 'Remove Soon' }).click();
    await page.getByText('2 posts show this status and will show').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-status-remove');
    await page.getByRole('button', { name: 'Remove Soon and move 2 posts to Next up' }).click();
    await page.waitForURL(/\/dashboard\/statuses\?notice=saved$/);
    for (const id of [6, 7]) expect((await team.posts.get('features', id)).status_label.name).toBe('Next up');
    expect((await team.statuses.list()).statuses.map((s) => s.name)).not.toContain('Soon');

    const open = (await team.statuses.list()).statuses.find((s) => s.category === 'open' && s.is_default)!;
    await page.goto(`${origin}/dashboard/statuses/${open.id}/remove`);
    await page.getByText('Open is the default of Open posts: it can be renamed and recoloured, but not removed.').waitFor();
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await page.context().close();
  }, 60_000);
});
