/**
 * Sending integrations' outbound calls (docs/integrations.md): the outbox of calls delivered by
 * the webhook dispatcher's pool, with its rules: leases (no attempt twice), at least once, a
 * timeout, no redirect followed, the private-address guard unless allowed, the webhook retry
 * schedule (or the wait the answer asked for, when longer). Whether a failure is retried is the
 * provider interpreter's decision (401, 404, 422 are final; 5xx, 429 and timeouts are not); each
 * attempt is recorded with the provider's words. Headers are rebuilt from the connection at each
 * attempt, so a rotated token is used at once, and a deactivated connection sends nothing.
 *
 * When a link's call succeeds, the issue is linked to its post in the transaction that records
 * the attempt.
 */
import { abortAfter } from '../domain/deadline.js';
import type { IntegrationCallRecord } from '../domain/integrations.js';
import { toIso } from '../domain/time.js';
import type { ChatEvent } from '../integrations/chat/message.js';
import { chatRequest, interpretChatAnswer } from '../integrations/chat/send.js';
import { INTEGRATION_USER_AGENT, transportFailure, type OutboundAnswer, type OutboundOutcome, type OutboundRequest, type TrackerIssue } from '../integrations/outbound.js';
import { interpretIssueAnswer, trackerCallHeaders, type LinkPurpose } from '../integrations/tracker-calls.js';
import type { Storage, StorageTx } from '../storage/contract.js';
import { createDeliveryPool, type DeliveryPool, type Outbox, type PoolSettings } from '../webhooks/delivery-pool.js';
import { RETRY_DELAYS_MS } from '../webhooks/schedule.js';
import { RESPONSE_BODY_LIMIT, readStart, type SendSettings } from '../webhooks/send.js';
import { refusedTarget } from '../webhooks/targets.js';

/** The most of an answer read to interpret it (an issue's JSON); the attempt keeps its first 1 KiB. */
const ANSWER_READ_LIMIT = 1024 * 1024;

/** One attempt of a call, as recorded, with what a successful link's call found. */
export interface CallAttempt {
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  retry: boolean;
  retry_after_ms: number | null;
  duration_ms: number;
  response_body: string;
  success: boolean;
  issue: TrackerIssue | null;
}

/** A request ready to send, or the final reason it cannot be. */
type Prepared = { request: OutboundRequest; interpret(answer: OutboundAnswer): OutboundOutcome<TrackerIssue | null> } | { refused: string };

/**
 * The request of a chat message: to its target's URL as it is now (a credential, never kept with
 * the call), the queued event laid out in the target platform's format; an inactive or deleted
 * target sends nothing.
 */
async function prepareChatMessage(storage: Storage, call: IntegrationCallRecord): Promise<Prepared> {
  const target = await storage.transaction('read', (tx) => tx.getChatTarget(call.chat_target_id!));
  if (target === null || !target.active) return { refused: 'the chat target is inactive: nothing is sent to it' };
  return {
    request: chatRequest(target.platform, target.url, JSON.parse(call.body!) as ChatEvent),
    interpret: (answer) => interpretChatAnswer(target.platform, answer),
  };
}

/** The request of a call: a chat message's, or a tracker's with headers from the connection as it is now. */
async function prepareCall(storage: Storage, call: IntegrationCallRecord): Promise<Prepared> {
  if (call.chat_target_id !== null) return prepareChatMessage(storage, call);
  const connection = await storage.transaction('read', (tx) => tx.getIntegrationConnection(call.connection_id!));
  if (connection === null || !connection.active) return { refused: 'the connection is inactive: nothing is sent through it' };
  if (connection.token === null) return { refused: 'the connection has no token for outbound calls' };
  const purpose = call.purpose as LinkPurpose;
  return {
    request: { method: call.method, url: call.url!, headers: trackerCallHeaders(connection, call.body !== null), body: call.body },
    interpret: (answer) => interpretIssueAnswer(connection.provider, purpose, answer),
  };
}

/** What one send came to: the answer, or why none came; with when it started, how long it took and the start of the body. */
export type SendResult = { attempted_at: string; duration_ms: number; response_body: string } & ({ answer: OutboundAnswer } | { error: string; retry: boolean });

/**
 * Sends `request` once: through the private-address guard (refused, finally, unless allowed),
 * with the timeout, following no redirect. Never throws.
 */
