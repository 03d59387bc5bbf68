// An inbound delivery end to end on SQLite (a file in WAL mode, as `serve` uses it): a GitHub
// `pull_request` delivery signed with the connection's secret, through the board's fetch handler,
// verified, remembered and applied (evidence on the post it names, and `shipped` proposed since it
// says it closes it), in milliseconds per delivery. Target: p50 <= 5 ms.
//
// Three measures run in alternating rounds, so that machine noise hits them alike:
// - "delivery": a new merged pull request each time (a new URL, a new delivery id): evidence
//   added, proposal made, events and activity written;
// - "redelivery": the same delivery id again: verified, found remembered, nothing changes;
// - "evidence by API" (the baseline): an agent adding the same kind of evidence with its key
//   through `POST /boards/features/posts/{id}/evidence`.
// The payload is GitHub's own example (`@octokit/webhooks-examples`, the pull request merged, about
// 25 KB), signed before timing. Medians, the 90th percentile and the range of the rounds' medians
// are printed, with the ratio of "delivery" to the baseline. Needs a build: `npm run build` first.
//   node bench/integration-deliveries.mjs   (BENCH_DELIVERY_ROUNDS, BENCH_DELIVERY_PER_ROUND)
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sign } from '@octokit/webhooks-methods';
import { createFeedbackBoard } from '../dist/index.js';
import { createSqliteStorage } from '../dist/adapters/sqlite/index.js';

const ROUNDS = Number(process.env.BENCH_DELIVERY_ROUNDS ?? 8);
const PER_ROUND = Number(process.env.BENCH_DELIVERY_PER_ROUND ?? 100);
const examples = createRequire(import.meta.url)('@octokit/webhooks-examples');
const closed = examples.find((entry) => entry.name === 'pull_request').examples.find((example) => example.action === 'closed');

const dir = mkdtempSync(join(tmpdir(), 'fb-bench-deliveries-'));
const board = createFeedbackBoard({ storage: createSqliteStorage({ path: join(dir, 'board.db') }), http: { rateLimit: false }, logger: { error: () => undefined } });
try {
  const org = await board.dashboard.organizations.create({ name: 'Acme' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  const api = await board.api(key);
  await api.boards.create({ slug: 'features', name: 'Features' });
  const posts = [];
  for (let i = 0; i < 50; i++) posts.push((await api.posts.create('features', { title: `Idea ${i}` })).id);
  const connection = await board.team(org.id).api.integrations.createConnection({ provider: 'github' });

  let seq = 0;
  /** A merged pull request closing one of the posts, new each time, signed. */
  async function newDelivery() {
    const n = ++seq;
    const event = structuredClone(closed);
    Object.assign(event.pull_request, { merged: true, merged_at: event.pull_request.closed_at, number: 1000 + n, body: `Closes #fb-${posts[n % posts.length]}` });
    event.pull_request.html_url = `https://github.com/Codertocat/Hello-World/pull/${1000 + n}`;
    const body = JSON.stringify(event);
    return { id: `delivery-${n}`, body, signature: await sign(connection.secret, body) };
  }
  const send = (d) =>
    board.fetch(new Request(`http://board.test/integrations/github/${connection.id}`, {
      method: 'POST', body: d.body,
      headers: { 'content-type': 'application/json', 'x-github-event': 'pull_request', 'x-github-delivery': d.id, 'x-hub-signature-256': d.signature },
    }));
  const evidence = (i) =>
    board.fetch(new Request(`http://board.test/api/v1/boards/features/posts/${posts[i % posts.length]}/evidence`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'pr', ref: `https://github.com/acme/app/pull/${i}`, label: 'Update', action_key: `https://github.com/acme/app/pull/${i}` }),
    }));

  const warm = await newDelivery();
  if ((await send(warm)).status !== 200) throw new Error('the warm-up delivery was refused');
  let evidenceSeq = 0;
  const measures = {
    delivery: { prepare: newDelivery, run: async (d) => { const r = await send(d); if (r.status !== 200) throw new Error(`delivery answered ${r.status}`); await r.arrayBuffer(); } },
    redelivery: { prepare: async () => warm, run: async (d) => { const r = await send(d); if (r.status !== 200) throw new Error(`redelivery answered ${r.status}`); await r.arrayBuffer(); } },
    'evidence by API': { prepare: async () => ++evidenceSeq, run: async (i) => { const r = await evidence(i); if (r.status !== 201) throw new Error(`evidence answered ${r.status}`); await r.arrayBuffer(); } },
  };
  const all = Object.fromEntries(Object.keys(measures).map((name) => [name, { times: [], medians: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { prepare, run }] of Object.entries(measures)) {
      const inputs = [];
      for (let i = 0; i < PER_ROUND; i++) inputs.push(await prepare());
      const times = [];
      for (const input of inputs) {
        const t0 = performance.now();
        await run(input);
        times.push(performance.now() - t0);
      }
      all[name].times.push(...times);
      all[name].medians.push(percentile(times, 0.5));
    }
  }
  const baseline = percentile(all['evidence by API'].times, 0.5);
  console.log(`inbound deliveries on SQLite, ${ROUNDS} rounds of ${PER_ROUND} (machine shared: compare the ratio, not the times)`);
  for (const [name, { times, medians }] of Object.entries(all)) {
    const p50 = percentile(times, 0.5);
    console.log(`${name.padEnd(16)} p50 ${p50.toFixed(3)} ms  p90 ${percentile(times, 0.9).toFixed(3)} ms  rounds' medians ${Math.min(...medians).toFixed(3)}..${Math.max(...medians).toFixed(3)} ms  ×${(p50 / baseline).toFixed(2)} of evidence by API`);
  }
} finally {
  await board.close?.();
  rmSync(dir, { recursive: true, force: true });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
