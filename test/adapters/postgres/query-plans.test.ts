/**
 * The heavy reads are single statements that walk the index made for them: each statement the
 * adapter issues for a list, the queue or a statistic is captured and explained as it runs (a
 * read's prepared statements on their generic plan, the ones planned for their values with them),
 * and its plan must use that index and never scan the posts table sequentially.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage, type PostgresStorage } from '../../../adapters/postgres/index.js';
import { READ_PLANS } from '../../../adapters/postgres/storage.js';
import type { StorageTx } from '../../../src/storage/contract.js';
import { at } from '../../../testing/fixtures.js';
import { createTestDatabase, dropTestDatabase, ON_PGLITE, testPool } from './server.js';
import { skipReason } from '../../helpers/requirements.js';

/** The trigram indexes need pg_trgm, which PGlite does not load by itself. */
const trigramSkip = skipReason('postgres-server', 'test/adapters/postgres/query-plans.test.ts (pg_trgm)');

const BOARDS = 10;
const POSTS = 10_000;
const LARGE_BOARD_POSTS = 30_000;
let url: string;
let pool: pg.Pool;
let storage: PostgresStorage;
/** A statement the adapter sent: prepared (`values` bound), or as text with its values written in. */
const captured: { text: string; values: unknown[]; prepared: boolean }[] = [];
const READ_BEGIN = `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; ${READ_PLANS}; `;

beforeAll(async () => {
  url = await createTestDatabase('fb_plans');
  pool = testPool(url, 2, (query) => (config, ...rest) => {
    if (typeof config === 'object' && config !== null && 'text' in config) {
      const { text, values: bound } = config as { text: string; values?: unknown[] };
      captured.push({ text, values: bound ?? [], prepared: true });
    } else if (typeof config === 'string' && config.startsWith(READ_BEGIN)) {
      // A read's first statement goes out behind its BEGIN with its values written in.
      captured.push({ text: config.slice(READ_BEGIN.length), values: [], prepared: false });
    } else if (typeof config === 'string' && /^\s*(SELECT|WITH)/i.test(config)) {
      // A statement planned for its values goes out with them written in.
      captured.push({ text: config, values: [], prepared: false });
    }
    return query(config, ...rest);
  });
  storage = await createPostgresStorage({ pool });
  // Bulk seed in SQL: every status, some hidden, some ranked, a few claims and votes.
  await pool.query(`
    INSERT INTO fb_organizations (name, created_at) VALUES ('Plans', '${at(0)}');
    INSERT INTO fb_api_keys (organization_id, scope, label, prefix, hash, created_at) VALUES (1, 'write', '', 'p', 'h', '${at(0)}');
    INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
      SELECT 1, 'b' || g, 'B', '', '', true, '${at(0)}' FROM generate_series(1, ${BOARDS}) g;
    INSERT INTO fb_voters (organization_id, email, name, created_at)
      SELECT 1, 'v' || g || '@x', 'V', '${at(0)}' FROM generate_series(1, 50) g;
    INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank, shipped_at, created_at,
                          vote_count, title_folded, body_folded)
      SELECT 1 + g % ${BOARDS}, 'post ' || g, 'body', (ARRAY['open','planned','in_progress','shipped','declined'])[1 + g % 5],
             false, g % 11 = 0, false, CASE WHEN g % 7 = 0 THEN g END,
             CASE WHEN g % 5 = 3 THEN to_char(timestamp '2026-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END,
             to_char(timestamp '2026-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             g % 13, 'post ' || g, 'body'
        FROM generate_series(1, ${POSTS}) g;
    INSERT INTO fb_votes (post_id, voter_id, created_at)
      SELECT p, v, to_char(timestamp '2026-01-01' + p * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        FROM generate_series(1, ${POSTS}, 3) p, generate_series(1, 3) v;
    INSERT INTO fb_claims (post_id, api_key_id, agent_label, claimed_at, expires_at)
      SELECT g, 1, '', '${at(0)}', '2099-01-01T00:00:00.000Z' FROM generate_series(7, 700, 7) g;
    -- A board of its own holding many posts, where a search must not read them all.
    INSERT INTO fb_boards (organization_id, slug, name, description, welcome_message, published, created_at)
      VALUES (1, 'large', 'Large', '', '', true, '${at(0)}');
    INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, created_at, title_folded, body_folded)
      SELECT ${BOARDS + 1}, 'idea ' || g, 'body ' || g, 'open', false, false, false,
             to_char(timestamp '2026-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'idea ' || g, 'body ' || g
        FROM generate_series(1, ${LARGE_BOARD_POSTS}) g;
    INSERT INTO fb_held_posts (organization_id, board_id, voter_id, title, body, tag_slugs, created_at, state, reason)
      SELECT 1, 1 + g % ${BOARDS}, 1 + g % 50, 'held ' || g, '', '[]',
             to_char(timestamp '2026-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             CASE WHEN g % 50 = 0 THEN 'waiting' WHEN g % 2 = 0 THEN 'approved' ELSE 'rejected' END, ''
        FROM generate_series(1, ${POSTS}) g;
    INSERT INTO fb_post_words (board_id, word, post_id)
      SELECT board_id, 'post', id FROM fb_posts UNION ALL SELECT board_id, id::text, id FROM fb_posts WHERE id >= 100;
    ANALYZE;`);
  // Seeding 40,000 posts through the maintained counters takes minutes on PGlite's one core.
}, ON_PGLITE ? 600_000 : 120_000);

