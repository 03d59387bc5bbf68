/**
 * Chat messages on a board's events: a new post, a status change, a team comment and a proposal
 * each queue one message per active target of the board that posts it, in the transaction of the
 * change, and the integrations' pool delivers each in its platform's format to a receiver on
 * 127.0.0.1, the post's hostile title escaped for that format. A deactivated target, a target
 * that does not post the event, a voter's comment and another organization's board get nothing;
 * a write that fails after its messages were queued leaves none behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { discordMessage } from '../../src/integrations/chat/discord.js';
import type { ChatEvent } from '../../src/integrations/chat/message.js';
import { slackMessage } from '../../src/integrations/chat/slack.js';
import { teamsMessage } from '../../src/integrations/chat/teams.js';
import type { Storage, StorageTx } from '../../src/storage/contract.js';
import { startProviderServer, type ProviderServer } from '../integrations/provider-server.js';

const ORIGIN = 'https://feedback.example.com';
const HOSTILE = '<!channel> *Dark* @everyone {{DATE(2017-02-14T06:08:39Z, SHORT)}} & [x](javascript:alert(1))';
const EVENTS = ['post.created', 'post.status_changed', 'comment.created', 'proposal.created'] as const;

let receiver: ProviderServer;
beforeAll(async () => {
  receiver = await startProviderServer((request) => {
    if (request.path.startsWith('/discord')) return { status: 200, body: { id: '1', type: 0, channel_id: '2' } };
    if (request.path.startsWith('/teams')) return { status: 202, body: '' };
    return { status: 200, body: 'ok' };
  });
});
afterAll(() => receiver.close());

/** A memory storage whose `insertIntegrationCall` fails, once the call is written, while `broken` is set. */
function breakableStorage() {
  const inner = createMemoryStorage();
  const state = { broken: false };
  const storage: Storage = {
    transaction: (mode, fn) =>
      inner.transaction(mode, (tx) =>
        fn(new Proxy(tx, {
          get(target, name: keyof StorageTx) {
            if (state.broken && name === 'insertIntegrationCall') {
              return async (...args: Parameters<StorageTx['insertIntegrationCall']>) => {
                await target.insertIntegrationCall(...args);
                throw new Error('disk full');
              };
            }
            return target[name];
          },
        })),
      ),
    close: () => inner.close(),
  };
  return { storage, state };
}

async function world() {
  const { storage, state } = breakableStorage();
  const board = createFeedbackBoard({
    storage, logger: { error: () => undefined }, attachments: { baseUrl: ORIGIN },
    webhooks: { allowPrivateNetworks: true, pollIntervalMs: 20 },
  });
  const acme = await board.dashboard.organizations.create({ name: 'Acme' });
  const globex = await board.dashboard.organizations.create({ name: 'Globex' });
  const keys = {
    acme: (await board.dashboard.apiKeys.create(acme.id, { scope: 'write', label: 'CI' })).key,
    globex: (await board.dashboard.apiKeys.create(globex.id, { scope: 'write' })).key,
  };
  const team = board.team(acme.id).api;
  await team.boards.create({ slug: 'features', name: 'Features <b>' });
  await board.team(globex.id).api.boards.create({ slug: 'features', name: 'Globex features' });
  const calls = (organizationId = acme.id) => storage.transaction('read', (tx) => tx.listIntegrationCalls(organizationId, 100));
  return { board, storage, state, acme, globex, keys, team, calls };
}

