// Serve a board with Bun: `bun docs/examples/runtimes/bun.js` (PORT=0 picks a free port).
import { createFeedbackBoard } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';

const board = createFeedbackBoard({ storage: createMemoryStorage() });
const org = await board.dashboard.organizations.create({ name: 'Acme' });
const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write', label: 'demo' });

const server = Bun.serve({ hostname: '127.0.0.1', port: Number(process.env.PORT ?? 8787), fetch: board.fetch });
console.log(`listening on http://127.0.0.1:${server.port}`);
console.log(`write key: ${key}`);
