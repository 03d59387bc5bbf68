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
import type { LeasedWebhookMessage, Storage, StorageTx } from '../storage/contract.js';
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
  /** Of an outbox whose send needs them (webhook messages'). */
  send: SendSettings;
}

/**
 * An outbox the pool delivers: how to lease its due items, which receiver each goes to (the unit
 * of `perWebhookConcurrency`), how to send one, and how to record an attempt with the item's
 * next state. Webhook messages are one; integrations' outbound calls another.
 */
export interface Outbox<Item, Attempt extends { success: boolean }> {
  lease(tx: StorageTx, request: { now: string; lease_until: string; owner: string; limit: number }): Promise<Item[]>;
  receiver(item: Item): number | string;
  send(item: Item): Promise<Attempt>;
  /** Records the attempt while `owner` holds the lease; false when the lease had expired. */
  record(tx: StorageTx, item: Item, attempt: Attempt, owner: string, now: string): Promise<boolean>;
  /** The item in a log line. */
  describe(item: Item): string;
}

interface Waiting<Item> {
  leased: Item;
  leasedAt: number;
}

interface Finished<Item, Attempt> {
  leased: Item;
  attempt: Attempt;
  /** By the pool's clock, which also times the waits. */
  tookMs: number;
}

type WebhookAttempt = Awaited<ReturnType<typeof sendWebhook>>;

/** The outbox of webhook messages. */
export function webhookOutbox(send: SendSettings): Outbox<LeasedWebhookMessage, WebhookAttempt> {
  return {
    lease: (tx, request) => tx.leaseWebhookMessages(request),
    receiver: (leased) => leased.message.webhook_id,
    send: (leased) => sendWebhook(leased, send),
    record: async (tx, leased, attempt, owner, now) =>
      (await tx.recordWebhookAttempt({ message_id: leased.message.id, owner, attempt, next: nextMessageState(leased.message, attempt.success, now) })) !== null,
    describe: (leased) => `webhook message ${leased.message.msg_id}`,
  };
}

/** Leased messages kept waiting at most, per send slot (bounded memory, and short waits). */
const WAITING_PER_SLOT = 4;

/** The pool of one dispatcher, over the webhook messages' outbox unless told another. */
export function createDeliveryPool(s: PoolSettings): DeliveryPool;
export function createDeliveryPool<Item, Attempt extends { success: boolean }>(s: PoolSettings, outbox: Outbox<Item, Attempt>): DeliveryPool;
export function createDeliveryPool<Item, Attempt extends { success: boolean }>(s: PoolSettings, given?: Outbox<Item, Attempt>): DeliveryPool {
  const outbox = given ?? (webhookOutbox(s.send) as unknown as Outbox<Item, Attempt>);
  type Key = number | string;
  const queues = new Map<Key, Waiting<Item>[]>();
  const underWay = new Map<Key, number>();
  /** Each webhook's recent send duration (ms, a moving average): how many of its messages may wait. */
  const durations = new Map<Key, number>();
  const finished: Finished<Item, Attempt>[] = [];
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
  const canWait = (webhookId: Key): number => {
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
  let lastLeased: Key[] = [];
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

  function send(webhookId: Key, leased: Item): void {
    sending += 1;
    underWay.set(webhookId, (underWay.get(webhookId) ?? 0) + 1);
    const startedAt = s.clock.now();
    void outbox.send(leased).then((attempt) => {
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
          for (const { leased, attempt } of batch) out.push(await outbox.record(tx, leased, attempt, s.owner, now));
          return out;
        });
        results.forEach((recorded, i) => {
          if (!recorded) s.logger.error(`${outbox.describe(batch[i]!.leased)}: the lease expired before the attempt was recorded`);
        });
      } catch (error) {
        s.logger.error('webhook dispatcher: recording attempts failed', error);
      }
      for (const { leased, attempt, tookMs } of batch) {
        const receiver = outbox.receiver(leased);
        const before = durations.get(receiver) ?? tookMs;
        durations.set(receiver, before * 0.75 + tookMs * 0.25);
        if (!lastLeased.includes(receiver)) lastLeased = [];
        sending -= 1;
        underWay.set(receiver, underWay.get(receiver)! - 1);
        if (underWay.get(receiver) === 0) underWay.delete(receiver);
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
        outbox.lease(tx, { now: toIso(now), lease_until: toIso(now + s.leaseMs), owner: s.owner, limit: room }),
      );
      for (const leased of batch) {
        const receiver = outbox.receiver(leased);
        const queue = queues.get(receiver) ?? [];
        queue.push({ leased, leasedAt: now });
        queues.set(receiver, queue);
        waiting += 1;
      }
      lastLeased = [...new Set(batch.map((leased) => outbox.receiver(leased)))];
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

/** What a dispatcher drives: leasing and starting sends, and following them. */
export interface DeliveryPool {
  /** Leases due items while sends can start; true when nothing more was due. */
  fill(): Promise<boolean>;
  /** Sends under way or waiting for their receiver's turn. */
  readonly busy: number;
  /** Resolves when attempts were next recorded, or after `ms`, whichever is first. */
  progress(ms: number): Promise<void>;
  /** Calls `listener` with each recorded attempt's success until the returned function is called. */
  onAttempt(listener: (success: boolean) => void): () => void;
  /** Forgets the waiting items (each is due again when its lease expires). */
  dropWaiting(): void;
}
