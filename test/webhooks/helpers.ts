/** Reading what the outbox holds for a webhook, event by event. */
import type { FeedbackBoard } from '../../src/board.js';
import type { WebhookMessage } from '../../src/services/webhooks.js';

/** Every message of the webhook, oldest first. */
export async function allMessages(board: FeedbackBoard, webhookId: number): Promise<WebhookMessage[]> {
  const { rows } = await board.dashboard.webhooks.messages(webhookId, { limit: 500 });
  return rows.sort((a, b) => a.id - b.id);
}

/** A reader of the messages that arrived since its previous call. */
export function newMessages(board: FeedbackBoard, webhookId: number) {
  let seen = 0;
  return async () => {
    const all = await allMessages(board, webhookId);
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh.map((m) => ({ type: m.event_type, payload: JSON.parse(m.payload) as { type: string; timestamp: string; data: any } }));
  };
}
