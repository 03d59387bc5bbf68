// Claim-next under contention (`npm run bench`): 8 agents drain a queue of 1,000 planned posts on
// one SQLite file, each agent with its own connection and board instance (as 8 processes would
// have), through the fetch handler. Two strategies, on a fresh file each:
//
// - claim-next: POST /boards/{slug}/queue/claim until it answers claim null;
// - queue-then-claim: GET the queue, POST a claim on the first post nobody holds, and on 409 read
//   the queue again, until the queue offers nothing unclaimed. The agent's own claims stay in its
//   queue, so it asks for as many items as it holds plus one per agent (at most 500).
//
// Agents keep their claims (a proposal leaves the post in the queue until a human confirms). Prints
// wall time, requests per claimed post, 409s, and checks that every post was claimed exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFeedbackBoard } from '../dist/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 8);
const POSTS = Number(process.env.BENCH_POSTS ?? 1000);
const BASE = 'http://bench.local/api/v1/boards/queue';

async function seed(file) {
  const board = createFeedbackBoard({ storage: createSqliteStorage({ path: file }), http: { rateLimit: false } });
  const org = await board.dashboard.organizations.create({ name: 'Bench' });
  const keys = [];
  for (let i = 0; i < AGENTS; i++) keys.push((await board.dashboard.apiKeys.create(org.id, { scope: 'propose', label: `agent ${i}` })).key);
  const start = Date.now() - 86_400_000;
  await board.storage.transaction('write', async (tx) => {
    const b = await tx.insertBoard({ organization_id: org.id, slug: 'queue', name: 'Queue', description: '', welcome_message: '', published: true, logo_url: null, created_at: new Date(start).toISOString() });
    for (let i = 0; i < POSTS; i++) {
      const at = new Date(start + i * 1000).toISOString();
      await tx.insertPost({
        board_id: b.id, title: `Task ${i + 1}`, body: '', status: 'planned', hidden: false,
        pinned: false, is_admin: true, queue_rank: null, shipped_at: null, created_at: at, proposal: null,
      });
    }
  });
  await board.close();
  return keys;
}

async function send(board, key, method, path, body) {
  const headers = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await board.fetch(new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  return { status: res.status, json: await res.json() };
}

const strategies = {
  async claimNext(board, key, stats) {
    for (;;) {
      stats.requests++;
      const r = await send(board, key, 'POST', '/queue/claim', { ttl_seconds: 3600 });
      if (r.status === 200) return;
      if (r.status !== 201) throw new Error(`claim-next: ${r.status} ${JSON.stringify(r.json)}`);
      stats.claimed.push(r.json.claim.post_id);
    }
  },
  async queueThenClaim(board, key, stats) {
    let held = 0;
    for (;;) {
      stats.requests++;
      const queue = await send(board, key, 'GET', `/queue?limit=${Math.min(500, held + AGENTS + 1)}`);
      const next = queue.json.posts.find((post) => post.claim === null);
      if (next === undefined) return;
      stats.requests++;
      const r = await send(board, key, 'POST', `/posts/${next.id}/claim`, { ttl_seconds: 3600 });
      if (r.status === 409) stats.conflicts++;
      else if (r.status === 201) {
        stats.claimed.push(next.id);
        held++;
      }
      else throw new Error(`claim: ${r.status} ${JSON.stringify(r.json)}`);
    }
  },
};

async function run(name, dir) {
  const file = join(dir, `${name}.db`);
  const keys = await seed(file);
  const boards = keys.map(() => createFeedbackBoard({ storage: createSqliteStorage({ path: file }), http: { rateLimit: false } }));
  const stats = { requests: 0, conflicts: 0, claimed: [] };
  const t0 = performance.now();
  await Promise.all(boards.map((board, i) => strategies[name](board, keys[i], stats)));
  const wallMs = performance.now() - t0;
  const busyRetries = boards.reduce((sum, board) => sum + board.storage.busyRetries, 0);
  for (const board of boards) await board.close();
  const distinct = new Set(stats.claimed).size;
  if (stats.claimed.length !== POSTS || distinct !== POSTS) throw new Error(`${name}: ${stats.claimed.length} claims of ${distinct} posts, expected ${POSTS}`);
  return { wallMs, requestsPerPost: stats.requests / POSTS, conflicts: stats.conflicts, busyRetries };
}

const dir = mkdtempSync(join(tmpdir(), 'fb-bench-claim-'));
try {
  console.log(`\nclaim contention: ${AGENTS} agents (one SQLite connection each) drain ${POSTS} planned posts`);
  const results = {};
  for (const name of ['queueThenClaim', 'claimNext']) {
    const r = (results[name] = await run(name, dir));
    console.log(
      `  ${name.padEnd(15)} ${r.wallMs.toFixed(0).padStart(6)} ms wall  ${r.requestsPerPost.toFixed(2).padStart(5)} requests per claimed post  ` +
        `${String(r.conflicts).padStart(5)} × 409  ${String(r.busyRetries).padStart(4)} busy retries`,
    );
  }
  const base = results.queueThenClaim;
  const next = results.claimNext;
  console.log(`  claim-next: ${(base.wallMs / next.wallMs).toFixed(1)}× faster, ${(base.requestsPerPost / next.requestsPerPost).toFixed(1)}× fewer requests per post`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
