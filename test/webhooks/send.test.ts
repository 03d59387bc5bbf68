/**
 * One delivery attempt's record of what the receiver answered: its first KiB as text, with bytes
 * no store keeps as text (NUL, and what is not UTF-8) replaced by U+FFFD.
 */
import { describe, expect, it } from 'vitest';
import { sendWebhook } from '../../src/webhooks/send.js';

const leased = {
  url: 'https://hooks.example.com/fb',
  secret: `whsec_${Buffer.from('a secret of twenty-four b').toString('base64')}`,
  message: {
    id: 1, webhook_id: 1, msg_id: 'm1', event_type: 'post.created', payload: '{"a":1}', status: 'pending' as const, attempts: 0,
    next_attempt_at: '2026-11-01T09:00:00.000Z', created_at: '2026-11-01T09:00:00.000Z', lease_owner: null, lease_until: null,
  },
};

describe('sendWebhook', () => {
  it('keeps the answer as text without NUL or invalid UTF-8', async () => {
    const body = new Uint8Array([0x6f, 0x6b, 0x00, 0xff, 0x21]);
    const attempt = await sendWebhook(leased, { fetch: async () => new Response(body, { status: 200 }), clock: { now: () => 0 }, timeoutMs: 1000, allowPrivateNetworks: false });
    expect(attempt).toMatchObject({ success: true, status_code: 200, response_body: 'ok\ufffd\ufffd!' });
  });
});
