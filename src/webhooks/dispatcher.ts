/**
 * The dispatcher: leases due messages from the outbox, signs and sends them, and records each
 * attempt with the message's next state by the retry schedule (docs/webhooks.md). It needs only `fetch`, Web Crypto
 * and timers, so it runs in Node, Bun, Deno, workers and pages alike.
 *
 * Several dispatchers may share one store (processes on one SQLite file, or one database): a lease
 * hands each due message to one of them for `leaseMs`, longer than a send can take, so no attempt
 * is made twice. A dispatcher that dies holding leases only delays those messages until the
 * leases expire; the message is then sent again with the same `webhook-id` (at least once).
 */
import { toIso } from '../domain/time.js';
import { consoleLogger, cryptoRandom, systemClock, type Clock, type Logger, type RandomBytes } from '../domain/ports.js';
import { randomBase62 } from '../domain/ports.js';
import type { LeasedWebhookMessage, Storage } from '../storage/contract.js';
import { nextMessageState } from './schedule.js';
import { sendWebhook, type WebhookFetch } from './send.js';

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
  /** Messages leased at a time; they are sent concurrently. Default 16. */
  batchSize?: number;
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
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? consoleLogger;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const leaseMs = options.leaseMs ?? timeoutMs + 15_000;
  const batchSize = options.batchSize ?? 16;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const owner = `dispatcher_${randomBase62(options.random ?? cryptoRandom, 20)}`;
  const send = {
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    clock,
    timeoutMs,
    allowPrivateNetworks: options.allowPrivateNetworks ?? false,
  } satisfies Parameters<typeof sendWebhook>[1];

  /**
   * Sends a leased batch concurrently and records its attempts in one transaction (a write
   * transaction per attempt cost more than the sends to a local receiver). Each message's next
   * state follows the schedule from the attempts it had when leased: while this dispatcher holds
   * the lease, no one else records one. A crash before the record leaves the messages leased:
   * they go again when the lease expires, with the same id.
   */
  async function deliverBatch(batch: readonly LeasedWebhookMessage[]): Promise<boolean[]> {
    const attempts = await Promise.all(
      batch.map(async (leased) => {
        const attempt = await sendWebhook(leased, send);
        return { leased, attempt, next: nextMessageState(leased.message, attempt.success, toIso(clock.now())) };
      }),
    );
    const recorded = await options.storage.transaction('write', async (tx) => {
      const results = [];
      for (const { leased, attempt, next } of attempts) {
        results.push(await tx.recordWebhookAttempt({ message_id: leased.message.id, owner, attempt, next }));
      }
      return results;
    });
    recorded.forEach((result, i) => {
      if (result === null) logger.error(`webhook message ${batch[i]!.message.msg_id}: the lease expired before the attempt was recorded`);
    });
    return attempts.map(({ attempt }) => attempt.success);
  }

  async function deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { attempted: 0, delivered: 0 };
    for (;;) {
      const now = clock.now();
      const batch = await options.storage.transaction('write', (tx) =>
        tx.leaseWebhookMessages({ now: toIso(now), lease_until: toIso(now + leaseMs), owner, limit: batchSize }),
      );
      if (batch.length === 0) return report;
      const results = await deliverBatch(batch);
      report.attempted += results.length;
      report.delivered += results.filter(Boolean).length;
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let started = false;

  const tick = () => {
    running = deliverDue()
      .catch((error: unknown) => logger.error('webhook dispatcher: delivering due messages failed', error))
      .finally(() => {
        if (started) timer = setTimeout(tick, pollIntervalMs);
      });
  };

  return {
    deliverDue,
    start() {
      if (started) return;
      started = true;
      tick();
    },
    async stop() {
      started = false;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}
