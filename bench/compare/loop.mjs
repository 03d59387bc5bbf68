// One in-process loop of `bench:compare`, run in a child process per tree:
// `node bench/compare/loop.mjs <dist> board|mock|sqlite <seconds> [sqlite-file]`.
// GET one post through `board.fetch` on memory storage, the mock server's `fetch`, or
// `board.fetch` on the given SQLite file: the same request as the HTTP comparison, without the
// network. It imports the public entry points of the built tree at `<dist>`, which every tree
// compared has, and prints one JSON line: calls, wall and CPU milliseconds.
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { POSTS, smallBoardFixture } from '../small-board.mjs';

const [dist, which, seconds = '2', sqliteFile] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const KEY = 'bench-compare-loop-0123456789';
const base = 'http://bench.local';

let call;
let close;
let copy;
let posts = POSTS;
if (which === 'board' || which === 'sqlite') {
  const { createFeedbackBoard } = await load('index.js');
  let storage;
  let key = KEY;
  if (which === 'board') {
    const { createMemoryStorage } = await load('adapters/memory/index.js');
    storage = createMemoryStorage();
  } else {
    const { createSqliteStorage } = await load('adapters/sqlite/index.js');
    copy = `${sqliteFile}.loop-${process.pid}`;
    copyFileSync(sqliteFile, copy);
    storage = createSqliteStorage({ path: copy });
    ({ key, posts } = JSON.parse(process.env.BENCH_COMPARE_SEED));
  }
  const board = createFeedbackBoard({ storage, http: { rateLimit: false } });
  if (which === 'board') await board.loadFixture(smallBoardFixture(KEY));
  const headers = { authorization: `Bearer ${key}` };
  call = (i) => board.fetch(new Request(`${base}/api/v1/boards/features/posts/${1 + ((i * 7) % posts)}`, { headers }));
  close = () => board.close();
} else if (which === 'mock') {
  const { createMockServer } = await load('mock-server/index.js');
  const mock = createMockServer({ fixture: smallBoardFixture(KEY), rateLimit: false, baseUrl: base });
  await mock.loaded();
  const headers = { authorization: `Bearer ${KEY}` };
  call = (i) => mock.fetch(`${base}/api/v1/boards/features/posts/${1 + ((i * 7) % posts)}`, { headers });
  close = () => mock.close();
} else {
  throw new Error(`unknown loop ${which}: board, mock or sqlite`);
}

const once = async (i) => {
  const res = await call(i);
  await res.json();
  if (res.status !== 200) throw new Error(`${which}: ${res.status}`);
};
for (let i = 0; i < 3000; i++) await once(i);
let calls = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const until = t0 + Number(seconds) * 1000;
while (performance.now() < until) {
  for (let j = 0; j < 100; j++) await once(calls++);
}
const wallMs = performance.now() - t0;
const { user, system } = process.cpuUsage(cpu0);
await close();
if (copy) for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
console.log(JSON.stringify({ calls, wallMs, cpuMs: (user + system) / 1000 }));
