/**
 * A read transaction returns its result without waiting for its COMMIT: the connection goes back
 * to the pool when the COMMIT is done, is destroyed when the COMMIT fails (the next read gets a
 * new one), and `close()` waits for COMMITs still under way.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresStorage, type PostgresStorage } from '../../../adapters/postgres/index.js';
import { at } from '../../../testing/fixtures.js';
import { createTestDatabase, dropTestDatabase, testPool } from './server.js';

let url: string;
let pool: pg.Pool;
let storage: PostgresStorage;
/** What every COMMIT waits for before it is sent, or nothing. */
let gate: Promise<void> | undefined;
let commits = 0;

beforeAll(async () => {
  url = await createTestDatabase('fb_read_commit');
  // One connection: the pool's counts show where it is.
  pool = testPool(url, 1, (query) => async (config, ...rest) => {
    if (config !== 'COMMIT') return query(config, ...rest);
    await gate;
    const result = await query(config, ...rest);
    commits += 1;
    return result;
  });
  storage = await createPostgresStorage({ pool });
  await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'Acme', created_at: at(0) }));
});
afterAll(async () => {
  await pool.end();
  await dropTestDatabase(url);
});

describe('postgres read transactions', () => {
  it('answer before their COMMIT is done and free the connection once it is', async () => {
    let open!: () => void;
    gate = new Promise((done) => (open = done));
    const before = commits;
    expect(await storage.transaction('read', (tx) => tx.listOrganizations())).toMatchObject([{ name: 'Acme' }]);
    // Answered, and the COMMIT still held: the connection is not back in the pool yet.
    expect(commits).toBe(before);
    expect(pool.idleCount).toBe(0);
    open();
    gate = undefined;
    await vi.waitFor(() => expect(pool.idleCount).toBe(1));
    expect(commits).toBe(before + 1);
  });

  it('destroy the connection whose COMMIT failed, and the next read runs on a new one', async () => {
    expect(pool.totalCount).toBe(1);
    gate = Promise.reject(Object.assign(new Error('connection lost'), { code: '08006' }));
    gate.catch(() => undefined);
    expect(await storage.transaction('read', (tx) => tx.listOrganizations())).toMatchObject([{ name: 'Acme' }]);
    await vi.waitFor(() => expect(pool.totalCount).toBe(0));
    gate = undefined;
    expect(await storage.transaction('read', (tx) => tx.listOrganizations())).toMatchObject([{ name: 'Acme' }]);
    expect(pool.totalCount).toBe(1);
    await vi.waitFor(() => expect(pool.idleCount).toBe(1));
  });

  it('are waited for by close()', async () => {
    let open!: () => void;
    gate = new Promise((done) => (open = done));
    const before = commits;
    await storage.transaction('read', (tx) => tx.listOrganizations());
    let closed = false;
    const closing = storage.close().then(() => (closed = true));
    await new Promise((done) => setTimeout(done, 50));
    expect(closed).toBe(false);
    open();
    await closing;
    expect(commits).toBe(before + 1);
  });
});
