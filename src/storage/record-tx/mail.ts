/**
 * The mail aggregate over the record store: the notification queue, failed mail and
 * unsubscribes. Row changes follow `mail-rows.ts`, shared with the SQL adapters.
 */
import type { MailFailureRecord, MailQueueRecord } from '../contract/mail.js';
import type { AggregateMethods } from '../contract/registry.js';
import { afterMailSend, mailRowIsDue, withMailEvent } from '../mail-rows.js';
import { cloneRow, type ReadonlyRow, type RecordStore } from '../record-store.js';
import { compareText, pageOf } from './shared.js';

const byDue = (a: ReadonlyRow<MailQueueRecord>, b: ReadonlyRow<MailQueueRecord>) =>
  compareText(a.due_at ?? '', b.due_at ?? '') || a.id - b.id;
const byNewestFailure = (a: ReadonlyRow<MailFailureRecord>, b: ReadonlyRow<MailFailureRecord>) =>
  compareText(b.failed_at, a.failed_at) || b.id - a.id;

export function mailMethods(store: RecordStore): AggregateMethods<'mail'> {
  const queue = store.table('mail_queue');
  const failures = store.table('mail_failures');
  const unsubscribes = store.table('mail_unsubscribes');

  const rowOf = async (voterId: number, postId: number) =>
    (await queue.getAllFromIndex('by_voter_post', [voterId, postId]))[0];

  return {
    async enqueueMailEvent(event) {
      const current = await rowOf(event.voter_id, event.post_id);
      const id = current?.id ?? (await store.nextId('mail_queue'));
      const next = withMailEvent(current ? cloneRow(current) : null, id, event);
      await queue.put(next);
      return cloneRow(next);
    },

    async getMailQueueRow(voterId, postId) {
      const row = await rowOf(voterId, postId);
      return row ? cloneRow(row) : null;
    },

    async leaseMailQueue(request) {
      const due = (await queue.getAll()).filter((row) => mailRowIsDue(row, request.now)).sort(byDue);
      const leased: MailQueueRecord[] = [];
      for (const row of due.slice(0, request.limit)) {
        const next = { ...cloneRow(row), lease_owner: request.owner, lease_until: request.lease_until };
        await queue.put(next);
        leased.push(cloneRow(next));
      }
      return leased;
    },

    async recordMailSend(report) {
      const row = await queue.get(report.queue_id);
      if (!row) return null;
      const next = afterMailSend(cloneRow(row), report);
      if (next === null) return null;
      if (report.outcome === 'failed') {
        await failures.put({
          id: await store.nextId('mail_failures'),
          organization_id: row.organization_id,
          voter_id: row.voter_id,
          post_id: row.post_id,
          address: report.address,
          error: report.error,
          attempts: row.attempts + 1,
          failed_at: report.now,
        });
      }
      await queue.put(next);
      return cloneRow(next);
    },

    async dropMailQueueOfPost(postId) {
      const rows = await queue.getAllFromIndex('by_post', postId);
      for (const row of rows) await queue.delete(row.id);
      return rows.length;
    },

    async listMailFailures(organizationId, query) {
      return pageOf<MailFailureRecord>(
        (await failures.getAllFromIndex('by_organization', organizationId)).sort(byNewestFailure),
        query,
      );
    },

    async putMailUnsubscribe(row) {
      if (await unsubscribes.get([row.board_id, row.address, row.post_id])) return;
      await unsubscribes.put({ ...row });
    },

    async isMailUnsubscribed(boardId, address, postId) {
      if (await unsubscribes.get([boardId, address, 0])) return true;
      return postId !== 0 && (await unsubscribes.get([boardId, address, postId])) !== undefined;
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default mailMethods;
