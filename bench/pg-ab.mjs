// Before and after in ONE process (`node bench/pg-ab.mjs BEFORE_DIST`): the reads of
// bench/scale-pg.mjs on two PostgreSQL boards of the same shape, one made and served by an earlier
// build of the package (BEFORE_DIST, the `dist` folder of a checkout built with `npm run build`)
// and one by this checkout's `dist`, timed in alternation (before, after, after, before, ...) so
// that both see the same load of a shared machine. With BENCH_AB_SQLITE=1 a SQLite board of the
// same size is timed in the same rotation, for the ratio PostgreSQL / SQLite.
//
// FEEDBACK_BOARD_TEST_PG_URL names a server to use (the databases `fb_ab_<build>_<size>` are
// seeded once and kept, as is the SQLite file under the temporary folder, so later runs skip
// seeding); without it a throwaway cluster is started. BENCH_AB_SIZE sets the posts (100000).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { seedBoard } from './seed.mjs';
import { seedPostgresBoard } from './seed-postgres.mjs';

const SIZE = Number(process.env.BENCH_AB_SIZE ?? 100_000);
const RUNS = Number(process.env.BENCH_AB_RUNS ?? 21);
const beforeDist = process.argv[2];
if (!beforeDist) throw new Error('usage: node bench/pg-ab.mjs BEFORE_DIST');
const QUERIES = {
  'q=needle (1% match)': '/boards/bench/posts?q=needle',
  'q=idea (99% match)': '/boards/bench/posts?q=idea',
  'q=zebra (no match)': '/boards/bench/posts?q=zebra',
  'q=needle&sort=top': '/boards/bench/posts?q=needle&sort=top',
  analytics: '/boards/bench/analytics?period=90d',
  'ship stats': '/boards/bench/ship-stats?period=month',
  'similar posts': '/boards/bench/posts/similar?text=needle%20in%20the%20haystack',
};

// Round trips: every statement any client sends, counted per request.
let trips = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  trips += 1;
  return query.apply(this, args);
};

const load = async (dist) => ({
  core: await import(pathToFileURL(join(dist, 'index.js')).href),
  postgres: await import(pathToFileURL(join(dist, 'adapters/postgres/index.js')).href),
  sqlite: await import(pathToFileURL(join(dist, 'adapters/sqlite/index.js')).href),
});

const cluster = process.env.FEEDBACK_BOARD_TEST_PG_URL ? null : await startCluster();
const admin = process.env.FEEDBACK_BOARD_TEST_PG_URL ?? cluster.url;

/** A board of SIZE posts served by `build`, in database `name` (seeded on first use). */
async function postgresBoard(build, name) {
  const setup = new pg.Client({ connectionString: admin });
  await setup.connect();
  const exists = (await setup.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await setup.query(`CREATE DATABASE ${name}`);
  await setup.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const storage = await build.postgres.createPostgresStorage({ connectionString: url.toString() });
  const board = build.core.createFeedbackBoard({ storage, http: { rateLimit: false } });
  const direct = new pg.Pool({ connectionString: url.toString(), max: 1 });
  let key;
  if (exists) {
    const { rows } = await direct.query("SELECT organization_id AS id FROM fb_boards WHERE slug = 'bench'");
    ({ key } = await board.dashboard.apiKeys.create(rows[0].id, { scope: 'write' }));
  } else {
    ({ key } = await seedPostgresBoard(board, direct, SIZE));
  }
  await direct.end();
  return { board, key };
}

async function sqliteBoard(build) {
  const path = join(tmpdir(), `feedback-board-ab-${SIZE}.db`);
  const seeded = existsSync(path);
  const storage = build.sqlite.createSqliteStorage({ path }, { synchronous: 'NORMAL' });
  const board = build.core.createFeedbackBoard({ storage, http: { rateLimit: false } });
  if (!seeded) return { board, key: (await seedBoard(board, SIZE)).key };
  const orgs = await board.dashboard.organizations.list();
  return { board, key: (await board.dashboard.apiKeys.create(orgs.at(-1).id, { scope: 'write' })).key };
}

const after = await load(resolve('dist'));
const targets = { before: await postgresBoard(await load(resolve(beforeDist)), `fb_ab_before_${SIZE}`), after: await postgresBoard(after, `fb_ab_after_${SIZE}`) };
if (process.env.BENCH_AB_SQLITE === '1') targets.sqlite = await sqliteBoard(after);
const names = Object.keys(targets);

try {
  const get = async ({ board, key }, path) => {
    const res = await board.fetch(new Request(`http://bench.local/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  console.log(`\n## ${SIZE} posts: median ms through the handler (round trips), ${RUNS} runs each in rotation\n`);
  console.log(`| read | ${names.join(' | ')} | after / before |${targets.sqlite ? ' after / SQLite |' : ''}`);
  console.log(`|---|${names.map(() => '---:|').join('')}---:|${targets.sqlite ? '---:|' : ''}`);
  for (const [label, path] of Object.entries(QUERIES)) {
    const times = Object.fromEntries(names.map((n) => [n, []]));
    const roundTrips = {};
    for (const name of names) {
      // A warm-up, then one request whose statements are counted; a search finds as many posts on
      // every board.
      const answer = await get(targets[name], path);
      trips = 0;
      await get(targets[name], path);
      roundTrips[name] = trips;
      if (name !== 'before' && path.includes('q=')) {
        const before = await get(targets.before, path);
        if (answer.total !== before.total) throw new Error(`${label}: total ${answer.total} on ${name}, ${before.total} before`);
      }
    }
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? names : [...names].reverse();
      for (const name of order) {
        const t0 = performance.now();
        await get(targets[name], path);
        times[name].push(performance.now() - t0);
      }
    }
    const med = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const m = Object.fromEntries(names.map((n) => [n, med(times[n])]));
    const cells = names.map((n) => `${m[n] < 1 ? m[n].toFixed(2) : m[n].toFixed(1)} (${roundTrips[n]})`);
    console.log(`| ${label} | ${cells.join(' | ')} | ${(m.after / m.before).toFixed(2)}× |${targets.sqlite ? ` ${(m.after / m.sqlite).toFixed(2)}× |` : ''}`);
  }
} finally {
  for (const { board } of Object.values(targets)) await board.close();
  cluster?.stop();
}
