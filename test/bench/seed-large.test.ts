/**
 * The large seed (bench/seed-large.mjs) makes the store the service would have made from the same
 * rows: on a small seed, on SQLite and on PostgreSQL, every maintained counter equals its recount
 * from the rows, analytics and ship statistics equal the figures recounted the slow way, each
 * post's vote and comment counts are its rows, the similar-posts index holds exactly each title's
 * words, search finds the rare word's posts, and the store's indexes and triggers are the ones a
 * fresh store has. The shape the benchmarks rely on (votes, comments, boards, the rare word) is
 * checked too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, postgresDumpPort, type PostgresStorage } from '../../adapters/postgres/index.js';
import { createSqliteStorage, sqliteDumpPort, type SqliteStorage } from '../../adapters/sqlite/index.js';
import { BOARD_SLUGS, RARE_WORD, seedLarge, voterPoolSize } from '../../bench/seed-large.mjs';
import { createFeedbackBoard } from '../../src/board.js';
import type { PostRecord } from '../../src/domain/records.js';
import type { Storage } from '../../src/storage/contract.js';
import { COUNTER_TABLES } from '../../src/storage/counters.js';
import { wordsOf } from '../../src/storage/words.js';
import { recountCounterRows, storedCounterRows } from '../../testing/raw-counters.js';
import { emptyRawRows, rawAnalytics, rawShipStats } from '../../testing/raw-stats.js';
import { tempDir } from '../adapters/sqlite/helpers.js';
import { createTestDatabase, dropTestDatabase, testPool } from '../adapters/postgres/server.js';
import { skipReason } from '../helpers/requirements.js';

const SIZE = 2000;
const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 86_400_000;
const TABLES = ['posts', 'votes', 'comments', 'post_tags', 'post_words', 'board_voters', 'ship_voters', ...COUNTER_TABLES.map((t) => t.name)];

type Row = Record<string, unknown>;
type Tables = Record<string, readonly Row[]>;

interface Seeded {
  storage: Storage;
  key: string;
  board: ReturnType<typeof createFeedbackBoard>;
  tables: Tables;
}

async function checkSeeded({ storage, key, board, tables }: Seeded): Promise<void> {
  const posts = tables.posts as (Row & { id: number; board_id: number; title: string })[];
  expect(posts).toHaveLength(SIZE);

  for (const table of COUNTER_TABLES) {
    expect({ table: table.name, rows: storedCounterRows(table, tables) }).toEqual({ table: table.name, rows: recountCounterRows(table, tables) });
  }

  const countBy = (rows: readonly Row[]) => {
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(Number(row.post_id), (counts.get(Number(row.post_id)) ?? 0) + 1);
    return counts;
  };
  const votes = countBy(tables.votes!);
  const comments = countBy(tables.comments!);
  expect(posts.filter((p) => Number(p.vote_count) !== (votes.get(p.id) ?? 0) || Number(p.comment_count) !== (comments.get(p.id) ?? 0))).toEqual([]);

  const words = new Map<number, string[]>();
  for (const row of tables.post_words!) words.set(Number(row.post_id), [...(words.get(Number(row.post_id)) ?? []), String(row.word)]);
  expect(posts.filter((p) => JSON.stringify(wordsOf(p.title).sort()) !== JSON.stringify((words.get(p.id) ?? []).sort()))).toEqual([]);
  expect(tables.post_words!.every((row) => posts.find((p) => p.id === Number(row.post_id))!.board_id === Number(row.board_id))).toBe(true);

  const raw = emptyRawRows();
  for (const row of posts) raw.posts.set(row.id, row as unknown as PostRecord);
  for (const row of tables.votes!) raw.votes.set(`${row.post_id}:${row.voter_id}`, { post: Number(row.post_id), voter: Number(row.voter_id), at: String(row.created_at) });
  for (const row of tables.comments!) raw.comments.push({ post: Number(row.post_id), at: String(row.created_at) });
  // The bench board is the first made.
  const bench = Math.min(...posts.map((p) => p.board_id));
  const iso = (ms: number) => new Date(ms).toISOString();
  // Windows run from one UTC midnight to another, as the services ask for them.
  const tomorrow = Date.UTC(2026, 10, 26);
  const windows = [7, 30, 90, 400].map((days) => ({ from: iso(tomorrow - days * DAY), to: iso(tomorrow) }));
  await storage.transaction('read', async (tx) => {
    for (const window of windows) {
      const analytics = await tx.analytics(bench, window);
      const expected = rawAnalytics(raw, bench, window);
      const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);
      expect({ ...analytics, topRequests: ids(analytics.topRequests) }).toEqual({ ...expected, topRequests: ids(expected.topRequests) });
      const ship = await tx.shipStats(bench, window);
      expect({ ids: ids(ship.posts), voterCount: ship.voterCount }).toEqual(rawShipStats(raw, bench, window));
    }
  });

  const res = await board.fetch(new Request(`http://seed.test/api/v1/boards/bench/posts?q=${RARE_WORD}&limit=1`, { headers: { authorization: `Bearer ${key}` } }));
  const rare = posts.filter((p) => p.board_id === bench && p.title.includes(RARE_WORD));
  expect(((await res.json()) as { total: number }).total).toBe(rare.length);

  // The shape the benchmarks rely on.
  expect(new Set(posts.map((p) => p.board_id)).size).toBe(BOARD_SLUGS.length);
  expect(posts.filter((p) => p.board_id === bench).length / SIZE).toBeGreaterThan(0.8);
  // 7.5 a post on average, plus the few posts of 500–4999 votes (about 10 a post on large seeds).
  expect(tables.votes!.length / SIZE).toBeGreaterThan(7);
  expect(tables.votes!.length / SIZE).toBeLessThan(13);
  expect(Math.max(...votes.values())).toBeGreaterThanOrEqual(500);
  expect(tables.comments!.length / SIZE).toBeCloseTo(1.5, 1);
  expect(tables.comments!.some((c) => c.parent_comment_id !== null)).toBe(true);
  expect(posts.filter((p) => p.title.includes(RARE_WORD)).length / SIZE).toBeCloseTo(0.01, 2);
  expect(new Set(posts.map((p) => p.status))).toEqual(new Set(['open', 'planned', 'in_progress', 'shipped', 'declined']));
  expect(new Set(tables.votes!.map((v) => v.voter_id)).size).toBeLessThanOrEqual(voterPoolSize(SIZE));
}

describe('the large seed on SQLite', () => {
  const temp = tempDir('fb-seed-large-');
  afterAll(() => temp.remove());

  it(`seeds ${SIZE} posts whose counters, statistics, word index and search equal the service's, with a fresh store's schema`, async () => {
    const storage = createSqliteStorage({ path: temp.file('seed.db') });
    const fresh = createSqliteStorage({ path: temp.file('fresh.db') });
    const schemaOf = (s: SqliteStorage) =>
      s.database.prepare<[], string>("SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY name").pluck().all();
    const board = createFeedbackBoard({ storage, clock: { now: () => NOW } });
    try {
      const { key } = await seedLarge(board, SIZE, { dialect: 'sqlite', database: storage.database, dumpPort: sqliteDumpPort(storage) }, { now: NOW });
      const tables = Object.fromEntries(TABLES.map((name) => [name, storage.database.prepare(`SELECT * FROM fb_${name}`).all() as Row[]]));
      await checkSeeded({ storage, key, board, tables });
      expect(schemaOf(storage)).toEqual(schemaOf(fresh));
    } finally {
      await board.close();
      await fresh.close();
    }
  }, 120_000);
});

const pgSkip = skipReason('postgres-server', 'test/bench/seed-large.test.ts (PostgreSQL)');
describe.skipIf(pgSkip !== undefined)(pgSkip ?? 'the large seed on PostgreSQL', () => {
  const urls: string[] = [];
  afterAll(async () => {
    for (const url of urls) await dropTestDatabase(url);
  }, 120_000);

  it(`seeds ${SIZE} posts whose counters, statistics, word index and search equal the service's, with a fresh store's schema`, async () => {
    const [url, freshUrl] = [await createTestDatabase('fb_seed_large'), await createTestDatabase('fb_seed_fresh')];
    urls.push(url, freshUrl);
    const storage = await createPostgresStorage({ connectionString: url });
    const fresh = await createPostgresStorage({ connectionString: freshUrl });
    const schemaOf = async (s: PostgresStorage) => [
      ...(await s.pool.query<{ d: string }>("SELECT indexname || ' ' || indexdef AS d FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname")).rows.map((r) => r.d),
      ...(await s.pool.query<{ d: string }>('SELECT tgname || \' \' || tgenabled::text AS d FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname')).rows.map((r) => r.d),
    ];
    const board = createFeedbackBoard({ storage, clock: { now: () => NOW } });
    const pool = testPool(url, 1);
    try {
      const { key } = await seedLarge(board, SIZE, { dialect: 'postgres', pool, postgresDumpPort }, { now: NOW });
      const tables: Tables = {};
      for (const name of TABLES) tables[name] = (await storage.pool.query(`SELECT * FROM fb_${name}`)).rows as Row[];
      await checkSeeded({ storage, key, board, tables });
      expect(await schemaOf(storage)).toEqual(await schemaOf(fresh));
    } finally {
      await pool.end();
      await board.close();
      await fresh.close();
    }
  }, 180_000);
});
