/**
 * The paging iterators walk every page with `limit`/`offset` and yield the same items, in the
 * same order, as one big page; they ask no more pages than needed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { createClient, type FeedbackBoardClient, type Post } from '../../src/client/index.js';
import type { Fixture } from '../../src/fixture/schema.js';
import { frozenClock, transports, type Endpoint } from './helpers.js';

const KEY = 'paging-read-0123456789';
const STATUSES = ['open', 'planned', 'in_progress', 'shipped', 'declined'] as const;

const fixture: Fixture = {
  organizations: [
    {
      name: 'Paging',
      apiKeys: [{ key: KEY, scope: 'read' }],
      boards: [
        {
          slug: 'big',
          name: 'Big',
          posts: Array.from({ length: 23 }, (_, i) => ({
            title: `Post ${i + 1}`,
            status: STATUSES[i % 5]!,
            votes: (i * 7) % 11,
            created_at: `2026-10-${String(i + 1).padStart(2, '0')}T09:00:00Z`,
            ...(STATUSES[i % 5] === 'shipped' ? { shipped_at: `2026-11-${String(i % 19 + 1).padStart(2, '0')}T09:00:00Z` } : {}),
          })),
        },
        { slug: 'empty', name: 'Empty' },
      ],
    },
  ],
};

const collect = async (items: AsyncIterable<Post>) => {
  const out: Post[] = [];
  for await (const item of items) out.push(item);
  return out;
};

describe.each(transports)('paging iterators, $name', (transport) => {
  let endpoint: Endpoint;
  let client: FeedbackBoardClient;
  let pages: string[];

  beforeEach(async () => {
    const board = createFeedbackBoard({ storage: createMemoryStorage(), clock: frozenClock() });
    await board.loadFixture(fixture);
    endpoint = await transport.open(board);
    pages = [];
    const fetch = (request: Request) => {
      pages.push(new URL(request.url).search);
      return endpoint.fetch(request);
    };
    client = createClient({ baseUrl: endpoint.baseUrl, apiKey: KEY, fetch });
  });
  afterEach(() => endpoint.close());

  it('posts.listAll yields every post of every page, in list order', async () => {
    const whole = await client.posts.list('big', { sort: 'top', limit: 500 });
    pages.length = 0;
    const walked = await collect(client.posts.listAll('big', { sort: 'top', limit: 5 }));
    expect(walked).toEqual(whole.posts);
    expect(walked).toHaveLength(23);
    expect(pages).toEqual([0, 5, 10, 15, 20].map((o) => `?sort=top&limit=5&offset=${o}`));
  });

  it('posts.listAll keeps the filters and starts at the given offset', async () => {
    const walked = await collect(client.posts.listAll('big', { status: 'planned', limit: 2, offset: 1 }));
    const whole = await client.posts.list('big', { status: 'planned' });
    expect(whole.total).toBe(5);
    expect(walked).toEqual(whole.posts.slice(1));
    expect(pages.slice(0, 2)).toEqual(['?status=planned&limit=2&offset=1', '?status=planned&limit=2&offset=3']);
  });

  it('uses pages of 100 by default', async () => {
    expect(await collect(client.posts.listAll('big'))).toHaveLength(23);
    expect(pages).toEqual(['?limit=100&offset=0']);
  });

  it('changelog.listAll and roadmap.listAll walk their own lists', async () => {
    const changelog = await client.changelog.list('big', { limit: 500 });
    const roadmap = await client.roadmap.list('big', { limit: 500 });
    expect(await collect(client.changelog.listAll('big', { limit: 2 }))).toEqual(changelog.posts);
    expect(await collect(client.roadmap.listAll('big', { limit: 4 }))).toEqual(roadmap.posts);
    expect(changelog.posts.map((p) => p.status)).toEqual(Array(4).fill('shipped'));
    expect(roadmap.total).toBe(19);
  });

  it('an empty list takes one request and yields nothing', async () => {
    expect(await collect(client.posts.listAll('empty'))).toEqual([]);
    expect(pages).toHaveLength(1);
  });

  it('stops asking for pages when the loop stops', async () => {
    let seen = 0;
    for await (const _ of client.posts.listAll('big', { limit: 5 })) {
      if (++seen === 7) break;
    }
    expect(pages).toHaveLength(2);
  });

  it('errors of a page reach the loop', async () => {
    const iterate = collect(client.posts.listAll('missing'));
    await expect(iterate).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });
});
