// Benchmarks: `npm run bench` (builds first). Not part of `npm test`.
//
// Seeds boards of 1k, 10k and 100k posts (about 10 votes and 1.5 comments per post) on SQLite and
// on memory, then times each read operation and the main writes through the fetch handler. Prints,
// per adapter, the median per operation at each size and the growth from 10k to 100k, and the
// ratio of the handler's time to the storage call and to the bare SQL query for the same list.
//
// PostgreSQL runs on a throwaway cluster started here (or the server of FEEDBACK_BOARD_TEST_PG_URL),
// a database per size, seeded in bulk by seed-postgres.mjs.
//
// BENCH_SIZES=1000,10000 narrows the sizes; BENCH_ADAPTERS=sqlite narrows the adapters.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFeedbackBoard } from '../dist/index.js';
import { createMemoryStorage } from '../dist/adapters/memory/index.js';
import { seedBoard } from './seed.mjs';
import { benchMockReset } from './mock-reset.mjs';
import { seedPostgresBoard } from './seed-postgres.mjs';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { median } from './median.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ADAPTERS = (process.env.BENCH_ADAPTERS ?? 'sqlite,postgres,memory').split(',');
const BASE = 'http://bench.local/api/v1';

/** Median wall time (ms) of `fn` over `runs` runs after `warmup` unmeasured ones. */

