/**
 * The dashboard side of webhook delivery (docs/webhooks.md): a webhook's messages and their
 * attempts (newest first, paged), redelivery, secret rotation and test events.
 */
import * as z from 'zod/mini';
import { notFound } from '../domain/errors.js';
import type { WebhookAttemptRecord, WebhookMessageRecord, WebhookRecord } from '../domain/records.js';
import { parseOrThrow } from '../domain/validation.js';
import { nowIso, read, write, type ServiceContext } from './context.js';
import type { Page } from '../storage/contract.js';
import { emitEvent } from './webhook-events.js';
import { generateWebhookSecret } from '../webhooks/signing.js';

/** A message as the dashboard shows it: everything but the dispatchers' lease. */
export type WebhookMessage = Omit<WebhookMessageRecord, 'lease_until' | 'lease_owner'>;
/** An attempt as the dashboard shows it. */
export type WebhookAttempt = WebhookAttemptRecord;

const pageInput = z.strictObject({
  limit: z.optional(z.int().check(z.gte(1), z.lte(500))),
  offset: z.optional(z.int().check(z.gte(0))),
});

/** A page of a list. */
export interface WebhookPageInput {
  /** 1..500, default 50. */
  limit?: number;
  /** >= 0, default 0. */
  offset?: number;
}

function page(input: WebhookPageInput) {
  const parsed = parseOrThrow(pageInput, input);
  return { limit: parsed.limit ?? 50, offset: parsed.offset ?? 0 };
}

const toMessage = ({ lease_until: _until, lease_owner: _owner, ...message }: WebhookMessageRecord): WebhookMessage => message;

/** The webhook's messages, newest first. */
export function listWebhookMessages(
  ctx: ServiceContext,
  webhookId: number,
  input: WebhookPageInput = {},
): Promise<Page<WebhookMessage>> {
  const query = page(input);
  return read(ctx, async (tx) => {
    if (!(await tx.getWebhook(webhookId))) throw notFound('Webhook not found');
    const found = await tx.listWebhookMessages(webhookId, query);
    return { rows: found.rows.map(toMessage), total: found.total };
  });
}

/** The message's attempts, newest first. */
export function listWebhookAttempts(
  ctx: ServiceContext,
  messageId: number,
  input: WebhookPageInput = {},
): Promise<Page<WebhookAttempt>> {
  const query = page(input);
  return read(ctx, async (tx) => {
    if (!(await tx.getWebhookMessage(messageId))) throw notFound('Webhook message not found');
    return tx.listWebhookAttempts(messageId, query);
  });
}

/** Makes the message due now, whatever its state (delivered and failed ones included). */
export function redeliverWebhookMessage(ctx: ServiceContext, messageId: number): Promise<WebhookMessage> {
  const now = nowIso(ctx);
  return write(ctx, async (tx) => {
    const message = await tx.redeliverWebhookMessage(messageId, now);
    if (!message) throw notFound('Webhook message not found');
    return toMessage(message);
  });
}

/**
 * Gives the webhook a new secret (`whsec_` + base64 of 24 random bytes); attempts from now on
 * are signed with it, retries of older messages included. Returns the webhook with it.
 */
export function rotateWebhookSecret(ctx: ServiceContext, webhookId: number): Promise<WebhookRecord> {
  const secret = generateWebhookSecret(ctx.random);
  return write(ctx, async (tx) => {
    const webhook = await tx.updateWebhook(webhookId, { secret });
    if (!webhook) throw notFound('Webhook not found');
    return webhook;
  });
}

/** Enqueues a `webhook.test` event for this webhook alone, whatever its events; due now. */
export function sendTestEvent(ctx: ServiceContext, webhookId: number): Promise<WebhookMessage> {
  const now = nowIso(ctx);
  return write(ctx, async (tx) => {
    const webhook = await tx.getWebhook(webhookId);
    if (!webhook) throw notFound('Webhook not found');
    await emitEvent(ctx, tx, webhook.organization_id, 'webhook.test', { webhook_id: webhook.id }, now, webhook.id);
    const [latest] = (await tx.listWebhookMessages(webhook.id, { limit: 1, offset: 0 })).rows;
    return toMessage(latest!);
  });
}
