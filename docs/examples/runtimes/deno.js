// Serve a board with Deno: `deno run --allow-net --allow-env=PORT docs/examples/runtimes/deno.js`.
import { createFeedbackBoard } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';

const board = createFeedbackBoard({ storage: createMemoryStorage() });
const org = await board.dashboard.organizations.create({ name: 'Acme' });
const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write', label: 'demo' });

Deno.serve(
  {
    hostname: '127.0.0.1',
    port: Number(Deno.env.get('PORT') ?? 8787),
    onListen: ({ hostname, port }) => {
      console.log(`listening on http://${hostname}:${port}`);
      console.log(`write key: ${key}`);
    },
  },
  board.fetch,
);
