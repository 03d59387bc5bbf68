// Webhook benchmarks (`npm run bench`, after the build):
//
// 1. What the outbox adds to a write on SQLite: create post and PATCH through the handler, as a
//    ratio to the same write with the outbox switched off (a storage wrapper that makes
//    enqueueWebhookMessages a no-op, i.e. the write path as it was before webhooks), with the
//    outbox on and no webhook, and with one webhook subscribed to "*" (one message per write).
//    The three boards are measured in interleaved rounds so that machine noise hits them alike.
// 2. The dispatcher draining a backlog of 10,000 messages (SQLite) to a receiver on 127.0.0.1 in
//    another process that answers 204: drain time and messages per second, by the sends one
//    webhook may have under way.
// 3. Slow receivers: three webhooks whose receivers never answer beside a healthy one, 30
//    messages each (timeout 15 s): how long until the healthy receiver has all 30.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFeedbackBoard, createWebhookDispatcher } from '../dist/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';
import { createNodeWebhookFetch } from '../dist/node/index.js';

const BASE = 'http://bench.local/api/v1';
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 15);
const PER_ROUND = 40;
const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 10_000);

/** The storage with the outbox switched off: every enqueue is a no-op (the write path before webhooks). */
function withoutOutbox(storage) {
  return {
    // A proxy, not a spread: the adapter's transaction keeps its methods on a prototype.
    transaction: (mode, fn) =>
      storage.transaction(mode, (tx) =>
        fn(
          new Proxy(tx, {
            get: (target, name) => {
              if (name === 'enqueueWebhookMessages') return async () => [];
              const value = Reflect.get(target, name);
              return typeof value === 'function' ? value.bind(target) : value;
            },
          }),
        ),
      ),
    close: () => storage.close(),
  };
}

async function makeBoard(dir, name, { outbox, webhook }) {
  const sqlite = createSqliteStorage({ path: join(dir, `${name}.db`) }, { synchronous: 'NORMAL' });
  const board = createFeedbackBoard({ storage: outbox ? sqlite : withoutOutbox(sqlite), http: { rateLimit: false } });
  const org = await board.dashboard.organizations.create({ name });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  if (webhook) await board.dashboard.webhooks.create(org.id, { url: 'https://hooks.example.com/x', events: ['*'] });
  const send = async (method, path, body, expected) => {
    const res = await board.fetch(
      new Request(`${BASE}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    );
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status}`);
    return res.json();
  };
  await send('POST', '/boards', { slug: 'b', name: 'B' }, 201);
  for (let i = 0; i < 200; i++) await send('POST', '/boards/b/posts', { title: `seed ${i}`, tags: ['ux'] }, 201);
  return { board, send, name };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function writeCost(dir) {
  const boards = [
    await makeBoard(dir, 'baseline', { outbox: false, webhook: true }),
    await makeBoard(dir, 'outbox-no-webhook', { outbox: true, webhook: false }),
    await makeBoard(dir, 'outbox-one-webhook', { outbox: true, webhook: true }),
  ];
  const times = new Map(boards.map((b) => [b.name, { create: [], patch: [] }]));
  let n = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const b of boards) {
      const t = times.get(b.name);
      for (let i = 0; i < PER_ROUND; i++) {
        let t0 = performance.now();
        await b.send('POST', '/boards/b/posts', { title: `Bench post ${n}`, tags: ['ux'] }, 201);
        t.create.push(performance.now() - t0);
        t0 = performance.now();
        await b.send('PATCH', `/boards/b/posts/${1 + (n % 200)}`, { title: `Renamed ${n}` }, 200);
        t.patch.push(performance.now() - t0);
        n++;
      }
    }
  }
  const base = times.get('baseline');
  console.log('\n## Webhook outbox: cost added to a write (SQLite, through the handler, median ms)\n');
  console.log('| board | create post | ratio | PATCH | ratio |');
  console.log('|---|---:|---:|---:|---:|');
  for (const b of boards) {
    const t = times.get(b.name);
    const c = median(t.create);
    const p = median(t.patch);
    console.log(`| ${b.name} | ${c.toFixed(3)} | ${(c / median(base.create)).toFixed(2)}× | ${p.toFixed(3)} | ${(p / median(base.patch)).toFixed(2)}× |`);
  }
  for (const b of boards) await b.board.close();
}

