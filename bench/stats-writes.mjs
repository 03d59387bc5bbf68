// The writes that move the maintained statistics, timed at the storage (one write transaction
// each, no handler): the cost of the counters' triggers (SQLite, PostgreSQL) and of the record
// store's maintainer (memory). Not part of `npm test`.
//
// Each adapter gets a board of POSTS posts with about five votes each; then every operation runs
// RUNS times and its median is printed. BENCH_BASELINE=<folder of another build's dist> times that
// build as well, on a board of its own, alternating the two round by round so that the load of
// the machine falls on both alike.
//
// BENCH_ADAPTERS=sqlite,memory narrows the adapters; PostgreSQL runs on a throwaway cluster (or
// the server of FEEDBACK_BOARD_TEST_PG_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';

const ADAPTERS = (process.env.BENCH_ADAPTERS ?? 'sqlite,postgres,memory').split(',');
const POSTS = 2000;
const VOTERS = 400;
const RUNS = 400;
const ROUNDS = 8;
const T0 = Date.UTC(2026, 0, 1);
const iso = (minutes) => new Date(T0 + minutes * 60_000).toISOString();

const builds = [{ name: 'this build', dist: resolve(import.meta.dirname, '../dist') }];
if (process.env.BENCH_BASELINE) builds.push({ name: 'baseline', dist: resolve(process.env.BENCH_BASELINE) });

const dir = mkdtempSync(join(tmpdir(), 'feedback-board-stats-writes-'));
let cluster;
let databases = 0;

async function postgresUrl() {
  let admin = process.env.FEEDBACK_BOARD_TEST_PG_URL;
  if (!admin) {
    cluster ??= await startCluster();
    admin = cluster.url;
  }
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const name = `fb_stats_writes_${process.pid}_${(databases += 1)}`;
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function open(adapter, dist) {
  const module = (path) => import(pathToFileURL(join(dist, path)).href);
  if (adapter === 'memory') return (await module('adapters/memory/index.js')).createMemoryStorage();
  if (adapter === 'sqlite') {
    const { createSqliteStorage } = await module('adapters/sqlite/index.js');
    return createSqliteStorage({ path: join(dir, `${(databases += 1)}.db`) }, { synchronous: 'NORMAL' });
  }
  const { createPostgresStorage } = await module('adapters/postgres/index.js');
  return createPostgresStorage({ connectionString: await postgresUrl() });
}

/** One organization, a board of POSTS posts (a tenth hidden, some shipped) and about five votes each. */
async function seed(storage) {
  return storage.transaction('write', async (tx) => {
    const org = await tx.insertOrganization({ name: 'Bench', created_at: iso(0) });
    const board = await tx.insertBoard({
      organization_id: org.id, slug: 'bench', name: 'Bench', description: '', welcome_message: '', published: true, logo_url: null, created_at: iso(0),
    });
    for (let v = 0; v < VOTERS; v++) await tx.insertVoter({ organization_id: org.id, email: null, name: `v${v}`, created_at: iso(0) });
    const statuses = ['open', 'planned', 'in_progress', 'shipped', 'declined'];
    for (let p = 0; p < POSTS; p++) {
      const status = statuses[p % 5];
      const post = await tx.insertPost({
        board_id: board.id, title: `Post ${p}`, body: '', status, is_admin: false, hidden: p % 10 === 9, pinned: false,
        queue_rank: null, shipped_at: status === 'shipped' ? iso(p * 7) : null, created_at: iso(p * 7), proposal: null,
      });
      for (let v = 0; v < 5; v++) await tx.insertVote({ post_id: post.id, voter_id: 1 + ((p + v * 37) % 100), created_at: iso(p * 7 + v) });
    }
    return board.id;
  });
}

/** The operations, each one write transaction for its `i`-th run (i from 0 to RUNS - 1). */
function operations(boardId) {
  const post = (i) => 1 + ((i * 7) % POSTS);
  const statuses = ['open', 'planned', 'in_progress', 'shipped', 'declined'];
  return {
    'create post': (tx, i) =>
      tx.insertPost({
        board_id: boardId, title: 'New', body: '', status: 'open', is_admin: false, hidden: false, pinned: false,
        queue_rank: null, shipped_at: null, created_at: iso(POSTS * 7 + i), proposal: null,
      }),
    vote: (tx, i) => tx.insertVote({ post_id: post(i), voter_id: 101 + Math.floor(i / 7) % 300, created_at: iso(POSTS * 7 + i) }),
    unvote: (tx, i) => tx.deleteVote(post(i), 101 + Math.floor(i / 7) % 300),
    comment: (tx, i) =>
      tx.insertComment({ post_id: post(i), parent_comment_id: null, body: 'c', is_admin: false, hidden: false, voter_id: null, created_at: iso(POSTS * 7 + i) }),
    'status move': (tx, i) => tx.updatePost(post(i), { status: statuses[(i + 1) % 5], shipped_at: iso(POSTS * 7 + i) }),
    'title edit': (tx, i) => tx.updatePost(post(i), { title: `Renamed ${i}` }),
    'hide and unhide (5 votes)': async (tx, i) => {
      await tx.updatePost(post(i), { hidden: true });
      await tx.updatePost(post(i), { hidden: false });
    },
  };
}

const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
const fmt = (ms) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));

try {
  for (const adapter of ADAPTERS) {
    const states = [];
    for (const build of builds) {
      const storage = await open(adapter, build.dist);
      states.push({ build, storage, ops: operations(await seed(storage)), times: {} });
    }
    const names = Object.keys(states[0].ops);
    for (const name of names) {
      const perRound = RUNS / ROUNDS;
      for (let round = 0; round < ROUNDS; round++) {
        for (const state of states) {
          const times = (state.times[name] ??= []);
          for (let k = 0; k < perRound; k++) {
            const i = round * perRound + k;
            const t0 = performance.now();
            await state.storage.transaction('write', (tx) => state.ops[name](tx, i));
            times.push(performance.now() - t0);
          }
        }
      }
    }
    console.log(`\n## ${adapter}: median ms per write transaction (${POSTS} posts, ${RUNS} runs)\n`);
    console.log(`| operation | ${states.map(({ build }) => build.name).join(' | ')} |`);
    console.log(`|---|${states.map(() => '---:').join('|')}|`);
    for (const name of names) console.log(`| ${name} | ${states.map(({ times }) => fmt(median(times[name]))).join(' | ')} |`);
    for (const { storage } of states) await storage.close();
  }
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
