/**
 * The dispatcher: leases due messages from the outbox, signs and sends them, and records each
 * attempt with the message's next state by the retry schedule (docs/webhooks.md). It needs only
 * `fetch`, Web Crypto and timers, so it runs in Node, Bun, Deno, workers and pages alike.
 *
 * Every send is independent (see delivery-pool.ts): one webhook has at most
 * `perWebhookConcurrency` sends under way, so a receiver that is slow or never answers delays no
 * other webhook's messages.
 *
 * Several dispatchers may share one store (processes on one SQLite file, or one database): a lease
 * hands each due message to one of them for `leaseMs`, longer than a send can take, so no attempt
 * is made twice. A dispatcher that dies holding leases only delays those messages until the
 * leases expire; the message is then sent again with the same `webhook-id` (at least once).
 *
 * Sending (delivery-pool.ts, send.ts) loads on the first `start()` or `deliverDue()`: a board
 * that never delivers (one in a browser page, say) never loads it.
 */
import { consoleLogger, cryptoRandom, systemClock, type Clock, type Logger, type RandomBytes } from '../domain/ports.js';
import { randomBase62 } from '../domain/ports.js';
import { repeatedFailures } from '../domain/repeated-failures.js';
import type { Storage } from '../storage/contract.js';
import type { DeliveryPool, PoolSettings } from './delivery-pool.js';
import type { WebhookFetch } from './user-agent.js';

/** Sends under way to one webhook at most, by default. */
export const DEFAULT_PER_WEBHOOK_CONCURRENCY = 4;

/** Options of {@link createWebhookDispatcher}; only `storage` is required. */
export interface WebhookDispatcherOptions {
  /** The store whose outbox is delivered. */
  storage: Storage;
  /** Source of "now": due times, `webhook-timestamp`, attempt times. Default: the system clock. */
  clock?: Clock;
  /** The fetch to send with. Default: `globalThis.fetch`. In Node, `serve` passes one that pins DNS. */
  fetch?: WebhookFetch;
  /** Deliver to loopback and private addresses too (local development, tests). Default false. */
  allowPrivateNetworks?: boolean;
  /** An attempt without a complete answer by then fails. Default 15 000 ms. */
  timeoutMs?: number;
  /**
   * How long a leased message stays with this dispatcher: longer than a send can take. Default
   * `timeoutMs` + 15 000 ms. A dispatcher that dies mid-send delays its messages by at most this.
   */
  leaseMs?: number;
  /** Messages leased at a time (one lease transaction). Default 16. */
  batchSize?: number;
  /** Sends under way at most, to all webhooks together. Default 64. */
  concurrency?: number;
  /**
   * Sends under way at most to one webhook (per dispatcher), so that a slow receiver holds no more.
   * Default 4.
   */
  perWebhookConcurrency?: number;
  /** How often `start()` looks for due messages. Default 1 000 ms. */
  pollIntervalMs?: number;
  /** Source of random bytes (the lease owner id). Default: `crypto.getRandomValues`. */
  random?: RandomBytes;
  /** Where failures of the dispatcher itself are reported. Default: console.error. */
  logger?: Logger;
}

/** What one {@link WebhookDispatcher.deliverDue} call did. */
export interface DeliveryReport {
  /** Attempts made (and recorded). */
  attempted: number;
  /** Of those, the successful ones. */
  delivered: number;
}

/** Sends what the outbox holds: now (`deliverDue`), or continuously (`start`/`stop`). */
export interface WebhookDispatcher {
  /**
   * Sends every message due now, batch after batch, until none is left, and resolves with what it
   * did. For workers and cron jobs: call it on a schedule. Failed attempts are due again later.
   */
  deliverDue(): Promise<DeliveryReport>;
  /** Polls for due messages every `pollIntervalMs` until {@link stop}. Starting twice does nothing. */
  start(): void;
  /** Stops polling and waits for the sends under way to be recorded. */
  stop(): Promise<void>;
}

