import { createMockServer, type Fixture } from 'feedback-board/mock-server';

const fixture: Fixture = {
  organizations: [
    {
      name: 'Acme',
      apiKeys: [
        { key: 'acme-write-0123456789', scope: 'write', label: 'CI' },
        { key: 'acme-agent-0123456789', scope: 'propose', label: 'agent' },
      ],
      boards: [
        {
          slug: 'features',
          name: 'Features',
          published: true,
          posts: [
            { title: 'Dark mode', status: 'planned', votes: [{ voter: 'ann@example.com' }] },
            { title: 'CSV export', status: 'shipped', shipped_at: '2026-11-18T10:00:00Z', votes: 4 },
          ],
        },
      ],
    },
  ],
};

// The real service over memory storage, at http://feedback-board.test, on a frozen clock.
const mock = createMockServer({ fixture });
const team = mock.client('acme-write-0123456789');
const agent = mock.client('acme-agent-0123456789');

// Fixture ids follow document order; the clock starts at 2026-11-20T12:00:00Z.
const post = await team.posts.get('features', 1);
console.log(post.title, post.vote_count, mock.clock.date().toISOString()); // → Dark mode 1 2026-11-20T12:00:00.000Z

// Time moves only when the test says so: claims expire, windows slide, statistics move.
await agent.agent.claim('features', 1, { ttl_seconds: 60 });
mock.clock.advance(61_000);
console.log((await team.posts.get('features', 1)).claim); // → null

// Every request is recorded, named by operation, with its status.
console.log(mock.calls('claimPost').map((c) => `${c.method} ${c.path} ${c.status}`)); // → [ 'POST /api/v1/boards/features/posts/1/claim 201' ]

// Faults: the next call of an operation answers an error you choose, before the board sees it.
mock.fail('listPosts', { status: 503, code: 'unavailable', times: 1 });
const failed = await team.posts.list('features').catch((error: { status: number; code: string }) => `${error.status} ${error.code}`);
console.log(failed, (await team.posts.list('features')).total); // → 503 unavailable 2

// A client with retry waits out an injected 429 (here with a sleep that does not really wait).
mock.fail('*', { status: 429, code: 'rate_limited', retryAfter: 2, times: 1 });
const waits: number[] = [];
const patient = mock.client('acme-write-0123456789', { retry: { sleep: async (ms) => void waits.push(ms) } });
await patient.boards.list();
console.log(waits, mock.calls('listBoards').map((c) => c.status)); // → [ 2000 ] [ 429, 200 ]

// Voter notifications are recorded instead of sent.
await team.posts.update('features', 1, { status: 'in_progress', notify_voters: true });
console.log(mock.notifications().map((n) => `${n.voter.email}: ${n.new_status}`)); // → [ 'ann@example.com: in_progress' ]

// The dashboard and voter sides of the same board.
await agent.agent.proposeStatus('features', 1, { status: 'shipped' });
await mock.dashboard.proposals.confirm(1);
console.log((await team.posts.get('features', 1)).status); // → shipped

// One call back to the start: the fixture again (same ids), the clock, no history or faults.
await mock.reset();
console.log((await team.posts.get('features', 1)).status, mock.calls().length, mock.clock.date().toISOString()); // → planned 1 2026-11-20T12:00:00.000Z

// Code that calls the global fetch reaches the mock once it is installed (needs fetch-mock).
mock.install();
const response = await fetch('http://feedback-board.test/api/v1/boards', {
  headers: { Authorization: 'Bearer acme-write-0123456789' },
});
console.log(response.status, ((await response.json()) as { boards: unknown[] }).boards.length); // → 200 1
mock.uninstall();

// Or real HTTP, for a program in another process or language (Node only).
const server = await mock.listen();
const overHttp = await globalThis.fetch(`${server.url}/api/v1/boards/features/changelog`, {
  headers: { 'X-API-Key': 'acme-write-0123456789' },
});
console.log(overHttp.status, server.url.startsWith('http://127.0.0.1:')); // → 200 true

await mock.close();
