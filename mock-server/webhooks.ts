/**
 * Webhooks in the mock server. Events are recorded as messages (the real outbox), and nothing is
 * sent until a test says so with `deliverDue()`, on the mock clock: advance it to reach the next
 * retry. Each attempt goes to the test's answer function, or, without one, over the network with
 * the global fetch (private addresses allowed, so a receiver on 127.0.0.1 works).
 */
import type { FeedbackBoard } from '../src/board.js';
import type { DeliveryReport } from '../src/webhooks/dispatcher.js';
import type { WebhookAttempt, WebhookMessage } from '../src/services/webhooks.js';
import type { WebhookFetch } from '../src/webhooks/send.js';

/** One request the mock's dispatcher made, and what answered it. */
export interface SentWebhook {
  url: string;
  /** Lower-case header names: `webhook-id`, `webhook-timestamp`, `webhook-signature`, ... */
  headers: Record<string, string>;
  /** The exact body (verify signatures against it). */
  body: string;
  /** The parsed body: `{ type, timestamp, data }`. */
  payload: { type: string; timestamp: string; data: unknown };
  /** The answer's status, or null when the answer function threw (a network error). */
  status: number | null;
}

/** Answers one attempt: a Response, or just a status. Throwing makes it a network error. */
export type WebhookAnswer = (request: SentWebhook) => Response | number | Promise<Response | number>;

/** A recorded message with its attempts (newest first) and its parsed payload. */
export interface MockWebhookMessage extends WebhookMessage {
  data: unknown;
  attempts_made: WebhookAttempt[];
}

/** The webhook controls of a mock server. */
export interface MockWebhooks {
  /** Every message of every webhook (or of one), oldest first, with its attempts. */
  messages(webhookId?: number): Promise<MockWebhookMessage[]>;
  /** Makes every attempt due on the mock clock now; see the module comment for where they go. */
  deliverDue(): Promise<DeliveryReport>;
  /** Answers the next attempts with `answer` (`null`: send over the network again). */
  answer(answer: WebhookAnswer | null): void;
  /** The requests sent so far, oldest first. */
  sent(): SentWebhook[];
}

/** The fetch the mock's dispatcher sends with, and what it has sent. */
export class WebhookRelay {
  answerWith: WebhookAnswer | null = null;
  readonly sent: SentWebhook[] = [];

  readonly fetch: WebhookFetch = async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? init.body : '';
    const record: SentWebhook = { url, headers, body, payload: JSON.parse(body) as SentWebhook['payload'], status: null };
    this.sent.push(record);
    const answerWith = this.answerWith;
    const response = answerWith
      ? await Promise.resolve(answerWith(structuredClone({ ...record }))).then((a) => (typeof a === 'number' ? new Response(null, { status: a }) : a))
      : await globalThis.fetch(url, init);
    record.status = response.status;
    return response;
  };

  clear(): void {
    this.answerWith = null;
    this.sent.length = 0;
  }
}

/** The controls over the current board (`board()` changes at every reset). */
export function mockWebhooks(board: () => FeedbackBoard, ready: () => Promise<unknown>, relay: WebhookRelay): MockWebhooks {
  return {
    async messages(webhookId) {
      await ready();
      const { dashboard } = board();
      const ids =
        webhookId !== undefined
          ? [webhookId]
          : (await Promise.all((await dashboard.organizations.list()).map((o) => dashboard.webhooks.list(o.id)))).flat().map((w) => w.id);
      const out: MockWebhookMessage[] = [];
      for (const id of ids) {
        const { rows } = await dashboard.webhooks.messages(id, { limit: 500 });
        for (const message of rows) {
          const attempts = (await dashboard.webhooks.attempts(message.id, { limit: 500 })).rows;
          out.push({ ...message, data: (JSON.parse(message.payload) as { data: unknown }).data, attempts_made: attempts });
        }
      }
      return out.sort((a, b) => a.id - b.id);
    },
    async deliverDue() {
      await ready();
      return board().webhooks.deliverDue();
    },
    answer(answer) {
      relay.answerWith = answer;
    },
    sent: () => relay.sent.map((s) => structuredClone(s)),
  };
}
