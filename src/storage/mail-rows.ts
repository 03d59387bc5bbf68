/**
 * How a mail queue row changes, as pure functions shared by every adapter: each reads the row,
 * computes the next one here and writes it whole, so the rules of `contract/mail.ts` are stated
 * once.
 */
import type { MailEventToEnqueue, MailQueueRecord, MailSendReport } from './contract/mail.js';

/** The later of two ISO timestamps (same format, so text order is time order). */
const later = (a: string, b: string | null): string => (b !== null && b > a ? b : a);

/**
 * The (voter, post) row after appending `event`: `current` grown by it, or a new row with `id`
 * (0 where the adapter's table assigns it on insert).
 * A row with nothing due becomes due at the later of `now` and its `next_allowed_at`.
 */
export function withMailEvent(current: MailQueueRecord | null, id: number, event: MailEventToEnqueue): MailQueueRecord {
  const row: MailQueueRecord = current ?? {
    id,
    organization_id: event.organization_id,
    voter_id: event.voter_id,
    post_id: event.post_id,
    events: [],
    due_at: null,
    next_allowed_at: null,
    attempts: 0,
    last_error: null,
    lease_until: null,
    lease_owner: null,
  };
  return {
    ...row,
    events: [...row.events, event.event],
    due_at: row.due_at ?? later(event.now, row.next_allowed_at),
  };
}

/** The row after a send report; null when `owner` does not hold its lease (nothing changes). */
export function afterMailSend(row: MailQueueRecord, report: MailSendReport): MailQueueRecord | null {
  if (row.lease_owner !== report.owner) return null;
  const unleased = { ...row, lease_owner: null, lease_until: null };
  if (report.outcome === 'retry') {
    return { ...unleased, attempts: row.attempts + 1, last_error: report.error, due_at: report.retry_at };
  }
  const events = row.events.slice(report.sent_events);
  const nextAllowed = report.outcome === 'sent' ? report.next_allowed_at : row.next_allowed_at;
  return {
    ...unleased,
    events,
    attempts: 0,
    last_error: null,
    next_allowed_at: nextAllowed,
    due_at: events.length === 0 ? null : report.outcome === 'sent' ? report.next_allowed_at : report.now,
  };
}

/** Whether a row is due for a sender at `now`: due, and not leased or its lease expired. */
export function mailRowIsDue(row: Pick<MailQueueRecord, 'due_at' | 'lease_until'>, now: string): boolean {
  return row.due_at !== null && row.due_at <= now && (row.lease_until === null || row.lease_until <= now);
}
