// Mock server reset cost, for a fixture of about a hundred records, next to the cost of one
// GET through the same mock (the baseline), so the figure reads as "resets cost N requests".
import { performance } from 'node:perf_hooks';
import { createMockServer } from '../dist/mock-server/index.js';

const KEY = 'bench-write-0123456789';
const fixture = {
  organizations: [{
    name: 'Acme',
    apiKeys: [{ key: KEY, scope: 'write' }, ...[1, 2, 3, 4].map((i) => ({ key: `bench-read-${i}-0123456789`, scope: 'read' }))],
    boards: [{
      slug: 'features', name: 'Features', published: true,
      posts: Array.from({ length: 7 }, (_, i) => ({
        title: `Post ${i}`, status: i % 2 ? 'planned' : 'open', tags: ['UI'], votes: 6,
        comments: [{ body: 'Yes', reactions: { '👍': 2 }, replies: [{ body: 'Agreed' }] }],
      })),
    }],
  }],
};

async function mean(fn, runs) {
  for (let i = 0; i < 20; i++) await fn();
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  return (performance.now() - t0) / runs;
}

export async function benchMockReset() {
  const mock = createMockServer({ fixture, rateLimit: false });
  await mock.loaded();
  const client = mock.client(KEY);
  const get = await mean(() => client.posts.get('features', 1), 200);
  const reset = await mean(() => mock.reset(), 200);
  console.log(`\n## mock server\n`);
  console.log(`- reset (fixture of ~100 records): ${reset.toFixed(2)} ms mean; one GET through the mock: ${get.toFixed(3)} ms; reset = ${(reset / get).toFixed(1)} GETs`);
  await mock.close();
}