let cluster;
async function postgresUrl(size) {
  const pg = (await import('pg')).default;
  let admin = process.env.FEEDBACK_BOARD_TEST_PG_URL;
  if (!admin) {
    cluster ??= await startCluster();
    admin = cluster.url;
  }
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const name = `fb_bench_${size}_${process.pid}`;
  await client.query(`DROP DATABASE IF EXISTS ${name}`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function openAdapter(name, dir, size) {
  if (name === 'memory') return { storage: createMemoryStorage() };
  if (name === 'postgres') {
    const { createPostgresStorage } = await import('../dist/adapters/postgres/index.js');
    const url = await postgresUrl(size);
    const storage = await createPostgresStorage({ connectionString: url });
    // Seeding runs statements longer than the adapter's timeouts allow a request: a pool of its own.
    const pg = (await import('pg')).default;
    return { storage, pool: storage.pool, seedPool: new pg.Pool({ connectionString: url, max: 1 }) };
  }
  const { createSqliteStorage } = await import('../dist/adapters/sqlite/index.js');
  const storage = createSqliteStorage({ path: join(dir, `bench-${size}.db`) }, { synchronous: 'NORMAL' });
  return { storage, database: storage.database };
}

function request(key, method, path, body) {
  const init = { method, headers: { authorization: `Bearer ${key}` } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  return new Request(`${BASE}${path}`, init);
}

async function call(board, key, method, path, body, expected) {
  const res = await board.fetch(request(key, method, path, body));
  if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

async function measure(adapter, size, dir) {
  const { storage, database, pool, seedPool } = await openAdapter(adapter, dir, size);
  const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
  const seedStart = performance.now();
  const seeded = seedPool ? await seedPostgresBoard(board, seedPool, size) : await seedBoard(board, size);
  await seedPool?.end();
  const seedMs = performance.now() - seedStart;
  const { key, slug, boardId, voterIds } = seeded;
  const get = (path) => () => call(board, key, 'GET', path, undefined, 200);
  const mid = Math.floor(size / 2);
  const results = {
    'list new': await median(get(`/boards/${slug}/posts`)),
    'list top': await median(get(`/boards/${slug}/posts?sort=top`)),
    'list status': await median(get(`/boards/${slug}/posts?status=planned`)),
    'list q': await median(get(`/boards/${slug}/posts?q=needle`)),
    'list tag': await median(get(`/boards/${slug}/posts?tag=ux`)),
    'list deep offset': await median(get(`/boards/${slug}/posts?offset=${mid}`)),
    queue: await median(get(`/boards/${slug}/queue`)),
    roadmap: await median(get(`/boards/${slug}/roadmap`)),
    changelog: await median(get(`/boards/${slug}/changelog`)),
    'get post': await median((i) => call(board, key, 'GET', `/boards/${slug}/posts/${1 + ((i * 7919) % size)}`, undefined, 200)),
    comments: await median((i) => call(board, key, 'GET', `/boards/${slug}/posts/${1 + ((i * 7919) % size)}/comments`, undefined, 200)),
    'ship-stats': await median(get(`/boards/${slug}/ship-stats?period=month`), { runs: 9 }),
    'analytics 30d': await median(get(`/boards/${slug}/analytics`), { runs: 9 }),
    'analytics 90d': await median(get(`/boards/${slug}/analytics?period=90d`), { runs: 9 }),
    'create post': await median(() => call(board, key, 'POST', `/boards/${slug}/posts`, { title: 'Bench post', tags: ['ux'] }, 201)),
    'patch post': await median((i) => call(board, key, 'PATCH', `/boards/${slug}/posts/${1 + i}`, { title: `Renamed ${i}` }, 200)),
    'claim+release': await median(async (i) => {
      const id = 1 + ((i * 104729) % size);
      await call(board, key, 'POST', `/boards/${slug}/posts/${id}/claim`, {}, 201);
      await call(board, key, 'DELETE', `/boards/${slug}/posts/${id}/claim`, undefined, 204);
    }),
    vote: await median((i) => board.voters.vote(voterIds[i % voterIds.length], 1 + ((i * 31) % size))),
  };

  // The same first page of "list new" at three depths: handler, storage call, bare SQL.
  const layers = { handler: results['list new'] };
  layers.storage = await median(() =>
    storage.transaction('read', (tx) => tx.listPosts(boardId, { sort: 'new', limit: 100, offset: 0 })),
  );
  if (database) {
    const rows = database.prepare(
      'SELECT * FROM fb_posts WHERE board_id = ? ORDER BY created_at DESC, id DESC LIMIT 100',
    );
    const count = database.prepare('SELECT count(*) AS n FROM fb_posts WHERE board_id = ?');
    layers.sql = await median(() => {
      rows.all(boardId);
      count.get(boardId);
    });
    const one = database.prepare('SELECT * FROM fb_posts WHERE id = ?');
    layers.getSql = await median((i) => one.get(1 + ((i * 7919) % size)));
  }
  if (pool) {
    // One round trip each, as the adapter's own statement for the page and its total.
    layers.sql = await median(() =>
      pool.query({
        name: 'bench_list_new',
        text: `SELECT (SELECT count(*) FROM fb_posts WHERE board_id = $1) AS total, p.* FROM fb_posts p
                WHERE p.board_id = $1 ORDER BY p.created_at DESC, p.id DESC LIMIT 100`,
        values: [boardId],
      }),
    );
    layers.getSql = await median((i) =>
      pool.query({ name: 'bench_get_post', text: 'SELECT * FROM fb_posts WHERE id = $1', values: [1 + ((i * 7919) % size)] }),
    );
  }
  layers.getHandler = results['get post'];
  await board.close();
  return { results, layers, seedMs };
}

const fmt = (ms) => (ms < 1 ? ms.toFixed(3) : ms < 100 ? ms.toFixed(2) : ms.toFixed(0));

/** The statistics and search targets, read from the SQLite runs at 10k and 100k posts. */
function printTargets(bySize) {
  const at = (size, op) => bySize.get(size).results[op];
  const growth = (op) => at(100000, op) / at(10000, op);
  const rows = [
    ['analytics 90d at 100k', at(100000, 'analytics 90d'), 'ms', 50],
    ['analytics growth 10k→100k (30d, 90d: the larger)', Math.max(growth('analytics 30d'), growth('analytics 90d')), '×', 1.5],
    ['ship-stats month at 100k', at(100000, 'ship-stats'), 'ms', 3],
    ['list q at 100k', at(100000, 'list q'), 'ms', 5],
    ['list q growth 10k→100k', growth('list q'), '×', 1.5],
    ['list tag at 100k', at(100000, 'list tag'), 'ms', 3],
  ];
  console.log('\n## sqlite: statistics and search against their targets\n');
  console.log('| row | measured | target | met |');
  console.log('|---|---:|---:|:---:|');
  for (const [name, value, unit, target] of rows) {
    const shown = unit === 'ms' ? `${fmt(value)} ms` : `${value.toFixed(2)}×`;
    console.log(`| ${name} | ${shown} | ≤ ${target}${unit === 'ms' ? ' ms' : '×'} | ${value <= target ? 'yes' : 'no'} |`);
  }
}

let summary;
const dir = mkdtempSync(join(tmpdir(), 'feedback-board-bench-'));
try {
  for (const adapter of ADAPTERS) {
    const bySize = new Map();
    for (const size of SIZES) {
      const m = await measure(adapter, size, dir);
      bySize.set(size, m);
      console.error(`${adapter} ${size}: seeded in ${(m.seedMs / 1000).toFixed(1)} s`);
    }
    if (adapter === 'sqlite' && bySize.has(10000) && bySize.has(100000)) summary = bySize;
    const ops = Object.keys(bySize.get(SIZES[0]).results);
    console.log(`\n## ${adapter}: median ms per operation through the handler\n`);
    const growth = SIZES.includes(10000) && SIZES.includes(100000);
    console.log(`| operation | ${SIZES.map((s) => `${s / 1000}k`).join(' | ')} |${growth ? ' 10k→100k |' : ''}`);
    console.log(`|---|${SIZES.map(() => '---:').join('|')}|${growth ? '---:|' : ''}`);
    for (const op of ops) {
      const cells = SIZES.map((s) => fmt(bySize.get(s).results[op]));
      const g = growth ? ` ${(bySize.get(100000).results[op] / bySize.get(10000).results[op]).toFixed(1)}× |` : '';
      console.log(`| ${op} | ${cells.join(' | ')} |${g}`);
    }
    console.log(`\nLayers for "list new" (first page of 100):`);
    for (const size of SIZES) {
      const l = bySize.get(size).layers;
      const parts = [`handler ${fmt(l.handler)} ms`, `storage ${fmt(l.storage)} ms`];
      if (l.sql !== undefined) parts.push(`bare SQL ${fmt(l.sql)} ms`, `handler/SQL ${(l.handler / l.sql).toFixed(1)}×`);
      parts.push(`handler/storage ${(l.handler / l.storage).toFixed(1)}×`);
      if (l.getSql !== undefined) {
        parts.push(`"get post": handler ${fmt(l.getHandler)} ms, bare SQL ${fmt(l.getSql)} ms, handler/SQL ${(l.getHandler / l.getSql).toFixed(1)}×`);
      }
      console.log(`- ${size / 1000}k: ${parts.join(', ')}`);
    }
  }
  if (summary) printTargets(summary);
  await benchMockReset();
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