export async function sendOnce(request: OutboundRequest, settings: SendSettings): Promise<SendResult> {
  const startedMs = settings.clock.now();
  const started = performance.now();
  const done = <T extends object>(fields: T, body = '') => ({
    attempted_at: toIso(startedMs), duration_ms: Math.round(performance.now() - started), response_body: body.slice(0, RESPONSE_BODY_LIMIT), ...fields,
  });
  const refused = refusedTarget(request.url, settings.allowPrivateNetworks);
  if (refused !== null) return done({ error: refused, retry: false });
  const deadline = abortAfter(settings.timeoutMs);
  try {
    const response = await settings.fetch(request.url, {
      method: request.method, headers: request.headers, ...(request.body === null ? {} : { body: request.body }), redirect: 'manual', signal: deadline.signal,
    });
    const body = await readStart(response, ANSWER_READ_LIMIT);
    return done({ answer: { status: response.status, headers: response.headers, body, received_at: settings.clock.now() } }, body);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = deadline.expired() ? `${settings.timeoutMs / 1000} s` : `${cause?.code ? `${cause.code} ` : ''}${cause?.message ?? (error as Error).message}`;
    return done({ error: transportFailure(deadline.expired() ? 'timeout' : 'network', detail).error, retry: true });
  } finally {
    deadline.clear();
  }
}

/** Sends one call once and describes the attempt; never throws. */
export async function sendIntegrationCall(storage: Storage, call: IntegrationCallRecord, settings: SendSettings): Promise<CallAttempt> {
  const failed = (error: string, retry: boolean) => ({ status_code: null, error, retry, retry_after_ms: null, success: false, issue: null });
  let prepared: Prepared;
  try {
    prepared = await prepareCall(storage, call);
  } catch (error) {
    prepared = { refused: `the call could not be prepared: ${(error as Error).message}` };
  }
  if ('refused' in prepared) return { attempted_at: toIso(settings.clock.now()), duration_ms: 0, response_body: '', ...failed(prepared.refused, false) };
  const sent = await sendOnce(prepared.request, settings);
  const { attempted_at, duration_ms, response_body } = sent;
  if (!('answer' in sent)) return { attempted_at, duration_ms, response_body, ...failed(sent.error, sent.retry) };
  const outcome = prepared.interpret(sent.answer);
  const base = { attempted_at, duration_ms, response_body, status_code: sent.answer.status };
  return outcome.ok
    ? { ...base, error: null, retry: false, retry_after_ms: null, success: true, issue: outcome.value }
    : { ...base, error: outcome.error, retry: outcome.retry, retry_after_ms: outcome.retry_after_ms, success: false, issue: null };
}

/**
 * The call's state after one more attempt ending at `now`: delivered on success; failed when the
 * failure is final or the schedule is spent; else pending until the schedule's next delay, or the
 * wait the answer asked for when that is longer.
 */
export function nextCallState(call: Pick<IntegrationCallRecord, 'attempts'>, attempt: Pick<CallAttempt, 'success' | 'retry' | 'retry_after_ms'>, now: string) {
  if (attempt.success) return { status: 'delivered', next_attempt_at: null } as const;
  const delay = RETRY_DELAYS_MS[attempt.retry ? call.attempts : RETRY_DELAYS_MS.length];
  if (delay === undefined) return { status: 'failed', next_attempt_at: null } as const;
  return { status: 'pending', next_attempt_at: toIso(Date.parse(now) + Math.max(delay, attempt.retry_after_ms ?? 0)) } as const;
}

/** Links the issue a call found to its post, when the post still exists; a link already there stays. */
async function linkIssue(tx: StorageTx, call: IntegrationCallRecord, issue: TrackerIssue, now: string): Promise<void> {
  if (call.post_id === null || call.connection_id === null || (await tx.getPost(call.post_id)) === null) return;
  const connection = await tx.getIntegrationConnection(call.connection_id);
  if (connection === null) return;
  await tx.insertPostLink({
    post_id: call.post_id, connection_id: connection.id, provider: connection.provider, url: issue.url, title: issue.title, state: issue.state, created_at: now, updated_at: now,
  });
}

/** The outbox of integrations' calls, each call's receiver its connection (or chat target). */
export function integrationCallOutbox(storage: Storage, send: SendSettings): Outbox<IntegrationCallRecord, CallAttempt> {
  return {
    lease: (tx, request) => tx.leaseIntegrationCalls(request),
    receiver: (call) => (call.connection_id !== null ? `connection ${call.connection_id}` : `chat target ${call.chat_target_id}`),
    send: (call) => sendIntegrationCall(storage, call, send),
    async record(tx, call, attempt, owner, now) {
      const { issue, retry_after_ms: _wait, ...recorded } = attempt;
      const updated = await tx.recordIntegrationCallAttempt({ call_id: call.id, owner, attempt: recorded, next: nextCallState(call, attempt, now) });
      if (updated === null) return false;
      if (issue !== null) await linkIssue(tx, call, issue, now);
      return true;
    },
    describe: (call) => `integration call ${call.id}`,
  };
}

/** The delivery pool of integrations' calls: the webhook pool's rules over the outbox of calls. */
export function createIntegrationCallPool(settings: PoolSettings): DeliveryPool {
  return createDeliveryPool(settings, integrationCallOutbox(settings.storage, settings.send));
}
