import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

describe('API response headers', () => {
  it('every answer, success or error, is marked no-store and nosniff', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const answers = [
      await h.req('GET', '/boards'),
      await h.req('GET', '/boards/features'),
      await h.req('GET', '/boards/nope'),
      await h.req('GET', '/boards', { key: null }),
      await h.req('PUT', '/boards'),
      await h.req('POST', '/boards', { body: { slug: 'x' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 401, 405, 422]);
    for (const answer of answers) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('a 204 carries them too', async () => {
    const h = await createHarness();
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'x' });
    const r = await h.req('DELETE', `/boards/features/posts/${post.id}`);
    expect(r.status).toBe(204);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
