/**
 * The migration that adds the maintained statistics builds them from the rows of a file made by
 * the previous version: after random sequences of writes (votes, unvotes, deletes, hides, status
 * moves, writes dated on different days), a file brought back to the previous schema and then
 * opened again answers analytics and ship stats exactly as the raw rows say, and its list totals
 * (from the maintained counts of posts per status and per tag) exactly as its rows say.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS, readSchemaVersion, SCHEMA_VERSION } from '../../../adapters/sqlite/migrations.js';
import { normalize, onDay } from '../../../testing/fixtures.js';
import { BOARDS, sequence } from '../../../testing/random-arbitraries.js';
import { plan, setUp, type Known } from '../../../testing/random-commands.js';
import { emptyRawRows, rawAnalytics, rawShipStats } from '../../../testing/raw-stats.js';
import { storageFactory } from './helpers.js';
import { sqliteTables, takeBackLaterColumns } from '../../helpers/later-columns.js';

/** The version before the one that added the aggregates. */
const PREVIOUS = MIGRATIONS.findIndex((m) => /maintained statistics/.test(m.description));

let factory: ReturnType<typeof storageFactory>;
beforeEach(() => {
  factory = storageFactory();
});
afterEach(async () => {
  await factory.cleanup();
});

/** Names of the tables, indexes and triggers a database has (FTS shadow tables included). */
function schemaObjects(db: Database.Database): Map<string, string> {
  const rows = db.prepare("SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'").all() as { type: string; name: string }[];
  return new Map(rows.map((row) => [row.name, row.type]));
}

/**
 * Turns a newest-version file into the file the previous version would have made from the same
 * writes: every object the later steps created is dropped, and their versions unrecorded.
 */
function backToPrevious(file: string): void {
  const fresh = new Database(':memory:');
  migrate(fresh, { target: PREVIOUS, busyTimeoutMs: 1000 });
  const previous = schemaObjects(fresh);
  fresh.close();
  const db = new Database(file);
  // Tables go before the columns naming them.
  db.pragma('foreign_keys = OFF');
  for (const [name, type] of schemaObjects(db)) {
    if (previous.has(name)) continue;
    // Dropping a virtual table drops its shadow tables, and a table its indexes; they may already be gone.
    db.exec(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`);
  }
  // Later steps added columns to tables of the previous version: they go too.
  db.exec(`ALTER TABLE fb_voters DROP COLUMN locale; ${takeBackLaterColumns(sqliteTables(db))}`);
  db.prepare('DELETE FROM fb_schema_migrations WHERE version > ?').run(PREVIOUS);
  expect(readSchemaVersion(db)).toBe(PREVIOUS);
  expect([...schemaObjects(db).keys()].sort()).toEqual([...previous.keys()].sort());
  db.close();
}

describe('sqlite migration of the maintained statistics', () => {
  it('is a step after the previous version', () => {
    expect(PREVIOUS).toBeGreaterThanOrEqual(2);
    expect(PREVIOUS).toBeLessThan(SCHEMA_VERSION);
  });

  it('builds them from the rows of a file made by the previous version', async () => {
    const samples = fc.sample(sequence, { seed: 20261123, numRuns: 6 });
    for (const [run, commands] of samples.entries()) {
      const file = factory.path(`run-${run}.db`);
      const storage = factory.open(file);
      await setUp(storage);
      const known: Known = { posts: [], comments: [], tags: [], raw: emptyRawRows() };
      for (const cmd of commands) {
        const step = plan(cmd, known);
        if (step === null) continue;
        step.learn?.(await storage.transaction('write', step.run));
      }
      await storage.close();
      backToPrevious(file);

      const upgraded = factory.open(file);
      expect(readSchemaVersion(upgraded.database)).toBe(SCHEMA_VERSION);
      const count = (sql: string, ...params: unknown[]) => upgraded.database.prepare(sql).pluck().get(...params);
      for (const board of BOARDS) {
        for (const [from, to] of [[-1, 9], [0, 1], [3, 6], [7, 8]] as const) {
          const window = { from: onDay(from, 0), to: onDay(to, 0) };
          const analytics = await upgraded.transaction('read', (tx) => tx.analytics(board, window));
          expect({ run, board, window, analytics: normalize(analytics) }).toEqual({
            run,
            board,
            window,
            analytics: normalize(rawAnalytics(known.raw, board, window)),
          });
          const ship = await upgraded.transaction('read', (tx) => tx.shipStats(board, window));
          expect({ ids: ship.posts.map((post) => post.id), voterCount: ship.voterCount }).toEqual(rawShipStats(known.raw, board, window));
        }
        // The maintained counts behind list totals agree with the rows, per status and per tag.
        const total = (query: object) =>
          upgraded.transaction('read', async (tx) => (await tx.listPosts(board, { sort: 'new', limit: 1, offset: 0, ...query })).total);
        expect([run, board, await total({})]).toEqual([run, board, count('SELECT count(*) FROM fb_posts WHERE board_id = ?', board)]);
        for (const status of ['open', 'planned', 'shipped'] as const) {
          expect([run, board, status, await total({ status })]).toEqual([
            run, board, status, count('SELECT count(*) FROM fb_posts WHERE board_id = ? AND status = ?', board, status),
          ]);
        }
      }
      for (const tagId of known.tags) {
        const board = count('SELECT board_id FROM fb_tags WHERE id = ?', tagId) as number;
        const page = await upgraded.transaction('read', (tx) => tx.listPosts(board, { sort: 'new', limit: 1, offset: 0, tagId }));
        expect([run, tagId, page.total]).toEqual([run, tagId, count('SELECT count(*) FROM fb_post_tags WHERE tag_id = ?', tagId)]);
      }
    }
  }, 60_000);
});
