// The read table at scale (`npm run bench:scale`): every read operation of the API through the
// fetch handler (and a post's activity log, read in-process), on stores of 10k, 100k and 1M posts
// seeded by seed-large.mjs, on SQLite and on PostgreSQL. Prints the median and p95 ms of each, the
// growth from 100k to 1M posts and PostgreSQL / SQLite at 100k, then checks the targets:
// - on SQLite at 1M, each list, get and the queue within 10 ms (median);
// - search, similar posts, analytics and ship stats on PostgreSQL within 2× of SQLite at 100k,
//   and growing by at most 1.5× from 100k to 1M on both.
//
// BENCH_SCALE_SIZES (default 10000,100000,1000000) and BENCH_SCALE_STORES (default
// sqlite,postgres) narrow the run; BENCH_SCALE_JSON=FILE also writes the figures as JSON, after each
// store, so that a run stopped early keeps what it measured.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createFeedbackBoard } from '../dist/index.js';
import { createPostgresStorage, postgresDumpPort } from '../dist/adapters/postgres/index.js';
import { createSqliteStorage, sqliteDumpPort } from '../dist/adapters/sqlite/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { RARE_WORD, VOCABULARY, seedLarge } from './seed-large.mjs';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const STORES = (process.env.BENCH_SCALE_STORES ?? 'sqlite,postgres').split(',');
const label = (size) => (size >= 1e6 ? `${size / 1e6}M` : `${size / 1000}k`);
const similarText = `${VOCABULARY[0]} ${VOCABULARY[7]} ${VOCABULARY[300]} ${RARE_WORD}`;

/** The reads, by name: a path under /api/v1 (`{top}` and `{new}` are post ids found at run time), or a function of the key's in-process API. */
const READS = {
  'list boards': '/boards',
  'get board': '/boards/bench',
  'list new': '/boards/bench/posts',
  'list top': '/boards/bench/posts?sort=top',
  'list new, offset 1000': '/boards/bench/posts?offset=1000',
  'list planned': '/boards/bench/posts?status=planned',
  'list planned, top': '/boards/bench/posts?status=planned&sort=top',
  'list shipped': '/boards/bench/posts?status=shipped',
  'list tag': '/boards/bench/posts?tag=performance',
  'list tag, top': '/boards/bench/posts?tag=performance&sort=top',
  'list tag + status, top': '/boards/bench/posts?tag=api&status=in_progress&sort=top',
  [`q=${RARE_WORD} (1%)`]: `/boards/bench/posts?q=${RARE_WORD}`,
  [`q=${RARE_WORD}, top`]: `/boards/bench/posts?q=${RARE_WORD}&sort=top`,
  'q=customer (every post)': '/boards/bench/posts?q=customer',
  'q=zebra (no post)': '/boards/bench/posts?q=zebra',
  'similar posts': `/boards/bench/posts/similar?text=${encodeURIComponent(similarText)}`,
  'get post (most votes)': '/boards/bench/posts/{top}',
  'get post (newest)': '/boards/bench/posts/{new}',
  'votes': '/boards/bench/posts/{top}/votes',
  'comments': '/boards/bench/posts/{new}/comments',
  'queue': '/boards/bench/queue',
  'roadmap': '/boards/bench/roadmap',
  'changelog': '/boards/bench/changelog',
  'ship stats (month)': '/boards/bench/ship-stats?period=month',
  'ship stats (week)': '/boards/bench/ship-stats?period=week',
  'analytics (30d)': '/boards/bench/analytics?period=30d',
  'analytics (90d)': '/boards/bench/analytics?period=90d',
  'activity': (api, ids) => api.activity.list('bench', ids.new),
  'list webhooks': '/webhooks',
};

/** Runs after the warm-up; a read slower than 200 ms gets fewer, so a run stays within minutes. */
async function timeRead(call) {
  await call();
  const first = performance.now();
  await call();
  const runs = performance.now() - first > 200 ? 7 : 25;
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.ceil(times.length * 0.95) - 1] };
}

