// PostgreSQL at scale (`npm run bench:scale`): search (`q`), analytics and ship stats on one board
// of 100k and 1M posts, against SQLite at 100k, through the fetch handler. Targets: each within
// 2× of SQLite at 100k, and growing by at most 1.5× from 100k to 1M posts on PostgreSQL.
//
// The boards are bench/seed.mjs's shape (seed-postgres.mjs builds it set-based, in minutes rather
// than hours): ~10 votes and 1.5 comments a post, 1% of the posts matching "needle". Each query is
// the median of its runs after a warm-up; `q` alternates a rare word (1% of posts), a word of
// every post ("idea", 99%) and a word of no post, since a substring search's cost depends on how
// many rows match.
//
// BENCH_SCALE_SIZES=100000 narrows the PostgreSQL sizes (default 100000,1000000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createFeedbackBoard } from '../dist/index.js';
import { createPostgresStorage } from '../dist/adapters/postgres/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { seedBoard } from './seed.mjs';
import { seedPostgresBoard } from './seed-postgres.mjs';
import { median } from './median.mjs';

const PG_SIZES = (process.env.BENCH_SCALE_SIZES ?? '100000,1000000').split(',').map(Number);
const SQLITE_SIZE = 100_000;

const QUERIES = {
  'q=needle (1% match)': '/boards/bench/posts?q=needle',
  'q=idea (99% match)': '/boards/bench/posts?q=idea',
  'q=zebra (no match)': '/boards/bench/posts?q=zebra',
  'q=needle&sort=top': '/boards/bench/posts?q=needle&sort=top',
  analytics: '/boards/bench/analytics?period=90d',
  'ship stats': '/boards/bench/ship-stats?period=month',
};


async function measure(board, key) {
  const out = {};
  for (const [name, path] of Object.entries(QUERIES)) {
    out[name] = await median(async () => {
      const res = await board.fetch(new Request(`http://bench.local/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }));
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.json();
    }, { runs: 25, warmup: 3 });
  }
  return out;
}

const fmt = (ms) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(1));
const results = new Map();
const dir = mkdtempSync(join(tmpdir(), 'feedback-board-scale-'));
let cluster;
try {
  {
    const storage = createSqliteStorage({ path: join(dir, 'scale.db') }, { synchronous: 'NORMAL' });
    const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
    const t0 = performance.now();
    const { key } = await seedBoard(board, SQLITE_SIZE);
    console.error(`sqlite ${SQLITE_SIZE / 1000}k seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    results.set(`SQLite ${SQLITE_SIZE / 1000}k`, await measure(board, key));
    console.error(JSON.stringify(results.get(`SQLite ${SQLITE_SIZE / 1000}k`)));
    await board.close();
  }
  cluster = process.env.FEEDBACK_BOARD_TEST_PG_URL ? null : await startCluster();
  const admin = process.env.FEEDBACK_BOARD_TEST_PG_URL ?? cluster.url;
  for (const size of PG_SIZES) {
    const setup = new pg.Client({ connectionString: admin });
    await setup.connect();
    const name = `fb_scale_${size}_${process.pid}`;
    await setup.query(`CREATE DATABASE ${name}`);
    await setup.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const storage = await createPostgresStorage({ connectionString: url.toString() });
    const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
    // Seeding runs statements longer than the adapter's timeouts allow a request: a pool of its own.
    const seedPool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    const t0 = performance.now();
    const { key } = await seedPostgresBoard(board, seedPool, size);
    await seedPool.end();
    console.error(`postgres ${size / 1000}k seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    results.set(`PostgreSQL ${size / 1000}k`, await measure(board, key));
    console.error(JSON.stringify(results.get(`PostgreSQL ${size / 1000}k`)));
    await board.close();
  }
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}

const columns = [...results.keys()];
const sqlite = results.get(`SQLite ${SQLITE_SIZE / 1000}k`);
const pg100 = results.get('PostgreSQL 100k');
const pg1m = results.get('PostgreSQL 1000k');
console.log('\n## PostgreSQL at scale: median ms through the handler\n');
console.log(`| query | ${columns.join(' | ')} |${pg100 ? ' PG/SQLite at 100k |' : ''}${pg100 && pg1m ? ' PG 100k→1M |' : ''}`);
console.log(`|---|${columns.map(() => '---:').join('|')}|${pg100 ? '---:|' : ''}${pg100 && pg1m ? '---:|' : ''}`);
for (const query of Object.keys(QUERIES)) {
  const cells = columns.map((c) => fmt(results.get(c)[query]));
  const ratio = pg100 ? ` ${(pg100[query] / sqlite[query]).toFixed(2)}× |` : '';
  const growth = pg100 && pg1m ? ` ${(pg1m[query] / pg100[query]).toFixed(2)}× |` : '';
  console.log(`| ${query} | ${cells.join(' | ')} |${ratio}${growth}`);
}
