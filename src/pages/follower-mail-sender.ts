/**
 * The follower mail sender: leases due rows of the mail queue, sends ONE mail per (voter, post)
 * listing every event queued since the last, and records the outcome: the window before the next
 * mail to that voter about that post, or a retry with backoff, or a failure kept for the team.
 *
 * Several senders may share one store (processes on one SQLite file, or one database): a lease
 * hands each due row to one of them for `leaseMs`, longer than a send can take, so none is mailed
 * twice. Events queued while a mail is being sent stay for the next mail. See docs/mail.md.
 */
import type { FeedbackBoard } from '../board.js';
import { consoleLogger, cryptoRandom, randomBase62, type Clock, type Logger } from '../domain/ports.js';
import { repeatedFailures } from '../domain/repeated-failures.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailQueueRecord, MailSendReport } from '../storage/contract.js';
import { foldCase } from '../storage/text.js';
import { followerMailContent } from './follower-mail-content.js';
import { followerMailMessage } from './follower-mail-message.js';
import { unsubscribeKey } from './unsubscribe-token.js';

/** Options of {@link createFollowerMailSender}; `mailer` and `pagesUrl` are required. */
export interface FollowerMailSenderOptions {
  /** Sends each mail (`feedback-board/mail/smtp`, or the application's own). */
  mailer: Mailer;
  /**
   * The public pages' address with its base path, such as `https://feedback.example.com`: posts
   * and the unsubscribe link are linked there. A function answers it per organization.
   */
  pagesUrl: string | ((organizationId: number) => string);
  /** At most one mail per voter and post in this time; later events wait for the next. Default 10 minutes. */
  windowMs?: number;
  /** Sends of one mail before it is kept as failed. Default 5. */
  maxAttempts?: number;
  /** How long a leased row stays with this sender: longer than a send can take. Default 60 000 ms. */
  leaseMs?: number;
  /** Rows leased at a time. Default 16. */
  batchSize?: number;
  /** How often `start()` looks for due rows. Default 1 000 ms. */
  pollIntervalMs?: number;
  /** Source of "now". Default: the board's clock. */
  clock?: Clock;
  /** Where a failing poll is reported. Default: console.error. */
  logger?: Logger;
}

/** What one {@link FollowerMailSender.sendDue} did, by row. */
export interface FollowerMailReport {
  sent: number;
  /** Sends that failed and will be tried again. */
  retried: number;
  /** Mails given up after `maxAttempts` and kept as failed. */
  failed: number;
  /** Rows whose events went unmailed: the address unsubscribed, the voter or post is gone or merged. */
  dropped: number;
}

/** Mails what the queue holds: now (`sendDue`), or continuously (`start`/`stop`). */
export interface FollowerMailSender {
  /** Leases and sends until nothing is due now. */
  sendDue(): Promise<FollowerMailReport>;
  /** Polls for due rows every `pollIntervalMs` until {@link stop}. Starting twice does nothing. */
  start(): void;
  /** Stops polling and waits for the mail under way. */
  stop(): Promise<void>;
}

/** The wait before the next attempt after `attempts` failed ones: 1, 5, 30 minutes, then 2 hours. */
export function followerMailBackoffMs(attempts: number): number {
  const minutes = [1, 5, 30][attempts - 1] ?? 120;
  return minutes * 60_000;
}

/**
 * Creates the sender of `board`'s follower mail. `feedback-board serve --smtp` runs one; an
 * application that serves the pages itself starts its own beside them.
 *
 * @example
 * ```ts
 * const sender = createFollowerMailSender(board, { mailer, pagesUrl: 'https://feedback.example.com' });
 * sender.start();
 * // on shutdown:
 * await sender.stop();
 * ```
 */
export function createFollowerMailSender(board: FeedbackBoard, options: FollowerMailSenderOptions): FollowerMailSender {
  const clock = options.clock ?? board.clock;
  const logger = options.logger ?? consoleLogger;
  const settings = {
    windowMs: options.windowMs ?? 10 * 60_000,
    maxAttempts: options.maxAttempts ?? 5,
    leaseMs: options.leaseMs ?? 60_000,
    batchSize: options.batchSize ?? 16,
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
  };
  for (const [name, value] of Object.entries(settings)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`feedback-board: follower mail ${name} must be a positive integer`);
  }
  const pagesUrl = (organizationId: number) =>
    (typeof options.pagesUrl === 'string' ? options.pagesUrl : options.pagesUrl(organizationId)).replace(/\/+$/, '');
  const owner = `mailer_${randomBase62(cryptoRandom, 20)}`;
  const storage = board.storage;
  const iso = (ms: number) => new Date(ms).toISOString();

  async function sendRow(row: MailQueueRecord, report: FollowerMailReport): Promise<void> {
    const now = clock.now();
    const base = { queue_id: row.id, owner, sent_events: row.events.length, now: iso(now) };
    const content = await followerMailContent(storage, row, pagesUrl, await unsubscribeKey(storage));
    let outcome: MailSendReport;
    if (content === null) {
      // Nothing to mail any more: the events leave the row without taking the window.
      outcome = { ...base, outcome: 'sent', next_allowed_at: row.next_allowed_at ?? base.now };
      report.dropped += 1;
    } else {
      try {
        await options.mailer.send(followerMailMessage(content));
        outcome = { ...base, outcome: 'sent', next_allowed_at: iso(now + settings.windowMs) };
        report.sent += 1;
      } catch (error) {
        const text = (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'the mail was not accepted';
        const attempts = row.attempts + 1;
        if (attempts >= settings.maxAttempts) {
          outcome = { ...base, outcome: 'failed', error: text, address: foldCase(content.to) };
          report.failed += 1;
        } else {
          outcome = { ...base, outcome: 'retry', error: text, retry_at: iso(now + followerMailBackoffMs(attempts)) };
          report.retried += 1;
        }
      }
    }
    await storage.transaction('write', (tx) => tx.recordMailSend(outcome));
  }

  async function sendDue(): Promise<FollowerMailReport> {
    const report: FollowerMailReport = { sent: 0, retried: 0, failed: 0, dropped: 0 };
    for (;;) {
      const now = clock.now();
      const leased = await storage.transaction('write', (tx) =>
        tx.leaseMailQueue({ now: iso(now), lease_until: iso(now + settings.leaseMs), owner, limit: settings.batchSize }),
      );
      for (const row of leased) await sendRow(row, report);
      if (leased.length < settings.batchSize) return report;
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let running: Promise<unknown> = Promise.resolve();
  const failures = repeatedFailures(logger, 'follower mail: sending due mail', clock);
  const tick = () => {
    running = sendDue()
      .then(() => failures.succeeded(), (error: unknown) => failures.failed(error))
      .finally(() => {
        if (started) timer = setTimeout(tick, settings.pollIntervalMs);
      });
  };

  return {
    sendDue,
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
