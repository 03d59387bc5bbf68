/**
 * Linear deliveries: the signature and the replay window checked against Linear's own SDK
 * (`LinearWebhookClient` of `@linear/sdk/webhooks`), and `Issue` events read into intents.
 */
import { createHmac } from 'node:crypto';
import { LinearWebhookClient } from '@linear/sdk/webhooks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecisionContext } from '../../src/integrations/intents.js';
import { decideLinearEvent } from '../../src/integrations/linear/events.js';
import { LINEAR_TIMESTAMP_TOLERANCE_MS, verifyLinearDelivery } from '../../src/integrations/linear/verify.js';
import { ISSUE_MOVED_TO_DONE, issueMovedTo, issueRetitled } from './fixtures/linear.js';

const SECRET = 'lin_wh_J3Qm0f2Wq9yVtK8sX4bN7cR1dE6hU5aP';
const NOW = ISSUE_MOVED_TO_DONE.webhookTimestamp + 1_200;
const context: DecisionContext = {
  pages_url: 'https://feedback.example.com',
  api_url: 'https://feedback.example.com/api/v1',
  board_slugs: ['ideas'],
  target: null,
};

/** Linear's scheme, as its docs state it: hex HMAC-SHA256 of the raw body. */
const linearSign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

function delivery(payload: unknown, headers: Record<string, string> = {}, secret = SECRET) {
  const body = JSON.stringify(payload);
  return {
    headers: new Headers({ 'linear-signature': linearSign(secret, body), 'linear-delivery': '6d1ae5a6-4bd7-4c26-9d43-0f9c5b5d1f6e', 'linear-event': 'Issue', ...headers }),
    body,
  };
}

describe('verifyLinearDelivery', () => {
  it('accepts a signed, fresh delivery, with its delivery id, event and parsed body', async () => {
    const check = await verifyLinearDelivery(delivery(ISSUE_MOVED_TO_DONE), [SECRET], NOW);
    expect(check).toMatchObject({ ok: true, delivery_id: '6d1ae5a6-4bd7-4c26-9d43-0f9c5b5d1f6e', event: 'Issue' });
  });

  it('refuses a missing or wrong signature, or a body changed after signing, with 401', async () => {
    const unsigned = delivery(ISSUE_MOVED_TO_DONE);
    unsigned.headers.delete('linear-signature');
    expect(await verifyLinearDelivery(unsigned, [SECRET], NOW)).toMatchObject({ ok: false, refusal: 'missing_signature', status: 401 });
    expect(await verifyLinearDelivery(delivery(ISSUE_MOVED_TO_DONE, {}, 'another'), [SECRET], NOW)).toMatchObject({ ok: false, refusal: 'bad_signature', status: 401 });
    const signed = delivery(ISSUE_MOVED_TO_DONE);
    expect(await verifyLinearDelivery({ headers: signed.headers, body: signed.body.replace('Done', 'Dome') }, [SECRET], NOW)).toMatchObject({ ok: false, refusal: 'bad_signature' });
    expect(await verifyLinearDelivery(delivery(ISSUE_MOVED_TO_DONE, { 'linear-signature': 'sha256=abc' }), [SECRET], NOW)).toMatchObject({ ok: false, refusal: 'bad_signature' });
  });

  it(`refuses a delivery whose signed webhookTimestamp is more than ${LINEAR_TIMESTAMP_TOLERANCE_MS / 1000} s away, or missing: a replay`, async () => {
    const sent = ISSUE_MOVED_TO_DONE.webhookTimestamp;
    expect((await verifyLinearDelivery(delivery(ISSUE_MOVED_TO_DONE), [SECRET], sent + LINEAR_TIMESTAMP_TOLERANCE_MS)).ok).toBe(true);
    expect((await verifyLinearDelivery(delivery(ISSUE_MOVED_TO_DONE), [SECRET], sent - LINEAR_TIMESTAMP_TOLERANCE_MS)).ok).toBe(true);
    expect(await verifyLinearDelivery(delivery(ISSUE_MOVED_TO_DONE), [SECRET], sent + LINEAR_TIMESTAMP_TOLERANCE_MS + 1)).toMatchObject({ ok: false, refusal: 'stale', status: 401 });
    expect(await verifyLinearDelivery(delivery(ISSUE_MOVED_TO_DONE), [SECRET], sent - LINEAR_TIMESTAMP_TOLERANCE_MS - 1)).toMatchObject({ ok: false, refusal: 'stale' });
    const { webhookTimestamp: _, ...withoutTimestamp } = ISSUE_MOVED_TO_DONE;
    expect(await verifyLinearDelivery(delivery(withoutTimestamp), [SECRET], NOW)).toMatchObject({ ok: false, refusal: 'stale' });
    expect(await verifyLinearDelivery(delivery({ ...ISSUE_MOVED_TO_DONE, webhookTimestamp: String(sent) }), [SECRET], NOW)).toMatchObject({ ok: false, refusal: 'stale' });
  });

  it('refuses a signed delivery without its id with 400, and reads the event from the body when the header is absent', async () => {
    const withoutId = delivery(ISSUE_MOVED_TO_DONE);
    withoutId.headers.delete('linear-delivery');
    expect(await verifyLinearDelivery(withoutId, [SECRET], NOW)).toMatchObject({ ok: false, refusal: 'missing_delivery_id', status: 400 });
    const withoutEvent = delivery(ISSUE_MOVED_TO_DONE);
    withoutEvent.headers.delete('linear-event');
    expect(await verifyLinearDelivery(withoutEvent, [SECRET], NOW)).toMatchObject({ ok: true, event: 'Issue' });
  });

  it('agrees with the Linear SDK’s LinearWebhookClient on signatures and timestamps', async () => {
    const client = new LinearWebhookClient(SECRET);
    const offsets = [0, 25_000, -25_000, 90_000, -90_000, null];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...offsets), fc.nat({ max: 3 }), fc.string({ maxLength: 200 }), async (offset, variant, text) => {
        const now = Date.now();
        const payload = offset === null ? { type: 'Issue', text } : { type: 'Issue', text, webhookTimestamp: now + offset };
        const body = JSON.stringify(payload);
        const right = linearSign(SECRET, body);
        const signature = [right, linearSign('other', body), `${right.slice(0, -1)}${right.endsWith('a') ? 'b' : 'a'}`, right.toUpperCase()][variant]!;
        let theirs: boolean;
        try {
          theirs = client.verify(Buffer.from(body), signature);
        } catch {
          theirs = false;
        }
        const headers = new Headers({ 'linear-signature': signature, 'linear-delivery': 'd' });
        const ours = await verifyLinearDelivery({ headers, body }, [SECRET], now);
        expect({ offset, variant, ours: ours.ok }).toEqual({ offset, variant, ours: theirs });
      }),
      { numRuns: 200 },
    );
  });
});

