/**
 * Text of both directions in real headless Chromium, measured where it is drawn: on an Arabic
 * page, English titles, paragraphs, list items and comments keep their final punctuation at their
 * end (to the right of their first letter) and line up at the right like the page; on an English
 * page, an Arabic paragraph keeps its full stop at its left end. The back link's arrow points
 * right in Arabic; the vote button never wraps and every vote box of a list is as wide as the
 * next, in Arabic and German; and after a vote on a long board the page opens where the voter
 * was. Screenshots to docs/images/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { axeViolations, pagesInChromium, shot, type PagesInChromium } from './browser-pages.js';
import { setupPages, type PagesSetup } from './helpers.js';

const skipReason = chromiumSkipReason('test/pages/chromium-directions.test.ts');

/** Where the first and the last character of an element's text are drawn (their left edges, and the element's text box). */
function ends(locator: Locator) {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, { acceptNode: (node) => (node.textContent!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
    const nodes: Text[] = [];
    while (walker.nextNode()) nodes.push(walker.currentNode as Text);
    const first = nodes[0]!;
    const last = nodes.at(-1)!;
    const at = (node: Text, offset: number) => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getClientRects()[0]!.x;
    };
    const firstOffset = first.textContent!.search(/\S/);
    const lastOffset = last.textContent!.trimEnd().length - 1;
    const whole = document.createRange();
    whole.selectNodeContents(element);
    const text = whole.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { first: at(first, firstOffset), last: at(last, lastOffset), textLeft: text.left, textRight: text.right, boxLeft: box.left, boxRight: box.right };
  });
}

