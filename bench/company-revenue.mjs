// A board's posts by company revenue (`listPostsByCompanyRevenue`, the dashboard's
// `/dashboard/posts?sort=revenue`): the statement the adapter sends now against the one before it
// (kept below as the baseline), on the same store and connection, timed in alternation (old, new,
// new, old, ...) so that both see the same load of a shared machine; the median ms of each and the
// ratio new / old, for a dashboard page (limit 50) at offset 0 and at offset 5000.
//
// The store: `bench/seed-large.mjs` at BENCH_REVENUE_SIZE posts (default 117,650, of which the
// board `bench` holds 85%, about 100k, with about 10 votes a post), then 50 companies (five at
// revenue 0) and 200 voters, four to a company, each voting on 8 posts of the board: about 1.6% of
// its posts have a company behind them. Before timing, the two statements must give the same
// answers on pages around the end of the revenue posts. SQLite, then PostgreSQL on a throwaway
// cluster (or FEEDBACK_BOARD_TEST_PG_URL); BENCH_REVENUE_STORES=sqlite skips PostgreSQL.
// BENCH_RUNS sets the timed runs of each statement (default 15); BENCH_REVENUE_EXPLAIN=1 prints
// PostgreSQL's EXPLAIN ANALYZE of the new statement for each page. Seeding takes minutes: this is
// not part of `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createFeedbackBoard } from '../dist/index.js';
import { createPostgresStorage, postgresDumpPort } from '../dist/adapters/postgres/index.js';
import { createSqliteStorage, sqliteDumpPort } from '../dist/adapters/sqlite/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { seedLarge } from './seed-large.mjs';

const SIZE = Number(process.env.BENCH_REVENUE_SIZE ?? 117_650);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const STORES = (process.env.BENCH_REVENUE_STORES ?? 'sqlite,postgres').split(',');
const PAGES = [
  { label: 'limit 50, offset 0', limit: 50, offset: 0 },
  { label: 'limit 50, offset 5000', limit: 50, offset: 5000 },
];
const COMPANIES = 50;
const VOTERS = 200;
const VOTES_EACH = 8;
const T0 = '2026-11-01T09:00:00.000Z';

const POST_COLUMNS = `p.id, p.board_id, p.title, p.body, p.status, p.is_admin, p.hidden,
  p.pinned, p.queue_rank, p.shipped_at, p.created_at, p.vote_count, p.comment_count,
  p.proposal_status, p.proposal_note, p.proposal_proposed_at, p.proposal_api_key_id`;

/** The baseline: every post of the board with its revenue from a subquery over its votes, then sorted. */
const OLD_SQLITE = `
SELECT total.n, page.*
FROM (SELECT (SELECT coalesce(sum(posts), 0) FROM fb_board_post_counts WHERE board_id = @board)
           - (SELECT count(*) FROM fb_post_merges WHERE board_id = @board) AS n) total
LEFT JOIN (
  SELECT ${POST_COLUMNS},
    (SELECT total(c.monthly_revenue)
       FROM (SELECT DISTINCT vc.organization_id, vc.company_id
               FROM fb_votes v JOIN fb_voter_companies vc ON vc.voter_id = v.voter_id
              WHERE v.post_id = p.id) d
       JOIN fb_companies c ON c.organization_id = d.organization_id AND c.id = d.company_id) AS revenue
  FROM fb_posts p
  WHERE p.board_id = @board AND NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id)
  ORDER BY revenue DESC, p.vote_count DESC, p.id DESC
  LIMIT @limit OFFSET @offset
) page ON 1
ORDER BY page.revenue DESC, page.vote_count DESC, page.id DESC`;

