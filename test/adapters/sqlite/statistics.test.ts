/**
 * The statistics code of SQLite (adapters/sqlite/statistics.ts): the triggers the database runs
 * are the generated statements; a file of the previous schema, counted by that version's
 * hand-written triggers, upgrades to them with its counters rebuilt; an installed code of another
 * fingerprint is replaced at open and the counters rebuilt, a matching one left alone; and an
 * installation that fails leaves the file as it was.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConnection } from '../../../adapters/sqlite/connection.js';
import { migrate, readSchemaVersion, SCHEMA_VERSION } from '../../../adapters/sqlite/migrations.js';
import { SCHEMA_WORDS } from '../../../adapters/sqlite/schema-words.js';
import { SCHEMA_VOTER_LOCALE } from '../../../adapters/sqlite/schema-voter-locale.js';
import { installedFingerprint, installedTriggers, STATISTICS_FINGERPRINT, STATISTICS_TRIGGERS } from '../../../adapters/sqlite/statistics.js';
import { SqliteStorageImpl } from '../../../adapters/sqlite/storage.js';
import { COUNTER_TABLES } from '../../../src/storage/counters.js';
import { normalize, onDay } from '../../../testing/fixtures.js';
import { sequence } from '../../../testing/random-arbitraries.js';
import { runSequence } from '../../../testing/random-commands.js';
import { recountCounterRows, storedCounterRows } from '../../../testing/raw-counters.js';
import { rawAnalytics } from '../../../testing/raw-stats.js';
import { storageFactory } from './helpers.js';
import { lendLaterColumns, lendSearchBatches, sqliteTables, takeBackLaterColumns, takeBackSearchBatches } from '../../helpers/later-columns.js';

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(async () => {
  await factory.cleanup();
});

const [COMMANDS] = fc.sample(sequence, { seed: 20261125, numRuns: 1 });

/**
 * Every counter table the file has (an older schema lacks the later ones) with its stored rows
 * and its recount from the rows, side by side.
 */
function counters(db: Database.Database): { table: string; stored: unknown; recount: unknown }[] {
  const read = (name: string) => db.prepare(`SELECT * FROM fb_${name}`).all() as object[];
  const present = new Set(db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all());
  const kept = COUNTER_TABLES.filter((t) => present.has(`fb_${t.name}`));
  const tables = Object.fromEntries(['posts', 'votes', 'comments', 'post_tags', 'board_voters', 'ship_voters', ...kept.map((t) => t.name)].map((name) => [name, read(name)]));
  return kept.map((table) => ({ table: table.name, stored: storedCounterRows(table, tables), recount: recountCounterRows(table, tables) }));
}

function expectCountersExact(db: Database.Database): void {
  const found = counters(db);
  // At today's schema every declared counter is there to check.
  if (readSchemaVersion(db) === SCHEMA_VERSION) expect(found.map((c) => c.table)).toEqual(COUNTER_TABLES.map((t) => t.name));
  for (const { table, stored, recount } of found) expect({ table, rows: stored }).toEqual({ table, rows: recount });
}

/** A storage on `file` at schema `version`, as the release that made that version runs it. */
function openAtVersion(file: string, version: number, lend: (db: Database.Database) => void = () => {}): SqliteStorageImpl {
  // A connection the storage does not own: closing the storage leaves it open for the test.
  const connection = openConnection({ database: new Database(file) });
  migrate(connection.db, { target: version, busyTimeoutMs: 1000 });
  lend(connection.db);
  return new SqliteStorageImpl(connection);
}

/** The last schema version whose statistics triggers were hand-written. */
const HAND_WRITTEN_TRIGGERS_VERSION = 7;

/**
 * A storage on `file` at {@link HAND_WRITTEN_TRIGGERS_VERSION}, run by today's code, which also
 * writes the similar-posts word index, the voters' language and the comments' edit times of later steps: they are lent for
 * the run and dropped by {@link closePrevious}, so the upgrade builds them again.
 */
function openPrevious(file: string): SqliteStorageImpl {
  return openAtVersion(file, HAND_WRITTEN_TRIGGERS_VERSION, (db) =>
    db.exec(`${SCHEMA_WORDS}${SCHEMA_VOTER_LOCALE}; ${lendLaterColumns('sqlite', sqliteTables(db))}; ${lendSearchBatches()}`),
  );
}

async function closePrevious(storage: SqliteStorageImpl): Promise<void> {
  await storage.close();
  storage.database.exec(
    'DROP TABLE fb_post_words; ALTER TABLE fb_voters DROP COLUMN locale; ' +
      takeBackLaterColumns(sqliteTables(storage.database)) +
      `; ${takeBackSearchBatches()}`,
  );
  storage.database.close();
}

/** The trigger statements SQLite holds, by name. */
function storedTriggers(db: Database.Database): Map<string, string> {
  const rows = db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name GLOB 'fb_stats_*'").all();
  return new Map(rows.map((row) => [row.name, row.sql]));
}