describe.skipIf(skipReason !== undefined)(`text of both directions in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let setup: PagesSetup;
  let served: PagesInChromium | undefined;
  let origin = '';
  let browser: Browser;
  let mixed = 0;
  let arabic = 0;
  const listed: number[] = [];

  beforeAll(async () => {
    setup = await setupPages();
    const api = await setup.board.api(setup.writeKey);
    await api.boards.create({ slug: 'app', name: 'App ideas', description: 'What would make the app better?' });
    await setup.board.team(setup.orgId).boards.setPublished('app', true);
    // Twelve older posts fill a long page; the two measured ones are the newest.
    for (let i = 1; i <= 12; i++) listed.push((await api.posts.create('app', { title: `Idea number ${i}.`, body: `Details of idea ${i}.` })).id);
    mixed = (await api.posts.create('app', {
      title: 'Dark mode, please!',
      body: 'A dark theme for late-night work.\n\n- Fewer headaches at night.\n- Saves battery!',
      tags: ['UI.'],
    })).id;
    arabic = (await api.posts.create('app', { title: 'الوضع الداكن؟', body: 'نص عربي للتجربة.' })).id;
    await api.comments.create('app', mixed, { body: 'Yes please!' });
    served = await pagesInChromium(setup.pages);
    ({ origin, browser } = served);
  });

  afterAll(() => served?.close());

  /** A page of a browser asking for `locale`, signed in as the voter `email` when given; `bypassCSP` so that axe-core can be injected. */
  async function pageIn(locale: string, email?: string): Promise<Page> {
    const context = await browser.newContext({ locale, bypassCSP: true, viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    if (email !== undefined) {
      const { token } = await setup.board.signIn.createVoterLink(setup.orgId, email);
      await page.goto(`${origin}/sign-in/link?token=${token}`);
      await page.locator('main form button').click();
      await page.waitForURL(/notice=signed_in/);
    }
    return page;
  }

  it('on an Arabic page, keeps English text in its own order and lines it up at the right', async () => {
    const page = await pageIn('ar-EG');
    await page.goto(`${origin}/boards/app/posts/${mixed}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const content = (await page.locator('article.post .content').boundingBox())!;
    for (const [name, locator] of [
      ['title', page.locator('h1')],
      ['paragraph', page.locator('article .markdown p')],
      ['list item', page.locator('article .markdown li').last()],
      ['comment', page.locator('.comment .markdown p')],
    ] as const) {
      const drawn = await ends(locator);
      // The final punctuation (".", "!") after the last word, to its right; not before the first.
      expect(drawn.last, name).toBeGreaterThan(drawn.first);
      // Lined up with the page: the text ends at the right edge of its box.
      expect(Math.abs(drawn.textRight - drawn.boxRight), name).toBeLessThan(2);
    }
    expect(Math.abs((await ends(page.locator('h1'))).textRight - (content.x + content.width))).toBeLessThan(2);
    // A tag keeps its full stop at its end too.
    const tag = await ends(page.locator('.meta .tag'));
    expect(tag.last).toBeGreaterThan(tag.first);
    // The back link points right, the way back on a right-to-left page, at the start of the line.
    const back = page.locator('p.back a');
    expect((await back.textContent())!.trim()).toMatch(/^→ App ideas$/);
    const arrow = (await back.locator('span[aria-hidden="true"]').boundingBox())!;
    const name = (await back.locator('bdi').boundingBox())!;
    expect(arrow.x).toBeGreaterThan(name.x);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'pages-post-rtl');

    // On the board, the board's English name and description sit at the right, like the page.
    await page.goto(`${origin}/boards/app`);
    const main = (await page.locator('main').boundingBox())!;
    for (const selector of ['h1', 'p.lead']) {
      const drawn = await ends(page.locator(selector).first());
      expect(drawn.textRight, selector).toBeGreaterThan(main.x + main.width - 40);
      expect(drawn.last, selector).toBeGreaterThan(drawn.first);
    }
    await page.context().close();
  });

  it('on an English page, keeps an Arabic paragraph in its own order, its full stop at its left end', async () => {
    const page = await pageIn('en-GB');
    await page.goto(`${origin}/boards/app/posts/${arabic}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    for (const locator of [page.locator('h1'), page.locator('article .markdown p')]) {
      const drawn = await ends(locator);
      expect(drawn.last).toBeLessThan(drawn.first);
      // Lined up with the page: at the left.
      expect(Math.abs(drawn.textLeft - drawn.boxLeft)).toBeLessThan(2);
    }
    await page.context().close();
  });

  for (const locale of ['ar-EG', 'de-DE']) {
    it(`keeps "Voted" on one line, and every vote box as wide as the next (${locale})`, async () => {
      const page = await pageIn(locale, `${locale.toLowerCase()}@example.com`);
      await page.goto(`${origin}/boards/app/posts/${mixed}`);
      await page.locator('.votes button').click();
      await page.waitForURL(/notice=voted/);
      const button = page.locator('.votes button');
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      const lineHeight = await button.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
      const height = (await button.boundingBox())!.height;
      // One line of text and its padding (.2rem above and below) and borders.
      expect(height).toBeLessThan(lineHeight * 1.5 + 10);
      await page.goto(`${origin}/boards/app`);
      const widths = await page.locator('.votes').evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().width));
      expect(widths.length).toBeGreaterThan(10);
      expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(0.5);
      if (locale === 'ar-EG') await shot(page, 'pages-board-voted-rtl');
      await page.context().close();
    });
  }

  it('after a vote on a long board, opens the board where the voter was, at the post', async () => {
    const page = await pageIn('en-GB', 'scroller@example.com');
    await page.goto(`${origin}/boards/app?sort=new`);
    const target = listed[1]!; // near the end of the newest-first list
    const article = page.locator(`#post-${target}`);
    await article.scrollIntoViewIfNeeded();
    await article.getByRole('button', { name: 'Vote' }).click();
    await page.waitForURL(new RegExp(`/boards/app\\?sort=new&notice=voted#post-${target}$`));
    expect(await article.getByRole('button', { name: 'Voted' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const box = (await article.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await page.context().close();
  });
});
