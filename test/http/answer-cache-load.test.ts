/**
 * The answer cache is loaded on its own (never in a browser bundle over IndexedDB). Were that load
 * to fail, every answer is built anew and the failure is logged, not left as an unhandled
 * rejection that would end a Node process.
 */
import { describe, expect, it, vi } from 'vitest';
import { createHarness } from '../helpers/harness.js';

vi.mock('../../src/http/answer-cache.js', () => {
  throw new Error('module missing');
});

describe('answer cache that fails to load', () => {
  it('leaves every answer built anew, and says so in the log', async () => {
    const errors: unknown[][] = [];
    const h = await createHarness({ http: { rateLimit: false }, logger: { error: (...args: unknown[]) => void errors.push(args) } });
    await h.makeBoard();
    const post = await h.makePost('features', { title: 'Dark mode' });
    for (let i = 0; i < 4; i++) {
      const answer = await h.req('GET', `/boards/features/posts/${post.id}`);
      expect(answer.status).toBe(200);
      expect(answer.json.title).toBe('Dark mode');
    }
    await vi.waitFor(() => expect(errors.map(([message]) => message)).toContain('answer cache not loaded: every answer is built anew'));
  });
});