afterAll(async () => {
  await storage.close();
  await pool.end();
  await dropTestDatabase(url);
});

/** The plans of the SELECTs `read` issues, one text per statement. */
async function plansOf(read: (tx: StorageTx) => Promise<unknown>): Promise<string[]> {
  captured.length = 0;
  // As in the service, where a read looks its board up first (the statement that goes out with
  // BEGIN, planned for its values): the statements after it run as prepared, on generic plans.
  await storage.transaction('read', async (tx) => {
    await tx.getBoardBySlug(1, 'b1');
    await read(tx);
  });
  const selects = captured.filter(({ text }) => /^\s*(SELECT|WITH)/i.test(text)).slice(1);
  const plans: string[] = [];
  for (const { text, values, prepared } of selects) {
    const plan = (prepared ? await genericPlan(text, values) : await planOf(text)).join('\n');
    // Compiled for the estimate of a generic plan, never for the statement's real cost (storage.ts).
    expect(plan).not.toMatch(/^JIT:/m);
    plans.push(plan);
  }
  return plans;
}

/**
 * The settings of a read (storage.ts, `READ_PLANS`), in a session where any plan would be compiled
 * if JIT were on (so a read that left it on is seen on a server with JIT).
 */
const AS_IN_A_READ = `BEGIN; SET LOCAL jit_above_cost = 0; ${READ_PLANS}`;

/** The plan of a statement with its values written in: planned for them, as the adapter sends it. */
async function planOf(text: string): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query(AS_IN_A_READ);
    return (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`)).rows.map((row) => row['QUERY PLAN']);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** The generic plan of a prepared statement, the one a read runs it on. */
async function genericPlan(text: string, values: unknown[]): Promise<string[]> {
  const client = await pool.connect();
  let prepared = false;
  try {
    await client.query(AS_IN_A_READ);
    await client.query(`PREPARE fb_plan AS ${text}`);
    prepared = true;
    const literals = values.map((value) => (value === null ? 'NULL' : client.escapeLiteral(String(value))));
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE fb_plan(${literals.join(', ')})`);
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    // A prepared statement outlives the transaction: only this one goes (the adapter's stay).
    await client.query(prepared ? 'ROLLBACK; DEALLOCATE fb_plan' : 'ROLLBACK');
    client.release();
  }
}

