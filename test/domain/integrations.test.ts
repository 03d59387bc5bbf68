/**
 * The records integrations are stored as, held to what they follow: a chat target posts
 * webhook events by their own names, and an outbound call is leased and retried like a webhook
 * message, so it carries the same delivery fields.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { WebhookMessageRecord } from '../../src/domain/records.js';
import { CHAT_EVENTS, type ChatEventName, type IntegrationCallRecord } from '../../src/domain/integrations.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../src/services/webhook-events.js';

describe('the integrations’ records', () => {
  it('name chat events as the webhook events they follow', () => {
    expectTypeOf<ChatEventName>().toExtend<WebhookEventType>();
    expect(CHAT_EVENTS.filter((event) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event))).toEqual([]);
  });

  it('give an outbound call the delivery fields of a webhook message', () => {
    type DeliveryFields = 'status' | 'attempts' | 'next_attempt_at' | 'lease_until' | 'lease_owner' | 'created_at';
    expectTypeOf<Pick<IntegrationCallRecord, DeliveryFields>>().toEqualTypeOf<Pick<WebhookMessageRecord, DeliveryFields>>();
  });
});
