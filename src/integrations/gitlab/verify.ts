/**
 * Checking a GitLab webhook delivery: `X-Gitlab-Token` carries the webhook's secret token as it
 * is (compared in constant time); the delivery's id is `Idempotency-Key`, the same on every retry
 * of one event (GitLab 17.4 and later), else `X-Gitlab-Event-UUID`; `X-Gitlab-Event` names the
 * event (`Merge Request Hook`, `Issue Hook`).
 */
import { constantTimeEqual, deliveryIdOf, parseJsonObject, refuse, type InboundCheck, type InboundRequest } from '../inbound.js';

/** The verdict on a GitLab delivery, its token checked against each of `secrets`. */
export async function verifyGitLabDelivery(request: InboundRequest, secrets: readonly string[]): Promise<InboundCheck> {
  const token = request.headers.get('x-gitlab-token');
  if (token === null || token === '') return refuse('missing_signature', 'X-Gitlab-Token is missing: set the secret token of the GitLab webhook');
  // Every secret is compared, so the time taken does not tell which one matched.
  let matched = false;
  for (const secret of secrets) matched = (secret !== '' && constantTimeEqual(token, secret)) || matched;
  if (!matched) return refuse('bad_signature', 'X-Gitlab-Token does not match the secret');
  const deliveryId = deliveryIdOf(request.headers.get('idempotency-key')) ?? deliveryIdOf(request.headers.get('x-gitlab-event-uuid'));
  if (deliveryId === null) return refuse('missing_delivery_id', 'neither Idempotency-Key nor X-Gitlab-Event-UUID is present');
  const event = request.headers.get('x-gitlab-event')?.trim() ?? '';
  if (event === '') return refuse('malformed', 'X-Gitlab-Event is missing');
  const payload = parseJsonObject(request.body);
  if (payload === null) return refuse('malformed', 'the body is not a JSON object');
  return { ok: true, delivery_id: deliveryId, event, payload };
}
