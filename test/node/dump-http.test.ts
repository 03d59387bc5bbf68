/**
 * A store loaded from another adapter's dump answers every read of the API and every public page
 * with the same bytes as the store it came from: for each pair of memory, SQLite and PostgreSQL,
 * the operation table's GET operations are asked for every board and post of the fixture (and a
 * missing one), with each list's sorts, filters and pages the fixture makes meaningful, through
 * the fetch handler with a team key; the public pages of every board and post through the pages
 * handler (as a browser that holds its CSRF cookie). Both boards run on the same clock and the
 * same seeded randomness, so nothing is normalized: status, headers and body must be identical.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createFeedbackBoard } from '../../src/board.js';
import { createPagesHandler } from '../../src/pages/index.js';
import { operationTable } from '../../src/http/operations.js';
import { HELD_POST_STATES } from '../../src/domain/held-posts.js';
import { POST_STATUSES } from '../../src/domain/records.js';
import type { Storage } from '../../src/storage/contract.js';
import { at, newApiKey } from '../../testing/fixtures.js';
import { ON_PGLITE } from '../adapters/postgres/server.js';
import { seededRandom } from '../helpers/harness.js';
import { seedEverything } from './dump-fixture.js';
import { dumpableStores, dumpOf, load } from './dump-stores.js';

if (ON_PGLITE) vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });
else vi.setConfig({ testTimeout: 60_000 });

const stores = dumpableStores();
afterAll(() => stores.close(), 300_000);

/** The team key the requests carry (its hash is stored, as the dashboard stores one). */
const TEAM_KEY = 'fbk_roundtrip_team_key_0123456789';
/** Ten days after the fixture's last activity: claims are live, analytics windows hold its days. */
const NOW = Date.UTC(2026, 10, 25, 12);

/** The fixture, with a key of known text and its first board published (so it has public pages). */
async function seed(storage: Storage): Promise<void> {
  await seedEverything(storage);
  await storage.transaction('write', async (tx) => {
    const hash = createHash('sha256').update(TEAM_KEY).digest('hex');
    await tx.insertApiKey(newApiKey(1, { label: 'round trip', hash, scope: 'team', created_at: at(30) }));
    await tx.updateBoard(1, { published: true });
  });
}

/** Query strings per GET operation, beyond none at all: each sort, filter and page that selects something. */
const QUERIES: Partial<Record<keyof typeof operationTable, readonly string[]>> = {
  listPosts: [
    'sort=new', 'sort=top', 'q=dark', 'q=dark&sort=top', 'tag=ui', 'tag=export', 'tag=none', 'limit=2', 'limit=2&offset=2', 'sort=top&limit=1&offset=1',
    ...POST_STATUSES.map((status) => `status=${status}`),
  ],
  findSimilarPosts: ['text=dark%20mode', 'text=export%20to%20csv&limit=1', 'text=nothing%20alike'],
  getQueue: ['limit=1', 'limit=50'],
  getRoadmap: ['limit=1', 'limit=1&offset=1'],
  getChangelog: ['limit=1&offset=0'],
  getShipStats: ['period=week', 'period=month'],
  getAnalytics: ['period=30d', 'period=90d'],
  listHeldPosts: ['state=approved', 'state=rejected', 'limit=1'],
};

/** Every GET of the operation table, for every board and post id of the store (and one missing). */
async function apiPaths(storage: Storage): Promise<string[]> {
  const { slugs, postIds, heldIds } = await storage.transaction('read', async (tx) => {
    const boards = await tx.listBoards(1);
    const ids: number[] = [];
    for (const board of boards) ids.push(...(await tx.listPosts(board.id, { limit: 500, offset: 0, sort: 'new' })).rows.map((p) => p.id));
    const held: number[] = [];
    for (const state of HELD_POST_STATES) held.push(...(await tx.listHeldPosts(1, state)).map((h) => h.id));
    return { slugs: [...boards.map((b) => b.slug), 'missing'], postIds: [...ids, 2, 6, 999], heldIds: [...held, 999] };
  });
  const paths: string[] = [];
  for (const [name, row] of Object.entries(operationTable)) {
    if (row.method !== 'GET') continue;
    const queries = ['', ...(QUERIES[name as keyof typeof operationTable] ?? [])];
    for (const slug of row.path.includes('{slug}') ? slugs : ['']) {
      const ids = row.path.includes('{id}') ? postIds : row.path.includes('{held_post_id}') ? heldIds : [0];
      for (const id of ids) {
        const path = row.path.replace('{slug}', slug).replace('{id}', String(id)).replace('{held_post_id}', String(id));
        if (/[{}]/.test(path)) throw new Error(`no values for the parameters of ${name} (${row.path})`);
        for (const query of queries) paths.push(query === '' ? path : `${path}?${query}`);
      }
    }
  }
  return paths;
}

