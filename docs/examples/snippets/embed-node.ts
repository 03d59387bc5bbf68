// Node 20 has no built-in server for fetch handlers; @hono/node-server bridges node:http to one.
import { serve } from '@hono/node-server';
import { createFeedbackBoard } from 'feedback-board';
import { createSqliteStorage } from 'feedback-board/adapters/sqlite';

const board = createFeedbackBoard({ storage: createSqliteStorage({ path: './feedback.db' }) });

const server = serve({ fetch: board.fetch, hostname: '127.0.0.1', port: 8787 }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}/api/v1`);
});

process.on('SIGTERM', () => {
  server.close(() => void board.close());
});
