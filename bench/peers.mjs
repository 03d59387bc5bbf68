// Peers: `npm run bench` runs this after the per-operation timings. Each figure is a ratio taken
// within this one run, against a peer doing the same request on the same machine at the same time:
//
// - `feedback-board serve` (SQLite file) against a minimal Hono + better-sqlite3 server on the same
//   file, against json-server 0.17 (its own JSON file), and against itself with `--log off` (what
//   the request log costs): requests per second over HTTP, GET one post, list top 100, create a
//   post, with the same client and concurrency;
// - the mock server's `fetch` against MSW 2 intercepting the global fetch for the same GET;
// - `board.fetch` (memory storage) GET one post against the bare Fetch floor: build the Request,
//   `Response.json()` the same post, read it back.
//
// Servers run in child processes; rounds alternate between the two sides, and the median of three
// rounds is kept. PEERS_SECONDS (default 1) sets the length of one round. json-server and MSW are
// the benchmark's own dependencies (bench/package.json, installed by `npm run bench:install`, which
// `npm run bench` runs first), not the package's.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createFeedbackBoard } from '../dist/index.js';
import { createMemoryStorage } from '../dist/adapters/memory/index.js';
import { createMockServer } from '../dist/mock-server/index.js';
import { POSTS, smallBoardFixture } from './small-board.mjs';

const SECONDS = Number(process.env.PEERS_SECONDS ?? 1);
const CONCURRENCY = 16;
const KEY = 'bench-peers-write-0123456789';
const root = fileURLToPath(new URL('..', import.meta.url));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const fixture = smallBoardFixture(KEY);

/**
 * Starts `node args...` and resolves with its URL once it prints `listening on URL`. Its stderr
 * (serve's request log) goes to a file, as to a log collector, not to this terminal.
 */
function startServer(args, logFile) {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', log] });
  closeSync(log);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${readFileSync(logFile, 'utf8').slice(-2000)}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (match) resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
  });
}

