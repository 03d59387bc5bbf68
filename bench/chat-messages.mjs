// What chat targets cost a write that raises a board's event, on SQLite (a file in WAL mode, as
// `serve` uses it): creating a post in-process, in milliseconds per post. Three measures run in
// alternating rounds on the same file, so that machine noise hits them alike:
// - "baseline": the board's chat targets are never read (the storage answers the read with no
//   target, without a query): what a post cost before chat targets existed;
// - "no target": the board has none, found by one read of its targets in the write's transaction;
// - "one target": the board has one Slack target that posts new posts: the read, and one chat
//   message written to the outbox with the post.
// Medians and the range of the rounds' medians are printed, with each measure's ratio to the
// baseline.
//
// Then whether a slow chat receiver delays another organization's webhooks: three stores (SQLite
// files), each served by its own board whose dispatcher runs (`board.webhooks.start()`, polling
// every 20 ms), all in this process. In each, organization A has a board with a Slack target that
// posts new posts and organization B a webhook subscribed to every event, to a receiver on
// 127.0.0.1 that answers at once. "quiet": A has no message waiting; "slow": A has 1,000 chat
// messages waiting for a receiver that answers after 2 s; "hanging": 1,000 for one that never
// answers (the dispatcher's 15 s timeout). Rounds alternate between the three: B creates a post
// and the time until its webhook arrives is its delivery latency. Printed: medians and ranges of
// the rounds' medians, and each one's ratio to the quiet store's; each round starts with another store.
// Needs a build: `npm run build` first.
//   node bench/chat-messages.mjs   (BENCH_CHAT_ROUNDS, BENCH_CHAT_PER_ROUND, BENCH_CHAT_BACKLOG_ROUNDS)
import { createServer } from 'node:http';
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
  await backlogBench();
} finally {
  await board.close?.();
  storage.close();
  rmSync(dir, { recursive: true, force: true });
}

/** An HTTP server on 127.0.0.1 answering with `answer(request, body, response)`; resolves with it and its origin. */
async function server(answer) {
  const listening = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => answer(request, body, response));
  });
  await new Promise((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return { listening, origin: `http://127.0.0.1:${listening.address().port}` };
}

/** Another organization's webhook latency beside 1,000 chat messages to a slow or hanging receiver. */
async function backlogBench() {
  const ROUNDS_B = Number(process.env.BENCH_CHAT_BACKLOG_ROUNDS ?? 12);
  const PER_ROUND_B = 10;
  const BACKLOG = 1_000;
  const arrived = new Map(); // `${store}:${post id}` → resolve
  const hooks = await server((request, body, response) => {
    response.writeHead(204).end();
    const store = request.url.split('/').at(-1);
    arrived.get(`${store}:${JSON.parse(body).data.post.id}`)?.(performance.now());
  });
  const slow = await server((_request, _body, response) => setTimeout(() => response.writeHead(200).end('ok'), 2_000));
  const hanging = await server(() => undefined);
  const stores = {};
  for (const [name, chatUrl] of [['quiet', null], ['slow', `${slow.origin}/services/T0/B0/SLOW`], ['hanging', `${hanging.origin}/services/T0/B0/HANG`]]) {
    const sqlite = createSqliteStorage({ path: join(dir, `backlog-${name}.db`) });
    const served = createFeedbackBoard({ storage: sqlite, http: { rateLimit: false }, logger: { error: () => undefined }, webhooks: { allowPrivateNetworks: true, pollIntervalMs: 20 } });
    const [a, b] = [await served.dashboard.organizations.create({ name: 'A' }), await served.dashboard.organizations.create({ name: 'B' })];
    const apiA = await served.api((await served.dashboard.apiKeys.create(a.id, { scope: 'write' })).key);
    const apiB = await served.api((await served.dashboard.apiKeys.create(b.id, { scope: 'write' })).key);
    await apiA.boards.create({ slug: 'a', name: 'A' });
    await apiB.boards.create({ slug: 'b', name: 'B' });
    await served.dashboard.webhooks.create(b.id, { url: `${hooks.origin}/hook/${name}`, events: ['post.created'] });
    if (chatUrl !== null) {
      await served.team(a.id).api.chat.create('a', { platform: 'slack', url: chatUrl, events: ['post.created'] });
      for (let i = 0; i < BACKLOG; i++) await apiA.posts.create('a', { title: `Backlog ${i}` });
    }
    served.webhooks.start();
    stores[name] = { served, sqlite, apiB };
  }
  const latency = async (name) => {
    const { apiB } = stores[name];
    let resolve;
    const received = new Promise((r) => (resolve = r));
    const started = performance.now();
    const post = await apiB.posts.create('b', { title: 'An idea' });
    arrived.set(`${name}:${post.id}`, resolve);
    return (await received) - started;
  };
  const rounds = { quiet: [], slow: [], hanging: [] };
  for (const name of Object.keys(rounds)) for (let i = 0; i < 3; i++) await latency(name);
  for (let round = 0; round < ROUNDS_B; round++) {
    // Each round starts with another store, so that no store always follows the same one.
    const names = Object.keys(rounds);
    for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
      const times = [];
      for (let i = 0; i < PER_ROUND_B; i++) times.push(await latency(name));
      times.sort((x, y) => x - y);
      rounds[name].push(times[Math.floor(times.length / 2)]);
    }
  }
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  const waiting = await stores.slow.sqlite.transaction('read', (tx) => tx.listIntegrationCalls(1, BACKLOG));
  console.log(`\nanother organization's webhook, from its post's creation to its arrival (SQLite, dispatcher polling every 20 ms), ${ROUNDS_B} alternating rounds of ${PER_ROUND_B}:`);
  for (const [name, values] of Object.entries(rounds)) {
    const sorted = [...values].sort((x, y) => x - y);
    console.log(`  ${name.padEnd(8)} ${median(values).toFixed(1)} ms (rounds ${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)}), × ${(median(values) / median(rounds.quiet)).toFixed(2)} the quiet store's`);
  }
  console.log(`  (the slow store's chat messages still waiting at the end: ${waiting.filter((call) => call.status === 'pending').length} of ${BACKLOG})`);
  for (const { served, sqlite } of Object.values(stores)) {
    await served.webhooks.stop();
    sqlite.close();
  }
  for (const { listening } of [hooks, slow, hanging]) {
    listening.closeAllConnections();
    listening.close();
  }
}
