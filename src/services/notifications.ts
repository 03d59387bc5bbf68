/** Voter notifications: built inside the transaction that changes the status, sent after it commits. */
import type { BoardRecord, PostRecord, PostStatus } from '../domain/records.js';
import type { StorageTx } from '../storage/contract.js';
import type { Notifier, VoterNotification } from '../domain/ports.js';
import type { ServiceContext } from './context.js';

export async function notificationsFor(
  tx: StorageTx,
  board: BoardRecord,
  post: PostRecord,
  next: PostStatus,
  now: string,
): Promise<VoterNotification[]> {
  const notifications: VoterNotification[] = [];
  for (const voterId of await tx.listVoterIds(post.id)) {
    const voter = await tx.getVoter(voterId);
    if (!voter) continue;
    notifications.push({
      organization_id: board.organization_id,
      board_slug: board.slug,
      post_id: post.id,
      post_title: post.title,
      voter: { id: voter.id, email: voter.email, name: voter.name },
      old_status: post.status,
      new_status: next,
      sent_at: now,
    });
  }
  return notifications;
}

/**
 * Hands each notification to the configured notifier. The change is already committed, so a
 * failing notifier is logged and never turns the request into an error.
 */
export async function deliver(ctx: ServiceContext, notifications: readonly VoterNotification[]): Promise<void> {
  const notifier = ctx.notifier;
  if (!notifier || notifications.length === 0) return;
  await Promise.all(
    notifications.map((n) =>
      Promise.resolve()
        .then(() => notifier.notify(n))
        .catch((error: unknown) => ctx.logger.error(`notifier failed for voter ${n.voter.id}`, error)),
    ),
  );
}

/** A notifier that keeps what it is given, for tests and the mock server. */
export interface RecordingNotifier extends Notifier {
  readonly notifications: VoterNotification[];
  /** Forgets the notifications kept so far. */
  clear(): void;
}

/**
 * A notifier that keeps every notification in `notifications`, for tests and previews.
 *
 * @example
 * ```ts
 * const notifier = createRecordingNotifier();
 * const board = createFeedbackBoard({ storage, notifier });
 * // ... a PATCH with notify_voters: true ...
 * notifier.notifications.map((n) => n.voter.email);
 * ```
 */
export function createRecordingNotifier(): RecordingNotifier {
  const notifications: VoterNotification[] = [];
  return {
    notifications,
    notify(n) {
      notifications.push(structuredClone(n));
    },
    clear() {
      notifications.length = 0;
    },
  };
}
