// Merging a post (`POST /boards/{slug}/posts/{id}/merge`) on SQLite, through the in-process API:
// the source has 1,000 votes (a fifth of its voters also voted for the target) and 200 comments
// (every fourth a reply), and each run merges a fresh pair on the same board of 2,000 posts. The
// median over the runs; target ≤ 50 ms. BENCH_RUNS changes the number of runs (default 15).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFeedbackBoard } from '../dist/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const T0 = '2026-11-01T09:00:00.000Z';

const dir = mkdtempSync(join(tmpdir(), 'fb-bench-merge-'));
const storage = createSqliteStorage({ path: join(dir, 'merge.db') }, { synchronous: 'NORMAL' });
const board = createFeedbackBoard({ storage });
try {
  const org = await board.dashboard.organizations.create({ name: 'Bench' });
  const team = board.team(org.id);
  await team.api.boards.create({ slug: 'features', name: 'Features' });
  const boardId = (await storage.transaction('read', (tx) => tx.getBoardBySlug(org.id, 'features'))).id;
  const voters = await storage.transaction('write', async (tx) => {
    const made = [];
    for (let i = 0; i < 1000; i++) made.push((await tx.insertVoter({ organization_id: org.id, email: null, name: `V${i}`, created_at: T0 })).id);
    return made;
  });
  const post = (tx, title) =>
    tx.insertPost({ board_id: boardId, title, body: '', status: 'open', is_admin: true, hidden: false, pinned: false, queue_rank: null, shipped_at: null, created_at: T0, proposal: null });
  await storage.transaction('write', async (tx) => {
    for (let i = 0; i < 2000 - 2 * RUNS; i++) await post(tx, `Other post ${i}`);
  });
  const pairs = [];
  for (let run = 0; run < RUNS; run++) {
    pairs.push(await storage.transaction('write', async (tx) => {
      const source = await post(tx, `Dark mode ${run}`);
      const target = await post(tx, `Dark theme ${run}`);
      for (const [i, voter] of voters.entries()) {
        await tx.insertVote({ post_id: source.id, voter_id: voter, created_at: T0 });
        if (i % 5 === 0) await tx.insertVote({ post_id: target.id, voter_id: voter, created_at: T0 });
      }
      let parent = null;
      for (let i = 0; i < 200; i++) {
        const comment = await tx.insertComment({ post_id: source.id, parent_comment_id: i % 4 === 3 ? parent : null, body: `Comment ${i}`, is_admin: false, hidden: false, voter_id: voters[i], created_at: T0 });
        parent = comment.id;
      }
      return [source.id, target.id];
    }));
  }
  const times = [];
  for (const [source, target] of pairs) {
    const start = performance.now();
    await team.api.posts.merge('features', source, { into: target });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`merge (SQLite, 1,000 votes and 200 comments): median ${median.toFixed(1)} ms over ${RUNS} runs (target ≤ 50 ms)`);
} finally {
  await board.close();
  rmSync(dir, { recursive: true, force: true });
}
