/**
 * The mail aggregate of the storage contract: the queue of notifications to voters who follow a
 * post, the mails that failed for good, and unsubscribed addresses.
 *
 * The queue holds one row per (voter, post): the events not mailed yet, and when the next mail is
 * due. Events are appended in the transaction of the change they report; a sender leases due rows
 * (as webhook dispatchers lease messages) so that several processes sharing one store never send
 * the same mail twice. When a row is due is the sender's decision (its window and retry policy);
 * the storage records it.
 */
import type { Page, PageQuery, AggregateDefinition } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** The notifications of one voter about one post that are not mailed yet. */
export interface MailQueueRecord {
  id: number;
  organization_id: number;
  voter_id: number;
  post_id: number;
  /** The events not mailed yet, oldest first, each as the sender's JSON text. */
  events: string[];
  /** When the next mail is due; null while there is nothing to send. */
  due_at: string | null;
  /** The earliest time the next mail may go (the last mail plus the window); null before the first. */
  next_allowed_at: string | null;
  /** Failed attempts at sending the current events. */
  attempts: number;
  /** The error of the last failed attempt; null after a success. */
  last_error: string | null;
  /** A sender holds the row until this time; null when nobody does. */
  lease_until: string | null;
  /** Who holds the lease (a sender's random id); null when nobody does. */
  lease_owner: string | null;
}

/** A mail given up after its attempts, kept for the team to see. */
export interface MailFailureRecord {
  id: number;
  organization_id: number;
  voter_id: number;
  post_id: number;
  /** The address it was sent to. */
  address: string;
  /** The mail server's error of the last attempt. */
  error: string;
  attempts: number;
  failed_at: string;
}

/** An address that asked for no more mail about one post, or (`post_id` 0) from a whole board. */
export interface MailUnsubscribeRecord {
  board_id: number;
  /** Lower-cased. */
  address: string;
  /** The post; 0 for every post of the board. */
  post_id: number;
  created_at: string;
}

/**
 * One event to append to the (voter, post) row, created when absent. When the row has nothing
 * due, it becomes due at the later of `now` and its `next_allowed_at`; otherwise its due time is
 * kept (the event joins the next mail).
 */
export interface MailEventToEnqueue {
  organization_id: number;
  voter_id: number;
  post_id: number;
  /** JSON text. */
  event: string;
  now: string;
}

/**
 * Leases up to `limit` due rows to `owner` until `lease_until`: rows with `due_at <= now` and no
 * lease, or an expired one, in order due_at asc, id asc. Atomic, as webhook leases are.
 */
export interface MailLeaseRequest {
  now: string;
  lease_until: string;
  owner: string;
  limit: number;
}

/**
 * What became of a leased row's first `sent_events` events. Recorded only while `owner` holds the
 * lease (otherwise nothing changes and the result is null); the lease is dropped.
 *
 * - `sent`: those events leave the row, `attempts` is 0, `last_error` null, `next_allowed_at`
 *   is taken, and the row is due at `next_allowed_at` if events remain, else not due.
 * - `retry`: `attempts` grows by one, `last_error` is `error`, the row is due at `retry_at`.
 * - `failed`: a failure row is stored (attempts counted with this one), those events leave the
 *   row, `attempts` is 0, `last_error` null, and the row is due at `now` if events remain.
 */
export type MailSendReport = {
  queue_id: number;
  owner: string;
  sent_events: number;
  now: string;
} & (
  | { outcome: 'sent'; next_allowed_at: string }
  | { outcome: 'retry'; error: string; retry_at: string }
  | { outcome: 'failed'; error: string; address: string }
);

/** The mail queue, failed mail and unsubscribes. */
export interface MailTx {
  /** Appends an event to its (voter, post) row; see {@link MailEventToEnqueue}. The row after. */
  enqueueMailEvent(event: MailEventToEnqueue): Promise<MailQueueRecord>;
  /** The (voter, post) row, or null. */
  getMailQueueRow(voterId: number, postId: number): Promise<MailQueueRecord | null>;
  /** Atomic lease of due rows; see {@link MailLeaseRequest}. */
  leaseMailQueue(request: MailLeaseRequest): Promise<MailQueueRecord[]>;
  /** Records a send by the lease holder; see {@link MailSendReport}. The row after, or null. */
  recordMailSend(report: MailSendReport): Promise<MailQueueRecord | null>;
  /**
   * Drops every queue row of the post (its news not mailed yet); the number dropped. A merged post's
   * followers hear of the post it was merged into instead; see docs/mail.md.
   */
  dropMailQueueOfPost(postId: number): Promise<number>;
  /** The organization's failed mail: failed_at desc, id desc. */
  listMailFailures(organizationId: number, query: PageQuery): Promise<Page<MailFailureRecord>>;
  /** Stores the unsubscribe; an existing one for the same board, address and post is kept. */
  putMailUnsubscribe(row: MailUnsubscribeRecord): Promise<void>;
  /** Whether `address` unsubscribed from the post, or from the whole board. */
  isMailUnsubscribed(boardId: number, address: string, postId: number): Promise<boolean>;
}

/** The mail aggregate: which methods write; no generic fallbacks. */
export const MAIL_AGGREGATE = {
  writes: {
    enqueueMailEvent: true,
    getMailQueueRow: false,
    leaseMailQueue: true,
    recordMailSend: true,
    dropMailQueueOfPost: true,
    listMailFailures: false,
    putMailUnsubscribe: true,
    isMailUnsubscribed: false,
  },
  fallbacks: {},
} satisfies AggregateDefinition<MailTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const MAIL_SCOPES = {
  enqueueMailEvent: 'organization.organization_id',
  getMailQueueRow: 'voter',
  // the mail queue: as the outbox; enqueueing re-reads the row FOR UPDATE too
  leaseMailQueue: 'none',
  recordMailSend: 'none',
  dropMailQueueOfPost: 'post',
  listMailFailures: 'organization',
  putMailUnsubscribe: 'board.board_id',
  isMailUnsubscribed: 'board',
} satisfies ScopeTable<MailTx>;
