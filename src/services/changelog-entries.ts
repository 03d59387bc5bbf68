/**
 * Changelog entries written by the team (docs/changelog.md): a title and a Markdown body linking
 * posts of one board, published at once or at `publish_at`. Publishing an entry (in the
 * transaction that writes it, or later in the scheduled job's) queues one mail for each follower
 * of its linked posts, however many of them they follow, and sends `changelog_entry.published`.
 */
import type { ChangelogEntryRecord } from '../domain/changelog-entries.js';
import { notFound, validationError } from '../domain/errors.js';
import type { BoardRecord } from '../domain/records.js';
import { createChangelogEntryBody, listChangelogEntriesQuery, updateChangelogEntryBody, type CreateChangelogEntryInput, type UpdateChangelogEntryInput } from '../domain/changelog-requests.js';
import type { ChangelogEntry, ChangelogEntryList } from '../domain/responses.js';
import { requireScope, scopeAllows } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { actorOf } from './activity.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import { mailableVoters, readFollowerMailSettings, type FollowerMailEvent } from './follower-mail.js';
import { boardOf } from './lookup.js';
import { emitBoardEvent } from './webhook-events.js';

/** An entry as the API shows it. */
export function presentChangelogEntry(row: ChangelogEntryRecord): ChangelogEntry {
  const { id, title, body, post_ids, publish_at, published_at, created_at } = row;
  return { id, title, body, post_ids: [...post_ids], state: published_at === null ? 'scheduled' : 'published', publish_at, published_at, created_at };
}

/**
 * Writes an entry on the board (`write` scope). Its posts must be posts of this board, each named
 * once: another board's or organization's post, or one that does not exist, is a 422 naming it,
 * and nothing is stored. Without `publish_at`, or with one not in the future, it is published at
 * once; otherwise it waits for the scheduled job (or for the board's list to be read after that
 * time).
 */
export async function createChangelogEntry(ctx: ServiceContext, caller: Caller, slug: string, body: CreateChangelogEntryInput): Promise<ChangelogEntry> {
  requireScope(caller.scope, 'write');
  const input = parseOrThrow(createChangelogEntryBody, body);
  refuseRepeats(input.post_ids);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const board = await boardOf(tx, caller, slug);
    await requireBoardPosts(tx, board, input.post_ids);
    const publishNow = input.publish_at == null || input.publish_at <= now;
    const entry = await tx.insertChangelogEntry({
      organization_id: board.organization_id,
      board_id: board.id,
      title: input.title,
      body: input.body,
      post_ids: input.post_ids,
      publish_at: input.publish_at ?? null,
      published_at: publishNow ? now : null,
      ...actorOf(ctx, caller),
      created_at: now,
    });
    if (publishNow) await announce(ctx, tx, board, entry, now);
    return presentChangelogEntry(entry);
  });
}

/**
 * Changes an entry of the board (`write` scope): its title, body or linked posts (by the rules of
 * a new entry), and, while it waits, its time: `publish_at` null or not in the future publishes
 * it now, with its mail and event. A published entry keeps its time (giving one is a 422), and
 * its followers are not mailed again; the mail of followers not mailed yet reads it as it is when
 * it goes. Nothing changes on a refusal.
 */
export async function updateChangelogEntry(ctx: ServiceContext, caller: Caller, slug: string, entryId: number, body: UpdateChangelogEntryInput): Promise<ChangelogEntry> {
  requireScope(caller.scope, 'write');
  const input = parseOrThrow(updateChangelogEntryBody, body);
  if (input.post_ids) refuseRepeats(input.post_ids);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const board = await boardOf(tx, caller, slug);
    const entry = await changelogEntryOf(tx, caller, board, entryId);
    if (input.post_ids) await requireBoardPosts(tx, board, input.post_ids);
    const { publish_at, ...fields } = input;
    const timed = publish_at !== undefined;
    if (timed && entry.published_at !== null) throw validationError('publish_at', 'the entry is published already');
    const publishNow = timed && (publish_at === null || publish_at <= now);
    const changes = timed ? { ...fields, publish_at, ...(publishNow ? { published_at: now } : {}) } : fields;
    // A new time applies only while the entry waits: the scheduled job may have published it since.
    const changed = await tx.updateChangelogEntry(entry.id, changes, timed);
    if (!changed) throw validationError('publish_at', 'the entry is published already');
    if (publishNow) await announce(ctx, tx, board, changed, now);
    return presentChangelogEntry(changed);
  });
}

/**
 * Deletes an entry of the board (`write` scope): it leaves the changelog page, the feed and the
 * lists, and mail about it not sent yet is not sent.
 */
export async function deleteChangelogEntry(ctx: ServiceContext, caller: Caller, slug: string, entryId: number): Promise<void> {
  requireScope(caller.scope, 'write');
  await write(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    const entry = await changelogEntryOf(tx, caller, board, entryId);
    await tx.deleteChangelogEntry(entry.id);
  });
}

/**
 * A changelog entry of the board: a scheduled one only for a caller that may see it (`write`), so
 * a `read` key cannot learn of an entry before it is published. Here rather than with the other
 * lookups, which every request loads: the handler loads this module for a path that names an entry.
 */
