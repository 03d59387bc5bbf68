/**
 * The statistics code of PostgreSQL (adapters/postgres/statistics.ts): the functions the database
 * runs are the generated ones; a database of the previous schema, counted by that version's
 * hand-written triggers, upgrades to them with its counters rebuilt; code of another fingerprint
 * is replaced when a storage is created; and an installation that fails changes nothing.
 */
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, PG_SCHEMA_VERSION } from '../../../adapters/postgres/index.js';
import { PG_SCHEMA_WORDS } from '../../../adapters/postgres/schema-words.js';
import { PG_SCHEMA_SHIP_COUNTS } from '../../../adapters/postgres/schema-ship-counts.js';
import { PG_SCHEMA_VOTER_LOCALE } from '../../../adapters/postgres/schema-voter-locale.js';
import {
  installedFingerprint,
  installedFunctions,
  PG_COUNTER_TABLES,
  PG_STATISTICS_FINGERPRINT,
  PG_STATISTICS_FUNCTIONS,
} from '../../../adapters/postgres/statistics.js';
import { normalize, onDay } from '../../../testing/fixtures.js';
import { sequence } from '../../../testing/random-arbitraries.js';
import { runSequence } from '../../../testing/random-commands.js';
import { recountCounterRows, storedCounterRows } from '../../../testing/raw-counters.js';
import { rawAnalytics } from '../../../testing/raw-stats.js';
import { createTestDatabase, createTestSchema, dropTestDatabase } from './server.js';
import { lendLaterColumns, PG_TABLES_SQL, takeBackLaterColumns } from '../../helpers/later-columns.js';

let database: string;
beforeAll(async () => {
  database = await createTestDatabase('fb_statistics');
});
afterAll(async () => {
  await dropTestDatabase(database);
});

const [COMMANDS] = fc.sample(sequence, { seed: 20261125, numRuns: 1 });

/** The schema's `fb_` tables, without the prefix: the lent columns go only to tables the version has. */
const tablesOf = async (client: pg.Client) => new Set((await client.query<{ name: string }>(PG_TABLES_SQL)).rows.map((row) => row.name));

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Every counter table PostgreSQL keeps that the database's schema has (the ship counts came at
 * step 15), with its stored rows and its recount from the rows.
 */
async function counters(client: pg.Client): Promise<{ table: string; stored: unknown; recount: unknown }[]> {
  const tables: Record<string, object[]> = {};
  for (const name of ['posts', 'votes', 'comments', 'post_tags', 'board_voters', 'ship_voters', ...PG_COUNTER_TABLES.map((t) => t.name)]) {
    const { rows } = await client.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [`fb_${name}`]);
    if (rows[0]!.present) tables[name] = (await client.query(`SELECT * FROM fb_${name}`)).rows;
  }
  return PG_COUNTER_TABLES.filter((table) => table.name in tables).map((table) => ({
    table: table.name,
    stored: storedCounterRows(table, tables),
    recount: recountCounterRows(table, tables),
  }));
}

async function expectCountersExact(url: string): Promise<void> {
  const rows = await withClient(url, counters);
  expect(rows.map(({ table }) => table)).toEqual(PG_COUNTER_TABLES.map((table) => table.name));
  for (const { table, stored, recount } of rows) expect({ table, rows: stored }).toEqual({ table, rows: recount });
}

/** The last schema version whose statistics triggers were hand-written. */
const HAND_WRITTEN_TRIGGERS_VERSION = 6;

/**
 * A storage at {@link HAND_WRITTEN_TRIGGERS_VERSION}, run by today's code, which also writes the
 * similar-posts word index, the voters' language and the comments' edit times of later steps: they are lent for the run and
 * dropped by {@link closePrevious}, so the upgrade builds them again.
 */
async function openPrevious(url: string) {
  const storage = await createPostgresStorage({ connectionString: url }, { migrationTarget: HAND_WRITTEN_TRIGGERS_VERSION });
  await withClient(url, async (client) => client.query(`${PG_SCHEMA_WORDS}${PG_SCHEMA_VOTER_LOCALE}; ${lendLaterColumns('postgres', await tablesOf(client))};`));
  return storage;
}