describe('sqlite statistics code', () => {
  it('runs exactly the generated trigger statements, and records their fingerprint', async () => {
    const storage = factory.open();
    const generated = new Map(STATISTICS_TRIGGERS.map((sql) => [/^CREATE TRIGGER (\w+)/.exec(sql)![1]!, sql.replace(/;$/, '')]));
    expect(generated.size).toBe(STATISTICS_TRIGGERS.length);
    expect(storedTriggers(storage.database)).toEqual(generated);
    expect(installedFingerprint(storage.database)).toBe(STATISTICS_FINGERPRINT);
    expect(STATISTICS_FINGERPRINT).toMatch(/^[0-9a-f]{64}$/);
  });

  it('upgrades a file of the previous schema, counted by its hand-written triggers, to the generated ones', async () => {
    const file = factory.path('previous.db');
    const previous = openPrevious(file);
    const known = await runSequence(previous, COMMANDS!);
    expect(installedTriggers(previous.database)).toEqual([]);
    expect(previous.database.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name GLOB 'fb_agg_*'").pluck().get()).toBeGreaterThan(0);
    // The counters of the previous version are right, and stay what the rows say after the upgrade.
    expectCountersExact(previous.database);
    await closePrevious(previous);

    const storage = factory.open(file);
    expect(readSchemaVersion(storage.database)).toBe(SCHEMA_VERSION);
    const names = storage.database.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name").pluck().all();
    expect(names.filter((name) => !name.startsWith('fb_stats_') && !name.startsWith('fb_posts_search_'))).toEqual([]);
    expect(storedTriggers(storage.database).size).toBe(STATISTICS_TRIGGERS.length);
    expectCountersExact(storage.database);
    const window = { from: onDay(-1, 0), to: onDay(9, 0) };
    for (const board of [1, 2]) {
      expect(normalize(await storage.transaction('read', (tx) => tx.analytics(board, window)))).toEqual(normalize(rawAnalytics(known.raw, board, window)));
    }
    // The generated triggers count what comes next.
    await runSequence(storage, fc.sample(sequence, { seed: 20261126, numRuns: 1 })[0]!);
    expectCountersExact(storage.database);
  });

  it('replaces code of another fingerprint at open and rebuilds the counters from the rows', async () => {
    const file = factory.path();
    const storage = factory.open(file);
    await runSequence(storage, COMMANDS!);
    await storage.close();
    const db = new Database(file);
    db.exec(`UPDATE fb_installed_code SET fingerprint = 'other code', installed_at = 'then';
      DROP TRIGGER fb_stats_board_days_votes_insert;
      UPDATE fb_board_days SET votes = votes + 7;
      DELETE FROM fb_tag_posts;`);
    expect(counters(db).filter(({ stored, recount }) => JSON.stringify(stored) !== JSON.stringify(recount)).map(({ table }) => table)).toEqual([
      'tag_posts',
      'board_days',
    ]);
    db.close();

    const reopened = factory.open(file);
    expect(installedFingerprint(reopened.database)).toBe(STATISTICS_FINGERPRINT);
    expect(reopened.database.prepare('SELECT installed_at FROM fb_installed_code').pluck().get()).not.toBe('then');
    expect(storedTriggers(reopened.database).size).toBe(STATISTICS_TRIGGERS.length);
    expectCountersExact(reopened.database);
  });

  it('leaves matching code and its counters alone at open', async () => {
    const file = factory.path();
    await factory.open(file).close();
    const db = new Database(file);
    const installedAt = db.prepare('SELECT installed_at FROM fb_installed_code').pluck().get();
    db.exec("INSERT INTO fb_board_post_counts (board_id, status, posts) VALUES (99, 'open', 5)");
    db.close();

    const reopened = factory.open(file);
    expect(reopened.database.prepare('SELECT installed_at FROM fb_installed_code').pluck().get()).toBe(installedAt);
    expect(reopened.database.prepare('SELECT posts FROM fb_board_post_counts WHERE board_id = 99').pluck().get()).toBe(5);
  });

  it('leaves the file as it was when the installation fails, and installs once the cause is gone', async () => {
    const file = factory.path('guarded.db');
    const previous = openPrevious(file);
    await runSequence(previous, COMMANDS!);
    // An application's trigger that refuses rows in a counter table: the rebuild fails.
    previous.database.exec("CREATE TRIGGER app_guard BEFORE INSERT ON fb_board_days BEGIN SELECT RAISE(ABORT, 'board days are frozen'); END");
    const before = counters(previous.database);
    await closePrevious(previous);

    expect(() => factory.open(file)).toThrow(/board days are frozen/);
    const check = new Database(file);
    expect(readSchemaVersion(check)).toBe(HAND_WRITTEN_TRIGGERS_VERSION);
    expect(installedTriggers(check)).toEqual([]);
    expect(check.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'fb_installed_code'").pluck().get()).toBe(0);
    expect(counters(check)).toEqual(before);
    check.exec('DROP TRIGGER app_guard');
    check.close();

    const storage = factory.open(file);
    expect(installedFingerprint(storage.database)).toBe(STATISTICS_FINGERPRINT);
    expectCountersExact(storage.database);
  });
});
