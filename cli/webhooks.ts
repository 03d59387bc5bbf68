/** How `serve` delivers webhooks: through the DNS-pinning Node fetch, looking for due messages twice a second. */
import type { WebhookDispatcherOptions } from '../src/webhooks/dispatcher.js';
import { createNodeWebhookFetch } from '../src/node/webhook-fetch.js';

/** The dispatcher options of `serve`; `--allow-private-webhooks` lets loopback and private targets through. */
export function webhookOptions(allowPrivateNetworks: boolean): Omit<WebhookDispatcherOptions, 'storage'> {
  return {
    allowPrivateNetworks,
    fetch: createNodeWebhookFetch({ allowPrivateNetworks }),
    pollIntervalMs: 500,
  };
}