describe('decideLinearEvent', () => {
  const done = ISSUE_MOVED_TO_DONE as unknown as Record<string, unknown>;

  it('an issue moved to a completed state proposes shipped for its linked posts and closes its links', () => {
    expect(decideLinearEvent('Issue', done, context)).toEqual({
      intents: [
        { type: 'update_link', issue_url: 'https://linear.app/acme/issue/ENG-123/dark-mode', title: 'Dark mode', state: 'closed' },
        { type: 'propose_for_linked_issue', issue_url: 'https://linear.app/acme/issue/ENG-123/dark-mode', status: 'shipped', note: 'https://linear.app/acme/issue/ENG-123/dark-mode moved to Done: Dark mode' },
      ],
      summary: 'issue ENG-123 moved to Done: proposes shipped for its linked posts',
    });
  });

  it('moved to a canceled state proposes declined; to "Duplicate" (also canceled) or to a started state, nothing', () => {
    const canceled = decideLinearEvent('Issue', issueMovedTo({ name: 'Canceled', type: 'canceled' }) as unknown as Record<string, unknown>, context);
    expect(canceled.intents[1]).toMatchObject({ type: 'propose_for_linked_issue', status: 'declined' });
    const duplicate = decideLinearEvent('Issue', issueMovedTo({ name: 'Duplicate', type: 'canceled' }) as unknown as Record<string, unknown>, context);
    expect(duplicate).toEqual({
      intents: [{ type: 'update_link', issue_url: 'https://linear.app/acme/issue/ENG-123/dark-mode', title: 'Dark mode', state: 'closed' }],
      summary: 'issue ENG-123 moved to Duplicate: nothing to propose',
    });
    const started = decideLinearEvent('Issue', issueMovedTo({ name: 'In Review', type: 'started' }) as unknown as Record<string, unknown>, context);
    expect(started.intents).toEqual([{ type: 'update_link', issue_url: 'https://linear.app/acme/issue/ENG-123/dark-mode', title: 'Dark mode', state: 'open' }]);
  });

  it('an edit of an issue already done (no stateId in updatedFrom) proposes nothing again', () => {
    const decision = decideLinearEvent('Issue', issueRetitled('Dark mode, everywhere') as unknown as Record<string, unknown>, context);
    expect(decision.intents).toEqual([{ type: 'update_link', issue_url: 'https://linear.app/acme/issue/ENG-123/dark-mode', title: 'Dark mode, everywhere', state: 'closed' }]);
  });

  it('a created issue updates links; a removed one, other entities and issues of another team change nothing', () => {
    expect(decideLinearEvent('Issue', { ...done, action: 'create', updatedFrom: undefined }, context).intents.map((intent) => intent.type)).toEqual(['update_link']);
    expect(decideLinearEvent('Issue', { ...done, action: 'remove' }, context).intents).toEqual([]);
    expect(decideLinearEvent('Comment', { ...done, type: 'Comment' }, context).intents).toEqual([]);
    expect(decideLinearEvent('Issue', done, { ...context, target: ISSUE_MOVED_TO_DONE.data.teamId }).intents).toHaveLength(2);
    expect(decideLinearEvent('Issue', done, { ...context, target: 'another-team' })).toEqual({ intents: [], summary: 'an issue of team 72b2a2dc-6f4f-4423-9d34-24b5bd10634a, not of another-team' });
  });

  it('reads a payload missing its fields as nothing to do, never throwing', () => {
    for (const payload of [{}, { type: 'Issue' }, { type: 'Issue', action: 'update', data: 'x' }, { type: 'Issue', action: 'update', data: {}, updatedFrom: { stateId: 'a' } }]) {
      expect(decideLinearEvent('Issue', payload, context).intents).toEqual([]);
    }
  });
});
