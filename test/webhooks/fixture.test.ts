/** Fixture webhooks may carry their signing secret; a malformed one rejects the whole fixture. */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';

const SECRET = 'whsec_' + Buffer.alloc(24, 7).toString('base64');

const fixture = (secret: unknown) => ({
  organizations: [{ name: 'Acme', webhooks: [{ url: 'https://hooks.example.com/a', events: ['*'], secret }] }],
});

describe('fixture webhooks', () => {
  it('keep the secret given, and get a new whsec_ secret otherwise', async () => {
    const board = createFeedbackBoard({ storage: createMemoryStorage() });
    const loaded = await board.loadFixture({
      organizations: [{ name: 'Acme', webhooks: [{ url: 'https://hooks.example.com/a', secret: SECRET }, { url: 'https://hooks.example.com/b' }] }],
    });
    const hooks = await board.dashboard.webhooks.list(loaded.organizations[0]!.id);
    expect(hooks[0]!.secret).toBe(SECRET);
    expect(hooks[1]!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  });

  it('reject a malformed secret, naming its path, and load nothing', async () => {
    for (const bad of ['whsec_', 'sk_' + Buffer.alloc(24).toString('base64'), 'whsec_not base64!', 'whsec_' + Buffer.alloc(8).toString('base64'), 42]) {
      const board = createFeedbackBoard({ storage: createMemoryStorage() });
      await expect(board.loadFixture(fixture(bad))).rejects.toMatchObject({
        code: 'validation_error',
        details: [expect.objectContaining({ path: 'organizations.0.webhooks.0.secret' })],
      });
      expect(await board.dashboard.organizations.list()).toEqual([]);
    }
  });
});
