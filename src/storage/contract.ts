/**
 * The storage contract: a transaction primitive ({@link Storage}) and, inside each transaction,
 * the reads and writes of the domain ({@link StorageTx}), declared one aggregate per file under
 * `contract/` (accounts, boards, posts, agent, engagement, statistics, webhooks, people, moderation, oauth,
 * mail, activity, attachments, sso, access, integrations, trash, changelog, fields, saved views). Each
 * aggregate file holds its interface and a table of which of its methods write and which have a
 * generic fallback; `contract/registry.ts` derives every table keyed by method from those. The
 * core never imports an adapter, and every adapter (memory, SQLite, IndexedDB, PostgreSQL, or one
 * of your own) implements exactly this.
 *
 * Rules every adapter keeps (the conformance suite, `feedback-board/testing`, checks each):
 *
 * - **Atomic.** `transaction()` runs `fn` with a {@link StorageTx}. If `fn` throws or rejects,
 *   every write it made is undone and the error is rethrown unchanged.
 * - **Serializable writes.** Write transactions never interleave with one another (within a
 *   process, and across processes for a shared file): a read followed by a write inside one
 *   `write` transaction cannot race. Reads see only committed data.
 * - **Copies.** Records returned are copies; mutating one never changes the store, and a record
 *   passed in is never kept by reference.
 * - **Only storage awaits inside.** `fn` awaits nothing but `tx` methods (IndexedDB commits a
 *   transaction as soon as the event loop turns). Hash keys, read the clock and build values
 *   before opening the transaction.
 * - **Ids.** Integer ids are assigned by the storage, starting at 1 for each kind of record and
 *   increasing; an id is never reused after a delete (one rolled back may be).
 * - **Orderings** are exactly those documented on each method; every one ends with `id`.
 * - **Case folding** is {@link foldCase} from `storage/text.ts`, computed in JavaScript, never by
 *   the database (SQLite's `lower()` and `LIKE` fold ASCII only).
 */
import type { AccountsTx } from './contract/accounts.js';
import type { AccessTx } from './contract/access.js';
import type { ActivityTx } from './contract/activity.js';
import type { AttachmentsTx } from './contract/attachments.js';
import type { AgentTx } from './contract/agent.js';
import type { BoardsTx } from './contract/boards.js';
import type { EngagementTx } from './contract/engagement.js';
import type { MailTx } from './contract/mail.js';
import type { ModerationTx } from './contract/moderation.js';
import type { OAuthTx } from './contract/oauth.js';
import type { PeopleTx } from './contract/people.js';
import type { PostsTx } from './contract/posts.js';
import type { SsoTx } from './contract/sso.js';
import type { IntegrationsTx } from './contract/integrations.js';
import type { TrashTx } from './contract/trash.js';
import type { ChangelogTx } from './contract/changelog.js';
import type { FieldsTx } from './contract/fields.js';
import type { SavedViewsTx } from './contract/saved-views.js';
import {
  completeAggregate,
  STORAGE_AGGREGATES,
  type AggregateMethods,
  type AggregateName,
  type FallbackMethodName,
} from './contract/registry.js';
import type { StatisticsTx } from './contract/statistics.js';
import type { WebhooksTx } from './contract/webhooks.js';
import type { SharedLimits } from './shared-limits.js';
import type { foldCase } from './text.js';

