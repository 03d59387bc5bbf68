/**
 * The mail aggregate in SQL: the notification queue, failed mail and unsubscribes. A row is read
 * `FOR UPDATE`, changed by the shared rules of `src/storage/mail-rows.ts` and written whole under
 * that row lock, so an event queued while a send is recorded is never lost. A lease is one
 * UPDATE … RETURNING of the due rows it picks `FOR UPDATE SKIP LOCKED`: two processes never lease
 * the same row, and a lease waits for no one (a row being queued to is left for the next one).
 * Recording a send checks the lease holder under the row's lock.
 */
import type { MailQueueRecord } from '../../../src/storage/contract/mail.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { afterMailSend, withMailEvent } from '../../../src/storage/mail-rows.js';
import { pageBounds } from '../sql.js';
import type { PostgresSeam } from '../seam.js';
import { INSERT_MAIL_FAILURE } from '../../sql/tx/mail.js';

const QUEUE_COLUMNS = `id, organization_id, voter_id, post_id, events, due_at, next_allowed_at, attempts, last_error,
  lease_until, lease_owner`;

// $1 owner, $2 until, $3 now, $4 limit.
const LEASE = `UPDATE fb_mail_queue SET lease_owner = $1, lease_until = $2
  WHERE id IN (
    SELECT id FROM fb_mail_queue
    WHERE due_at IS NOT NULL AND due_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
    ORDER BY due_at, id
    LIMIT $4
    FOR UPDATE SKIP LOCKED)
  RETURNING ${QUEUE_COLUMNS}`;
const INSERT = `INSERT INTO fb_mail_queue
    (organization_id, voter_id, post_id, events, due_at, next_allowed_at, attempts, last_error, lease_until, lease_owner)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`;
const UPDATE = `UPDATE fb_mail_queue SET events = $1, due_at = $2, next_allowed_at = $3, attempts = $4, last_error = $5,
    lease_until = $6, lease_owner = $7
  WHERE id = $8`;

type QueueRow = Omit<MailQueueRecord, 'events'> & { events: string };
const toQueue = (row: QueueRow): MailQueueRecord => ({ ...row, events: JSON.parse(row.events) as string[] });
const byDue = (a: MailQueueRecord, b: MailQueueRecord) => (a.due_at ?? '').localeCompare(b.due_at ?? '', 'en') || a.id - b.id;

/**
 * The queue's writes: the failures and unsubscribes are the shared SQL's (adapters/sql/tx/mail.ts),
 * and reading a voter's row about a post the record stores' default (adapters/sql/defaults.ts).
 */
export function postgresMailMethods(db: PostgresSeam): Pick<AggregateMethods<'mail'>, 'enqueueMailEvent' | 'leaseMailQueue' | 'recordMailSend'> {
  const { sql } = db;
  /** The row matching `where`; with `FOR UPDATE` appended in the calls that write it back. */
  const rowWhere = async (where: string, values: number[]) => {
    const row = await sql.row<QueueRow>(`SELECT ${QUEUE_COLUMNS} FROM fb_mail_queue WHERE ${where}`, values);
    return row === undefined ? null : toQueue(row);
  };
  /** Writes the row whole; a new row (`id` 0) gets its id from the table. The row as stored. */
  const write = async (row: MailQueueRecord): Promise<MailQueueRecord> => {
    const values = [
      row.organization_id, row.voter_id, row.post_id, JSON.stringify(row.events), row.due_at, row.next_allowed_at,
      row.attempts, row.last_error, row.lease_until, row.lease_owner,
    ];
    if (row.id !== 0) {
      await sql.run(UPDATE, [...values.slice(3), row.id]);
      return row;
    }
    const { id } = (await sql.row<{ id: number }>(INSERT, values))!;
    return { ...row, id };
  };

  return {
    async enqueueMailEvent(event) {
      const current = await rowWhere('voter_id = $1 AND post_id = $2 FOR UPDATE', [event.voter_id, event.post_id]);
      return write(withMailEvent(current, 0, event));
    },

    async leaseMailQueue(request) {
      const { limit } = pageBounds({ limit: request.limit, offset: 0 });
      const rows = await sql.rows<QueueRow>(LEASE, [request.owner, request.lease_until, request.now, limit]);
      return rows.map(toQueue).sort(byDue);
    },

    async recordMailSend(report) {
      const row = await rowWhere('id = $1 FOR UPDATE', [report.queue_id]);
      if (row === null) return null;
      const next = afterMailSend(row, report);
      if (next === null) return null;
      if (report.outcome === 'failed') {
        await db.run(
          INSERT_MAIL_FAILURE,
          [row.organization_id, row.voter_id, row.post_id, report.address, report.error, row.attempts + 1, report.now],
        );
      }
      return write(next);
    },
  };
}
