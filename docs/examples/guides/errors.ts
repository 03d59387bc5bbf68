import { createFeedbackBoard, isFeedbackBoardError } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';
import { createClient } from 'feedback-board/client';

// A fixed clock, so that the rate-limit figures below are the same on every run.
const board = createFeedbackBoard({
  storage: createMemoryStorage(),
  clock: { now: () => Date.UTC(2026, 10, 20, 12) },
  http: { rateLimit: { limit: 3 } },
});
const acme = await board.dashboard.organizations.create({ name: 'Acme' });
const write = (await board.dashboard.apiKeys.create(acme.id, { scope: 'write' })).key;
const propose = (await board.dashboard.apiKeys.create(acme.id, { scope: 'propose' })).key;
const globex = await board.dashboard.organizations.create({ name: 'Globex' });
const other = (await board.dashboard.apiKeys.create(globex.id, { scope: 'write' })).key;

const acmeApi = await board.api(write);
await acmeApi.boards.create({ slug: 'features', name: 'Features' });
const post = await acmeApi.posts.create('features', { title: 'Dark mode' });

// Over HTTP: the error envelope, with the status of its code.
const missing = await board.fetch(new Request('http://localhost/api/v1/boards'));
console.log(missing.status, missing.headers.get('WWW-Authenticate')); // → 401 Bearer realm="feedback-board"
console.log(JSON.stringify(await missing.json())); // → {"error":{"code":"unauthorized","message":"A valid API key is required"}}

// Another organization's board is exactly as unknown as a board that does not exist.
const globexApi = await board.api(other);
const answers = await Promise.all(
  ['features', 'no-such-board'].map((slug) => globexApi.boards.get(slug).catch((error: unknown) => error)),
);
console.log(answers.map((e) => isFeedbackBoardError(e) && `${e.status} ${e.code}: ${e.message}`)); // → [ '404 not_found: Board not found', '404 not_found: Board not found' ]

// A propose key suggests; it never decides. The same code in-process and through the client.
const agent = createClient({ baseUrl: 'http://localhost', apiKey: propose, fetch: board.fetch });
try {
  await agent.posts.update('features', post.id, { status: 'shipped' });
} catch (error) {
  if (isFeedbackBoardError(error)) console.log(error.code, error.status); // → insufficient_scope 403
}

// Validation names every failed field in `details`.
try {
  await acmeApi.posts.create('features', { title: '   ', votes: 10 } as never);
} catch (error) {
  if (isFeedbackBoardError(error)) console.log(error.code, JSON.stringify(error.details)); // → validation_error [{"path":"title","message":"must not be empty"},{"path":"votes","message":"unknown field"}]
}

// Every authenticated answer carries the key's rate-limit state; this board allows 3 a minute.
const headers = { Authorization: `Bearer ${write}` };
let last: Response | undefined;
for (let i = 0; i < 4; i++) last = await board.fetch(new Request('http://localhost/api/v1/boards', { headers }));
console.log(last?.status, last?.headers.get('RateLimit-Policy'), last?.headers.get('Retry-After')); // → 429 "default";q=3;w=60 60
