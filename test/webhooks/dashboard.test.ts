/** The dashboard side of deliveries: paging, and the contract's error for every bad call, changing nothing. */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';
import { allMessages } from './helpers.js';

describe('dashboard webhook deliveries', () => {
  it('pages messages newest first, and refuses bad pages and unknown ids without changing anything', async () => {
    const h = await createHarness();
    const hooks = h.board.dashboard.webhooks;
    const hook = await hooks.create(h.a.id, { url: 'https://hooks.example.com/x', events: ['*'] });
    for (let i = 0; i < 3; i++) {
      h.clock.advance(1000);
      await hooks.sendTest(hook.id);
    }
    const page = await hooks.messages(hook.id, { limit: 2, offset: 1 });
    expect(page.total).toBe(3);
    const all = await allMessages(h.board, hook.id);
    expect(page.rows.map((m) => m.id)).toEqual([all[1]!.id, all[0]!.id]);
    expect(page.rows[0]).not.toHaveProperty('lease_owner');

    for (const bad of [{ limit: 0 }, { limit: 501 }, { offset: -1 }, { limit: 1.5 }, { extra: 1 } as never]) {
      await expect(hooks.messages(hook.id, bad)).rejects.toMatchObject({ code: 'validation_error' });
      await expect(hooks.attempts(all[0]!.id, bad)).rejects.toMatchObject({ code: 'validation_error' });
    }
    const before = await hooks.list(h.a.id);
    await expect(hooks.messages(999)).rejects.toMatchObject({ code: 'not_found' });
    await expect(hooks.attempts(999)).rejects.toMatchObject({ code: 'not_found' });
    await expect(hooks.redeliver(999)).rejects.toMatchObject({ code: 'not_found' });
    await expect(hooks.rotateSecret(999)).rejects.toMatchObject({ code: 'not_found' });
    expect(await hooks.list(h.a.id)).toEqual(before);
    expect(await allMessages(h.board, hook.id)).toEqual(all);

    const rotated = await hooks.rotateSecret(hook.id);
    expect(rotated).toEqual({ ...hook, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/) });
    expect(rotated.secret).not.toBe(hook.secret);
    // The HTTP list never shows a secret.
    const listed = await h.req('GET', '/webhooks');
    expect(listed.text).not.toContain('whsec_');
  });
});
