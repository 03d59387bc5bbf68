// The request-path loop to profile: `node --cpu-prof bench/path-loop.mjs board|mock [calls]`
// runs GET one post through `board.fetch` (memory storage) or the mock server's `fetch`, the
// same request as bench/peers.mjs, so that a CPU profile shows where one request's time goes.
// `node bench/cpu-top.mjs <file.cpuprofile>` prints the functions with the most self time.
import { createFeedbackBoard } from '../dist/index.js';
import { createMemoryStorage } from '../dist/adapters/memory/index.js';
import { createMockServer } from '../dist/mock-server/index.js';
import { POSTS, smallBoardFixture } from './small-board.mjs';

const which = process.argv[2] ?? 'board';
const calls = Number(process.argv[3] ?? 20000);
const KEY = 'bench-path-write-0123456789';
const fixture = smallBoardFixture(KEY);
const base = 'http://bench.local';
const auth = { authorization: `Bearer ${KEY}` };
const url = (i) => `${base}/api/v1/boards/features/posts/${1 + ((i * 7) % POSTS)}`;

let call;
let close;
if (which === 'board') {
  const board = createFeedbackBoard({ storage: createMemoryStorage(), http: { rateLimit: false } });
  await board.loadFixture(fixture);
  call = (i) => board.fetch(new Request(url(i), { headers: auth }));
  close = () => board.close();
} else if (which === 'mock') {
  const mock = createMockServer({ fixture, rateLimit: false, baseUrl: base });
  await mock.loaded();
  call = (i) => mock.fetch(url(i), { headers: auth });
  close = () => mock.close();
} else {
  throw new Error(`unknown loop ${which}: board or mock`);
}
const t0 = performance.now();
for (let i = 0; i < calls; i++) {
  const res = await call(i);
  await res.json();
  if (res.status !== 200) throw new Error(`${which}: ${res.status}`);
}
console.log(`${which}: ${((performance.now() - t0) / calls).toFixed(4)} ms per GET one post over ${calls} calls`);
await close();
