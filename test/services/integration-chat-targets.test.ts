/**
 * A board's chat targets, the team's operations over HTTP: made with a URL checked against its
 * platform's incoming-webhook shape and the private-address guard, answered masked from the start
 * and never whole again, listed, deactivated; a target of another board or
 * organization is a 404; bad input changes nothing; weaker keys get 403; the URL never reaches
 * the logger.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../helpers/harness.js';

const SLACK = 'https://hooks.slack.com/services/T0000/B0000/SecretSlackTokenWXYZ';
const DISCORD = 'https://discord.com/api/webhooks/123456789012345678/SecretDiscordToken-abcd';
const TEAMS = 'https://acme.webhook.office.com/webhookb2/0000-1111@2222/IncomingWebhook/SecretTeams/0f9e';

async function world(options: Parameters<typeof createHarness>[0] = {}) {
  const logged: string[] = [];
  const h = await createHarness({ http: { rateLimit: false }, logger: { error: (message, error) => logged.push(`${message} ${String(error)}`), info: (message) => logged.push(message) }, ...options });
  await h.makeBoard('features');
  await h.makeBoard('roadmap');
  await h.makeBoard('features', h.b.keys.write);
  const team = (method: string, path: string, body?: unknown, key = h.a.keys.team) => h.req(method, path, { key, ...(body === undefined ? {} : { body }) });
  const stored = (boardId = 1) => h.board.storage.transaction('read', (tx) => tx.listChatTargets(boardId));
  return { h, team, logged, stored };
}

describe('chat targets', () => {
  it('makes a target of each platform, answered with its URL masked from the start; the list masks it too', async () => {
    const { team, stored, logged } = await world();
    const made = [];
    for (const [platform, url] of [['slack', SLACK], ['discord', DISCORD], ['teams', TEAMS]] as const) {
      const r = await team('POST', '/boards/features/chat-targets', { platform, url, events: ['post.created', 'proposal.created'] });
      expect(r.status).toBe(201);
      expect(r.text).not.toContain('Secret');
      made.push(r.json);
    }
    expect(made[0]).toEqual({
      id: 1, board_id: 1, platform: 'slack', masked_url: 'https://hooks.slack.com/…WXYZ', events: ['post.created', 'proposal.created'], active: true, created_at: made[0].created_at,
    });
    expect(made.map((t) => t.masked_url)).toEqual(['https://hooks.slack.com/…WXYZ', 'https://discord.com/…abcd', 'https://acme.webhook.office.com/…0f9e']);
    expect((await stored()).map((t) => t.url)).toEqual([SLACK, DISCORD, TEAMS]);
    const list = await team('GET', '/boards/features/chat-targets');
    expect(list.json).toEqual({ chat_targets: made });
    expect(list.text).not.toContain('Secret');
    expect((await team('GET', '/boards/roadmap/chat-targets')).json).toEqual({ chat_targets: [] });
    expect(logged.join('\n')).not.toContain('Secret');
  });

  it('refuses a URL of another platform, plain http, a private address, and bad events, storing nothing', async () => {
    const { team, stored } = await world();
    const cases: [unknown, string][] = [
      [{ platform: 'slack', url: DISCORD, events: ['post.created'] }, 'url'],
      [{ platform: 'discord', url: SLACK, events: ['post.created'] }, 'url'],
      [{ platform: 'slack', url: SLACK.replace('https:', 'http:'), events: ['post.created'] }, 'url'],
      [{ platform: 'slack', url: 'https://10.0.0.5/services/T0/B0/X', events: ['post.created'] }, 'url'],
      [{ platform: 'teams', url: 'https://webhook.office.com.evil.example/x', events: ['post.created'] }, 'url'],
      [{ platform: 'slack', url: 'not a url', events: ['post.created'] }, 'url'],
      [{ platform: 'irc', url: SLACK, events: ['post.created'] }, 'platform'],
      [{ platform: 'slack', url: SLACK, events: [] }, 'events'],
      [{ platform: 'slack', url: SLACK, events: ['post.created', 'post.created'] }, 'events'],
      [{ platform: 'slack', url: SLACK, events: ['vote.created'] }, 'events.0'],
      [{ platform: 'slack', url: SLACK }, 'events'],
      [{ platform: 'slack', url: SLACK, events: ['post.created'], active: false }, ''],
    ];
    for (const [body, path] of cases) {
      const r = await team('POST', '/boards/features/chat-targets', body);
      expect([JSON.stringify(body), r.status, r.json.error.code]).toEqual([JSON.stringify(body), 422, 'validation_error']);
      if (path) expect(r.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await stored()).toEqual([]);
  });

  it('with private networks allowed (closed networks, tests), takes a local receiver', async () => {
    const { team } = await world({ webhooks: { allowPrivateNetworks: true } });
    const local = await team('POST', '/boards/features/chat-targets', { platform: 'slack', url: 'http://127.0.0.1:9000/slack', events: ['post.created'] });
    expect([local.status, local.json.masked_url]).toEqual([201, 'http://127.0.0.1:9000/…lack']);
  });

  it("deactivates once; another board's, another organization's and a missing target are 404 and change nothing; weaker keys get 403", async () => {
    const { h, team, stored } = await world();
    const made = await team('POST', '/boards/features/chat-targets', { platform: 'slack', url: SLACK, events: ['post.created'] });
    const theirs = await team('POST', '/boards/features/chat-targets', { platform: 'slack', url: SLACK, events: ['post.created'] }, h.b.keys.team);
    expect(theirs.json.board_id).toBe(3);
    for (const path of [
      `/boards/features/chat-targets/${theirs.json.id}/deactivate`,
      `/boards/roadmap/chat-targets/${made.json.id}/deactivate`,
      '/boards/features/chat-targets/99/deactivate',
      `/boards/nope/chat-targets/${made.json.id}/deactivate`,
    ]) {
      const r = await team('POST', path);
      expect([path, r.status, r.json.error.code]).toEqual([path, 404, 'not_found']);
    }
    for (const key of [h.a.keys.read, h.a.keys.write]) {
      expect((await team('POST', `/boards/features/chat-targets/${made.json.id}/deactivate`, undefined, key)).status).toBe(403);
      expect((await team('POST', '/boards/features/chat-targets', { platform: 'slack', url: SLACK, events: ['post.created'] }, key)).status).toBe(403);
      expect((await team('GET', '/boards/features/chat-targets', undefined, key)).status).toBe(403);
    }
    expect((await stored()).map((t) => t.active)).toEqual([true]);
    const off = await team('POST', `/boards/features/chat-targets/${made.json.id}/deactivate`);
    expect([off.status, off.json.active]).toEqual([200, false]);
    expect((await team('POST', `/boards/features/chat-targets/${made.json.id}/deactivate`)).json).toEqual(off.json);
    expect((await stored(3)).map((t) => t.active)).toEqual([true]);
  });

  it('reaches the in-process team side with the same rules', async () => {
    const { h } = await world();
    const api = h.board.team(h.a.id).api;
    const made = await api.chat.create('features', { platform: 'discord', url: DISCORD, events: ['comment.created'] });
    expect(made.masked_url).toBe('https://discord.com/…abcd');
    expect((await api.chat.list('features')).chat_targets.map((t) => t.id)).toEqual([made.id]);
    await expect(h.board.team(h.b.id).api.chat.deactivate('features', made.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
