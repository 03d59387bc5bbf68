/**
 * Posting chat messages: which incoming-webhook URLs a chat target may have, the request sent to
 * each platform (against stand-ins on 127.0.0.1 that check it as the platform documents), and each
 * platform's documented answers read as posted, failed, or worth another try.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRequest, checkChatUrl, interpretChatAnswer } from '../../src/integrations/chat/send.js';
import { INTEGRATION_USER_AGENT } from '../../src/integrations/outbound.js';
import type { ChatPlatform } from '../../src/domain/integrations.js';
import { events } from './fixtures/chat-events.js';
import { answer, send, startProviderServer, type ProviderServer } from './provider-server.js';

describe('checkChatUrl', () => {
  const urls: Record<ChatPlatform, string> = {
    slack: 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
    discord: 'https://discord.com/api/webhooks/123456789012345678/abcDEF-ghi_JKL',
    teams: 'https://acme.webhook.office.com/webhookb2/0000-1111@2222/IncomingWebhook/abc/def',
  };

  it('accepts each platform’s incoming-webhook URLs, and Teams Workflows URLs', () => {
    for (const [platform, url] of Object.entries(urls) as [ChatPlatform, string][]) expect(checkChatUrl(platform, url, false)).toBe(url);
    expect(checkChatUrl('teams', 'https://prod-12.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=x', false)).toContain('logic.azure.com');
    expect(checkChatUrl('discord', 'https://discordapp.com/api/v10/webhooks/1/token', false)).toContain('discordapp.com');
  });

  it('refuses another platform’s URL, plain http, lookalike hosts and other paths', () => {
    const refused: [ChatPlatform, string][] = [
      ['slack', urls.discord],
      ['discord', urls.slack],
      ['teams', urls.slack],
      ['slack', 'http://hooks.slack.com/services/T0/B0/X'],
      ['slack', 'https://hooks.slack.com.evil.example/services/T0/B0/X'],
      ['slack', 'https://hooks.slack.com/api/chat.postMessage'],
      ['discord', 'https://discord.com/api/webhooks/123/abc/slack'],
      ['teams', 'https://webhook.office.com.evil.example/x'],
      ['slack', 'not a url'],
    ];
    for (const [platform, url] of refused) expect(() => checkChatUrl(platform, url, false)).toThrow(expect.objectContaining({ code: 'validation_error', details: [expect.objectContaining({ path: 'url' })] }));
  });

  it('with private networks allowed (closed networks, tests), takes any http(s) URL', () => {
    expect(checkChatUrl('slack', 'http://127.0.0.1:9000/hook', true)).toBe('http://127.0.0.1:9000/hook');
    expect(() => checkChatUrl('slack', 'ftp://127.0.0.1/hook', true)).toThrow(/url/);
  });
});

describe('posting to each platform', () => {
  let stand: ProviderServer;
  beforeAll(async () => {
    stand = await startProviderServer((request) => {
      if (request.method !== 'POST' || !String(request.headers['content-type']).startsWith('application/json')) return { status: 400, body: 'invalid_payload' };
      const body = JSON.parse(request.body) as Record<string, unknown>;
      if (request.path === '/slack') return Array.isArray(body['blocks']) && typeof body['text'] === 'string' ? { status: 200, body: 'ok' } : { status: 400, body: 'invalid_blocks' };
      if (request.path === '/discord?wait=true') {
        return Array.isArray(body['embeds']) ? { status: 200, body: { id: '1', type: 0, channel_id: '2', embeds: body['embeds'] } } : { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
      }
      if (request.path === '/teams') return (body['attachments'] as { contentType?: string }[] | undefined)?.[0]?.contentType === 'application/vnd.microsoft.card.adaptive' ? { status: 202, body: '' } : { status: 400, body: 'Bad payload' };
      return { status: 404, body: 'no_service' };
    });
  });
  afterAll(() => stand.close());

  it('sends each platform its own message, as JSON, and reads its success', async () => {
    for (const platform of ['slack', 'discord', 'teams'] as const) {
      for (const event of events()) {
        const request = chatRequest(platform, `${stand.origin}/${platform}`, event);
        expect(request.headers).toEqual({ 'content-type': 'application/json', 'user-agent': INTEGRATION_USER_AGENT });
        const received = await send(request, 10_000);
        expect({ platform, event: event.type, outcome: 'ok' in received ? received : interpretChatAnswer(platform, received) }).toEqual({ platform, event: event.type, outcome: { ok: true, value: null } });
      }
    }
    expect(stand.requests.filter((request) => request.path === '/discord?wait=true')).toHaveLength(4);
  });

  it('keeps the query of a Discord URL (a thread) beside wait=true', () => {
    expect(chatRequest('discord', 'https://discord.com/api/webhooks/1/t?thread_id=99', events()[0]!).url).toBe('https://discord.com/api/webhooks/1/t?thread_id=99&wait=true');
  });
});

describe('interpretChatAnswer', () => {
  it('reads Slack’s documented errors: final for invalid payloads, gone channels and revoked hooks; retried for 429 and 5xx', () => {
    expect(interpretChatAnswer('slack', answer(200, 'ok'))).toEqual({ ok: true, value: null });
    for (const [status, text] of [[400, 'invalid_payload'], [403, 'action_prohibited'], [404, 'channel_not_found'], [410, 'channel_is_archived'], [404, 'no_service']] as const) {
      expect(interpretChatAnswer('slack', answer(status, text))).toEqual({ ok: false, retry: false, retry_after_ms: null, status, error: `Slack answered ${status}: ${text}` });
    }
    expect(interpretChatAnswer('slack', answer(429, 'rate_limited', { 'retry-after': '30' }))).toMatchObject({ ok: false, retry: true, retry_after_ms: 30_000 });
    expect(interpretChatAnswer('slack', answer(500, 'rollup_error'))).toMatchObject({ ok: false, retry: true });
    expect(interpretChatAnswer('slack', answer(302, ''))).toMatchObject({ ok: false, retry: false, error: 'Slack answered 302: a redirect (not followed)' });
  });

  it('reads Discord’s answers: its JSON retry_after on 429, final for an unknown or revoked webhook', () => {
    expect(interpretChatAnswer('discord', answer(204, ''))).toEqual({ ok: true, value: null });
    expect(interpretChatAnswer('discord', answer(429, { message: 'You are being rate limited.', retry_after: 1.25, global: false }))).toMatchObject({ ok: false, retry: true, retry_after_ms: 1250 });
    expect(interpretChatAnswer('discord', answer(429, { retry_after: 1.25 }, { 'retry-after': '2' }))).toMatchObject({ retry_after_ms: 2000 });
    expect(interpretChatAnswer('discord', answer(404, { message: 'Unknown Webhook', code: 10015 }))).toMatchObject({ ok: false, retry: false, status: 404 });
    expect(interpretChatAnswer('discord', answer(401, { message: 'Invalid Webhook Token', code: 50027 }))).toMatchObject({ ok: false, retry: false, error: expect.stringContaining('Invalid Webhook Token') });
  });

  it('reads Teams’ answers, including a 200 whose text says the post failed', () => {
    expect(interpretChatAnswer('teams', answer(200, '1'))).toEqual({ ok: true, value: null });
    expect(interpretChatAnswer('teams', answer(202, ''))).toEqual({ ok: true, value: null });
    expect(interpretChatAnswer('teams', answer(200, 'Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 429 with ContextId tcid=0,server=msgapi'))).toMatchObject({ ok: false, retry: true, status: 200 });
    expect(interpretChatAnswer('teams', answer(200, 'Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 400 with ContextId x'))).toMatchObject({ ok: false, retry: false });
    expect(interpretChatAnswer('teams', answer(400, 'Bad payload received by generic incoming webhook.'))).toMatchObject({ ok: false, retry: false, status: 400 });
  });
});
