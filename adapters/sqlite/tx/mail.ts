/**
 * The mail aggregate in SQL: the notification queue, failed mail and unsubscribes. A row is read,
 * changed by the shared rules of `src/storage/mail-rows.ts` and written whole; a lease is one
 * conditional UPDATE … RETURNING, so that inside `BEGIN IMMEDIATE` two connections, in one process
 * or two, never lease the same row.
 */
import type { MailQueueRecord } from '../../../src/storage/contract/mail.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { afterMailSend, withMailEvent } from '../../../src/storage/mail-rows.js';
import { pageBounds, type Sql } from '../sql.js';
import { INSERT_MAIL_FAILURE } from '../../sql/tx/mail.js';

const QUEUE_COLUMNS = `id, organization_id, voter_id, post_id, events, due_at, next_allowed_at, attempts, last_error,
  lease_until, lease_owner`;

// The subquery repeats the partial index's WHERE (due_at IS NOT NULL) so that SQLite walks it.
const LEASE = `UPDATE fb_mail_queue SET lease_owner = @owner, lease_until = @until
  WHERE id IN (
    SELECT id FROM fb_mail_queue
    WHERE due_at IS NOT NULL AND due_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
    ORDER BY due_at, id
    LIMIT @limit)
  RETURNING ${QUEUE_COLUMNS}`;
const WRITE = `INSERT INTO fb_mail_queue (${QUEUE_COLUMNS})
  VALUES (@id, @organization_id, @voter_id, @post_id, @events, @due_at, @next_allowed_at, @attempts, @last_error,
    @lease_until, @lease_owner)
  ON CONFLICT (id) DO UPDATE SET events = excluded.events, due_at = excluded.due_at,
    next_allowed_at = excluded.next_allowed_at, attempts = excluded.attempts, last_error = excluded.last_error,
    lease_until = excluded.lease_until, lease_owner = excluded.lease_owner
  RETURNING id`;

type QueueRow = Omit<MailQueueRecord, 'events'> & { events: string };
const toQueue = (row: QueueRow): MailQueueRecord => ({ ...row, events: JSON.parse(row.events) as string[] });
const byDue = (a: MailQueueRecord, b: MailQueueRecord) => (a.due_at ?? '').localeCompare(b.due_at ?? '', 'en') || a.id - b.id;

/**
 * The queue's writes: the failures and unsubscribes are the shared SQL's (adapters/sql/tx/mail.ts),
 * and reading a voter's row about a post the record stores' default (adapters/sql/defaults.ts).
 */
const QUEUE_ROW = `SELECT ${QUEUE_COLUMNS} FROM fb_mail_queue WHERE voter_id = ? AND post_id = ?`;
const QUEUE_ROW_BY_ID = `SELECT ${QUEUE_COLUMNS} FROM fb_mail_queue WHERE id = ?`;

export function sqliteMailMethods(sql: Sql): Pick<AggregateMethods<'mail'>, 'enqueueMailEvent' | 'leaseMailQueue' | 'recordMailSend'> {
  const rowOf = (voterId: number, postId: number) => {
    const row = sql.get<QueueRow>(QUEUE_ROW, voterId, postId);
    return row === undefined ? null : toQueue(row);
  };
  /** Writes the row whole; a new row (`id` 0) gets its id from the table. The row as stored. */
  const write = (row: MailQueueRecord): MailQueueRecord => {
    const { id } = sql.get<{ id: number }>(WRITE, { ...row, id: row.id === 0 ? null : row.id, events: JSON.stringify(row.events) })!;
    return { ...row, id };
  };

  return {
    async enqueueMailEvent(event) {
      const current = rowOf(event.voter_id, event.post_id);
      return write(withMailEvent(current, 0, event));
    },

    async leaseMailQueue(request) {
      const { limit } = pageBounds({ limit: request.limit, offset: 0 });
      return sql
        .all<QueueRow>(LEASE, { owner: request.owner, until: request.lease_until, now: request.now, limit })
        .map(toQueue)
        .sort(byDue);
    },

    async recordMailSend(report) {
      const stored = sql.get<QueueRow>(QUEUE_ROW_BY_ID, report.queue_id);
      if (stored === undefined) return null;
      const row = toQueue(stored);
      const next = afterMailSend(row, report);
      if (next === null) return null;
      if (report.outcome === 'failed') {
        sql.run(
          INSERT_MAIL_FAILURE,
          row.organization_id,
          row.voter_id,
          row.post_id,
          report.address,
          report.error,
          row.attempts + 1,
          report.now,
        );
      }
      return write(next);
    },
  };
}