/** Requests per second of `make(i)` requests with CONCURRENCY in flight, for SECONDS. */
async function throughput(make) {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async (w) => {
    for (let i = w; performance.now() < until; i += CONCURRENCY) {
      const [url, init, expected] = make(i);
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.status !== expected) throw new Error(`${url}: ${res.status}`);
      done += 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  return done / ((performance.now() - t0) / 1000);
}

/** Median over three alternating rounds of each side's throughput. */
async function sideBySide(sides) {
  const rates = sides.map(() => []);
  for (let round = 0; round < 3; round++) {
    for (const [i, make] of sides.entries()) rates[i].push(await throughput(make));
  }
  return rates.map(median);
}

const auth = { authorization: `Bearer ${KEY}` };
const json = { ...auth, 'content-type': 'application/json' };
const newPost = JSON.stringify({ title: 'Bench post', body: 'from the peers benchmark' });
const requests = (base, jsonServer = false) => ({
  'GET one post': (i) => [jsonServer ? `${base}/posts/${1 + (i % POSTS)}` : `${base}/api/v1/boards/features/posts/${1 + ((i * 7) % POSTS)}`, { headers: auth }, 200],
  'list top 100': () => [jsonServer ? `${base}/posts?_sort=votes&_order=desc&_limit=100` : `${base}/api/v1/boards/features/posts?sort=top&limit=100`, { headers: auth }, 200],
  'create post': () => [jsonServer ? `${base}/posts` : `${base}/api/v1/boards/features/posts`, { method: 'POST', headers: json, body: newPost }, 201],
});

async function serverPeers(dir) {
  const fixtureFile = join(dir, 'fixture.json');
  writeFileSync(fixtureFile, JSON.stringify(fixture));
  const dbFile = join(dir, 'peers.db');
  const jsonFile = join(dir, 'json-server.json');
  writeFileSync(jsonFile, JSON.stringify({
    posts: fixture.organizations[0].boards[0].posts.map((p, i) => ({ id: i + 1, ...p, tags: p.tags, votes: p.votes })),
  }));
  const serve = await startServer(['dist/cli/main.js', 'serve', '--fixture', fixtureFile, '--db', dbFile, '--port', '0', '--rate-limit', 'off'], join(dir, 'serve.log'));
  // The same server without its request log, on a file of its own with the same fixture: what the log costs.
  const quiet = await startServer(['dist/cli/main.js', 'serve', '--fixture', fixtureFile, '--db', join(dir, 'quiet.db'), '--port', '0', '--rate-limit', 'off', '--log', 'off'], join(dir, 'quiet.log'));
  const hono = await startServer(['bench/peers/hono-server.mjs', dbFile], join(dir, 'hono.log'));
  const jsonServer = await startServer(['bench/peers/json-server.cjs', jsonFile], join(dir, 'json-server.log'));
  const rows = [];
  try {
    const ours = requests(serve.url);
    const unlogged = requests(quiet.url);
    const theirs = requests(hono.url);
    const js = requests(jsonServer.url, true);
    for (const op of Object.keys(ours)) {
      const [a, b, c, d] = await sideBySide([ours[op], theirs[op], js[op], unlogged[op]]);
      rows.push(`| ${op} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(a / b).toFixed(2)}× | ${c.toFixed(0)} | ${(a / c).toFixed(2)}× | ${d.toFixed(0)} | ${(a / d).toFixed(2)}× |`);
    }
  } finally {
    serve.stop();
    quiet.stop();
    hono.stop();
    jsonServer.stop();
  }
  console.log(`\n## serve over HTTP against peers (requests/s, ${CONCURRENCY} in flight; targets serve/Hono ≥ 1.2× for reads, ≥ 1.1× for create; log on/off ≥ 0.97×)\n`);
  console.log('| request | serve | Hono + better-sqlite3 | serve/Hono | json-server 0.17 | serve/json-server | serve --log off | log on/off |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

/** Mean ms per call of `fn` over `runs` calls (after a warm-up), median of three rounds. */
async function perCall(fn, runs = 2000) {
  for (let i = 0; i < 200; i++) await fn(i);
  const rounds = [];
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await fn(i);
    rounds.push((performance.now() - t0) / runs);
  }
  return median(rounds);
}

async function inProcessPeers() {
  const base = 'http://bench.local';
  // board.fetch against the Fetch floor, on the same post.
  const board = createFeedbackBoard({ storage: createMemoryStorage(), http: { rateLimit: false } });
  await board.loadFixture(fixture);
  const url = (i) => `${base}/api/v1/boards/features/posts/${1 + ((i * 7) % POSTS)}`;
  const sample = await (await board.fetch(new Request(url(0), { headers: auth }))).json();
  const viaBoard = await perCall(async (i) => {
    const res = await board.fetch(new Request(url(i), { headers: auth }));
    await res.json();
    if (res.status !== 200) throw new Error(`board.fetch: ${res.status}`);
  });
  const floor = await perCall(async (i) => {
    new Request(url(i), { headers: auth });
    await Response.json(sample).json();
  });
  await board.close();

  // The mock server's fetch against MSW intercepting the global fetch.
  const mock = createMockServer({ fixture, rateLimit: false, baseUrl: base });
  await mock.loaded();
  const viaMock = await perCall(async (i) => {
    const res = await mock.fetch(url(i), { headers: auth });
    await res.json();
    if (res.status !== 200) throw new Error(`mock: ${res.status}`);
  });
  await mock.close();
  const { setupServer } = await import('msw/node');
  const { http, HttpResponse } = await import('msw');
  const msw = setupServer(http.get(`${base}/api/v1/boards/:slug/posts/:id`, () => HttpResponse.json(sample)));
  msw.listen({ onUnhandledRequest: 'error' });
  let viaMsw;
  try {
    viaMsw = await perCall(async (i) => {
      const res = await fetch(url(i), { headers: auth });
      await res.json();
      if (res.status !== 200) throw new Error(`msw: ${res.status}`);
    }, 1000);
  } finally {
    msw.close();
  }

  console.log('\n## in-process against peers (mean ms per GET one post)\n');
  console.log(`- board.fetch (memory) ${viaBoard.toFixed(3)} ms; Fetch floor (Request, Response.json, read) ${floor.toFixed(3)} ms: board.fetch at ${(floor / viaBoard).toFixed(2)}× the floor's throughput (target ≥ 0.5×)`);
  console.log(`- mock server fetch ${viaMock.toFixed(3)} ms; MSW 2 intercepting global fetch ${viaMsw.toFixed(3)} ms: the mock is ${(viaMsw / viaMock).toFixed(1)}× faster (target ≥ 8×)`);
}

const dir = mkdtempSync(join(tmpdir(), 'feedback-board-peers-'));
try {
  await serverPeers(dir);
  await inProcessPeers();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
