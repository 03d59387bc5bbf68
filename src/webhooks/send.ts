/**
 * One delivery attempt: sign, POST with a timeout and no redirects, keep the first 1 KiB of the
 * answer. Never throws: whatever happens becomes the attempt's record.
 */
import { abortAfter } from '../domain/deadline.js';
import type { WebhookAttemptRecord } from '../domain/records.js';
import { toIso } from '../domain/time.js';
import type { Clock } from '../domain/ports.js';
import type { LeasedWebhookMessage } from '../storage/contract.js';
import { signWebhook } from './signing.js';
import { refusedTarget } from './targets.js';
import { WEBHOOK_USER_AGENT, type WebhookFetch } from './user-agent.js';

export { WEBHOOK_USER_AGENT, type WebhookFetch };

/** How much of an answer's body an attempt keeps. */
export const RESPONSE_BODY_LIMIT = 1024;

export interface SendSettings {
  fetch: WebhookFetch;
  clock: Clock;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
}

type Attempt = Omit<WebhookAttemptRecord, 'id' | 'message_id' | 'webhook_id'>;

/** Reads at most `limit` bytes of the body (by default {@link RESPONSE_BODY_LIMIT}), then lets the rest go. */
export async function readStart(response: Response, limit = RESPONSE_BODY_LIMIT): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(size, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset >= bytes.length) break;
  }
  // Kept as text that every store takes: PostgreSQL's text holds no NUL, and no dump carries one.
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replaceAll('\u0000', '\ufffd');
}

function describe(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timeout: no complete answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = (error as { code?: string })?.code ?? cause?.code;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `network error: ${code ? `${code} ` : ''}${message}`.slice(0, 500);
}

/** Sends one leased message once and describes the attempt. */
export async function sendWebhook(leased: LeasedWebhookMessage, settings: SendSettings): Promise<Attempt> {
  const { message } = leased;
  const startedMs = settings.clock.now();
  const started = performance.now();
  const finish = (fields: Pick<Attempt, 'status_code' | 'error' | 'response_body' | 'success'>): Attempt => ({
    attempted_at: toIso(startedMs),
    duration_ms: Math.round(performance.now() - started),
    ...fields,
  });

  const refused = refusedTarget(leased.url, settings.allowPrivateNetworks);
  if (refused) return finish({ status_code: null, error: refused, response_body: '', success: false });

  const deadline = abortAfter(settings.timeoutMs);
  try {
    const timestamp = Math.floor(startedMs / 1000);
    const response = await settings.fetch(leased.url, {
      method: 'POST',
      body: message.payload,
      redirect: 'manual',
      signal: deadline.signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        'webhook-id': message.msg_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await signWebhook(leased.secret, message.msg_id, timestamp, message.payload),
      },
    });
    const body = await readStart(response);
    // A browser reports a redirect it did not follow as an opaque answer with status 0.
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      return finish({ status_code: response.status || null, error: 'redirect: not followed', response_body: body, success: false });
    }
    const success = response.status >= 200 && response.status < 300;
    return finish({ status_code: response.status, error: success ? null : `HTTP ${response.status}`, response_body: body, success });
  } catch (error) {
    return finish({ status_code: null, error: describe(error, deadline.expired(), settings.timeoutMs), response_body: '', success: false });
  } finally {
    deadline.clear();
  }
}
