import { createFeedbackBoard } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';
import { createClient } from 'feedback-board/client';

// One board instance: the in-process services and `fetch`, the HTTP API of the same data.
const board = createFeedbackBoard({ storage: createMemoryStorage() });

// The dashboard side: an organization and an API key (the raw key is shown this once).
const org = await board.dashboard.organizations.create({ name: 'Acme' });
const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write', label: 'backend' });

// The API in-process, acting as that key (same scopes and rules as over HTTP).
const api = await board.api(key);
await api.boards.create({ slug: 'features', name: 'Feature requests' });
const post = await api.posts.create('features', { title: 'Dark mode', tags: ['UI'] });
console.log(post.id, post.status, post.tags[0]?.slug); // → 1 open ui

// Voters vote through the voter side; the API only reads votes.
const voter = await board.voters.register(org.id, { email: 'ann@example.com', name: 'Ann' });
await board.voters.vote(voter.id, post.id);

// The same data over HTTP: `board.fetch` is `Request → Promise<Response>`.
const response = await board.fetch(
  new Request('http://localhost/api/v1/boards/features/posts?sort=top', {
    headers: { Authorization: `Bearer ${key}` },
  }),
);
const page = (await response.json()) as { posts: Array<{ title: string; vote_count: number }>; total: number };
console.log(response.status, page.total, page.posts[0]?.vote_count); // → 200 1 1

// The typed client reaches any deployment; here the board itself, through its fetch.
const client = createClient({ baseUrl: 'http://localhost', apiKey: key, fetch: board.fetch });
const { boards } = await client.boards.list();
console.log(boards.map((b) => `${b.slug} published=${b.published}`).join()); // → features published=false

await board.close();
