/**
 * The test server itself: reachable, and each database made for a suite is empty and separate.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, dropTestDatabase } from './server.js';

describe('test PostgreSQL server', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const url of made) await dropTestDatabase(url);
  });

  it('gives each suite a database of its own', async () => {
    const [a, b] = [await createTestDatabase(), await createTestDatabase()];
    made.push(a, b);
    expect(a).not.toBe(b);
    const first = new pg.Client({ connectionString: a });
    await first.connect();
    await first.query('CREATE TABLE only_here (x int)');
    await first.end();
    const second = new pg.Client({ connectionString: b });
    await second.connect();
    const { rows } = await second.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_here' AND schemaname = current_schema()");
    await second.end();
    expect(rows[0].n).toBe(0);
  });
});
