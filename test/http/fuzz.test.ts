/**
 * Fuzzing every operation through the fetch handler, on memory and on SQLite: 500 random
 * requests per operation and storage (1,000 per operation in all), seeded so a run repeats.
 * Invariants: no 5xx; every error in the envelope with the status of its code; a refused request
 * changes nothing (the whole store is dumped and compared).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createSqliteStorage } from '../../adapters/sqlite/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { ERROR_STATUS } from '../../src/domain/errors.js';
import { operationNames } from '../../src/http/operations.js';
import type { Storage } from '../../src/storage/contract.js';
import { BASE, seededRandom, testClock } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';
import { tempDir } from '../adapters/sqlite/helpers.js';
import { requestFor, type FuzzRequest, type KeyChoice } from './fuzz-arbitraries.js';

const RUNS_PER_OPERATION = 500;
const SEED = 20261123;

async function world(storage: Storage) {
  const clock = testClock();
  const logged: unknown[] = [];
  const board = createFeedbackBoard({
    storage,
    clock,
    random: seededRandom(),
    logger: { error: (message, error) => logged.push([message, error]) },
    http: { rateLimit: false },
    agentPublishing: true,
    limits: { boardsPerOrganization: 40, postsPerBoard: 40, commentsPerPost: 15, tagsPerBoard: 15 },
  });
  const acme = await board.dashboard.organizations.create({ name: 'Acme' });
  const globex = await board.dashboard.organizations.create({ name: 'Globex' });
  const keys: Record<string, string> = {};
  for (const scope of ['read', 'propose', 'write'] as const) keys[scope] = (await board.dashboard.apiKeys.create(acme.id, { scope })).key;
  keys.other = (await board.dashboard.apiKeys.create(globex.id, { scope: 'write' })).key;
  const write = await board.api(keys.write!);
  await write.boards.create({ slug: 'features', name: 'Features' });
  await (await board.api(keys.other!)).boards.create({ slug: 'globex', name: 'Globex' });
  for (const [i, title] of ['Dark mode', 'Export', 'SSO', 'Shortcuts'].entries()) {
    const post = await write.posts.create('features', { title, tags: i % 2 ? ['UI'] : ['Data'], status: i === 3 ? 'shipped' : 'planned' });
    await write.comments.create('features', post.id, { body: `first on ${title}` });
  }
  await (await board.api(keys.propose!)).agent.claim('features', 1, { ttl_seconds: 600 });
  await (await board.api(keys.other!)).posts.create('globex', { title: 'Theirs' });
  await storage.transaction('write', async (tx) => {
    const updated_at = new Date(clock.now()).toISOString();
    for (const [id, name] of [['initech', 'Initech'], ['hooli', 'Hooli']]) await tx.putCompany({ organization_id: acme.id, id: id!, name: name!, monthly_revenue: 100, updated_at });
    await tx.putCompany({ organization_id: globex.id, id: 'globex-co', name: 'Globex Co', monthly_revenue: 100, updated_at });
  });
  return { board, keys, logged };
}

/**
 * Ids of the board's posts, topped up to `count` first (eight, so post operations mostly find their
 * post; more for merging, where each accepted request uses up the post it merges).
 */
async function livePosts(board: Awaited<ReturnType<typeof world>>['board'], writeKey: string, count = 8): Promise<number[]> {
  const api = await board.api(writeKey);
  let { posts } = await api.posts.list('features', { limit: '100' });
  for (let i = posts.length; i < count; i++) await api.posts.create('features', { title: `Topped up ${i}`, status: 'planned' });
  ({ posts } = await api.posts.list('features', { limit: '100' }));
  return posts.map((p) => p.id);
}

function toRequest(r: FuzzRequest, keys: Record<string, string>): Request {
  const headers = new Headers();
  const key: Record<KeyChoice, () => void> = {
    write: () => headers.set('authorization', `Bearer ${keys.write}`),
    propose: () => headers.set('authorization', `Bearer ${keys.propose}`),
    read: () => headers.set('x-api-key', keys.read!),
    other: () => headers.set('authorization', `Bearer ${keys.other}`),
    invalid: () => headers.set('authorization', 'Bearer fbk_not-a-key'),
    none: () => undefined,
    differing: () => {
      headers.set('authorization', `Bearer ${keys.write}`);
      headers.set('x-api-key', keys.read!);
    },
    basic: () => headers.set('authorization', `Basic ${keys.write}`),
  };
  key[r.key]();
  if (r.contentType !== undefined) headers.set('content-type', r.contentType);
  return new Request(`${BASE}${r.path}`, { method: r.method, headers, ...(r.body === undefined ? {} : { body: r.body }) });
}

function checkEnvelope(status: number, contentType: string | null, text: string): void {
  expect(contentType).toMatch(/^application\/json/);
  const json = JSON.parse(text);
  expect(Object.keys(json)).toEqual(['error']);
  const { code, message, details, ...rest } = json.error;
  expect(rest).toEqual({});
  expect(typeof code).toBe('string');
  expect((ERROR_STATUS as Record<string, number>)[code]).toBe(status);
  expect(typeof message === 'string' && message.length > 0).toBe(true);
  if (details !== undefined) {
    expect(Array.isArray(details)).toBe(true);
    for (const d of details) expect(typeof d.path === 'string' && typeof d.message === 'string').toBe(true);
  }
}

const storages: Array<[string, () => { storage: Storage; done(): void }]> = [
  ['memory', () => ({ storage: createMemoryStorage(), done: () => undefined })],
  [
    'SQLite',
    () => {
      const temp = tempDir();
      return { storage: createSqliteStorage({ path: temp.file() }, { synchronous: 'NORMAL' }), done: temp.remove };
    },
  ],
];

describe.each(storages)('fuzzing every operation (%s)', (_name, open) => {
  const opened = open();
  let setup: Promise<Awaited<ReturnType<typeof world>>> | undefined;
  const get = () => (setup ??= world(opened.storage));
  afterAll(async () => {
    await (await get()).board.close();
    opened.done();
  });

  it.each(operationNames.map((name, i) => [name, i] as const))('%s: no 5xx, errors in the envelope, refusals change nothing', async (name, i) => {
    const { board, keys, logged } = await get();
    const ids = await livePosts(board, keys.write!, name === 'mergePost' ? 40 : 8);
    let before = await snapshot(board);
    let requests = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestFor(name, ids), async (r) => {
        requests += 1;
        const response = await board.fetch(toRequest(r, keys));
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, `${r.method} ${r.path} ${r.body ?? ''}`).toBeLessThan(500);
        if (response.status >= 400) checkEnvelope(response.status, response.headers.get('content-type'), text);
        else if (response.status !== 204 && r.method !== 'HEAD') JSON.parse(text);
        if (r.method !== 'GET' && r.method !== 'HEAD') {
          const after = await snapshot(board);
          if (response.status >= 400) expect(after, `${r.method} ${r.path} changed data`).toEqual(before);
          before = after;
        }
      }),
      { numRuns: RUNS_PER_OPERATION, seed: SEED + i, endOnFailure: true },
    );
    expect(requests).toBeGreaterThanOrEqual(RUNS_PER_OPERATION);
    expect(logged).toEqual([]);
    // Enough requests get through to exercise the operation itself, not only its refusals.
    const accepted = [...statuses].filter(([status]) => status < 300).reduce((n, [, count]) => n + count, 0);
    expect(accepted, JSON.stringify([...statuses])).toBeGreaterThan(RUNS_PER_OPERATION / 50);
  });
});
