/**
 * `http.serveOpenApi`: the document at `GET {basePath}/openapi.json` without a key, only when the
 * application opts in; otherwise that path is like any other (401 first).
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import type { HandlerOptions } from '../../src/http/handler.js';
import { createOpenApiDocument } from '../../src/http/openapi.js';

const boardWith = (http: HandlerOptions) => createFeedbackBoard({ storage: createMemoryStorage(), logger: { error: () => undefined }, http });
const get = (board: ReturnType<typeof boardWith>, url: string, init: RequestInit = {}) => board.fetch(new Request(url, init));

describe('serving the OpenAPI document from the handler', () => {
  it('is off by default: the path answers 401 like every other without a key', async () => {
    const response = await get(boardWith({}), 'http://board.test/api/v1/openapi.json');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="feedback-board"');
  });

  it('when enabled, answers GET without a key with the generated document', async () => {
    const response = await get(boardWith({ serveOpenApi: true }), 'http://board.test/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('ratelimit')).toBeNull();
    expect(await response.json()).toEqual(createOpenApiDocument());
  });

  it('follows the base path, and describes the paths of that mount', async () => {
    const board = boardWith({ serveOpenApi: true, basePath: '/feedback' });
    expect((await get(board, 'http://board.test/api/v1/openapi.json')).status).toBe(401);
    const document = (await (await get(board, 'http://board.test/feedback/openapi.json')).json()) as { paths: object };
    expect(Object.keys(document.paths)).toContain('/feedback/boards/{slug}/posts');
  });

  it('serves GET only: other methods on the path still need a key', async () => {
    const board = boardWith({ serveOpenApi: true });
    const response = await get(board, 'http://board.test/api/v1/openapi.json', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
  });
});