/** One statement, using `index` for the posts and never a sequential scan of them. */
function expectIndexed(plans: string[], ...indexes: string[]): void {
  expect(plans).toHaveLength(1);
  for (const index of indexes) expect(plans[0]).toMatch(new RegExp(`(Index|Index Only|Bitmap Index) Scan (Backward )?(using|on) ${index}\\b`));
  expect(plans[0]).not.toMatch(/Seq Scan on fb_posts/);
}

/** The plan nodes above the first line of `plan` (EXPLAIN's text) that matches `node`, nearest first. */
function ancestorsOf(plan: string, node: RegExp): string[] {
  const lines = plan.split('\n');
  const at = lines.findIndex((line) => node.test(line));
  if (at < 0) return [];
  const depth = (line: string) => line.search(/\S/);
  let level = depth(lines[at]!);
  const found: string[] = [];
  for (let i = at - 1; i >= 0; i--) {
    const line = lines[i]!;
    if ((i === 0 || /^\s*->/.test(line)) && depth(line) < level) {
      found.push(line.trim());
      level = depth(line);
    }
  }
  return found;
}

const page = { limit: 20, offset: 40 };
const board = 3;

describe('postgres query plans', () => {
  it('walks an index for every sort and filter of the post list, total included', async () => {
    expectIndexed(await plansOf((tx) => tx.listPosts(board, { ...page, sort: 'new' })), 'fb_posts_new');
    expectIndexed(await plansOf((tx) => tx.listPosts(board, { ...page, sort: 'top' })), 'fb_posts_top');
    expectIndexed(await plansOf((tx) => tx.listPosts(board, { ...page, sort: 'new', status: 'planned' })), 'fb_posts_status_new');
    // A search finds its matches once (a set the page is sorted from), so the sort's index has no
    // part in it: the board's posts come from one of the board's indexes (with pg_trgm, a status
    // index ANDed with the trigram index; PGlite, without it, walks the board by any of them).
    const searched = await plansOf((tx) => tx.listPosts(board, { ...page, sort: 'top', status: 'open', search: 'post' }));
    expectIndexed(searched, ...(trigramSkip === undefined ? ['fb_posts_title_trgm'] : []));
    expect(searched[0]).toMatch(/(Index|Bitmap Index) Scan (Backward )?(using|on) fb_posts_(status_)?(new|top)\b/);
    // Without a search or a tag, the total is the maintained count, not a count of the posts.
    for (const status of [undefined, 'planned'] as const) {
      const [plan] = await plansOf((tx) => tx.listPosts(board, { ...page, sort: 'new', ...(status ? { status } : {}) }));
      expect(plan).toMatch(/on fb_board_post_counts/);
      // The posts are read once, for the page.
      expect(plan!.match(/ on fb_posts p\b/g)).toHaveLength(1);
    }
  });

  it.skipIf(trigramSkip !== undefined)(`counts the matches of a search through the trigram indexes of title and body${trigramSkip ? ` (skipped: ${trigramSkip})` : ''}`, async () => {
    // "21987" is in one title of the large board: the count reads the posts holding its
    // trigrams, not the board's 30,000 posts.
    const [plan] = await plansOf((tx) => tx.listPosts(BOARDS + 1, { ...page, sort: 'new', search: '21987' }));
    expect(plan).toMatch(/Bitmap Index Scan on fb_posts_title_trgm/);
    expect(plan).toMatch(/Bitmap Index Scan on fb_posts_body_trgm/);
    expect(plan).not.toMatch(/Seq Scan on fb_posts/);
    // The matches are found once, for the count and the page: each trigram index is read once,
    // and the page's posts are then read by id.
    expect(plan!.match(/Bitmap Index Scan on fb_posts_title_trgm/g)).toHaveLength(1);
    expect(plan!.match(/Bitmap Index Scan on fb_posts_body_trgm/g)).toHaveLength(1);
    expect(plan).toMatch(/Index Scan using fb_posts_pkey on fb_posts p\b/);
  });

  it('takes the total of a list by tag from the maintained count, and reads the posts once', async () => {
    await pool.query(`
      INSERT INTO fb_tags (board_id, name, slug) VALUES (${board}, 'UX', 'ux');
      INSERT INTO fb_post_tags (post_id, tag_id)
        SELECT p.id, t.id FROM fb_posts p JOIN fb_tags t ON t.board_id = p.board_id WHERE p.board_id = ${board} AND p.id % 3 = 0;
      ANALYZE fb_post_tags;`);
    const tagId = (await pool.query<{ id: number }>(`SELECT id FROM fb_tags WHERE board_id = ${board}`)).rows[0]!.id;
    for (const sort of ['new', 'top'] as const) {
      const [plan] = await plansOf((tx) => tx.listPosts(board, { ...page, sort, tagId }));
      expect(plan).toMatch(/on fb_tag_posts/);
      expect(plan!.match(/ on fb_posts p\b/g)).toHaveLength(1);
    }
  });

  it('takes the total of a list by tag and status from the maintained count, and walks the status index for the page', async () => {
    // A tag on every third post of the large board (all open): the page walks the status's index
    // in the list's order, probing each post's tag, and stops after the page's matches.
    await pool.query(`
      INSERT INTO fb_tags (board_id, name, slug) VALUES (${BOARDS + 1}, 'API', 'api');
      INSERT INTO fb_post_tags (post_id, tag_id)
        SELECT p.id, t.id FROM fb_posts p JOIN fb_tags t ON t.board_id = p.board_id WHERE p.board_id = ${BOARDS + 1} AND p.id % 3 = 0;
      ANALYZE fb_post_tags, fb_tag_status_posts;`);
    const tagId = (await pool.query<{ id: number }>(`SELECT id FROM fb_tags WHERE board_id = ${BOARDS + 1}`)).rows[0]!.id;
    for (const sort of ['new', 'top'] as const) {
      const [plan] = await plansOf((tx) => tx.listPosts(BOARDS + 1, { ...page, sort, tagId, status: 'open' }));
      expect(plan).toMatch(/on fb_tag_status_posts/);
      expect(plan).not.toMatch(/on fb_tag_posts\b/);
      expect(plan).toMatch(new RegExp(`Index Scan (Backward )?using fb_posts_status_${sort} on fb_posts p\\b`));
      // No set of matches is made and counted, and the page's limit stops the walk: no sort under
      // it (the one sort left is of the page's rows).
      expect(plan).not.toMatch(/Seq Scan on fb_posts|Bitmap Heap Scan on fb_posts p\b|CTE Scan/);
      expect(plan).not.toMatch(/Limit [^\n]*\n\s*->\s+(Incremental )?Sort\b/);
      expect(plan!.match(/\bSort\b[^\n]*\(cost/g)).toHaveLength(1);
      expect(plan!.match(/ on fb_posts p\b/g)).toHaveLength(1);
    }
  });

  it("reads the moderation inbox and a voter's held posts on their indexes", async () => {
    for (const read of [
      (tx: StorageTx) => tx.listHeldPosts(1, 'waiting'),
      (tx: StorageTx) => tx.countHeldPosts(1, 'waiting'),
    ]) {
      const plans = await plansOf(read);
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(/(Index|Index Only|Bitmap Index) Scan (using|on) fb_held_posts_organization_state\b/);
      expect(plans[0]).not.toMatch(/Seq Scan/);
    }
    const voter = await plansOf((tx) => tx.listVoterHeldPosts(7, '2026-01-02T00:00:00.000Z'));
    expect(voter[0]).toMatch(/(Index|Bitmap Index) Scan (using|on) fb_held_posts_voter\b/);
    expect(voter[0]).not.toMatch(/Seq Scan/);
  });

  it('walks the partial indexes of the queue, roadmap and changelog', async () => {
    const queue = await plansOf((tx) => tx.listQueue(board, { apiKeyId: 99, now: at(0), limit: 50 }));
    expectIndexed(queue, 'fb_posts_queue_ranked', 'fb_posts_queue_planned');
    // The total is the maintained visible planned posts and ranked posts per status: no post of
    // the queue is counted, so the posts are read by the two page walks and the claims' join only.
    expect(queue[0]).toMatch(/on fb_board_statuses/);
    expect(queue[0]).toMatch(/on fb_ranked_posts/);
    expect(queue[0]!.match(/ on fb_posts p(_\d+)?\b/g)).toHaveLength(3);
    expectIndexed(await plansOf((tx) => tx.listRoadmap(board, page)), 'fb_posts_roadmap');
    // Claim-next picks its post with the same two partial indexes (explained without running it).
    const { claimNextSql } = await import('../../../adapters/sql/tx/queue.js');
    const { POSTGRES_DIALECT, rewritePlaceholders } = await import('../../../adapters/postgres/seam.js');
    const claimNext = rewritePlaceholders(claimNextSql(POSTGRES_DIALECT));
    const values: Record<string, unknown> = { board, key: 1, label: '', now: at(0), expires_at: at(60) };
    const next = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${claimNext.text}`, claimNext.names!.map((name) => values[name]));
    expectIndexed([next.rows.map((row) => row['QUERY PLAN']).join('\n')], 'fb_posts_queue_ranked', 'fb_posts_queue_planned');
    expectIndexed(await plansOf((tx) => tx.listChangelog(board, page)), 'fb_posts_shipped');
    // Their totals are the maintained visible posts per status: the posts are read once, for the page.
    for (const read of [(tx: StorageTx) => tx.listRoadmap(board, page), (tx: StorageTx) => tx.listChangelog(board, page)]) {
      const [plan] = await plansOf(read);
      expect(plan).toMatch(/on fb_board_statuses/);
      expect(plan!.match(/ on fb_posts p\b/g)).toHaveLength(1);
    }
  });

  it('computes statistics from index ranges and the maintained aggregates, each in one statement', async () => {
    const window = { from: '2026-01-05T00:00:00.000Z', to: '2026-01-12T00:00:00.000Z' };
    // Ship statistics: the posts by the shipped index, their voters from the per-day ship counts.
    // As autovacuum leaves the table: its pages all-visible, so an index can answer alone.
    await pool.query('VACUUM fb_posts');
    const ship = await plansOf((tx) => tx.shipStats(board, window));
    // (At this size the planner rightly reads the few rows of fb_ship_last_days whole.)
    expectIndexed(ship, 'fb_posts_shipped', 'fb_ship_voter_days_pkey');
    // The shipped index holds each post's title and vote count: the posts' rows are not read.
    expect(ship[0]).toMatch(/Index Only Scan using fb_posts_shipped on fb_posts p\b/);
    expect(ship[0]).toMatch(/on fb_ship_last_days/);
    expect(ship[0]).not.toMatch(/on fb_votes/);
    // A window that is not whole days counts the voters of its posts on an index of the votes by post.
    const partial = await plansOf((tx) => tx.shipStats(board, { from: '2026-01-05T06:00:00.000Z', to: window.to }));
    expectIndexed(partial, 'fb_posts_shipped', '(fb_votes_pkey|fb_votes_post_time)');
    expect(partial[0]).not.toMatch(/Seq Scan on fb_votes/);
    const analytics = await plansOf((tx) => tx.analytics(board, window));
    // The maintained aggregates by their keys and the top requests by index; never the votes, the
    // comments, or the board's shipped posts. (At this size the planner rightly reads the few rows
    // of fb_board_last_days whole, so that one is not pinned.)
    expectIndexed(analytics, 'fb_board_days_pkey', 'fb_board_voters_last', 'fb_board_statuses_pkey', 'fb_posts_requests', 'fb_ship_days_pkey');
    expect(analytics[0]).not.toMatch(/on fb_votes|on fb_comments|fb_posts_shipped/);
  });

  it("ranks a board's posts by company revenue in one statement, from the company voters' votes, then a bounded walk of the top index", async () => {
    // Five companies and twenty voters of theirs, a few votes each; the board's other votes are
    // of voters of no company. Another organization has thousands of voters of its companies.
    await pool.query(`
      INSERT INTO fb_organizations (name, created_at) VALUES ('Other', '${at(0)}');
      INSERT INTO fb_companies (organization_id, id, name, monthly_revenue, updated_at)
        SELECT o, 'c' || g, 'C', g * 1000, '${at(0)}' FROM generate_series(1, 5) g, generate_series(1, 2) o;
      INSERT INTO fb_voters (organization_id, email, name, created_at)
        SELECT 2, 'other' || g || '@x', 'O', '${at(0)}' FROM generate_series(1, 5000) g;
      INSERT INTO fb_voter_companies (voter_id, organization_id, company_id)
        SELECT id, 2, 'c' || (1 + id % 5) FROM fb_voters WHERE organization_id = 2;
      INSERT INTO fb_voters (organization_id, email, name, created_at)
        SELECT 1, 'customer' || g || '@x', 'C', '${at(0)}' FROM generate_series(1, 20) g;
      INSERT INTO fb_voter_companies (voter_id, organization_id, company_id)
        SELECT id, 1, 'c' || (1 + id % 5) FROM fb_voters WHERE email LIKE 'customer%';
      INSERT INTO fb_votes (post_id, voter_id, created_at)
        SELECT p.id, v.id, '${at(0)}' FROM fb_voters v CROSS JOIN LATERAL (
          SELECT id FROM fb_posts WHERE board_id = 1 + v.id % ${BOARDS} ORDER BY id OFFSET v.id % 7 LIMIT 5) p
         WHERE v.email LIKE 'customer%';
      ANALYZE fb_companies; ANALYZE fb_voter_companies; ANALYZE fb_voters; ANALYZE fb_votes;`);
    const plans = await plansOf((tx) => tx.listPostsByCompanyRevenue(board, page));
    expect(plans).toHaveLength(1);
    const [plan] = plans as [string];
    // The total is the maintained count less the merged posts.
    expect(plan).toMatch(/on fb_board_post_counts/);
    // The posts with a revenue: the organization's voters of a company by index (not the other
    // organization's), each one's votes by the index of votes by voter, each vote's post by id;
    // never the votes of every post.
    expect(plan).toMatch(/(Index|Index Only|Bitmap Index) Scan (using|on) fb_voter_companies_organization\b/);
    expect(plan).toMatch(/(Index|Index Only|Bitmap Index) Scan (using|on) fb_votes_voter\b/);
    expect(plan).toMatch(/Index Scan using fb_posts_pkey on fb_posts/);
    expect(plan).not.toMatch(/fb_votes_pkey|fb_votes_post_time/);
    // The rest: a backwards walk of the top index under a limit, with no sort in between.
    const above = ancestorsOf(plan, /Scan Backward using fb_posts_top on fb_posts/);
    const limit = above.findIndex((node) => /^(-> +)?Limit\b/.test(node));
    expect(limit).toBeGreaterThanOrEqual(0);
    expect(above.slice(0, limit).filter((node) => /Sort/.test(node))).toEqual([]);
    expect(plan).not.toMatch(/Seq Scan on (fb_posts|fb_votes)\b/);
  });

  it('finds similar posts through the word index: a bounded count per word, then the candidates by id', async () => {
    const [counts] = await plansOf((tx) => tx.countPostsByWord(board, ['post', '1202', '2202'], 401));
    expect(counts).toMatch(/Index Only Scan using fb_post_words_pkey on fb_post_words w/);
    expect(counts).not.toMatch(/Seq Scan/);
    const [list] = await plansOf((tx) => tx.listPostsByWords(board, ['1202', '2202', '3202']));
    expect(list).toMatch(/Index Only Scan using fb_post_words_pkey on fb_post_words w/);
    expect(list).toMatch(/Index Scan using fb_posts_pkey on fb_posts p/);
    expect(list).not.toMatch(/Seq Scan/);
  });
});
