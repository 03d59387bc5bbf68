import { createFeedbackBoard } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';

const board = createFeedbackBoard({ storage: createMemoryStorage() });
const acme = await board.dashboard.organizations.create({ name: 'Acme' });
const writeKey = (await board.dashboard.apiKeys.create(acme.id, { scope: 'write' })).key;
const readKey = (await board.dashboard.apiKeys.create(acme.id, { scope: 'read' })).key;
const team = await board.api(writeKey);
await team.boards.create({ slug: 'features', name: 'Features' });
for (const title of ['Dark mode for the dashboard', 'Export reports to CSV', 'Slow roadmap page']) {
  await team.posts.create('features', { title });
}

const api = await board.api(readKey);
const { posts } = await api.posts.similar('features', { text: 'A dark theme for the dashboard' });
console.log(posts.map(({ post, score }) => [post.title, score])); // → [ [ 'Dark mode for the dashboard', 0.6203 ] ]