/** The options' pool settings, with their defaults; throws a `RangeError` on a count that is not a positive integer. */
export function poolSettings(options: WebhookDispatcherOptions): PoolSettings {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? consoleLogger;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const counts = {
    leaseMs: options.leaseMs ?? timeoutMs + 15_000,
    batchSize: options.batchSize ?? 16,
    concurrency: options.concurrency ?? 64,
    perWebhookConcurrency: options.perWebhookConcurrency ?? DEFAULT_PER_WEBHOOK_CONCURRENCY,
  };
  for (const [name, value] of Object.entries(counts)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`feedback-board: webhooks.${name} must be a positive integer`);
  }
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  return {
    ...counts,
    pollIntervalMs,
    storage: options.storage,
    clock,
    logger,
    owner: `dispatcher_${randomBase62(options.random ?? cryptoRandom, 20)}`,
    send: {
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      clock,
      timeoutMs,
      allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    },
  };
}

/**
 * A dispatcher over `storage`.
 *
 * @example
 * ```ts
 * const dispatcher = createWebhookDispatcher({ storage });
 * dispatcher.start();               // a long-running process
 * await dispatcher.deliverDue();    // or: a worker's scheduled handler
 * ```
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const settings = poolSettings(options);
  return driveDeliveryPool(() => import('./delivery-pool.js').then(({ createDeliveryPool }) => createDeliveryPool(settings)), {
    pollIntervalMs: settings.pollIntervalMs,
    logger: settings.logger,
    clock: settings.clock,
    label: 'webhook dispatcher: delivering due messages',
  });
}

/**
 * A dispatcher over a delivery pool made on first use (a failed load is tried again by the next
 * use): `deliverDue` leases and sends until nothing is due and nothing is under way, `start`
 * polls every `pollIntervalMs` and leases again as soon as an attempt frees a slot.
 */
export function driveDeliveryPool(
  load: () => Promise<DeliveryPool>,
  options: { pollIntervalMs: number; logger: Logger; clock: Clock; label: string },
): WebhookDispatcher {
  const { pollIntervalMs, logger, clock } = options;
  let loading: Promise<DeliveryPool> | undefined;
  const loadPool = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

  /** Leases and sends until nothing is due and nothing is under way; counts the attempts recorded meanwhile. */
  async function deliverDue(): Promise<DeliveryReport> {
    const pool = await loadPool();
    const report: DeliveryReport = { attempted: 0, delivered: 0 };
    const stopCounting = pool.onAttempt((success) => {
      report.attempted += 1;
      if (success) report.delivered += 1;
    });
    try {
      for (;;) {
        const nothingDue = await pool.fill();
        if (nothingDue && pool.busy === 0) return report;
        // Messages that become due meanwhile are leased at the next poll, not after the slowest send.
        await pool.progress(pollIntervalMs);
      }
    } finally {
      stopCounting();
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let stopListening: (() => void) | null = null;
  const failures = repeatedFailures(logger, options.label, clock);
  const fill = () =>
    loadPool().then((pool) => pool.fill()).then(
      (nothingDue) => {
        failures.succeeded();
        return nothingDue;
      },
      (error: unknown) => {
        failures.failed(error);
        return false;
      },
    );
  let running: Promise<unknown> = Promise.resolve();

  const tick = () => {
    running = fill().finally(() => {
      if (started) timer = setTimeout(tick, pollIntervalMs);
    });
  };

  return {
    deliverDue,
    start() {
      if (started) return;
      started = true;
      // A recorded attempt frees a slot: lease again at once rather than at the next poll. A pool
      // that fails to load is reported by the polls, which try again.
      loadPool().then((pool) => {
        if (started && stopListening === null) {
          stopListening = pool.onAttempt(() => {
            if (started) running = Promise.all([running, fill()]);
          });
        }
      }, () => {});
      tick();
    },
    async stop() {
      started = false;
      stopListening?.();
      stopListening = null;
      if (timer !== undefined) clearTimeout(timer);
      await running;
      const pool = await loading?.catch(() => undefined);
      if (pool === undefined) return;
      pool.dropWaiting();
      while (pool.busy > 0) await pool.progress(pollIntervalMs);
    },
  };
}

/** Several dispatchers as one: each delivers its own outbox, independently of the others. */
export function combineDispatchers(dispatchers: readonly WebhookDispatcher[]): WebhookDispatcher {
  return {
    async deliverDue() {
      const reports = await Promise.all(dispatchers.map((dispatcher) => dispatcher.deliverDue()));
      return reports.reduce((sum, report) => ({ attempted: sum.attempted + report.attempted, delivered: sum.delivered + report.delivered }));
    },
    start: () => dispatchers.forEach((dispatcher) => dispatcher.start()),
    stop: async () => void (await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()))),
  };
}
