/**
 * The dispatcher's sends, each independent of the others. Leased messages wait in a queue per
 * webhook; each webhook has at most `perWebhookConcurrency` sends under way and all of them
 * together at most `concurrency`, so a receiver that never answers holds its own share of sends
 * and nothing else: the other webhooks' messages (of any organization) go on being leased and
 * sent. A message waiting for its webhook's turn stays leased, so leasing again moves past it.
 *
 * No attempt twice: a waiting message is sent only while its lease outlasts the send (it has
 * waited less than half of `leaseMs - timeoutMs`); otherwise it is left to its lease and due again
 * when that expires. Attempts that finish close together are recorded in one write transaction.
 */
import { toIso } from '../domain/time.js';
import type { Clock, Logger } from '../domain/ports.js';
import type { LeasedWebhookMessage, Storage } from '../storage/contract.js';
import { nextMessageState } from './schedule.js';
import { sendWebhook, type SendSettings } from './send.js';

/** What the pool needs; see the dispatcher's options for the meaning of each number. */
export interface PoolSettings {
  storage: Storage;
  clock: Clock;
  logger: Logger;
  owner: string;
  leaseMs: number;
  batchSize: number;
  concurrency: number;
  perWebhookConcurrency: number;
  pollIntervalMs: number;
  send: SendSettings;
}

interface Waiting {
  leased: LeasedWebhookMessage;
  leasedAt: number;
}

interface Finished {
  leased: LeasedWebhookMessage;
  attempt: Awaited<ReturnType<typeof sendWebhook>>;
  /** By the pool's clock, which also times the waits. */
  tookMs: number;
}

/** Leased messages kept waiting at most, per send slot (bounded memory, and short waits). */
const WAITING_PER_SLOT = 4;