export async function changelogEntryOf(tx: StorageTx, caller: Caller, board: BoardRecord, id: number): Promise<ChangelogEntryRecord> {
  const entry = await tx.getChangelogEntry(id);
  if (!entry || entry.board_id !== board.id || (entry.published_at === null && !scopeAllows(caller.scope, 'write'))) throw notFound('Changelog entry not found');
  return entry;
}

/** Refuses linked posts named twice. */
function refuseRepeats(postIds: readonly number[]): void {
  const repeated = postIds.find((id, index) => postIds.indexOf(id) !== index);
  if (repeated !== undefined) throw validationError('post_ids', `post ${repeated} is listed twice`);
}

/** Refuses linked posts that are not posts of the board (another board's or organization's, or none). */
async function requireBoardPosts(tx: StorageTx, board: BoardRecord, postIds: readonly number[]): Promise<void> {
  for (const id of postIds) {
    const post = await tx.getPost(id);
    if (!post || post.board_id !== board.id) throw validationError('post_ids', `post ${id} is not a post of the board ${board.slug}`);
  }
}

/**
 * The board's entries (`read` scope), `limit` (1–500, default 100) from `offset`: to `read` and
 * `propose` keys the published ones, newest first; to `write` and `team` keys the scheduled ones
 * too, first, latest time first (`state` keeps the published or the scheduled ones). Entries whose time has come are published first, whether or not
 * the scheduled job has run (an application that embeds the package may never run it).
 */
export async function listChangelogEntries(ctx: ServiceContext, caller: Caller, slug: string, query: Record<string, string | undefined> = {}): Promise<ChangelogEntryList> {
  const { state, limit, offset } = parseOrThrow(listChangelogEntriesQuery, query);
  const shown = scopeAllows(caller.scope, 'write') ? state : 'published';
  // A key that sees no scheduled entries asking for them is shown none.
  const nothing = state === 'scheduled' && shown === 'published';
  const listed = async (tx: StorageTx, board: BoardRecord) =>
    nothing ? { rows: [], total: 0 } : tx.listChangelogEntries(board.id, { limit, offset, ...(shown === undefined ? {} : { state: shown }) });
  const first = await read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    return { board, page: await listed(tx, board), due: await tx.listDueChangelogEntries(nowIso(ctx), 1, board.id) };
  });
  if (first.due.length > 0) await publishDueChangelogEntries(ctx, first.board.id);
  const page = first.due.length > 0 ? await read(ctx, (tx) => listed(tx, first.board)) : first.page;
  return { entries: page.rows.map(presentChangelogEntry), total: page.total };
}

/** Entries read per round of the job; each is published in its own transaction. */
const DUE_BATCH = 50;

/**
 * Publishes every entry whose `publish_at` has come (of one board, when `boardId` is given), each
 * in a transaction of its own that also queues its mail and its webhook event; the number
 * published. Publishing is one conditional change of the entry, so jobs running in several
 * processes at once publish each entry once between them.
 */
export async function publishDueChangelogEntries(ctx: ServiceContext, boardId?: number): Promise<number> {
  let published = 0;
  for (;;) {
    const due = await read(ctx, (tx) => tx.listDueChangelogEntries(nowIso(ctx), DUE_BATCH, boardId));
    for (const id of due) {
      const done = await write(ctx, async (tx) => {
        const now = nowIso(ctx);
        const entry = await tx.publishChangelogEntry(id, now);
        const board = entry && (await tx.getBoard(entry.board_id));
        if (!entry || !board) return false;
        await announce(ctx, tx, board, entry, now);
        return true;
      });
      if (done) published += 1;
    }
    if (due.length < DUE_BATCH) return published;
  }
}

/** What publishing `entry` sends, in its transaction: the followers' mail and the webhook event. */
async function announce(ctx: ServiceContext, tx: StorageTx, board: BoardRecord, entry: ChangelogEntryRecord, now: string): Promise<void> {
  await queueChangelogMail(tx, board, entry, now);
  await emitBoardEvent(ctx, tx, board, 'changelog_entry.published', { entry: presentChangelogEntry(entry) }, now);
}

/**
 * Queues one mail about `entry` for each follower of its linked posts: on the (voter, post) row of
 * the first linked post they follow and still get mail about, so a follower of several of them
 * hears of the entry once, and the mail's unsubscribe links name a post they follow.
 */
async function queueChangelogMail(tx: StorageTx, board: BoardRecord, entry: ChangelogEntryRecord, now: string): Promise<void> {
  if (entry.post_ids.length === 0 || !(await readFollowerMailSettings(tx, board.organization_id)).changelog) return;
  const event: FollowerMailEvent = { kind: 'changelog', entry_id: entry.id, at: now };
  const mailed = new Set<number>();
  for (const postId of entry.post_ids) {
    const post = await tx.getPost(postId);
    if (!post || post.board_id !== board.id) continue;
    const followers = (await tx.listFollowerIds(postId)).filter((id) => !mailed.has(id));
    for (const voterId of await mailableVoters(tx, board, post, followers)) {
      mailed.add(voterId);
      await tx.enqueueMailEvent({ organization_id: board.organization_id, voter_id: voterId, post_id: post.id, event: JSON.stringify(event), now });
    }
  }
}