export type { AccessTx } from './contract/access.js';
export type { AccountsTx, StatusPatch } from './contract/accounts.js';
export type { ActivityTx } from './contract/activity.js';
export type { AttachmentsTx } from './contract/attachments.js';
export type {
  AgentTx,
  ClaimNextRequest,
  ClaimOutcome,
  ClaimRequest,
  QueueQuery,
  ReleaseOutcome,
} from './contract/agent.js';
export type { BoardPatch, BoardsTx } from './contract/boards.js';
export type { EngagementTx } from './contract/engagement.js';
export type { ModerationTx } from './contract/moderation.js';
export type { OAuthTx } from './contract/oauth.js';
export type {
  MailEventToEnqueue,
  MailFailureRecord,
  MailLeaseRequest,
  MailQueueRecord,
  MailSendReport,
  MailTx,
  MailUnsubscribeRecord,
} from './contract/mail.js';
export type { PeopleTx } from './contract/people.js';
export type { NewPost, PostListQuery, PostParts, PostPartsReads, PostPatch, PostsTx } from './contract/posts.js';
export type { PostRevenueRecord, SsoTx } from './contract/sso.js';
export type {
  ChatTargetPatch,
  ConnectionPatch,
  IntegrationCallAttemptReport,
  IntegrationCallLeaseRequest,
  IntegrationsTx,
  PostLinkPatch,
} from './contract/integrations.js';
export type { DeletedPostQuery, RestoreRefusal, TrashTx } from './contract/trash.js';
export type { ChangelogEntryChanges, ChangelogEntryQuery, ChangelogTx } from './contract/changelog.js';
export type { FieldPatch, FieldsTx } from './contract/fields.js';
export type { SavedViewsTx } from './contract/saved-views.js';
export type { AggregateName, FallbackMethodName, FallbackMethodOf, StorageAggregates } from './contract/registry.js';
export type { NewRecord, Page, PageQuery } from './contract/shared.js';
export type { AnalyticsAggregate, DailyCount, ShippedPost, StatisticsTx, TimeWindow } from './contract/statistics.js';
export type {
  LeasedWebhookMessage,
  WebhookAttemptReport,
  WebhookEventToEnqueue,
  WebhookLeaseRequest,
  WebhookMessageOutcome,
  WebhookPatch,
  WebhooksTx,
} from './contract/webhooks.js';

/** `read` transactions must not write; `write` transactions are serialized with one another. */
export type TransactionMode = 'read' | 'write';

/** Where a board keeps its data: a transaction primitive (see the rules above) and `close()`. */
export interface Storage {
  /** Runs `fn` in one transaction; see the rules above. A `read` transaction must not write. */
  transaction<T>(mode: TransactionMode, fn: (tx: StorageTx) => Promise<T>): Promise<T>;
  /** Releases the underlying resources. Further calls reject. */
  close(): Promise<void>;
  /**
   * Optional: a rate limit and key-cache bound shared by every process using this storage (see
   * {@link SharedLimits}); without it the handler limits each process on its own.
   */
  readonly sharedLimits?: SharedLimits;
  /**
   * Optional: a token of the stored data's state, read after every transaction already started
   * has ended. Two equal tokens mean that no data changed in between, by this process or any
   * other (a write transaction that changed nothing may leave it): the handler then serves again
   * an answer it built under that token. A new token never repeats an older one. Resolves to null
   * when it cannot tell (nothing is reused then). Leave it out unless every change is seen;
   * without it, nothing is reused.
   */
  changeVersion?(): Promise<string | null>;
}

/**
 * The reads and writes of one transaction, in the domain's terms: every method of every
 * aggregate. Every adapter implements all of them with the documented results and orderings; the
 * conformance suite checks each.
 */
export interface StorageTx
  extends AccountsTx,
    BoardsTx,
    PostsTx,
    AgentTx,
    EngagementTx,
    StatisticsTx,
    WebhooksTx,
    PeopleTx,
    ModerationTx,
    OAuthTx,
    MailTx,
    ActivityTx,
    AttachmentsTx,
    SsoTx,
    AccessTx,
    IntegrationsTx,
    TrashTx,
    ChangelogTx,
    FieldsTx,
    SavedViewsTx {}

/**
 * What an adapter must implement of {@link StorageTx}: every method, except those with a generic
 * fallback ({@link FallbackMethodName}), which it may leave out to start small.
 */
export type StorageTxMethods = Omit<StorageTx, FallbackMethodName> & Partial<Pick<StorageTx, FallbackMethodName>>;

/**
 * The whole {@link StorageTx} from `methods`: adds to `methods` the generic fallback of each
 * method it lacks (built over `methods` itself), and returns it.
 */
export function completeStorageTx(methods: StorageTxMethods): StorageTx {
  for (const name of Object.keys(STORAGE_AGGREGATES) as AggregateName[]) {
    completeAggregate(name, methods as AggregateMethods<typeof name>, methods);
  }
  return methods as StorageTx;
}
