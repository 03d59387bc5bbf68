/**
 * The worker's shared headless Chromium (launchBrowser in chromium.ts): each test file gets a
 * view of one browser, and what one view does (its contexts, their cookies and storage, its
 * close) stays out of another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumSkipReason, launchBrowser, serve, type Served } from './chromium.js';

const skipReason = chromiumSkipReason('test/helpers/shared-chromium.test.ts');

describe.skipIf(skipReason !== undefined)(`the shared Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let site: Served;
  beforeAll(async () => {
    site = await serve({ '/': { type: 'text/html', body: '<!doctype html><title>shared</title><p>hello</p>' } });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('gives each caller a view of its own: its contexts, cookies and storage; its close closes only them', async () => {
    const first = await launchBrowser();
    const second = await launchBrowser();
    try {
      // One browser behind both views.
      expect(first.version()).toBe(second.version());

      const mine = await first.newContext();
      const page = await mine.newPage();
      await page.goto(site.origin);
      await mine.addCookies([{ name: 'who', value: 'first', url: site.origin }]);
      await page.evaluate(() => localStorage.setItem('who', 'first'));

      const theirs = await second.newContext();
      const other = await theirs.newPage();
      await other.goto(site.origin);
      expect(await theirs.cookies()).toEqual([]);
      expect(await other.evaluate(() => localStorage.getItem('who'))).toBeNull();

      expect(first.contexts()).toEqual([mine]);
      expect(second.contexts()).toEqual([theirs]);

      // newPage opens a context of its own, closed with the page.
      const lone = await second.newPage();
      expect(second.contexts()).toHaveLength(2);
      await lone.close();
      await expect.poll(() => second.contexts().length).toBe(1);

      await first.close();
      expect(page.isClosed()).toBe(true);
      expect(first.contexts()).toEqual([]);
      await expect(first.newContext()).rejects.toThrow('this view of the shared Chromium was closed');
      // The other view, and the browser, go on.
      expect(second.isConnected()).toBe(true);
      expect(await other.evaluate(() => document.title)).toBe('shared');
    } finally {
      await first.close();
      await second.close();
    }
    // A later caller gets the same browser, still running.
    const third = await launchBrowser();
    try {
      const page = await third.newPage();
      await page.goto(site.origin);
      expect(await page.textContent('p')).toBe('hello');
    } finally {
      await third.close();
    }
  });
});
