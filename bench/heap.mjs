// Memory adapter footprint: heap per post on a board of 10k posts seeded as in run.mjs (about
// 10 votes and 1.5 comments per post), measured after a full collection. Run with --expose-gc.
import { createFeedbackBoard } from '../dist/index.js';
import { createMemoryStorage } from '../dist/adapters/memory/index.js';
import { seedBoard } from './seed.mjs';

const SIZE = 10_000;
const heap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
const board = createFeedbackBoard({ storage: createMemoryStorage(), http: { rateLimit: false } });
const before = heap();
await seedBoard(board, SIZE);
const after = heap();
console.log(`\n## memory adapter\n\n- heap per post (10k posts, ~10 votes and 1.5 comments each, voters and aggregates included): ${((after - before) / SIZE / 1024).toFixed(2)} KB (target ≤ 1.5 KB)`);
await board.close();