/** Every public page of every board and post (published or not: a draft's pages answer 404). */
function pagePaths(slugs: readonly string[], postIds: readonly number[]): string[] {
  const paths = ['/', '/sitemap.xml', '/robots.txt'];
  for (const slug of slugs) {
    paths.push(`/boards/${slug}`, `/boards/${slug}?sort=top`, `/boards/${slug}?q=dark`, `/boards/${slug}/roadmap`, `/boards/${slug}/changelog`);
    paths.push(`/boards/${slug}/changelog.atom`, `/boards/${slug}/ideas/new`);
    for (const id of postIds) paths.push(`/boards/${slug}/posts/${id}`);
  }
  return paths;
}

/** What a store answers to each request, in order: status, headers and body. */
async function answersOf(storage: Storage, apiList: readonly string[], pageList: readonly string[]): Promise<string[]> {
  const board = createFeedbackBoard({ storage, clock: { now: () => NOW }, random: seededRandom(), http: { rateLimit: false }, logger: { error: () => undefined } });
  const pages = createPagesHandler(board, { organizationId: 1 });
  const answers: string[] = [];
  const record = async (label: string, response: Response): Promise<void> => {
    const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    answers.push(`${label}\n${response.status}\n${headers}\n\n${await response.text()}`);
  };
  for (const path of apiList) {
    const request = new Request(`http://board.test/api/v1${path}`, { headers: { authorization: `Bearer ${TEAM_KEY}` } });
    await record(`GET /api/v1${path}`, await board.fetch(request));
  }
  // A browser that holds its CSRF cookie already (a new one is random bytes, not the store's).
  const browser = { headers: { cookie: 'fb_csrf=round-trip-browser-0123456789' } };
  for (const path of pageList) await record(`GET ${path}`, await pages(new Request(`http://pages.test${path}`, browser)));
  return answers;
}

/**
 * What each target store answers once loaded with a dump, by target and dump text. The three
 * sources' dumps are the same bytes (test/node/dump.test.ts holds each adapter's round trip to
 * them), so each target is loaded and asked once, not once per source; a source whose dump
 * differed would get a load of its own.
 */
const loaded = new Map<string, Promise<string[]>>();
function answersLoaded(to: string, dump: string, apiList: readonly string[], pageList: readonly string[]): Promise<string[]> {
  const key = `${to}\n${apiList.join('\n')}\n${pageList.join('\n')}\n${dump}`;
  let answers = loaded.get(key);
  if (answers === undefined) {
    answers = (async () => {
      const target = await stores.adapters[to]!();
      await load(target.port, dump);
      return answersOf(target.storage, apiList, pageList);
    })();
    loaded.set(key, answers);
  }
  return answers;
}

describe.each(Object.keys(stores.adapters))('from %s', (from) => {
  /**
   * The source store, seeded, with its dump and its answers. Made once for the three targets: the
   * answers of a store seeded alike on the same clock and randomness are the same every time.
   */
  let source: Promise<{ dump: string; apiList: string[]; pageList: string[]; expected: string[] }> | undefined;
  const sourceOnce = () =>
    (source ??= (async () => {
      const { storage, port } = await stores.adapters[from]!();
      await seed(storage);
      const dump = await dumpOf(port);
      const apiList = await apiPaths(storage);
      const slugs = await storage.transaction('read', async (tx) => (await tx.listBoards(1)).map((b) => b.slug));
      const pageList = pagePaths([...slugs, 'missing'], [1, 2, 3, 4, 5, 6, 999]);
      return { dump, apiList, pageList, expected: await answersOf(storage, apiList, pageList) };
    })());

  it.each(Object.keys(stores.adapters))('to %s: every API read and public page answers the same bytes', async (to) => {
    const { dump, apiList, pageList, expected } = await sourceOnce();
    // The battery means something: the posts, comments and pages of the fixture are all there.
    expect(expected.filter((answer) => /\n200\n/.test(answer)).length).toBeGreaterThan(90);
    expect(expected.find((a) => a.startsWith('GET /boards/features/posts/1\n'))).toMatch(/Dark mode please/);
    const actual = await answersLoaded(to, dump, apiList, pageList);
    expect(actual).toHaveLength(expected.length);
    for (let i = 0; i < expected.length; i++) expect(actual[i], expected[i]!.split('\n')[0]).toBe(expected[i]);
  });
});
