/**
 * The IndexedDB adapter in real headless Chromium:
 *
 * - the storage conformance suite, bundled with the in-page harness and run in a page against
 *   the browser's IndexedDB; every test's result comes back to Node and is asserted here, one
 *   vitest test per suite test, named like it. Three of the four tests that repeat thousands of
 *   generated operations are left to fake-indexeddb and the other stores (with the reason in
 *   their names; see test/helpers/heavy-conformance.ts): they were 34 s of the page's 75 s;
 * - the whole service on a page: organization and key through the dashboard, board and posts
 *   through `board.fetch`, votes through the voter side, a claim; then a reload, and everything
 *   read back through the service from IndexedDB;
 * - two tabs of one origin at different schema versions: blocked upgrade, closing for a newer
 *   version, refusing a newer database.
 *
 * Skipped (with the reason in its name) only when Chromium is missing outside CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../adapters/indexeddb/index.js';
import { bundleForBrowser, chromiumSkipReason, launchChromium, modulePage, serve, watchPage, type Chromium, type Served } from '../../helpers/chromium.js';
import { createHarness, type TestResult } from '../../helpers/browser-harness.js';
import { defineBrowserConformance, type BoardSnapshot, type PageGlobals } from './page-api.js';

const skipReason = chromiumSkipReason('test/adapters/indexeddb/chromium.test.ts');

/** The suite's test names, registered here exactly as the page registers them. */
const suiteNames = (() => {
  const harness = createHarness();
  defineBrowserConformance(harness.api, () => Promise.reject(new Error('no storage is opened in Node')));
  return harness.names();
})();

const page = (script: string) => ({ type: 'text/html; charset=utf-8', body: modulePage(script) });
const script = (body: string) => ({ type: 'text/javascript; charset=utf-8', body });

