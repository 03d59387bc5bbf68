// Where the time of a PostgreSQL read goes (`node bench/pg-profile.mjs`): for each read of
// bench/scale-pg.mjs, on one seeded board, the round trips the request makes (every statement the
// pool's clients send, counted), the median time through the handler, the database's time of those
// statements (`EXPLAIN (ANALYZE, BUFFERS)` of each, run after the timed requests) and so the rest:
// round trips, the driver and JavaScript. With BENCH_PROFILE_PLANS=1 it prints every plan.
//
// FEEDBACK_BOARD_TEST_PG_URL names a server to use (a database `fb_profile_<size>` is seeded there
// once and kept, so runs after the first skip seeding); without it a throwaway cluster is started.
// BENCH_PROFILE_SIZE sets the board's posts (default 100000).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createFeedbackBoard } from '../dist/index.js';
import { createPostgresStorage } from '../dist/adapters/postgres/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { seedPostgresBoard } from './seed-postgres.mjs';
import { median } from './median.mjs';

const SIZE = Number(process.env.BENCH_PROFILE_SIZE ?? 100_000);
const PLANS = process.env.BENCH_PROFILE_PLANS === '1';
const QUERIES = {
  'q=needle': '/boards/bench/posts?q=needle',
  'q=idea': '/boards/bench/posts?q=idea',
  'q=zebra': '/boards/bench/posts?q=zebra',
  'q=needle&sort=top': '/boards/bench/posts?q=needle&sort=top',
  analytics: '/boards/bench/analytics?period=90d',
  'ship stats': '/boards/bench/ship-stats?period=month',
  similar: '/boards/bench/posts/similar?text=needle%20in%20the%20haystack',
};

// Every statement sent by any client, with its values: the round trips of a request.
let sent = [];
let prepared = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  sent.push(typeof config === 'string' ? { text: config, values } : { text: config.text, values: config.values ?? values });
  return query.call(this, config, values, callback);
};

const cluster = process.env.FEEDBACK_BOARD_TEST_PG_URL ? null : await startCluster();
const admin = process.env.FEEDBACK_BOARD_TEST_PG_URL ?? cluster.url;
const name = `fb_profile_${SIZE}`;
const url = new URL(admin);
url.pathname = `/${name}`;
try {
  const setup = new pg.Client({ connectionString: admin });
  await setup.connect();
  const exists = (await setup.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await setup.query(`CREATE DATABASE ${name}`);
  await setup.end();
  const storage = await createPostgresStorage({ connectionString: url.toString() });
  const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
  const direct = new pg.Pool({ connectionString: url.toString(), max: 1 });
  let key;
  if (exists) {
    const org = (await direct.query('SELECT b.organization_id AS id FROM fb_boards b WHERE b.slug = $1', ['bench'])).rows[0];
    ({ key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' }));
  } else {
    const t0 = performance.now();
    ({ key } = await seedPostgresBoard(board, direct, SIZE));
    console.error(`seeded ${SIZE} posts in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const get = async (path) => {
    const res = await board.fetch(new Request(`http://bench.local/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.json();
  };
  console.log(`| read (${SIZE} posts) | round trips | median ms | database ms (EXPLAIN ANALYZE) | rest ms |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const [label, path] of Object.entries(QUERIES)) {
    await get(path);
    sent = [];
    await get(path);
    // A read's first statement goes out behind its BEGIN, its values written in.
    const statements = sent
      .map((s) => ({ ...s, text: s.text.trim().replace(/^BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; /, '') }))
      .filter((s) => !/^(BEGIN|COMMIT|ROLLBACK)/.test(s.text));
    const trips = sent.length;
    const ms = await median(() => get(path), { runs: 15, warmup: 2 });
    // As the adapter runs them: named prepared statements, which PostgreSQL may plan once for
    // any values (a generic plan) after five runs. Each is run six times, then explained as run.
    let dbMs = 0;
    const client = await direct.connect();
    for (const { text, values } of statements) {
      if (!/^\s*(SELECT|WITH)/i.test(text)) continue;
      const name = `fb_profile_${++prepared}`;
      for (let i = 0; i < 6; i++) await client.query({ name, text, values });
      const args = (values ?? []).map((v) => (v === null ? 'NULL' : typeof v === 'string' ? client.escapeLiteral(v) : String(v)));
      const execute = `EXECUTE ${name}${args.length ? `(${args.join(', ')})` : ''}`;
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${execute}`);
      const [{ 'Planning Time': planning = 0, 'Execution Time': execution }] = plan.rows[0]['QUERY PLAN'];
      dbMs += planning + execution;
      if (PLANS) {
        const textPlan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`);
        console.error(`\n-- ${label}: ${text.replace(/\s+/g, ' ').slice(0, 160)}…\n${textPlan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
    client.release();
    console.log(`| ${label} | ${trips} | ${ms.toFixed(1)} | ${dbMs.toFixed(1)} | ${(ms - dbMs).toFixed(1)} |`);
  }
  await direct.end();
  await board.close();
} finally {
  cluster?.stop();
}
