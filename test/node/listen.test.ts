import { describe, expect, it } from 'vitest';
import { createFeedbackBoard } from '../../src/board.js';
import { listen } from '../../src/node/listen.js';
import { createMemoryStorage } from '../../adapters/memory/index.js';

describe('listen', () => {
  it('serves a fetch handler over HTTP on a free port', async () => {
    const server = await listen(async (req) => new Response(new URL(req.url).pathname, { status: 200 }));
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${server.url}/hello`);
      expect(await res.text()).toBe('/hello');
    } finally {
      await server.close();
    }
  });

  it('close() does not wait for a keep-alive connection that drained a refused body', async () => {
    const board = createFeedbackBoard({ storage: createMemoryStorage() });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
    const server = await listen(board.fetch);
    // Were close() to wait for idle keep-alive connections to time out, it would outlast the test.
    server.server.keepAliveTimeout = 120_000;
    const res = await fetch(`${server.url}/api/v1/boards`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'x', name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    await res.arrayBuffer();
    await server.close();
    expect(server.server.listening).toBe(false);
  }, 20_000);
});
