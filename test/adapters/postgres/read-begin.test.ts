/**
 * A read transaction's BEGIN goes out with its first statement, in one round trip, with that
 * statement's values written in as literals (adapters/postgres/sql.ts, `inlineValues`). The
 * literals must mean exactly what the bound values meant, the snapshot must still be one for the
 * whole transaction, and a read that makes no call sends nothing.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, type PostgresStorage } from '../../../adapters/postgres/index.js';
import { inlineValues, type SqlValue } from '../../../adapters/postgres/sql.js';
import { at } from '../../../testing/fixtures.js';
import { createTestDatabase, dropTestDatabase, testPool } from './server.js';
import { skipReason } from '../../helpers/requirements.js';

/** PGlite has one session: a write cannot commit while a read transaction holds it. */
const serverOnly = skipReason('postgres-server', 'test/adapters/postgres/read-begin.test.ts (two sessions at once)');

let url: string;
let pool: pg.Pool;
let storage: PostgresStorage;
/** Every statement string or config the pool's clients were asked to run, in order. */
const sent: string[] = [];

beforeAll(async () => {
  url = await createTestDatabase('fb_read_begin');
  pool = testPool(url, 2, (query) => (config, ...rest) => {
    sent.push(typeof config === 'string' ? config : (config as { text: string }).text);
    return query(config, ...rest);
  });
  storage = await createPostgresStorage({ pool });
  await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'Acme', created_at: at(0) }));
});
afterAll(async () => {
  await storage.close();
  await pool.end();
  await dropTestDatabase(url);
});

const escape = (value: string) => pg.Client.prototype.escapeLiteral.call(null, value);

describe('inlineValues', () => {
  it('writes each $n as its value, quoted, and leaves quoted text alone', () => {
    expect(inlineValues("SELECT $1, $2, $10 WHERE x = '$1' AND \"$2\" = $3", ['a', 2, true, 4, 5, 6, 7, 8, 9, null], escape)).toBe(
      "SELECT 'a', '2', NULL WHERE x = '$1' AND \"$2\" = 'true'",
    );
    expect(inlineValues("SELECT 'it''s $1', $1", ["o'brien"], escape)).toBe("SELECT 'it''s $1', 'o''brien'");
  });

  it('refuses what it cannot write safely: bytes, dollar quotes, escape strings, a missing value, an open quote', () => {
    expect(inlineValues('SELECT $1', [Buffer.from('x')], escape)).toBeNull();
    expect(inlineValues('SELECT $$a$$, $1', ['x'], escape)).toBeNull();
    expect(inlineValues("SELECT E'\\'', $1", ['x'], escape)).toBeNull();
    expect(inlineValues('SELECT $2', ['x'], escape)).toBeNull();
    expect(inlineValues("SELECT 'open, $1", ['x'], escape)).toBeNull();
  });

  it('means on the server exactly what the bound values mean', async () => {
    const client = await pool.connect();
    try {
      const text = 'SELECT $1::text AS s, $2::int AS n, $3::boolean AS b, $4::text IS NULL AS missing, length($1::text) AS len';
      for (const value of ["o'brien", 'back\\slash \\\\ two', '$1 and $$', 'ümlaut ☃ 😀', "'; DROP TABLE fb_posts; --", '']) {
        const values: SqlValue[] = [value, -42, false, null];
        const bound = (await client.query({ text, values })).rows[0];
        const inlined = (await client.query(inlineValues(text, values, (v) => client.escapeLiteral(v))!)).rows[0];
        expect(inlined).toEqual(bound);
        expect(inlined).toEqual({ s: value, n: -42, b: false, missing: true, len: [...value].length });
      }
    } finally {
      client.release();
    }
  });
});

