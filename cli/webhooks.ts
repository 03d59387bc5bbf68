/** How `serve` delivers webhooks: through the DNS-pinning Node fetch, looking for due messages twice a second. */
import type { WebhookDispatcherOptions } from '../src/webhooks/dispatcher.js';
import { createNodeWebhookFetch } from '../src/node/webhook-fetch.js';
import type { ServeMetrics } from './metrics.js';

/**
 * The dispatcher options of `serve`; `--allow-private-webhooks` lets loopback and private targets
 * through; with `metrics`, every send is counted.
 */
export function webhookOptions(allowPrivateNetworks: boolean, metrics?: ServeMetrics): Omit<WebhookDispatcherOptions, 'storage'> {
  const fetch = createNodeWebhookFetch({ allowPrivateNetworks });
  return {
    allowPrivateNetworks,
    fetch: metrics === undefined ? fetch : metrics.webhookFetch(fetch),
    pollIntervalMs: 500,
  };
}
