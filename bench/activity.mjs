// What writing a post's activity log costs on write paths without votes (`npm run bench`): a
// status change (PATCH status, alternating) and a claim with its release, through the in-process
// API, on memory storage and on a SQLite file. Each round runs both variants in the same process
// over the same kind of storage: "log" as shipped, and "no log", the same storage with
// `insertActivity` made a no-op (what these paths cost before the log). Both variants go through
// the same wrapper, so the ratio is the log's own cost; their batches alternate, so that load on a
// shared machine falls on both alike. Prints the median ms per operation and the median of the
// batches' log / no-log ratios; the target is at most 1.1×.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFeedbackBoard } from '../dist/index.js';
import { createMemoryStorage } from '../dist/adapters/memory/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';
import { performance } from 'node:perf_hooks';

const OPS = Number(process.env.BENCH_OPS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const dir = mkdtempSync(join(tmpdir(), 'fb-activity-bench-'));

/** `storage` with every transaction's `insertActivity` passed through (log) or dropped (no log). */
function wrapped(storage, log) {
  const noop = async () => {};
  return {
    close: () => storage.close(),
    transaction: (mode, fn) =>
      storage.transaction(mode, (tx) => fn(new Proxy(tx, { get: (target, name) => (name === 'insertActivity' && !log ? noop : target[name]) }))),
  };
}

let files = 0;
async function setUp(kind, log) {
  const inner = kind === 'memory' ? createMemoryStorage() : createSqliteStorage({ path: join(dir, `bench-${files++}.db`) });
  const board = createFeedbackBoard({ storage: wrapped(inner, log), logger: { error: () => {} } });
  const org = await board.dashboard.organizations.create({ name: 'Bench' });
  const write = await board.api((await board.dashboard.apiKeys.create(org.id, { scope: 'write', label: 'bench' })).key);
  const agent = await board.api((await board.dashboard.apiKeys.create(org.id, { scope: 'propose', label: 'agent' })).key);
  await write.boards.create({ slug: 'b', name: 'Bench' });
  const posts = [];
  for (let i = 0; i < 50; i++) posts.push((await write.posts.create('b', { title: `Post ${i}`, status: 'planned' })).id);
  return { board, write, agent, posts };
}

const paths = {
  async status({ write, posts }, i) {
    await write.posts.update('b', posts[i % posts.length], { status: Math.floor(i / posts.length) % 2 === 0 ? 'in_progress' : 'planned' });
  },
  async claim({ agent, posts }, i) {
    const id = posts[i % posts.length];
    await agent.agent.claim('b', id, { ttl_seconds: 600 });
    await agent.agent.release('b', id);
  },
};

/** The ms of one batch of `OPS` operations. */
async function batch(setup, op, from) {
  const t0 = performance.now();
  for (let i = 0; i < OPS; i++) await op(setup, from + i);
  return performance.now() - t0;
}

console.log(`activity log on vote-less writes: ${OPS} operations per batch, ${ROUNDS} batches each, alternating (log / no log, target ≤ 1.1×)`);
for (const kind of ['memory', 'sqlite']) {
  for (const [name, op] of Object.entries(paths)) {
    const withLog = await setUp(kind, true);
    const without = await setUp(kind, false);
    const ratios = [];
    const times = { log: [], none: [] };
    for (let round = -2; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [[without, 'none'], [withLog, 'log']] : [[withLog, 'log'], [without, 'none']];
      const pair = {};
      for (const [setup, label] of order) pair[label] = await batch(setup, op, (round + 2) * OPS);
      if (round < 0) continue; // warm-up
      ratios.push(pair.log / pair.none);
      times.log.push(pair.log);
      times.none.push(pair.none);
    }
    await withLog.board.close();
    await without.board.close();
    const mid = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(
      `${kind.padEnd(7)} ${name.padEnd(7)} log ${(mid(times.log) / OPS).toFixed(4)} ms/op, no log ${(mid(times.none) / OPS).toFixed(4)} ms/op, ratio ${mid(ratios).toFixed(3)}×`,
    );
  }
}
rmSync(dir, { recursive: true, force: true });
