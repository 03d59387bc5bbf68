// Where the dispatcher runs. Pick one per deployment; several processes sharing one store never
// send an attempt twice.
import { createFeedbackBoard } from 'feedback-board';
import { createSqliteStorage } from 'feedback-board/adapters/sqlite';
import { createNodeWebhookFetch } from 'feedback-board/node';

// A long-running Node process: poll for due messages, and stop cleanly.
const board = createFeedbackBoard({
  storage: createSqliteStorage({ path: 'feedback.db' }),
  // Resolve names, refuse private addresses, connect to the address checked (no DNS rebinding).
  webhooks: { fetch: createNodeWebhookFetch() },
});
board.webhooks.start();
process.on('SIGTERM', () => void board.close()); // stops the dispatcher, then closes the storage

// Local development, with a receiver on your own machine: allow private networks.
export const local = createFeedbackBoard({
  storage: createSqliteStorage({ path: 'dev.db' }),
  webhooks: { allowPrivateNetworks: true, fetch: createNodeWebhookFetch({ allowPrivateNetworks: true }) },
});

// A worker or a cron job: deliver what is due, then return.
export default {
  fetch: board.fetch,
  async scheduled(): Promise<void> {
    const { attempted, delivered } = await board.webhooks.deliverDue();
    console.log(`webhooks: ${delivered} of ${attempted} attempts delivered`);
  },
};
