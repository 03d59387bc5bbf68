// What chat targets cost a write that raises a board's event, on SQLite (a file in WAL mode, as
// `serve` uses it): creating a post in-process, in milliseconds per post. Three measures run in
// alternating rounds on the same file, so that machine noise hits them alike:
// - "baseline": the board's chat targets are never read (the storage answers the read with no
//   target, without a query): what a post cost before chat targets existed;
// - "no target": the board has none, found by one read of its targets in the write's transaction;
// - "one target": the board has one Slack target that posts new posts: the read, and one chat
//   message written to the outbox with the post.
// Medians and the range of the rounds' medians are printed, with each measure's ratio to the
// baseline. Needs a build: `npm run build` first.
//   node bench/chat-messages.mjs   (BENCH_CHAT_ROUNDS, BENCH_CHAT_PER_ROUND)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFeedbackBoard } from '../dist/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';

const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 8);
const PER_ROUND = Number(process.env.BENCH_CHAT_PER_ROUND ?? 200);

const dir = mkdtempSync(join(tmpdir(), 'fb-bench-chat-'));
const storage = createSqliteStorage({ path: join(dir, 'board.db') });
/** The same store, but its transactions answer "no chat target" without a query. */
const unread = {
  ...storage,
  transaction: (mode, fn) => storage.transaction(mode, (tx) => fn(new Proxy(tx, { get: (target, name) => (name === 'listChatTargets' ? async () => [] : target[name]) }))),
  close: () => storage.close(),
};
const options = { http: { rateLimit: false }, logger: { error: () => undefined } };
const board = createFeedbackBoard({ storage, ...options });
const baselineBoard = createFeedbackBoard({ storage: unread, ...options });
try {
  const org = await board.dashboard.organizations.create({ name: 'Acme' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  const api = await board.api(key);
  const baselineApi = await baselineBoard.api(key);
  await api.boards.create({ slug: 'plain', name: 'Plain' });
  await api.boards.create({ slug: 'chatty', name: 'Chatty' });
  await board.team(org.id).api.chat.create('chatty', { platform: 'slack', url: 'https://hooks.slack.com/services/T0/B0/BENCH', events: ['post.created'] });

  const measures = {
    baseline: () => baselineApi.posts.create('plain', { title: 'An idea' }),
    'no target': () => api.posts.create('plain', { title: 'An idea' }),
    'one target': () => api.posts.create('chatty', { title: 'An idea' }),
  };
  const rounds = Object.fromEntries(Object.keys(measures).map((name) => [name, []]));
  for (const create of Object.values(measures)) for (let i = 0; i < 20; i++) await create();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, create] of Object.entries(measures)) {
      const times = [];
      for (let i = 0; i < PER_ROUND; i++) {
        const started = performance.now();
        await create();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rounds[name].push(times[Math.floor(times.length / 2)]);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const base = median(rounds.baseline);
  console.log(`creating a post on SQLite (WAL), ${ROUNDS} alternating rounds of ${PER_ROUND}, medians of the rounds' medians:`);
  for (const [name, values] of Object.entries(rounds)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`  ${name.padEnd(11)} ${median(values).toFixed(3)} ms (rounds ${sorted[0].toFixed(3)}–${sorted.at(-1).toFixed(3)}), × ${(median(values) / base).toFixed(3)} the baseline`);
  }
} finally {
  await board.close?.();
  storage.close();
  rmSync(dir, { recursive: true, force: true });
}
