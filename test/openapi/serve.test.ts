/**
 * `http.serveOpenApi`: the document at `GET {basePath}/openapi.json` without a key, only when the
 * application opts in by passing the generator; otherwise that path is like any other (401 first).
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import type { HandlerOptions } from '../../src/http/handler.js';
import { createOpenApiDocument } from '../../src/openapi/index.js';

const boardWith = (http: HandlerOptions) => createFeedbackBoard({ storage: createMemoryStorage(), logger: { error: () => undefined }, http });
const get = (board: ReturnType<typeof boardWith>, url: string, init: RequestInit = {}) => board.fetch(new Request(url, init));

describe('serving the OpenAPI document from the handler', () => {
  it('is off by default: the path answers 401 like every other without a key', async () => {
    const response = await get(boardWith({}), 'http://board.test/api/v1/openapi.json');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="feedback-board"');
  });

  it('when enabled, answers GET without a key with the generated document', async () => {
    const response = await get(boardWith({ serveOpenApi: createOpenApiDocument }), 'http://board.test/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('ratelimit')).toBeNull();
    expect(await response.json()).toEqual(createOpenApiDocument());
  });

  it('follows the base path, and describes the paths of that mount', async () => {
    const board = boardWith({ serveOpenApi: createOpenApiDocument, basePath: '/feedback' });
    expect((await get(board, 'http://board.test/api/v1/openapi.json')).status).toBe(401);
    const document = (await (await get(board, 'http://board.test/feedback/openapi.json')).json()) as { paths: object };
    expect(Object.keys(document.paths)).toContain('/feedback/boards/{slug}/posts');
  });

  it('serves GET only: other methods on the path still need a key', async () => {
    const board = boardWith({ serveOpenApi: createOpenApiDocument });
    const response = await get(board, 'http://board.test/api/v1/openapi.json', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
  });

  it('generates the document once, for the base path, with the generator it was given', async () => {
    const calls: unknown[] = [];
    const board = boardWith({ serveOpenApi: (options) => (calls.push(options), createOpenApiDocument(options)), basePath: '/feedback/' });
    for (let i = 0; i < 3; i++) expect((await get(board, 'http://board.test/feedback/openapi.json')).status).toBe(200);
    expect(calls).toEqual([{ basePath: '/feedback' }]);
  });

  it('false is off, like leaving it out', async () => {
    expect((await get(boardWith({ serveOpenApi: false }), 'http://board.test/api/v1/openapi.json')).status).toBe(401);
  });

  it('refuses `true` (the form before the generator moved to feedback-board/openapi) when the board is created, saying what to pass', () => {
    for (const value of [true, 'yes', {}]) {
      expect(() => boardWith({ serveOpenApi: value as never })).toThrow(
        /serveOpenApi takes the document generator.*import \{ createOpenApiDocument \} from 'feedback-board\/openapi'.*serveOpenApi: createOpenApiDocument/,
      );
    }
  });
});