/** A receiver in its own process answering 204; resolves with its URL. */
function startReceiver() {
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => s.writeHead(204).end()); }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve) => child.stdout.once('data', (d) => resolve({ url: `http://127.0.0.1:${String(d).trim()}/hook`, child })));
}

async function drain(dir, label, fetchImpl, perWebhookConcurrency) {
  const receiver = await startReceiver();
  const storage = createSqliteStorage({ path: join(dir, `drain-${label}.db`) }, { synchronous: 'NORMAL' });
  const board = createFeedbackBoard({ storage });
  const org = await board.dashboard.organizations.create({ name: 'Drain' });
  await board.dashboard.webhooks.create(org.id, { url: receiver.url, events: ['*'] });
  const now = new Date().toISOString();
  const payload = JSON.stringify({ type: 'post.created', timestamp: now, data: { board: { slug: 'b' }, post: { id: 1, title: 'x'.repeat(200) } } });
  for (let start = 0; start < BACKLOG; start += 1000) {
    await storage.transaction('write', async (tx) => {
      for (let i = start; i < Math.min(BACKLOG, start + 1000); i++) {
        await tx.enqueueWebhookMessages({ organization_id: org.id, event_type: 'post.created', payload, msg_id_prefix: `msg_${i}_`, created_at: now });
      }
    });
  }
  const dispatcher = createWebhookDispatcher({ storage, allowPrivateNetworks: true, perWebhookConcurrency, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  const t0 = performance.now();
  const report = await dispatcher.deliverDue();
  const seconds = (performance.now() - t0) / 1000;
  if (report.delivered !== BACKLOG) throw new Error(`delivered ${report.delivered} of ${BACKLOG}`);
  console.log(`| ${label} | ${perWebhookConcurrency} | ${seconds.toFixed(1)} s | ${Math.round(BACKLOG / seconds)} |`);
  await board.close();
  receiver.child.kill();
}

/** Three receivers that never answer and a healthy one: when does the healthy one have its 30 messages? */
async function slowReceivers(dir) {
  const hanging = createServer(() => undefined);
  await new Promise((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const healthy = await startReceiver();
  const storage = createSqliteStorage({ path: join(dir, 'slow.db') });
  const board = createFeedbackBoard({ storage });
  const org = await board.dashboard.organizations.create({ name: 'Slow' });
  const slowUrl = `http://127.0.0.1:${hanging.address().port}/hook`;
  for (const url of [slowUrl, slowUrl, slowUrl, healthy.url]) await board.dashboard.webhooks.create(org.id, { url, events: ['*'] });
  const now = new Date().toISOString();
  await storage.transaction('write', async (tx) => {
    for (let i = 0; i < 30; i++) {
      await tx.enqueueWebhookMessages({ organization_id: org.id, event_type: 'post.created', payload: '{}', msg_id_prefix: `msg_${i}_`, created_at: now });
    }
  });
  const dispatcher = createWebhookDispatcher({ storage, allowPrivateNetworks: true, logger: { error: () => undefined } });
  const healthyId = (await board.dashboard.webhooks.list(org.id)).at(-1).id;
  const t0 = performance.now();
  const run = dispatcher.deliverDue();
  for (;;) {
    const { rows } = await board.dashboard.webhooks.messages(healthyId, { limit: 100 });
    if (rows.filter((m) => m.status === 'delivered').length === 30) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(`\n## Slow receivers: 3 that never answer and 1 healthy, 30 messages each\n`);
  console.log(`The healthy receiver had all 30 after ${seconds.toFixed(2)} s (the timeout is 15 s).`);
  // Closed, the hanging receiver refuses what is left at once, and the drain ends.
  hanging.closeAllConnections();
  hanging.close();
  await run;
  await board.close();
  healthy.child.kill();
}

const dir = mkdtempSync(join(tmpdir(), 'feedback-board-bench-webhooks-'));
try {
  await writeCost(dir);
  console.log(`\n## Webhook dispatcher: draining ${BACKLOG.toLocaleString('en')} messages (SQLite) to a local receiver\n`);
  console.log('| fetch | sends per webhook | drain time | messages/s |');
  console.log('|---|---:|---:|---:|');
  await drain(dir, 'Node fetch (DNS-pinning)', createNodeWebhookFetch({ allowPrivateNetworks: true }), 4);
  await drain(dir, 'global fetch (undici)', undefined, 4);
  await drain(dir, 'global fetch (undici)', undefined, 16);
  await slowReceivers(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