async function measure(board, key) {
  const get = async (path) => {
    const res = await board.fetch(new Request(`http://bench.local/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const ids = {
    top: (await get('/boards/bench/posts?sort=top&limit=1')).posts[0].id,
    new: (await get('/boards/bench/posts?limit=1')).posts[0].id,
  };
  const api = await board.api(key);
  const out = {};
  for (const [name, read] of Object.entries(READS)) {
    // A read that fails (a statement timeout at 1M, say) is reported as such; the run goes on.
    out[name] = await timeRead(typeof read === 'function' ? () => read(api, ids) : () => get(read.replace(/\{(\w+)\}/g, (_, id) => ids[id]))).catch(
      (error) => ({ error: String(error.message).slice(0, 80) }),
    );
  }
  return out;
}

const results = {};
const seeds = {};
const loads = [];
const dir = mkdtempSync(join(tmpdir(), 'feedback-board-scale-'));
let cluster;
try {
  for (const size of SIZES) {
    for (const store of STORES) {
      loads.push(loadavg()[0]);
      const name = `${store === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${label(size)}`;
      let board;
      let pool;
      if (store === 'sqlite') {
        const storage = createSqliteStorage({ path: join(dir, `scale-${size}.db`) }, { synchronous: 'NORMAL' });
        board = createFeedbackBoard({ storage, http: { rateLimit: false } });
        seeds[name] = await seedLarge(board, size, { dialect: 'sqlite', database: storage.database, dumpPort: sqliteDumpPort(storage) });
      } else {
        cluster ??= process.env.FEEDBACK_BOARD_TEST_PG_URL ? null : await startCluster();
        const url = new URL(process.env.FEEDBACK_BOARD_TEST_PG_URL ?? cluster.url);
        const setup = new pg.Client({ connectionString: url.toString() });
        await setup.connect();
        await setup.query(`CREATE DATABASE fb_scale_${size}_${process.pid}`);
        await setup.end();
        url.pathname = `/fb_scale_${size}_${process.pid}`;
        board = createFeedbackBoard({ storage: await createPostgresStorage({ connectionString: url.toString() }), http: { rateLimit: false } });
        // The seed's statements run longer than the adapter's statement timeout: a pool of its own.
        pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
        seeds[name] = await seedLarge(board, size, { dialect: 'postgres', pool, postgresDumpPort });
      }
      console.error(`${name} seeded in ${seeds[name].seconds.toFixed(0)} s (load average ${loadavg()[0].toFixed(1)})`);
      results[name] = await measure(board, seeds[name].key);
      // Written after each store, so that a run stopped early keeps what it measured.
      if (process.env.BENCH_SCALE_JSON) writeFileSync(process.env.BENCH_SCALE_JSON, JSON.stringify({ results, seeds, loads }, null, 2));
      await pool?.end();
      await board.close();
      if (store === 'sqlite') rmSync(join(dir, `scale-${size}.db`), { force: true });
    }
  }
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}

const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));
const cell = (figures) => (figures.error ? `failed: ${figures.error}` : `${fmt(figures.median)} / ${fmt(figures.p95)}`);
const columns = Object.keys(results);
const ratio = (a, b) => (a?.median && b?.median ? `${(a.median / b.median).toFixed(2)}×` : '');
const at = (store, size) => results[`${store} ${label(size)}`];
console.log(`\n## Reads at scale: median / p95 ms through the handler (load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})\n`);
console.log(`| read | ${columns.join(' | ')} | SQLite 1M/100k | PG 1M/100k | PG/SQLite 100k |`);
console.log(`|---|${columns.map(() => '---:').join('|')}|---:|---:|---:|`);
for (const read of Object.keys(READS)) {
  const cells = columns.map((c) => cell(results[c][read]));
  const of = (store, size) => at(store, size)?.[read];
  console.log(`| ${read} | ${cells.join(' | ')} | ${ratio(of('SQLite', 1e6), of('SQLite', 1e5))} | ${ratio(of('PostgreSQL', 1e6), of('PostgreSQL', 1e5))} | ${ratio(of('PostgreSQL', 1e5), of('SQLite', 1e5))} |`);
}
console.log(`\nSeed times: ${Object.entries(seeds).map(([name, seed]) => `${name} ${seed.seconds.toFixed(0)} s`).join(', ')}`);

const misses = [];
const sqlite1m = at('SQLite', 1e6);
if (sqlite1m) {
  for (const read of Object.keys(READS).filter((r) => /^(list|get|queue)/.test(r))) {
    if (sqlite1m[read].error || sqlite1m[read].median > 10) misses.push(`SQLite 1M ${read}: ${cell(sqlite1m[read])} > 10 ms`);
  }
}
for (const read of Object.keys(READS).filter((r) => /^(q=|similar|analytics|ship stats)/.test(r))) {
  const [pg100, lite100] = [at('PostgreSQL', 1e5)?.[read], at('SQLite', 1e5)?.[read]];
  if (pg100?.median && lite100?.median && pg100.median > 2 * lite100.median) misses.push(`${read}: PostgreSQL ${ratio(pg100, lite100)} SQLite at 100k (target ≤ 2×)`);
  for (const store of ['SQLite', 'PostgreSQL']) {
    const [big, small] = [at(store, 1e6)?.[read], at(store, 1e5)?.[read]];
    if (big?.error) misses.push(`${read}: ${store} at 1M ${cell(big)}`);
    else if (big && small && big.median > 1.5 * small.median) misses.push(`${read}: ${store} grows ${ratio(big, small)} from 100k to 1M (target ≤ 1.5×)`);
  }
}
console.log(misses.length === 0 ? '\nEvery target met.' : `\nTargets missed:\n${misses.map((m) => `- ${m}`).join('\n')}`);