const OLD_POSTGRES = `
SELECT total.n AS total_count, page.*
FROM (SELECT (SELECT coalesce(sum(c.posts), 0)::int FROM fb_board_post_counts c WHERE c.board_id = $1)
           - (SELECT count(*)::int FROM fb_post_merges m WHERE m.board_id = $1) AS n) total
LEFT JOIN LATERAL (
  SELECT ${POST_COLUMNS},
    (SELECT coalesce(sum(c.monthly_revenue), 0)::float8
       FROM (SELECT DISTINCT vc.organization_id, vc.company_id
               FROM fb_votes v JOIN fb_voter_companies vc ON vc.voter_id = v.voter_id
              WHERE v.post_id = p.id) d
       JOIN fb_companies c ON c.organization_id = d.organization_id AND c.id = d.company_id) AS revenue
  FROM fb_posts p
  WHERE p.board_id = $1 AND NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id)
  ORDER BY revenue DESC, p.vote_count DESC, p.id DESC
  LIMIT $2 OFFSET $3
) page ON true
ORDER BY page.revenue DESC, page.vote_count DESC, page.id DESC`;

/** The companies and their voters' votes, through the storage (its counters kept); resolves with the number of posts voted. */
async function addCompanies(storage, organizationId, postIds) {
  return storage.transaction('write', async (tx) => {
    for (let c = 0; c < COMPANIES; c++) {
      const revenue = c % 10 === 9 ? 0 : 500 * (1 + ((c * 37) % 40));
      await tx.putCompany({ organization_id: organizationId, id: `co-${c}`, name: `Company ${c}`, monthly_revenue: revenue, updated_at: T0 });
    }
    const voted = new Set();
    for (let v = 0; v < VOTERS; v++) {
      const voter = await tx.insertVoter({ organization_id: organizationId, email: null, name: `Customer ${v}`, created_at: T0 });
      await tx.setVoterCompany(voter.id, organizationId, `co-${v % COMPANIES}`);
      for (let k = 0; k < VOTES_EACH; k++) {
        const postId = postIds[(v * 7919 + k * 104_729) % postIds.length];
        await tx.insertVote({ post_id: postId, voter_id: voter.id, created_at: T0 });
        voted.add(postId);
      }
    }
    return voted.size;
  });
}

/** Times `run(statement, page)` for the old and the new statement in alternation; medians in ms. */
async function compare(run, statements) {
  const medians = [];
  for (const page of PAGES) {
    // Six runs first: PostgreSQL settles its choice between a custom and a generic plan of a
    // prepared statement after five.
    for (let i = 0; i < 6; i++) for (const statement of statements) await run(statement, page);
    const times = statements.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const which of order) {
        const t0 = performance.now();
        await run(statements[which], page);
        times[which].push(performance.now() - t0);
      }
    }
    const med = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    medians.push({ page, old: med(times[0]), now: med(times[1]) });
  }
  return medians;
}

/** The same answers from both statements: the ids, revenues and totals of pages around the revenue posts' end. */
async function checkSame(run, statements, revenuePosts) {
  const pages = [0, revenuePosts - 20, revenuePosts - 1, revenuePosts, revenuePosts + 100, 5000].map((offset) => ({ limit: 50, offset: Math.max(0, offset) }));
  for (const page of pages) {
    const [old, now] = [await run(statements[0], page), await run(statements[1], page)];
    if (JSON.stringify(old) !== JSON.stringify(now)) throw new Error(`offset ${page.offset}: the statements differ\n${JSON.stringify(old)}\n${JSON.stringify(now)}`);
  }
}

