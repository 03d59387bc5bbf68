/** Organizations, API keys, settings and webhooks. */
import { SCOPES } from '../src/domain/records.js';
import { at, newApiKey, newOrganization, newWebhook } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function accountTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('organizations', () => {
    ctx.test('organizations are stored, read back and listed by id', async () => {
      const inserted = await ctx.write(async (tx) => [
        await tx.insertOrganization(newOrganization({ name: 'Acme', created_at: at(5) })),
        await tx.insertOrganization(newOrganization({ name: 'Globex', created_at: at(1) })),
      ]);
      expect(inserted).toEqual([
        { id: 1, name: 'Acme', created_at: at(5) },
        { id: 2, name: 'Globex', created_at: at(1) },
      ]);
      await ctx.read(async (tx) => {
        expect(await tx.getOrganization(2)).toEqual(inserted[1]);
        expect(await tx.getOrganization(3)).toBeNull();
        expect(await tx.listOrganizations()).toEqual(inserted);
      });
    });
  });

  ctx.t.describe('api keys', () => {
    ctx.test('api keys are found by id and by hash, and listed per organization by id', async () => {
      const [acme, globex] = await ctx.write(async (tx) => [
        await tx.insertOrganization(newOrganization()),
        await tx.insertOrganization(newOrganization({ name: 'Globex' })),
      ]);
      const keys = await ctx.write(async (tx) => [
        await tx.insertApiKey(newApiKey(acme!.id, { label: 'one', hash: 'h1', created_at: at(9) })),
        await tx.insertApiKey(newApiKey(globex!.id, { label: 'other', hash: 'h2' })),
        await tx.insertApiKey(newApiKey(acme!.id, { label: 'two', hash: 'h3', scope: 'read', revoked_at: at(3) })),
      ]);
      expect(keys[2]).toEqual({ id: 3, ...newApiKey(acme!.id, { label: 'two', hash: 'h3', scope: 'read', revoked_at: at(3) }) });
      await ctx.read(async (tx) => {
        expect(await tx.getApiKey(2)).toEqual(keys[1]);
        expect(await tx.getApiKey(4)).toBeNull();
        expect(await tx.getApiKeyByHash('h3')).toEqual(keys[2]);
        expect(await tx.getApiKeyByHash('H3')).toBeNull();
        expect(await tx.getApiKeyByHash('missing')).toBeNull();
        expect(await tx.listApiKeys(acme!.id)).toEqual([keys[0], keys[2]]);
        expect(await tx.listApiKeys(99)).toEqual([]);
      });
    });

    ctx.test('a key of every scope, team included, is stored and read back', async () => {
      const org = await ctx.write((tx) => tx.insertOrganization(newOrganization()));
      const keys = await ctx.write(async (tx) => {
        const inserted = [];
        for (const scope of SCOPES) inserted.push(await tx.insertApiKey(newApiKey(org.id, { label: scope, hash: `h-${scope}`, scope })));
        return inserted;
      });
      expect(keys.map((key) => key.scope)).toEqual([...SCOPES]);
      expect(await ctx.read((tx) => tx.listApiKeys(org.id))).toEqual(keys);
      expect(await ctx.read((tx) => tx.getApiKeyByHash('h-team'))).toEqual(keys.at(-1));
    });

    ctx.test('updateApiKey changes only the given fields', async () => {
      const key = await ctx.write(async (tx) => {
        const org = await tx.insertOrganization(newOrganization());
        return tx.insertApiKey(newApiKey(org.id, { label: 'CI' }));
      });
      const revoked = await ctx.write((tx) => tx.updateApiKey(key.id, { revoked_at: at(7) }));
      expect(revoked).toEqual({ ...key, revoked_at: at(7) });
      const relabelled = await ctx.write((tx) => tx.updateApiKey(key.id, { label: 'Deploy' }));
      expect(relabelled).toEqual({ ...key, revoked_at: at(7), label: 'Deploy' });
      const restored = await ctx.write((tx) => tx.updateApiKey(key.id, { revoked_at: null }));
      expect(restored).toEqual({ ...key, label: 'Deploy' });
      expect(await ctx.read((tx) => tx.getApiKey(key.id))).toEqual(restored);
      expect(await ctx.write((tx) => tx.updateApiKey(99, { label: 'x' }))).toBeNull();
    });
  });

  ctx.t.describe('settings', () => {
    ctx.test('settings are set, replaced and removed by name', async () => {
      expect(await ctx.read((tx) => tx.getSetting('agent_publishing'))).toBeNull();
      await ctx.write(async (tx) => {
        await tx.setSetting('agent_publishing', 'true');
        await tx.setSetting('other', '');
      });
      await ctx.read(async (tx) => {
        expect(await tx.getSetting('agent_publishing')).toBe('true');
        expect(await tx.getSetting('other')).toBe('');
        expect(await tx.getSetting('Agent_Publishing')).toBeNull();
      });
      await ctx.write((tx) => tx.setSetting('agent_publishing', 'false'));
      expect(await ctx.read((tx) => tx.getSetting('agent_publishing'))).toBe('false');
      await ctx.write(async (tx) => {
        await tx.setSetting('agent_publishing', null);
        await tx.setSetting('never-set', null);
      });
      expect(await ctx.read((tx) => tx.getSetting('agent_publishing'))).toBeNull();
      expect(await ctx.read((tx) => tx.getSetting('other'))).toBe('');
    });

    ctx.test('a setting inserted when absent keeps the first value and answers it to every later insert', async () => {
      expect(await ctx.write((tx) => tx.insertSettingIfAbsent('secret', 'first'))).toBe('first');
      expect(await ctx.write((tx) => tx.insertSettingIfAbsent('secret', 'second'))).toBe('first');
      expect(await ctx.read((tx) => tx.getSetting('secret'))).toBe('first');
      await ctx.write((tx) => tx.setSetting('secret', null));
      expect(await ctx.write(async (tx) => [await tx.insertSettingIfAbsent('secret', 'third'), await tx.insertSettingIfAbsent('secret', 'fourth')])).toEqual(['third', 'third']);
      expect(await ctx.read((tx) => tx.getSetting('secret'))).toBe('third');
    });
  });

  ctx.t.describe('webhooks', () => {
    ctx.test('webhooks are listed per organization by created_at, then id', async () => {
      const hooks = await ctx.write(async (tx) => {
        const acme = await tx.insertOrganization(newOrganization());
        const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
        return [
          await tx.insertWebhook(newWebhook(acme.id, { created_at: at(5), url: 'https://a.example/1' })),
          await tx.insertWebhook(newWebhook(acme.id, { created_at: at(1), url: 'https://a.example/2' })),
          await tx.insertWebhook(newWebhook(globex.id, { created_at: at(0) })),
          await tx.insertWebhook(newWebhook(acme.id, { created_at: at(5), url: 'https://a.example/4' })),
          await tx.insertWebhook(newWebhook(acme.id, { created_at: at(1), url: 'https://a.example/5' })),
        ];
      });
      expect(hooks[3]).toEqual({ id: 4, ...newWebhook(1, { created_at: at(5), url: 'https://a.example/4' }) });
      const listed = await ctx.read((tx) => tx.listWebhooks(1));
      expect(listed.map((hook) => hook.id)).toEqual([2, 5, 1, 4]);
      expect(listed[0]).toEqual(hooks[1]);
      expect(await ctx.read((tx) => tx.listWebhooks(2))).toEqual([hooks[2]]);
      expect(await ctx.read((tx) => tx.listWebhooks(3))).toEqual([]);
    });

    ctx.test('webhooks are updated field by field and deleted', async () => {
      const hook = await ctx.write(async (tx) => {
        const org = await tx.insertOrganization(newOrganization());
        return tx.insertWebhook(newWebhook(org.id, { description: 'first', events: ['a', 'b'] }));
      });
      const changed = await ctx.write((tx) => tx.updateWebhook(hook.id, { active: false, events: ['c'] }));
      expect(changed).toEqual({ ...hook, active: false, events: ['c'] });
      const described = await ctx.write((tx) => tx.updateWebhook(hook.id, { description: 'second', url: 'https://b.example/' }));
      expect(described).toEqual({ ...hook, active: false, events: ['c'], description: 'second', url: 'https://b.example/' });
      expect(await ctx.read((tx) => tx.getWebhook(hook.id))).toEqual(described);
      expect(await ctx.write((tx) => tx.updateWebhook(99, { active: true }))).toBeNull();
      expect(await ctx.write((tx) => tx.deleteWebhook(hook.id))).toBe(true);
      expect(await ctx.write((tx) => tx.deleteWebhook(hook.id))).toBe(false);
      expect(await ctx.read((tx) => tx.getWebhook(hook.id))).toBeNull();
      expect(await ctx.read((tx) => tx.listWebhooks(1))).toEqual([]);
    });
  });
}