/** Waits until the receiver has `count` requests, or fails after a few seconds. */
async function received(count: number) {
  for (let waited = 0; receiver.requests.length < count; waited += 20) {
    if (waited > 10_000) throw new Error(`the receiver has ${receiver.requests.length} of ${count} requests`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return receiver.requests;
}

describe('chat messages on a board’s events', () => {
  it('posts each event to each platform in its format, the title escaped, through the integrations’ pool', async () => {
    receiver.requests.length = 0;
    const { board, team, keys, calls } = await world();
    for (const platform of ['slack', 'discord', 'teams'] as const) {
      await team.chat.create('features', { platform, url: `${receiver.origin}/${platform}`, events: [...EVENTS] });
    }
    const api = await board.api(keys.acme);
    const post = await api.posts.create('features', { title: HOSTILE, body: 'Please <!here>' });
    await api.posts.update('features', post.id, { status: 'planned' });
    await api.comments.create('features', post.id, { body: 'On it *now*' });
    await api.agent.proposeStatus('features', post.id, { status: 'shipped', note: 'Merged @everyone' });
    // Queued with the changes, nothing sent yet.
    const queued = await calls();
    expect(queued.map((call) => [call.purpose, call.status, call.post_id])).toEqual(Array(12).fill(['chat_message', 'pending', post.id]));
    expect(queued.every((call) => call.url === null)).toBe(true);

    board.webhooks.start();
    try {
      await received(12);
    } finally {
      await board.webhooks.stop();
    }
    const postFields = { id: post.id, title: HOSTILE, body: 'Please <!here>', vote_count: 0, url: `${ORIGIN}/boards/features/posts/${post.id}` };
    const expected: ChatEvent[] = [
      { type: 'post.created', board: { name: 'Features <b>' }, post: { ...postFields, status: 'open' } },
      { type: 'post.status_changed', board: { name: 'Features <b>' }, post: { ...postFields, status: 'planned' }, previous_status: 'open' },
      { type: 'comment.created', board: { name: 'Features <b>' }, post: { ...postFields, status: 'planned' }, comment: { body: 'On it *now*', author: 'Team' } },
      {
        type: 'proposal.created', board: { name: 'Features <b>' }, post: { ...postFields, status: 'planned' },
        proposal: { status: 'shipped', note: 'Merged @everyone', proposed_by: 'Agent (CI)' }, review_url: `${ORIGIN}/dashboard/posts/${post.id}`,
      },
    ];
    const layouts = { slack: slackMessage, discord: discordMessage, teams: teamsMessage };
    for (const platform of ['slack', 'discord', 'teams'] as const) {
      const got = receiver.requests.filter((request) => request.path.startsWith(`/${platform}`));
      expect(got.map((request) => request.path)).toEqual(Array(4).fill(platform === 'discord' ? '/discord?wait=true' : `/${platform}`));
      expect(got.map((request) => request.headers['content-type'])).toEqual(Array(4).fill('application/json'));
      // Each event once, in the platform's own layout (the pool may send them in any order).
      const bodies = got.map((request) => JSON.parse(request.body) as unknown);
      for (const event of expected) expect(bodies).toContainEqual(JSON.parse(JSON.stringify(layouts[platform](event))));
    }
    // The title as each platform must show it, inert.
    const text = (platform: string) => receiver.requests.filter((request) => request.path.startsWith(`/${platform}`)).map((request) => request.body).join('\n');
    expect(text('slack')).not.toContain('<!channel>');
    expect(text('slack')).toContain('&lt;!channel&gt; *Dark* @everyone');
    expect(text('discord')).toContain('\\\\<!channel\\\\> \\\\*Dark\\\\* \\\\@everyone');
    expect(text('discord')).toContain('"allowed_mentions":{"parse":[]}');
    expect(text('teams')).not.toContain('{{DATE');
    expect((await calls()).map((call) => call.status)).toEqual(Array(12).fill('delivered'));
  }, 30_000);

  it('queues nothing for a deactivated target, a target not posting the event, a voter’s comment, or another organization’s board', async () => {
    const { board, team, keys, calls, acme, globex } = await world();
    const off = await team.chat.create('features', { platform: 'slack', url: `${receiver.origin}/slack-off`, events: [...EVENTS] });
    await team.chat.deactivate('features', off.id);
    const comments = await team.chat.create('features', { platform: 'slack', url: `${receiver.origin}/slack-comments`, events: ['comment.created'] });
    const globexApi = await board.api(keys.globex);
    const theirs = await globexApi.posts.create('features', { title: 'Globex idea' });
    await globexApi.posts.update('features', theirs.id, { status: 'planned' });
    await globexApi.comments.create('features', theirs.id, { body: 'Team note' });
    const mine = await (await board.api(keys.acme)).posts.create('features', { title: 'Acme idea' });
    expect(await calls(acme.id)).toEqual([]);
    expect(await calls(globex.id)).toEqual([]);
    const voter = await board.voters.register(acme.id, { email: 'ann@example.com' });
    await board.voters.comment(voter.id, mine.id, { body: 'Me too' });
    expect(await calls(acme.id)).toEqual([]);
    await (await board.api(keys.acme)).comments.create('features', mine.id, { body: 'Thanks' });
    expect((await calls(acme.id)).map((call) => call.chat_target_id)).toEqual([comments.id]);
  });

  it('a write that fails after its messages were queued leaves none, nor the change; a refused write queues nothing', async () => {
    const { board, team, keys, calls, state, storage } = await world();
    await team.chat.create('features', { platform: 'teams', url: `${receiver.origin}/teams`, events: ['post.created'] });
    const api = await board.api(keys.acme);
    const posts = () => storage.transaction('read', async (tx) => (await tx.listPosts(1, { sort: 'new', limit: 10, offset: 0 })).rows.length);
    state.broken = true;
    await expect(api.posts.create('features', { title: 'Lost' })).rejects.toThrow();
    state.broken = false;
    expect([await posts(), await calls()]).toEqual([0, []]);
    await expect(api.posts.create('features', { title: '' })).rejects.toMatchObject({ code: 'validation_error' });
    expect([await posts(), await calls()]).toEqual([0, []]);
    await api.posts.create('features', { title: 'Kept' });
    expect([await posts(), (await calls()).length]).toEqual([1, 1]);
  });
});