async function closePrevious(storage: { close(): Promise<void> }, url: string): Promise<void> {
  await storage.close();
  await withClient(url, async (client) => client.query('DROP TABLE fb_post_words; ALTER TABLE fb_voters DROP COLUMN locale; ' + takeBackLaterColumns(await tablesOf(client))));
}

/** The source of each function the generated code creates, by name. */
const GENERATED_SOURCES = new Map(
  PG_STATISTICS_FUNCTIONS.filter((sql) => sql.startsWith('CREATE FUNCTION')).map((sql) => [
    /^CREATE FUNCTION (\w+)\(/.exec(sql)![1]!,
    /AS \$\$([\s\S]*)\$\$;$/.exec(sql)![1]!,
  ]),
);

describe('postgres statistics code', () => {
  it('runs exactly the generated functions, on the generated triggers, and records their fingerprint', async () => {
    const url = await createTestSchema(database);
    await (await createPostgresStorage({ connectionString: url })).close();
    await withClient(url, async (client) => {
      const { rows } = await client.query<{ proname: string; prosrc: string }>(
        "SELECT proname, prosrc FROM pg_proc WHERE pronamespace = current_schema()::regnamespace AND proname LIKE 'fb\\_stats\\_%'",
      );
      expect(new Map(rows.map((row) => [row.proname, row.prosrc]))).toEqual(GENERATED_SOURCES);
      const triggers = await client.query<{ tgname: string }>(
        // This schema's tables only: on PGlite, every test database is a schema of one database.
        "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE 'fb\\_%' AND tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = current_schema()::regnamespace) ORDER BY tgname",
      );
      const generated = PG_STATISTICS_FUNCTIONS.flatMap((sql) => /^CREATE TRIGGER (\w+)/.exec(sql)?.[1] ?? []).sort();
      expect(triggers.rows.map((row) => row.tgname)).toEqual(generated);
      expect(await installedFingerprint(client)).toBe(PG_STATISTICS_FINGERPRINT);
    });
  });

  it('upgrades a database of the previous schema, counted by its hand-written triggers, to the generated ones', async () => {
    const url = await createTestSchema(database);
    const previous = await openPrevious(url);
    const known = await runSequence(previous, COMMANDS!);
    await closePrevious(previous, url);
    await withClient(url, async (client) => {
      expect(await installedFunctions(client)).toEqual([]);
      // The counters of the previous version are right, and stay what the rows say after the upgrade.
      for (const { table, stored, recount } of await counters(client)) expect({ table, rows: stored }).toEqual({ table, rows: recount });
    });

    const storage = await createPostgresStorage({ connectionString: url });
    try {
      await withClient(url, async (client) => {
        const { rows } = await client.query<{ proname: string }>(
          "SELECT proname FROM pg_proc WHERE pronamespace = current_schema()::regnamespace AND proname LIKE 'fb\\_%' ORDER BY 1",
        );
        expect(rows.map((row) => row.proname)).toEqual([...GENERATED_SOURCES.keys()].sort());
        expect((await client.query('SELECT max(version) AS v FROM fb_schema_migrations')).rows[0].v).toBe(PG_SCHEMA_VERSION);
      });
      await expectCountersExact(url);
      const window = { from: onDay(-1, 0), to: onDay(9, 0) };
      for (const board of [1, 2]) {
        expect(normalize(await storage.transaction('read', (tx) => tx.analytics(board, window)))).toEqual(normalize(rawAnalytics(known.raw, board, window)));
      }
      // The generated triggers count what comes next.
      await runSequence(storage, fc.sample(sequence, { seed: 20261126, numRuns: 1 })[0]!);
      await expectCountersExact(url);
    } finally {
      await storage.close();
    }
  });

  it('fills the ship counts of schema step 15 from the stored posts and votes', async () => {
    const url = await createTestSchema(database);
    const previous = await createPostgresStorage({ connectionString: url }, { migrationTarget: 14 });
    // Today's code writes the voters' language and the comments' edit times of later steps: the columns are lent for the run.
    await withClient(url, async (client) => client.query(`${PG_SCHEMA_VOTER_LOCALE}; ${lendLaterColumns('postgres', await tablesOf(client))};`));
    await runSequence(previous, COMMANDS!);
    await previous.close();
    await withClient(url, async (client) => client.query('ALTER TABLE fb_voters DROP COLUMN locale; ' + takeBackLaterColumns(await tablesOf(client))));
    await withClient(url, async (client) => {
      // Every other voted post shipped, on the day it was created (hidden ones stay hidden).
      await client.query(`UPDATE fb_posts SET status = 'shipped', shipped_at = created_at
        WHERE id % 2 = 0 AND id IN (SELECT post_id FROM fb_votes)`);
      expect((await client.query("SELECT count(*)::int AS n FROM fb_posts WHERE status = 'shipped' AND NOT hidden")).rows[0].n).toBeGreaterThan(0);
      await client.query(PG_SCHEMA_SHIP_COUNTS);
      const ship = (await counters(client)).filter(({ table }) => table.startsWith('ship_'));
      expect(ship.map(({ table }) => table)).toEqual(['ship_days', 'ship_voter_days', 'ship_last_days']);
      for (const { table, stored, recount } of ship) expect({ table, rows: stored }).toEqual({ table, rows: recount });
      expect((await client.query('SELECT count(*)::int AS n FROM fb_ship_voter_days')).rows[0].n).toBeGreaterThan(0);
    });
  });

  it('replaces code of another fingerprint when a storage is created, and rebuilds the counters from the rows', async () => {
    const url = await createTestSchema(database);
    const storage = await createPostgresStorage({ connectionString: url });
    await runSequence(storage, COMMANDS!);
    await storage.close();
    await withClient(url, async (client) => {
      await client.query(`UPDATE fb_installed_code SET fingerprint = 'other code', installed_at = 'then';
        DROP FUNCTION fb_stats_comments_insert() CASCADE;
        UPDATE fb_board_days SET votes = votes + 7;
        DELETE FROM fb_tag_posts;`);
      const differing = (await counters(client)).filter(({ stored, recount }) => JSON.stringify(stored) !== JSON.stringify(recount));
      expect(differing.map(({ table }) => table)).toEqual(['tag_posts', 'board_days']);
    });

    await (await createPostgresStorage({ connectionString: url })).close();
    await withClient(url, async (client) => {
      expect(await installedFingerprint(client)).toBe(PG_STATISTICS_FINGERPRINT);
      expect((await installedFunctions(client)).length).toBe(GENERATED_SOURCES.size);
    });
    await expectCountersExact(url);
  });

  it('changes nothing when the installation fails, and installs once the cause is gone', async () => {
    const url = await createTestSchema(database);
    const previous = await openPrevious(url);
    await runSequence(previous, COMMANDS!);
    await closePrevious(previous, url);
    const before = await withClient(url, async (client) => {
      // An application's trigger that refuses rows in a counter table: the rebuild fails.
      await client.query(`CREATE FUNCTION app_guard() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'board days are frozen'; END $$;
        CREATE TRIGGER app_guard BEFORE INSERT ON fb_board_days FOR EACH ROW EXECUTE FUNCTION app_guard();`);
      return counters(client);
    });

    await expect(createPostgresStorage({ connectionString: url })).rejects.toThrow(/board days are frozen/);
    await withClient(url, async (client) => {
      expect((await client.query('SELECT max(version) AS v FROM fb_schema_migrations')).rows[0].v).toBe(HAND_WRITTEN_TRIGGERS_VERSION);
      expect(await installedFunctions(client)).toEqual([]);
      expect((await client.query("SELECT to_regclass('fb_installed_code') IS NULL AS absent")).rows[0].absent).toBe(true);
      expect(await counters(client)).toEqual(before);
      await client.query('DROP TRIGGER app_guard ON fb_board_days; DROP FUNCTION app_guard()');
    });

    await (await createPostgresStorage({ connectionString: url })).close();
    await expectCountersExact(url);
  });
});
