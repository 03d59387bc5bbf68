// Benchmark of the dashboard's bulk status change: 1,000 posts of a SQLite board moved to another
// status with mail to their followers (one follower each), in one transaction
// (`team.posts.applyBulk`), against the same change made post by post (`PATCH` through the team's
// API, a transaction each), in alternating rounds in the same process. Target: ≤ 2 s for the bulk
// change. `node bench/bulk.mjs` after a build. Not part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFeedbackBoard } from '../dist/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';
import { seedBoard } from './seed.mjs';

const POSTS = Number(process.env.BENCH_POSTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_MS = 2000;

const dir = mkdtempSync(join(tmpdir(), 'fb-bench-bulk-'));
try {
  const storage = createSqliteStorage({ path: join(dir, 'bulk.db') }, { synchronous: 'NORMAL' });
  const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
  const { slug, voterIds } = await seedBoard(board, POSTS);
  const organizationId = (await board.dashboard.organizations.list())[0].id;
  const team = board.team(organizationId);
  const ids = [];
  for (let offset = 0; offset < POSTS; offset += 500) {
    ids.push(...(await team.api.posts.list(slug, { limit: '500', offset: String(offset) })).posts.map((post) => post.id));
  }
  for (const [i, id] of ids.entries()) await board.voters.follow(voterIds[i % voterIds.length], id);
  const statuses = (await team.api.statuses.list()).statuses;
  const [shipped, planned] = ['shipped', 'planned'].map((category) => statuses.find((s) => s.category === category && s.is_default).id);

  // Every round first takes every post to `planned`, untimed, so each timed change moves all of them.
  const reset = () => team.posts.applyBulk(ids, { kind: 'status', status_label_id: planned, notify: false });
  const bulk = [];
  const single = [];
  for (let round = 0; round < ROUNDS; round++) {
    await reset();
    let t0 = performance.now();
    const done = await team.posts.applyBulk(ids, { kind: 'status', status_label_id: shipped, notify: true });
    bulk.push(performance.now() - t0);
    if (done.changing !== ids.length) throw new Error(`the bulk change moved ${done.changing} posts, not ${ids.length}`);
    await reset();
    t0 = performance.now();
    for (const id of ids) await team.api.posts.update(slug, id, { status_label_id: shipped, notify_voters: true });
    single.push(performance.now() - t0);
  }
  const mid = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const spread = (times) => `${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)}`;
  console.log(`bulk status change with follower mail, ${ids.length} posts on SQLite (synchronous NORMAL), ${ROUNDS} alternating rounds (ms)`);
  console.log(`one transaction (applyBulk)   median ${mid(bulk).toFixed(0)}  spread ${spread(bulk)}  (target ≤ ${TARGET_MS})`);
  console.log(`post by post (PATCH each)     median ${mid(single).toFixed(0)}  spread ${spread(single)}`);
  console.log(`ratio bulk / post by post     ${(mid(bulk) / mid(single)).toFixed(2)}x`);
  if (mid(bulk) > TARGET_MS) process.exitCode = 1;
  await board.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
