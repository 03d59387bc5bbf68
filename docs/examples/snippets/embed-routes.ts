import { createFeedbackBoard } from 'feedback-board';
import { createMemoryStorage } from 'feedback-board/adapters/memory';
import { createOpenApiDocument } from 'feedback-board/openapi';

// Mounted under /feedback/api/v1 of an application that has routes of its own.
const board = createFeedbackBoard({
  storage: createMemoryStorage(),
  http: {
    basePath: '/feedback/api/v1',
    rateLimit: { limit: 300, windowMs: 60_000 }, // or `false` behind your own limiter
    maxBodyBytes: 256 * 1024,
    serveOpenApi: createOpenApiDocument, // GET /feedback/api/v1/openapi.json, without a key
  },
});

export async function handle(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith('/feedback/api/v1/')) return board.fetch(request);
  if (pathname === '/health') return new Response('ok');
  return new Response('Not found', { status: 404 });
}