describe('postgres read transactions', () => {
  it('send BEGIN in the round trip of their first statement', async () => {
    sent.length = 0;
    const [organizations, again] = await storage.transaction('read', async (tx) => [await tx.listOrganizations(), await tx.listOrganizations()]);
    expect(organizations).toMatchObject([{ name: 'Acme' }]);
    expect(again).toEqual(organizations);
    await storage.transaction('read', async () => undefined);
    // Two statements: the first with BEGIN in front of it, the second prepared; then the COMMIT.
    await new Promise((done) => setTimeout(done, 20));
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL jit = off; SELECT /);
    expect(sent[1]).not.toMatch(/BEGIN/);
    expect(sent[2]).toBe('COMMIT');
  });

  it('run their prepared statements on generic plans, and those planned for their values with the values written in; writes keep the default', async () => {
    // One connection, whose prepared statements and their plan counts the test can read.
    const texts: (string | { text: string })[] = [];
    const single = testPool(url, 1, (query) => (config, ...rest) => {
      texts.push(config as string | { text: string });
      return query(config, ...rest);
    });
    const own = await createPostgresStorage({ pool: single });
    try {
      const organization = (await own.transaction('read', (tx) => tx.listOrganizations()))[0]!.id;
      const plans = async () =>
        (await single.query<{ generic_plans: string; custom_plans: string }>(
          "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE 'SELECT id, name, created_at FROM fb_organizations WHERE id = $1%'",
        )).rows.map((row) => [Number(row.generic_plans), Number(row.custom_plans)]);
      for (let i = 0; i < 3; i++) {
        await own.transaction('read', async (tx) => {
          await tx.listOrganizations();
          return tx.getOrganization(organization);
        });
      }
      expect(await plans()).toEqual([[3, 0]]);
      // In a write, PostgreSQL chooses: its first five runs of a statement are custom plans.
      for (let i = 0; i < 2; i++) await own.transaction('write', (tx) => tx.getOrganization(organization));
      expect(await plans()).toEqual([[3, 2]]);

      // The moderation inbox's count is planned for the state it asks for: in a read, after the
      // first statement, it goes out as text with its values written in; in a write, prepared.
      texts.length = 0;
      await own.transaction('read', async (tx) => {
        await tx.listOrganizations();
        return tx.countHeldPosts(organization, 'waiting');
      });
      await own.transaction('write', (tx) => tx.countHeldPosts(organization, 'waiting'));
      const counts = texts.filter((sent) => (typeof sent === 'string' ? sent : sent.text).includes('FROM fb_held_posts'));
      expect(counts).toEqual([
        `SELECT CAST(count(*) AS INTEGER) AS n FROM fb_held_posts WHERE organization_id = '${organization}' AND state = 'waiting'`,
        expect.objectContaining({ text: 'SELECT CAST(count(*) AS INTEGER) AS n FROM fb_held_posts WHERE organization_id = $1 AND state = $2' }),
      ]);
    } finally {
      await own.close();
      await single.end();
    }
  });

  it.skipIf(serverOnly !== undefined)(`see one snapshot, taken by their first statement, whatever commits between their statements${serverOnly ? ` (skipped: ${serverOnly})` : ''}`, async () => {
    const seen = await storage.transaction('read', async (tx) => {
      const first = await tx.listOrganizations();
      await storage.transaction('write', (w) => w.insertOrganization({ name: 'Later', created_at: at(1) }));
      const second = await tx.listOrganizations();
      return { first: first.length, second: second.length };
    });
    expect(seen.first).toBe(seen.second);
    // The write did commit: a new read sees it.
    const after = await storage.transaction('read', (tx) => tx.listOrganizations());
    expect(after.map((o) => o.name)).toContain('Later');
    expect(after).toHaveLength(seen.first + 1);
  });

  it('that fail in their first statement roll back, and the connection serves the next read', async () => {
    await expect(
      storage.transaction('read', (tx) => tx.getOrganization(Number.NaN as unknown as number)),
    ).rejects.toThrow();
    expect(await storage.transaction('read', (tx) => tx.listOrganizations())).toHaveLength(serverOnly === undefined ? 2 : 1);
  });
});
