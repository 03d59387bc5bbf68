/**
 * The dashboard's layout in real headless Chromium: on Mail and Settings every card's heading is
 * its first line (no blank band above it, although a form card starts with its hidden CSRF
 * field); the inbox's reason field, Reject and Approve sit on one row; a server whose mail is
 * printed says so on the Mail page; axe-core finds no serious violation. Screenshots to
 * docs/images/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Mailer } from '../../src/mail/mailer.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { axeViolations, pagesInChromium, shot, signInTeam, type PagesInChromium } from './browser-pages.js';
import { setupPages, type PagesSetup } from './helpers.js';

const skipReason = chromiumSkipReason('test/pages/chromium-dashboard-layout.test.ts');

/** A mailer that prints, as `serve` has without `--smtp`. */
const printing: Mailer = { printsOnly: true, send: async () => {} };

describe.skipIf(skipReason !== undefined)(`the dashboard's layout in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: PagesSetup;
  let served: PagesInChromium | undefined;
  let origin = '';
  let browser: Browser;

  beforeAll(async () => {
    setup = await setupPages({ mailer: printing });
    const team = setup.board.team(setup.orgId);
    await team.boards.setModerated('features', true);
    const ada = await setup.board.voters.register(setup.orgId, { email: 'ada@example.com', name: 'Ada' });
    await setup.board.voters.submitPost(ada.id, 'features', { title: 'Offline mode for trains', body: 'Written on a train.' });
    served = await pagesInChromium(setup.pages);
    ({ origin, browser } = served);
  });

  afterAll(() => served?.close());

  async function teamPage(): Promise<Page> {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    const { token } = await setup.board.signIn.createLink('team', setup.memberId);
    await signInTeam(page, `${origin}/sign-in/link?token=${token}`);
    return page;
  }

  /** How far below its card's top edge each card heading of the page starts, by heading. */
  const headingOffsets = (page: Page) =>
    page.locator('main .card').evaluateAll((cards) =>
      cards.flatMap((card) => {
        const heading = card.querySelector(':scope > h2, :scope > form > h2');
        if (!heading) return [];
        const padding = parseFloat(getComputedStyle(card).paddingTop);
        return [[heading.textContent!.trim(), Math.round(heading.getBoundingClientRect().top - card.getBoundingClientRect().top - padding)] as const];
      }),
    );

  for (const path of ['/dashboard/mail', '/dashboard/settings']) {
    it(`starts every card of ${path} with its heading`, async () => {
      const page = await teamPage();
      await page.goto(`${origin}${path}`);
      const offsets = await headingOffsets(page);
      expect(offsets.length).toBeGreaterThanOrEqual(3);
      // At most the heading's own small top margin (.25rem) between the card's padding and its heading.
      for (const [heading, offset] of offsets) expect(offset, heading).toBeLessThanOrEqual(5);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, path === '/dashboard/mail' ? 'pages-dashboard-mail-printed' : 'pages-dashboard-settings');
      await page.context().close();
    });
  }

  it('says on the Mail page that mail is not set up, and the test answer says it was printed', async () => {
    const page = await teamPage();
    await page.goto(`${origin}/dashboard/mail`);
    await page.getByText('Mail is not set up.').waitFor();
    await page.getByRole('button', { name: 'Print a test e-mail on the terminal' }).click();
    await page.getByText('was printed on the server\'s terminal, not sent: mail is not set up.').waitFor();
    await page.context().close();
  });

  it('puts the reason, Reject and Approve of a waiting post on one row', async () => {
    const page = await teamPage();
    await page.goto(`${origin}/dashboard/inbox`);
    const card = page.locator('article', { hasText: 'Offline mode for trains' });
    const reject = (await card.getByRole('button', { name: 'Reject' }).boundingBox())!;
    const approve = (await card.getByRole('button', { name: 'Approve' }).boundingBox())!;
    const reason = (await card.getByLabel('Reason (optional, mailed to the author)').boundingBox())!;
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(Math.abs(middle(reject) - middle(approve))).toBeLessThan(2);
    expect(Math.abs(middle(reason) - middle(approve))).toBeLessThan(4);
    expect(reason.x + reason.width).toBeLessThan(reject.x);
    expect(reject.x + reject.width).toBeLessThan(approve.x);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard-inbox-row');
    await page.context().close();
  });
});
