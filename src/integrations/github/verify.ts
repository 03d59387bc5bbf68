/**
 * Checking a GitHub webhook delivery: `X-Hub-Signature-256` is `sha256=` and the lowercase hex
 * HMAC-SHA256 of the raw body keyed with the webhook's secret (its UTF-8 bytes), as GitHub
 * documents and `@octokit/webhooks-methods` computes; `X-GitHub-Delivery` is the delivery's id,
 * the same when a person redelivers it; `X-GitHub-Event` names the event.
 */
import { bodyBytes, deliveryIdOf, parseJsonObject, refuse, verifyHmacSha256Hex, type InboundCheck, type InboundRequest } from '../inbound.js';

/**
 * The verdict on a GitHub delivery, checked against each of `secrets` (the current secret, and
 * the previous one while a rotation settles). The signature is checked before anything else of
 * the request is read.
 */
export async function verifyGitHubDelivery(request: InboundRequest, secrets: readonly string[]): Promise<InboundCheck> {
  const header = request.headers.get('x-hub-signature-256');
  if (header === null || header.trim() === '') return refuse('missing_signature', 'X-Hub-Signature-256 is missing: set a secret on the GitHub webhook');
  const signature = /^sha256=([0-9a-f]{64})$/.exec(header.trim());
  if (!signature || !(await verifyHmacSha256Hex(secrets, bodyBytes(request.body), signature[1]!))) {
    return refuse('bad_signature', 'X-Hub-Signature-256 does not match the body and the secret');
  }
  const deliveryId = deliveryIdOf(request.headers.get('x-github-delivery'));
  if (deliveryId === null) return refuse('missing_delivery_id', 'X-GitHub-Delivery is missing');
  const event = request.headers.get('x-github-event')?.trim() ?? '';
  if (event === '') return refuse('malformed', 'X-GitHub-Event is missing');
  const payload = parseJsonObject(request.body);
  if (payload === null) return refuse('malformed', 'the body is not a JSON object: set the webhook content type to application/json');
  return { ok: true, delivery_id: deliveryId, event, payload };
}
