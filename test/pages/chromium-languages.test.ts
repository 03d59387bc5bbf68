/**
 * The pages' languages in real headless Chromium against `feedback-board serve`: a browser that
 * asks for Arabic gets the board right to left, its layout mirrored and nothing cut off; axe-core
 * finds no serious or critical violation in English, Arabic, Japanese, French, Brazilian Portuguese
 * or Chinese (each asked for with a region); the footer's picker switches
 * the language without JavaScript. Screenshots to docs/images/ (the Arabic board, the Japanese and
 * French board and post pages, the idea form of a board with custom fields in all eight languages;
 * Chinese and Japanese need a CJK font on the machine, or their glyphs are boxes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Server } from '../helpers/cli.js';
import { chromiumSkipReason } from '../helpers/chromium.js';
import { CATALOGS } from '../../src/i18n/catalogs.js';
import { axeViolations, servePages, shot, signInTeam, type ServedPages } from './browser-pages.js';

const skipReason = chromiumSkipReason('test/pages/chromium-languages.test.ts');

describe.skipIf(skipReason !== undefined)(`the pages' languages in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let served: ServedPages | undefined;
  let server: Server;
  let browser: Browser;

  beforeAll(async () => {
    served = await servePages({ smtp: null });
    ({ server, browser } = served);
  });

  afterAll(async () => {
    await served?.close();
  });

  /** A page of a browser asking for `locale`; `bypassCSP` only so that axe-core can be injected. */
  async function pageIn(locale: string, javaScriptEnabled = true): Promise<Page> {
    const context = await browser.newContext({ locale, bypassCSP: javaScriptEnabled, javaScriptEnabled, viewport: { width: 1100, height: 800 } });
    return context.newPage();
  }

  /** Visible elements whose text does not fit their box (screen-reader text is clipped on purpose), and whether the page scrolls sideways. */
  const clipped = (page: Page) =>
    page.evaluate(() => {
      const cut = [...document.querySelectorAll<HTMLElement>('main *, header *, footer *')]
        .filter((el) => !el.classList.contains('sr-only') && el.children.length === 0 && el.textContent?.trim() && getComputedStyle(el).overflow !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.outerHTML.slice(0, 80));
      return { cut, sideways: document.documentElement.scrollWidth > window.innerWidth };
    });

  it('shows the board right to left in Arabic: lang and dir, mirrored layout, nothing cut off, accessible', async () => {
    const page = await pageIn('ar-EG');
    await page.goto(`${server.url}/boards/demo`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await page.getByText('أرسل فكرة').first().waitFor();
    // Mirrored: the brand at the right of the header, the vote box at the right of each post.
    const brand = (await page.locator('header .brand').boundingBox())!;
    const who = (await page.locator('header .who').boundingBox())!;
    expect(brand.x).toBeGreaterThan(who.x);
    const post = page.locator('article.post').first();
    const votes = (await post.locator('.votes').boundingBox())!;
    const content = (await post.locator('.content').boundingBox())!;
    expect(votes.x).toBeGreaterThan(content.x);
    expect(await clipped(page)).toEqual({ cut: [], sideways: false });
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'pages-board-rtl');
    await page.locator('article.post h3 a').first().click();
    await page.getByRole('heading', { name: 'التعليقات' }).waitFor();
    expect(await clipped(page)).toEqual({ cut: [], sideways: false });
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['ja-JP', 'ja', 'アイデアを投稿', 'コメント', true],
    ['fr-CA', 'fr', 'Proposer une idée', 'Commentaires', true],
    ['pt-BR', 'pt-BR', 'Enviar uma ideia', 'Comentários', false],
    ['zh-CN', 'zh-Hans', '提交想法', '评论', false],
  ])('shows the board and a post to a browser asking for %s in %s: nothing cut off, accessible', async (asked, locale, submit, comments, screenshots) => {
    const page = await pageIn(asked);
    await page.goto(`${server.url}/boards/demo`);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.getByText(submit).first().waitFor();
    expect(await clipped(page)).toEqual({ cut: [], sideways: false });
    expect(await axeViolations(page)).toEqual([]);
    if (screenshots) await shot(page, `pages-board-${locale}`);
    await page.locator('article.post h3 a').first().click();
    await page.getByRole('heading', { name: comments }).waitFor();
    expect(await clipped(page)).toEqual({ cut: [], sideways: false });
    expect(await axeViolations(page)).toEqual([]);
    if (screenshots) await shot(page, `pages-post-${locale}`);
    await page.context().close();
  });

  it('passes axe-core in English too, left to right', async () => {
    const page = await pageIn('en-GB');
    await page.goto(`${server.url}/boards/demo`);
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    await page.getByText('Submit an idea').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const post = page.locator('article.post').first();
    expect((await post.locator('.votes').boundingBox())!.x).toBeLessThan((await post.locator('.content').boundingBox())!.x);
    await page.context().close();
  });

  it('shows the idea form of a board with custom fields in all eight languages: marks translated, nothing cut off, accessible', async () => {
    // The team adds the fields on the board's Fields page; their labels are the team's own text.
    const team = await pageIn('en-US');
    await signInTeam(team, served!.teamLink);
    await team.goto(`${server.url}/dashboard/boards/demo/fields`);
    const add = team.getByRole('form', { name: 'Add a field' });
    for (const [label, key, type, options, required] of [
      ['Company', 'company', 'text', '', true],
      ['Seats', 'seats', 'number', '', false],
      ['Plan', 'plan', 'choice', 'Free\nPro\nEnterprise', false],
    ] as const) {
      await add.getByLabel('Label').fill(label);
      await add.getByLabel('Key').fill(key);
      await add.getByLabel('Type').selectOption(type);
      await add.getByLabel('Options of a choice').fill(options);
      if (required) await add.getByLabel(/Required/).check();
      await add.getByRole('button', { name: 'Add field' }).click();
      await team.waitForURL(/notice=saved/);
    }
    await team.context().close();
    for (const [asked, locale] of [
      ['en-US', 'en'],
      ['de-DE', 'de'],
      ['es-ES', 'es'],
      ['ar-EG', 'ar'],
      ['fr-FR', 'fr'],
      ['pt-BR', 'pt-BR'],
      ['ja-JP', 'ja'],
      ['zh-CN', 'zh-Hans'],
    ] as const) {
      const page = await pageIn(asked);
      await page.goto(`${server.url}/boards/demo/ideas/new`);
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      const catalog = CATALOGS[locale];
      expect(await page.locator('label[for="idea-field-company"]').textContent(), locale).toBe(`Company ${catalog['idea.fieldRequired']}`);
      expect(await page.locator('#idea-field-plan option').first().textContent(), locale).toBe(catalog['idea.fieldNone']);
      expect(await clipped(page), locale).toEqual({ cut: [], sideways: false });
      expect(await axeViolations(page), locale).toEqual([]);
      await shot(page, `pages-submit-fields-${locale}`);
      await page.context().close();
    }
  }, 120_000);

  it('switches the language from the footer without JavaScript, and keeps it on the next page', async () => {
    const page = await pageIn('en-US', false);
    await page.goto(`${server.url}/boards/demo/roadmap`);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${server.url}/boards/demo/roadmap`);
    await page.getByRole('heading', { name: 'Roadmap' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByRole('link', { name: 'Änderungen' }).click();
    await page.getByText('Umgesetzt bei').waitFor();
    await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'Español' }).click();
    await page.getByText('Publicado en').waitFor();
    await page.context().close();
  });
});
