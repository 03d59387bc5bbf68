/**
 * Reads made at once within one transaction (`Promise.all` over `tx.getPost`) go to the server one
 * after another, in order (adapters/postgres/sql.ts): never two statements out on one connection,
 * which pg 8 queues itself with a deprecation warning and pg 9 refuses. Each read still answers
 * its own post; a failing one passes the turn on.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, type PostgresStorage } from '../../../adapters/postgres/index.js';
import { at, newBoard, newOrganization, newPost } from '../../../testing/fixtures.js';
import { createTestDatabase, dropTestDatabase, testPool } from './server.js';

let url: string;
let pool: pg.Pool;
let storage: PostgresStorage;
/** The most statements seen out at once on one connection. */
let most = 0;
/** Every statement sent, in order. */
const sent: string[] = [];
const warnings: string[] = [];
const warned = (warning: Error) => void warnings.push(warning.message);

beforeAll(async () => {
  url = await createTestDatabase('fb_one_at_a_time');
  // Each connection's own count of statements sent and not yet answered.
  pool = testPool(url, 2, (query) => {
    let out = 0;
    return ((config: unknown, ...rest: unknown[]) => {
      sent.push(typeof config === 'string' ? config : (config as { text: string }).text);
      out += 1;
      most = Math.max(most, out);
      const done = () => void (out -= 1);
      const answer = (query as (...args: unknown[]) => Promise<unknown>)(config, ...rest);
      answer.then(done, done);
      return answer;
    }) as typeof query;
  });
  storage = await createPostgresStorage({ pool });
  process.on('warning', warned);
});
afterAll(async () => {
  process.off('warning', warned);
  await storage.close();
  await pool.end();
  await dropTestDatabase(url);
});

describe('statements of one transaction', () => {
  it('go out one at a time, in order, when its reads are made at once', async () => {
    const ids = await storage.transaction('write', async (tx) => {
      const org = await tx.insertOrganization(newOrganization());
      const board = await tx.insertBoard(newBoard(org.id));
      const made: number[] = [];
      for (let i = 0; i < 12; i++) made.push((await tx.insertPost(newPost(board.id, { title: `Post ${i}`, created_at: at(i + 1) }))).id);
      return made;
    });
    most = 0;
    const titles = await storage.transaction('read', (tx) => Promise.all(ids.map(async (id) => (await tx.getPost(id))!.title)));
    expect(titles).toEqual(ids.map((_, i) => `Post ${i}`));
    expect(most).toBe(1);
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });

  it('a statement refused before it is sent fails its own call alone; one the server refuses fails the rest of its transaction, and none waits for ever', async () => {
    most = 0;
    const refusedHere = await storage.transaction('read', (tx) =>
      Promise.allSettled([tx.getPost(1), tx.getBoardBySlug(1, 'a\u0000b'), tx.getPost(2)]),
    );
    expect(most).toBe(1);
    expect(refusedHere.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refusedThere = await storage
      .transaction('read', (tx) => Promise.allSettled([tx.getPost(1), tx.getPost(Number.NaN), tx.getPost(2)]))
      .catch((error: unknown) => error);
    expect(Array.isArray(refusedThere) ? refusedThere.map((answer) => answer.status) : refusedThere).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(most).toBe(1);
    // The connection serves the next transaction as before.
    expect((await storage.transaction('read', (tx) => tx.getPost(1)))?.title).toBe('Post 0');
  });

  it('a transaction that ends while some of its statements still wait for their turn sends none of them after its end', async () => {
    for (const mode of ['read', 'write'] as const) {
      sent.length = 0;
      // The second call is refused when its turn comes; Promise.all then rejects, and the
      // transaction ends while the last ones still wait.
      const failed = await storage
        .transaction(mode, (tx) => Promise.all([tx.getPost(1), tx.getBoardBySlug(1, 'a\u0000b'), ...[2, 3, 4, 5, 6].map((id) => tx.getPost(id))]))
        .then(() => null, (error: unknown) => error);
      expect(String(failed)).toContain('U+0000');
      const end = sent.findIndex((text) => /^(ROLLBACK|COMMIT)/.test(text));
      expect(end, mode).toBeGreaterThan(-1);
      // Whatever went out before the end went out inside the transaction; nothing after it.
      expect(sent.slice(end + 1), mode).toEqual([]);
      // The connection serves the next transaction as before.
      expect((await storage.transaction(mode, (tx) => tx.getPost(3)))?.title).toBe('Post 2');
    }
  });
});
