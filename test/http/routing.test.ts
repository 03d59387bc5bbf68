import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

function expectError(r: { status: number; headers: Headers; json: any }, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/json(;|$)/);
  expect(Object.keys(r.json)).toEqual(['error']);
  expect(r.json.error.code).toBe(code);
  expect(typeof r.json.error.message).toBe('string');
  expect(r.json.error.message.length).toBeGreaterThan(0);
}

describe('routing', () => {
  it('answers 404 not_found for unknown paths, outside the base path too', async () => {
    const h = await createHarness();
    await h.makeBoard();
    for (const path of ['/nope', '/boards/features/unknown', '/boards/features/posts/1/claims', 'http://board.test/api/v2/boards', 'http://board.test/boards', 'http://board.test/api/v1', '/', '/boards/features/posts/1/votes/extra']) {
      expectError(await h.req('GET', path), 404, 'not_found');
    }
  });

  it('answers 405 with an Allow header listing the path’s methods', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'x' });
    const cases: Array<[string, string, string]> = [
      ['PUT', '/boards', 'GET, POST'],
      ['DELETE', '/boards', 'GET, POST'],
      ['PATCH', '/boards/features', 'GET'],
      ['GET', '/boards/features/publish', 'POST'],
      ['PUT', `/boards/features/posts/${post.id}`, 'GET, PATCH, DELETE'],
      ['POST', `/boards/features/posts/${post.id}`, 'GET, PATCH, DELETE'],
      ['GET', `/boards/features/posts/${post.id}/claim`, 'POST, DELETE'],
      ['GET', `/boards/features/posts/${post.id}/propose-status`, 'POST'],
      ['DELETE', `/boards/features/posts/${post.id}/comments`, 'GET, POST'],
      ['POST', '/boards/features/queue', 'GET'],
      ['POST', '/webhooks', 'GET'],
    ];
    for (const [method, path, allow] of cases) {
      const r = await h.req(method, path);
      expectError(r, 405, 'method_not_allowed');
      expect(r.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
  });

  it('matches a method in any case, as Fetch leaves PATCH and unknown methods as sent', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'first' });
    const patched = await h.req('patch', `/boards/features/posts/${post.id}`, { body: { title: 'renamed' } });
    expect(patched.status).toBe(200);
    expect(patched.json.title).toBe('renamed');
    expect((await h.req('Get', `/boards/features/posts/${post.id}`)).json.title).toBe('renamed');
    const refused = await h.req('put', '/boards');
    expectError(refused, 405, 'method_not_allowed');
    expect(refused.headers.get('allow')).toBe('GET, POST');
  });

  it('decides the route before the board: a wrong method on an unknown board is 405', async () => {
    const h = await createHarness();
    await h.makeBoard('theirs', h.b.keys.write);
    for (const slug of ['nope', 'theirs']) {
      const r = await h.req('PUT', `/boards/${slug}`);
      expectError(r, 405, 'method_not_allowed');
      expect(r.headers.get('allow')).toBe('GET');
    }
  });

  it('treats a post id that is not a positive integer as unknown (404), whatever the method', async () => {
    const h = await createHarness();
    await h.makeBoard();
    await h.makePost('features', { title: 'x' });
    for (const id of ['abc', '1.5', '0', '-1', '1e3', '0x10', '%31', '99999999999999999999', ' 1']) {
      for (const [method, suffix] of [['GET', ''], ['PUT', ''], ['POST', '/claim'], ['GET', '/votes']] as const) {
        expectError(await h.req(method, `/boards/features/posts/${encodeURI(id)}${suffix}`), 404, 'not_found');
      }
    }
  });

  it('decodes percent-encoded slugs and matches them exactly', async () => {
    const h = await createHarness();
    await h.makeBoard('my-board');
    expect((await h.req('GET', '/boards/my%2Dboard')).json.slug).toBe('my-board');
    expectError(await h.req('GET', '/boards/MY-BOARD'), 404, 'not_found');
    expectError(await h.req('GET', '/boards/%E0%A4%A'), 404, 'not_found');
  });

  it('answers 404 identically, byte for byte, for another organization’s board or post and for none', async () => {
    const h = await createHarness();
    await h.makeBoard('features');
    await h.makeBoard('features', h.b.keys.write);
    await h.makeBoard('globex-only', h.b.keys.write);
    const theirs = await h.makePost('globex-only', { title: 'secret' }, h.b.keys.write);
    const theirsSameSlug = await h.makePost('features', { title: 'secret' }, h.b.keys.write);
    const mine = await h.makePost('features', { title: 'mine' });
    const missingId = theirsSameSlug.id + 100;

    const boardPaths = ['', '/posts', '/queue', '/roadmap', '/changelog', '/ship-stats', '/analytics'];
    for (const suffix of boardPaths) {
      const other = await h.req('GET', `/boards/globex-only${suffix}`);
      const none = await h.req('GET', `/boards/no-such-board${suffix}`);
      expectError(other, 404, 'not_found');
      expect(other.text).toBe(none.text);
      expect(other.headers.get('content-type')).toBe(none.headers.get('content-type'));
    }
    for (const suffix of ['', '/votes', '/comments']) {
      const viaTheirBoard = await h.req('GET', `/boards/globex-only/posts/${theirs.id}${suffix}`);
      const viaMyBoard = await h.req('GET', `/boards/features/posts/${theirsSameSlug.id}${suffix}`);
      const none = await h.req('GET', `/boards/features/posts/${missingId}${suffix}`);
      expect(viaMyBoard.text).toBe(none.text);
      expect(viaTheirBoard.status).toBe(404);
      expect(viaMyBoard.status).toBe(404);
    }
    // Writes too, whatever the body, and even for a key that could not do the write anyway.
    for (const key of [h.a.keys.read, h.a.keys.write]) {
      const other = await h.req('PATCH', `/boards/features/posts/${theirsSameSlug.id}`, { key, body: { nonsense: true } });
      const none = await h.req('PATCH', `/boards/features/posts/${missingId}`, { key, body: { nonsense: true } });
      expectError(other, 404, 'not_found');
      expect(other.text).toBe(none.text);
    }
    expect((await h.req('GET', `/boards/features/posts/${mine.id}`)).status).toBe(200);
    expect((await h.req('GET', `/boards/features/posts/${theirsSameSlug.id}`, { key: h.b.keys.read })).json.title).toBe('secret');
  });
});