/** The pool of one dispatcher. */
export function createDeliveryPool(s: PoolSettings) {
  const queues = new Map<number, Waiting[]>();
  const underWay = new Map<number, number>();
  /** Each webhook's recent send duration (ms, a moving average): how many of its messages may wait. */
  const durations = new Map<number, number>();
  const finished: Finished[] = [];
  const listeners = new Set<(success: boolean) => void>();
  const maxWaiting = s.concurrency * WAITING_PER_SLOT;
  const waitLimitMs = Math.max(0, (s.leaseMs - s.send.timeoutMs) / 2);
  let sending = 0;
  let waiting = 0;
  let filling: Promise<boolean> | null = null;
  let recording = false;
  let progress: (() => void)[] = [];

  const notify = () => {
    const resolve = progress;
    progress = [];
    resolve.forEach((done) => done());
  };

  /** How many messages of the webhook may wait: as many as its sends of late would get through in time. */
  const canWait = (webhookId: number): number => {
    const duration = durations.get(webhookId);
    return duration === undefined ? s.perWebhookConcurrency : Math.floor(waitLimitMs / 2 / Math.max(1, duration)) * s.perWebhookConcurrency;
  };
  /**
   * How many messages to lease now. The next messages are most likely for the webhooks of the
   * last lease: while each of those may have no more waiting than it sends in time, lease no more
   * than the most any of them can still take. A webhook so slow that none may wait sets no bound
   * (its messages wait in their lease, out of the way of the next lease, until they are left to
   * it). The guess is dropped once another webhook's attempt is recorded or a poll interval has
   * passed without a lease, so that a slow webhook never keeps others' messages from being leased.
   */
  let lastLeased: number[] = [];
  let lastLeaseAt = 0;
  const leaseRoom = (): number => {
    const room = Math.min(s.batchSize, maxWaiting - waiting);
    const stale = performance.now() - lastLeaseAt >= s.pollIntervalMs;
    if (stale || lastLeased.length === 0 || lastLeased.some((webhookId) => canWait(webhookId) === 0)) return room;
    return Math.min(room, Math.max(...lastLeased.map((webhookId) => canWait(webhookId) - (queues.get(webhookId)?.length ?? 0))));
  };

  /** Starts every waiting message that has a free slot, taking webhooks in turn. */
  function startSends(): void {
    const now = s.clock.now();
    for (const [webhookId, queue] of [...queues]) {
      while (queue.length > 0 && sending < s.concurrency && (underWay.get(webhookId) ?? 0) < s.perWebhookConcurrency) {
        const next = queue.shift()!;
        waiting -= 1;
        if (now - next.leasedAt > waitLimitMs) continue; // left to its lease: due again when it expires
        send(webhookId, next.leased);
      }
      queues.delete(webhookId);
      if (queue.length > 0) queues.set(webhookId, queue); // to the back of the turn
    }
  }

  function send(webhookId: number, leased: LeasedWebhookMessage): void {
    sending += 1;
    underWay.set(webhookId, (underWay.get(webhookId) ?? 0) + 1);
    const startedAt = s.clock.now();
    void sendWebhook(leased, s.send).then((attempt) => {
      finished.push({ leased, attempt, tookMs: s.clock.now() - startedAt });
      void record();
    });
  }

  /**
   * Records finished attempts, all that finished meanwhile in one transaction. Each message's
   * next state follows the schedule from the attempts it had when leased: while this dispatcher
   * holds the lease, no one else records one. A record that fails leaves the message leased: it
   * goes again when the lease expires, with the same id.
   */
  async function record(): Promise<void> {
    if (recording) return;
    recording = true;
    while (finished.length > 0) {
      const batch = finished.splice(0);
      try {
        const now = toIso(s.clock.now());
        const results = await s.storage.transaction('write', async (tx) => {
          const out = [];
          for (const { leased, attempt } of batch) {
            const next = nextMessageState(leased.message, attempt.success, now);
            out.push(await tx.recordWebhookAttempt({ message_id: leased.message.id, owner: s.owner, attempt, next }));
          }
          return out;
        });
        results.forEach((result, i) => {
          if (result === null) s.logger.error(`webhook message ${batch[i]!.leased.message.msg_id}: the lease expired before the attempt was recorded`);
        });
      } catch (error) {
        s.logger.error('webhook dispatcher: recording attempts failed', error);
      }
      for (const { leased, attempt, tookMs } of batch) {
        const before = durations.get(leased.message.webhook_id) ?? tookMs;
        durations.set(leased.message.webhook_id, before * 0.75 + tookMs * 0.25);
        if (!lastLeased.includes(leased.message.webhook_id)) lastLeased = [];
        sending -= 1;
        underWay.set(leased.message.webhook_id, underWay.get(leased.message.webhook_id)! - 1);
        if (underWay.get(leased.message.webhook_id) === 0) underWay.delete(leased.message.webhook_id);
        listeners.forEach((listener) => listener(attempt.success));
      }
      startSends();
    }
    recording = false;
    notify();
  }

  /**
   * Leases due messages while sends can start and waiting room is left, and starts what it can.
   * Resolves true when nothing more was due, false when it stopped for lack of room.
   */
  function fill(): Promise<boolean> {
    // `finally` runs after the assignment even when the lease loop returns without waiting.
    filling ??= leaseAndStart().finally(() => {
      filling = null;
    });
    return filling;
  }

  async function leaseAndStart(): Promise<boolean> {
    for (;;) {
      startSends();
      const room = leaseRoom();
      if (sending >= s.concurrency || room <= 0) return false;
      const now = s.clock.now();
      const batch = await s.storage.transaction('write', (tx) =>
        tx.leaseWebhookMessages({ now: toIso(now), lease_until: toIso(now + s.leaseMs), owner: s.owner, limit: room }),
      );
      for (const leased of batch) {
        const queue = queues.get(leased.message.webhook_id) ?? [];
        queue.push({ leased, leasedAt: now });
        queues.set(leased.message.webhook_id, queue);
        waiting += 1;
      }
      lastLeased = [...new Set(batch.map((leased) => leased.message.webhook_id))];
      lastLeaseAt = performance.now();
      if (batch.length < room) {
        startSends();
        return true;
      }
    }
  }

  return {
    fill,
    /** Sends under way or waiting for their webhook's turn. */
    get busy(): number {
      return sending + waiting;
    },
    /** Resolves when attempts were next recorded, or after `ms`, whichever is first. */
    progress(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        progress.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    /** Calls `listener` with each recorded attempt's success until the returned function is called. */
    onAttempt(listener: (success: boolean) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Forgets the waiting messages (each is due again when its lease expires). */
    dropWaiting(): void {
      queues.clear();
      waiting = 0;
    },
  };
}
