// A module worker: any runtime that calls `export default { fetch }` (Cloudflare Workers,
// `deno serve`, `bun run`). Each isolate keeps its own memory storage, loaded from a fixture on
// its first request: right for previews and demos; real data needs a storage that outlives it.
import { createFeedbackBoard, type Fixture } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';

const fixture: Fixture = {
  organizations: [
    {
      name: 'Preview',
      apiKeys: [{ key: 'preview-write-key-0001', scope: 'write', label: 'preview' }],
      boards: [{ slug: 'features', name: 'Features', published: true, posts: [{ title: 'Dark mode', votes: 3 }] }],
    },
  ],
};

const board = createFeedbackBoard({ storage: createMemoryStorage() });
let loaded: Promise<unknown> | undefined;

export default {
  async fetch(request: Request): Promise<Response> {
    loaded ??= board.loadFixture(fixture);
    await loaded;
    return board.fetch(request);
  },
};
