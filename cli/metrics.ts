/**
 * `serve --metrics`: `GET /metrics` in the Prometheus text format, through prom-client (an optional
 * peer dependency, loaded only when `--metrics` is given, like nodemailer for `--smtp`; the core
 * and every library entry never import it). On `--metrics-port` when given, else on the main port.
 *
 * Series: requests and their latency by method, route pattern and status; answers 429 by what
 * refused them (the key's rate limit, or the failed-authentication throttle of an address);
 * webhook sends under way and their outcomes; the webhook queue's depth, read from the store on
 * each scrape. `/metrics` itself is not counted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Served } from './request-log.js';
import type { WebhookFetch } from '../src/webhooks/send.js';

/** The path metrics are served at. */
export const METRICS_PATH = '/metrics';

/** The metrics of one `serve` process. */
export interface ServeMetrics {
  /** Counts one request served (the request log's hook). */
  served(served: Served): void;
  /** `fetch` for webhook sends, counting them. */
  webhookFetch(fetch: WebhookFetch): WebhookFetch;
  /** Where the webhook queue's depth is read, on each scrape (the storage, once it is open). */
  readQueueDepth(depth: () => Promise<number>): void;
  /** The answer to `GET /metrics`. */
  answer(): Promise<Response>;
}

/** `--metrics` without prom-client installed; the CLI says what to install and exits 1. */
export class MetricsUnavailableError extends Error {}

/** The metrics, with prom-client loaded now. */
export async function createServeMetrics(): Promise<ServeMetrics> {
  const prom = await import('prom-client').catch((error: unknown) => {
    throw new MetricsUnavailableError(`--metrics needs the prom-client package (npm install prom-client). (${(error as Error).message})`);
  });
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, prefix: 'feedback_board_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new prom.Counter({ name: 'feedback_board_http_requests_total', help: 'Requests answered, by method, route pattern and status.', labelNames, registers: [registry] });
  const latency = new prom.Histogram({
    name: 'feedback_board_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status.',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const refused = new prom.Counter({
    name: 'feedback_board_http_refusals_total',
    help: 'Answers 429, by what refused: "rate_limit" (the key\'s limit) or "auth_throttle" (failed authentications of the address).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const sending = new prom.Gauge({ name: 'feedback_board_webhook_sends_in_flight', help: 'Webhook sends under way.', registers: [registry] });
  const outcomes = new prom.Counter({
    name: 'feedback_board_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome: "delivered" (2xx), "rejected" (another status) or "failed" (no answer).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  let queueDepth: (() => Promise<number>) | undefined;
  new prom.Gauge({
    name: 'feedback_board_webhook_queue_depth',
    help: 'Webhook messages waiting for a delivery or a retry, in the whole store (read on each scrape).',
    registers: [registry],
    async collect() {
      if (queueDepth !== undefined) this.set(await queueDepth());
    },
  });
  for (const reason of ['rate_limit', 'auth_throttle']) refused.inc({ reason }, 0);
  for (const outcome of ['delivered', 'rejected', 'failed']) outcomes.inc({ outcome }, 0);

  return {
    served({ method, route, status, durationMs, header }) {
      if (route === METRICS_PATH) return;
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, durationMs / 1000);
      if (status === 429) refused.inc({ reason: header('ratelimit-policy') !== undefined ? 'rate_limit' : 'auth_throttle' });
    },
    webhookFetch(fetch) {
      return async (input, init) => {
        sending.inc();
        try {
          const answer = await fetch(input, init);
          outcomes.inc({ outcome: answer.ok ? 'delivered' : 'rejected' });
          return answer;
        } catch (error) {
          outcomes.inc({ outcome: 'failed' });
          throw error;
        } finally {
          sending.dec();
        }
      };
    },
    readQueueDepth(depth) {
      queueDepth = depth;
    },
    async answer() {
      return new Response(await registry.metrics(), { headers: { 'Content-Type': registry.contentType } });
    },
  };
}

/** `fetch` with `GET /metrics` answered from `metrics` in front of it. */
export function withMetricsRoute(
  metrics: ServeMetrics,
  fetch: (request: Request, context?: unknown) => Promise<Response>,
): (request: Request, context?: unknown) => Promise<Response> {
  return (request, context) => {
    if (request.method === 'GET' && new URL(request.url).pathname === METRICS_PATH) return metrics.answer();
    return fetch(request, context);
  };
}

/** A server of its own for `/metrics` (`--metrics-port`), on `host`; resolves with its URL. */
export async function serveMetricsAlone(metrics: ServeMetrics, host: string, port: number): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    void metrics.answer().then(async (answer) => {
      response.writeHead(200, { 'Content-Type': answer.headers.get('Content-Type') ?? 'text/plain' }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${shownHost}:${address.port}`, server };
}