const ms = (x) => (x < 1 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
const report = (title, medians, note) => {
  console.log(`\n## ${title}: median ms of ${RUNS} runs each, in alternation${note}\n`);
  console.log('| page | old statement | new statement | new / old |');
  console.log('|---|---:|---:|---:|');
  for (const { page, old, now } of medians) console.log(`| ${page.label} | ${ms(old)} | ${ms(now)} | ${(now / old).toFixed(3)}× |`);
};

async function sqlite(dir) {
  // The adapter's own statement, as it prepares it (its parameters unbound), is caught on its first run.
  let catching = false;
  let caught;
  const db = new Database(join(dir, 'revenue.db'));
  const prepare = db.prepare;
  db.prepare = function (sql) {
    if (catching && /fb_voter_companies/.test(sql)) caught = sql;
    return prepare.call(this, sql);
  };
  const storage = createSqliteStorage({ database: db }, { synchronous: 'NORMAL' });
  const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
  try {
    const seed = await seedLarge(board, SIZE, { dialect: 'sqlite', database: db, dumpPort: sqliteDumpPort(storage) });
    const boardId = db.prepare("SELECT id FROM fb_boards WHERE organization_id = ? AND slug = 'bench'").pluck().get(seed.organizationId);
    const postIds = db.prepare('SELECT id FROM fb_posts WHERE board_id = ? ORDER BY id').pluck().all(boardId);
    const revenuePosts = await addCompanies(storage, seed.organizationId, postIds);
    db.exec('ANALYZE');
    catching = true;
    await storage.transaction('read', (tx) => tx.listPostsByCompanyRevenue(boardId, { limit: 50, offset: 0 }));
    catching = false;
    const statements = [OLD_SQLITE, caught].map((sql) => db.prepare(sql).raw());
    const run = (statement, { limit, offset }) => statement.all({ board: boardId, limit, offset }).map((t) => [t[0], t[1], t[18]]);
    await checkSame(run, statements, revenuePosts);
    const load = loadavg()[0];
    const medians = await compare(run, statements);
    report(`SQLite, ${postIds.length} posts and ${revenuePosts} with a company behind them`, medians, ` (seeded in ${seed.seconds.toFixed(0)} s; load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)})`);
  } finally {
    await board.close();
  }
}

async function postgres() {
  const cluster = process.env.FEEDBACK_BOARD_TEST_PG_URL ? null : await startCluster();
  const url = new URL(process.env.FEEDBACK_BOARD_TEST_PG_URL ?? cluster.url);
  const name = `fb_revenue_${process.pid}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  // The adapter's own statement, as it sends it (a named prepared statement), caught on its run.
  let caught;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    if (typeof config === 'object' && config?.text?.includes('fb_voter_companies')) caught = config.text;
    return query.call(this, config, ...rest);
  };
  const storage = await createPostgresStorage({ connectionString: url.toString() });
  const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
  // The seed's statements run longer than the adapter's statement timeout: a pool of its own.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    const seed = await seedLarge(board, SIZE, { dialect: 'postgres', pool, postgresDumpPort });
    const boardId = (await pool.query("SELECT id FROM fb_boards WHERE organization_id = $1 AND slug = 'bench'", [seed.organizationId])).rows[0].id;
    const postIds = (await pool.query('SELECT id FROM fb_posts WHERE board_id = $1 ORDER BY id', [boardId])).rows.map((row) => row.id);
    const revenuePosts = await addCompanies(storage, seed.organizationId, postIds);
    await pool.query('VACUUM ANALYZE');
    // A read's first statement goes out with its BEGIN: the board is read first, as the service does.
    await storage.transaction('read', async (tx) => {
      await tx.getBoard(boardId);
      await tx.listPostsByCompanyRevenue(boardId, { limit: 50, offset: 0 });
    });
    const statements = [{ name: 'revenue_old', text: OLD_POSTGRES }, { name: 'revenue_new', text: caught }];
    const client = await pool.connect();
    const run = async (statement, { limit, offset }) =>
      (await client.query({ ...statement, values: [boardId, limit, offset], rowMode: 'array' })).rows.map((t) => [t[0], t[1], t[18]]);
    try {
      await checkSame(run, statements, revenuePosts);
      if (process.env.BENCH_REVENUE_EXPLAIN) {
        for (const { limit, offset } of PAGES) {
          await client.query(`PREPARE revenue_explain AS ${caught}`);
          const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE revenue_explain(${boardId}, ${limit}, ${offset})`);
          await client.query('DEALLOCATE revenue_explain');
          console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
        }
      }
      const load = loadavg()[0];
      const medians = await compare(run, statements);
      report(`PostgreSQL, ${postIds.length} posts and ${revenuePosts} with a company behind them`, medians, ` (named prepared statements; seeded in ${seed.seconds.toFixed(0)} s; load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)})`);
    } finally {
      client.release();
    }
  } finally {
    pg.Client.prototype.query = query;
    await pool.end();
    await board.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
    cluster?.stop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'fb-bench-revenue-'));
try {
  if (STORES.includes('sqlite')) await sqlite(dir);
  if (STORES.includes('postgres')) await postgres();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