describe.skipIf(skipReason !== undefined)(`IndexedDB in headless Chromium${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`, () => {
  const started = performance.now();
  let chromium: Chromium | undefined;
  let server: Served | undefined;

  beforeAll(async () => {
    const [conformance, board, tabs] = await Promise.all([
      bundleForBrowser('test/adapters/indexeddb/pages/conformance.ts'),
      bundleForBrowser('test/adapters/indexeddb/pages/board.ts'),
      bundleForBrowser('test/adapters/indexeddb/pages/tabs.ts'),
    ]);
    server = await serve({
      '/conformance.html': page('/conformance.js'),
      '/conformance.js': script(conformance),
      '/board.html': page('/board.js'),
      '/board.js': script(board),
      '/tabs.html': page('/tabs.js'),
      '/tabs.js': script(tabs),
    });
    chromium = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
    console.log(`browser run (bundling, Chromium, ${suiteNames.length} conformance tests, the service across a reload, two tabs): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  describe('storage conformance suite in the page', () => {
    let ran: TestResult[] = [];
    let problems: string[] = [];

    beforeAll(async () => {
      const tab = await chromium!.context.newPage();
      problems = watchPage(tab);
      await tab.exposeFunction('reportResult', (result: TestResult) => {
        if (result.status === 'failed') console.log(`Chromium: FAILED ${result.name}\n${result.error}`);
      });
      await tab.goto(`${server!.origin}/conformance.html`);
      await tab.waitForFunction(() => (globalThis as PageGlobals).conformance !== undefined);
      ran = await tab.evaluate(() => (globalThis as PageGlobals).conformance!.run());
      await tab.close();
      // About 45 s on a quiet two-core machine for some 200 tests (80 s with the three left to
      // fake-indexeddb); a loaded one took 188 s with them.
    }, 400_000);

    it('ran every test of the suite, in order, and nothing else', () => {
      expect(suiteNames.length).toBeGreaterThan(50);
      expect(ran.map((result) => result.name)).toEqual(suiteNames);
    });

    for (const name of suiteNames) {
      // A test the page's target skips (page-api.ts) comes back skipped, and is reported so here.
      if (/ \(skipped: .+\)$/.test(name)) {
        it.skip(name, () => undefined);
        continue;
      }
      it(name, () => {
        const result = ran.find((candidate) => candidate.name === name);
        expect(result === undefined ? 'not run' : result.status === 'passed' ? 'passed' : `${result.status}: ${result.error}`).toBe('passed');
      });
    }

    it('left no uncaught error or unhandled rejection in the page', () => {
      expect(problems).toEqual([]);
    });
  });

  describe('the service on IndexedDB in a page', () => {
    it('reads back posts, vote counts, voters and the claim after a reload', async () => {
      const tab = await chromium!.context.newPage();
      const problems = watchPage(tab);
      const ready = () => tab.waitForFunction(() => (globalThis as PageGlobals).boardPage !== undefined);
      await tab.goto(`${server!.origin}/board.html`);
      await ready();
      const created = await tab.evaluate(() => (globalThis as PageGlobals).boardPage!.create());
      const expected: BoardSnapshot = {
        list: {
          total: 3,
          posts: [
            { id: 1, title: 'Dark mode', status: 'open', vote_count: 2, tags: ['UI'] },
            { id: 2, title: 'Export to CSV', status: 'planned', vote_count: 1, tags: [] },
            { id: 3, title: 'Keyboard shortcuts', status: 'open', vote_count: 0, tags: [] },
          ],
        },
        votes: { 1: 2, 2: 1, 3: 0 },
        claimed: { id: 2, claim: { agent_label: 'page-agent', expires_at: created.snapshot.claimed.claim?.expires_at ?? 'missing' } },
        voterIds: [1, 2],
        database: { name: 'feedback-board-page', version: SCHEMA_VERSION },
      };
      expect(created.snapshot).toEqual(expected);
      expect(Date.parse(expected.claimed.claim!.expires_at)).toBeGreaterThan(Date.now() + 3_000_000);

      await tab.reload();
      await ready();
      const read = await tab.evaluate((key) => (globalThis as PageGlobals).boardPage!.readBack(key), created.key);
      expect(read).toEqual(expected);
      expect(problems).toEqual([]);
      await tab.close();
    }, 60_000);
  });

  describe('tabs running different schema versions', () => {
    it('fails an upgrade an older tab blocks, closes for a newer tab, then refuses its newer database', async () => {
      const openTab = async () => {
        const tab = await chromium!.context.newPage();
        await tab.goto(`${server!.origin}/tabs.html`);
        await tab.waitForFunction(() => (globalThis as PageGlobals).tabsPage !== undefined);
        return tab;
      };
      const [current, other] = [await openTab(), await openTab()];
      const problems = [...watchPage(current), ...watchPage(other)];
      const name = 'tabs';

      // An old release keeps version 1 open and never closes: the upgrade fails after the timeout.
      await other.evaluate((db) => (globalThis as PageGlobals).tabsPage!.holdVersion1(db), name);
      const blocked = await current.evaluate((db) => (globalThis as PageGlobals).tabsPage!.open(db, 300), name);
      expect(blocked).toMatchObject({ ok: false, code: 'upgrade_blocked' });
      await other.evaluate(() => (globalThis as PageGlobals).tabsPage!.release());
      expect(await current.evaluate((db) => (globalThis as PageGlobals).tabsPage!.open(db), name)).toEqual({ ok: true, version: SCHEMA_VERSION });

      // A newer release upgrades: this tab's connection closes at once, so the upgrade is not blocked.
      const newer = await other.evaluate(([db, version]) => (globalThis as PageGlobals).tabsPage!.openNewer(db, version), [name, SCHEMA_VERSION + 1] as const);
      expect(newer).toEqual({ version: SCHEMA_VERSION + 1, blocked: false });
      expect(await current.evaluate(() => (globalThis as PageGlobals).tabsPage!.read())).toMatchObject({ ok: false, code: 'version_changed' });
      const reopened = await current.evaluate((db) => (globalThis as PageGlobals).tabsPage!.open(db), name);
      expect(reopened).toMatchObject({ ok: false, code: 'version_too_new' });
      expect(problems).toEqual([]);
      await Promise.all([current.close(), other.close()]);
    }, 60_000);
  });
});
