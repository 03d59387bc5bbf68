/**
 * Checking a Linear webhook delivery: `Linear-Signature` is the hex HMAC-SHA256 of the raw body
 * keyed with the webhook's signing secret; the signed body's `webhookTimestamp` (milliseconds)
 * must lie within a minute of the receiver's clock, so a captured delivery cannot be replayed
 * later; `Linear-Delivery` is the delivery's id, and `Linear-Event` (else the body's `type`) names
 * the event. This is what Linear documents and its SDK's `LinearWebhookClient` checks.
 */
import { numberAt, stringAt } from '../payload.js';
import { bodyBytes, deliveryIdOf, parseJsonObject, refuse, verifyHmacSha256Hex, type InboundCheck, type InboundRequest } from '../inbound.js';

/** How far a delivery's `webhookTimestamp` may be from the receiver's clock. */
export const LINEAR_TIMESTAMP_TOLERANCE_MS = 60_000;

/**
 * The verdict on a Linear delivery, checked against each of `secrets`, at the time `now`
 * (milliseconds since the epoch).
 */
export async function verifyLinearDelivery(request: InboundRequest, secrets: readonly string[], now: number): Promise<InboundCheck> {
  const signature = request.headers.get('linear-signature')?.trim() ?? '';
  if (signature === '') return refuse('missing_signature', 'Linear-Signature is missing');
  if (!(await verifyHmacSha256Hex(secrets, bodyBytes(request.body), signature))) return refuse('bad_signature', 'Linear-Signature does not match the body and the secret');
  const payload = parseJsonObject(request.body);
  if (payload === null) return refuse('malformed', 'the body is not a JSON object');
  const sentAt = numberAt(payload, 'webhookTimestamp');
  if (sentAt === null) return refuse('stale', 'the body has no webhookTimestamp');
  if (Math.abs(now - sentAt) > LINEAR_TIMESTAMP_TOLERANCE_MS) return refuse('stale', 'webhookTimestamp is more than a minute away: a replayed or delayed delivery');
  const deliveryId = deliveryIdOf(request.headers.get('linear-delivery'));
  if (deliveryId === null) return refuse('missing_delivery_id', 'Linear-Delivery is missing');
  const event = request.headers.get('linear-event')?.trim() || stringAt(payload, 'type') || '';
  if (event === '') return refuse('malformed', 'neither Linear-Event nor the body names the event');
  return { ok: true, delivery_id: deliveryId, event, payload };
}
