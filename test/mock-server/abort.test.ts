/**
 * Aborting a request to the mock: a signal given in `init` or carried by a `Request` passed alone
 * is honoured while the fixture loads, during an injected delay, and while the board answers; a
 * request without a signal is answered without racing one.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import type { Storage } from '../../src/storage/contract.js';
import { KEYS, makeMock, request } from './helpers.js';

/** Memory storage whose transactions wait while `hold()` is in force, until `release()`. */
function gatedStorage() {
  const inner = createMemoryStorage();
  let gate: Promise<void> | null = null;
  let open = () => undefined as void;
  const storage: Storage = {
    transaction: async (mode, fn) => {
      if (gate) await gate;
      return inner.transaction(mode, fn);
    },
    close: () => inner.close(),
  };
  return {
    storage,
    hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => {
      gate = null;
      open();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const auth = { authorization: `Bearer ${KEYS.read}` };

describe('aborting a mock request', () => {
  it('a Request passed alone rejects with its reason when aborted while the board answers', async () => {
    const gated = gatedStorage();
    const mock = makeMock({ storage: () => gated.storage, rateLimit: false });
    await mock.loaded();
    gated.hold();
    const controller = new AbortController();
    // A fresh key-cache miss reads storage, so the answer waits at the gate.
    const pending = mock.fetch(new Request(`${mock.baseUrl}/api/v1/boards`, { headers: auth, signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error('caller gave up'));
    await expect(pending).rejects.toThrow('caller gave up');
    gated.release();
    await settle(); // the board's own answer, which nobody waits for any more
    expect(mock.calls().map((c) => c.status)).toEqual([undefined]);
    await mock.close();
  });

  it('a URL with `init.signal` rejects when aborted while the board answers', async () => {
    const gated = gatedStorage();
    const mock = makeMock({ storage: () => gated.storage, rateLimit: false });
    await mock.loaded();
    gated.hold();
    const controller = new AbortController();
    const pending = request(mock.fetch, `${mock.baseUrl}/api/v1/boards`, KEYS.read, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    gated.release();
    await settle();
    await mock.close();
  });

  it('a request sent while the fixture loads waits for it, and its signal still aborts the wait', async () => {
    const gated = gatedStorage();
    gated.hold();
    const mock = makeMock({ storage: () => gated.storage, rateLimit: false });
    const controller = new AbortController();
    const aborted = request(mock.fetch, `${mock.baseUrl}/api/v1/boards`, KEYS.read, { signal: controller.signal });
    const waiting = request(mock.fetch, `${mock.baseUrl}/api/v1/boards`, KEYS.read);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    gated.release();
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect((await answer.json()).boards.length).toBeGreaterThan(0);
    await mock.close();
  });

  it('an already aborted Request passed alone is refused at once and not recorded', async () => {
    const mock = makeMock();
    await mock.loaded();
    const pending = mock.fetch(new Request(`${mock.baseUrl}/api/v1/boards`, { headers: auth, signal: AbortSignal.abort() }));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(mock.calls()).toEqual([]);
    await mock.close();
  });
});
