/**
 * Posts read: a board's list and one post (docs/errors-scopes-limits.md#posts). The hot path of
 * the API, kept apart from the writes (posts.ts) so that the core loads it with the request path
 * and loads the writes on their first call.
 */
import { listPostsQuery } from '../domain/requests.js';
import type { PostDetail, PostList } from '../domain/responses.js';
import { parseOrThrow } from '../domain/validation.js';
import type { PostRecord } from '../domain/records.js';
import type { StorageTx } from '../storage/contract.js';
import type { Page } from '../storage/contract/shared.js';
import type { PostListQuery } from '../storage/contract/posts.js';
import { byNewest, byTop } from '../storage/record-tx/shared.js';
import { foldCase, matchesSearch } from '../storage/text.js';
import { attachmentsOfPosts } from './attachment-views.js';
import { read, type Caller, type ServiceContext } from './context.js';
import { boardOf, boardPostOf, readPostDetail } from './lookup.js';
import { presentPost } from './present.js';
import { labelsOf } from './status-labels.js';

/** Query values as they arrive in a URL: strings, parsed and checked here. */
export type QueryInput = Record<string, string | undefined>;

export async function listPosts(ctx: ServiceContext, caller: Caller, slug: string, query: QueryInput = {}): Promise<PostList> {
  const q = parseOrThrow(listPostsQuery, query);
  // Loaded before the transaction, which must await nothing but the storage.
  const fieldFilter = q.field === undefined ? undefined : (await import('./field-filter.js')).fieldFilter;
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    let tagId: number | undefined;
    if (q.tag !== undefined) {
      const tag = await tx.getTagBySlug(board.id, foldCase(q.tag));
      if (!tag) return { posts: [], total: 0 };
      tagId = tag.id;
    }
    const statuses = await tx.listStatuses(board.organization_id);
    // A label's posts are of its category: the list asks for that status too, which the board's
    // status indexes answer (posts keep no index of their labels, which every write would pay).
    let status = q.status;
    if (q.status_label !== undefined) {
      const label = statuses.find((candidate) => candidate.id === q.status_label);
      if (label === undefined || (status !== undefined && status !== label.category)) return { posts: [], total: 0 };
      status = label.category;
    }
    const field = fieldFilter === undefined ? undefined : await fieldFilter(tx, board.id, q.field!);
    if (field === null) return { posts: [], total: 0 };
    const list: PostListQuery = { status, search: q.q ? foldCase(q.q) : undefined, tagId, statusLabelId: q.status_label, field, sort: q.sort, limit: q.limit, offset: q.offset };
    const page = q.pinned_first === 'true' ? await pinnedFirst(tx, board.id, list) : await tx.listPosts(board.id, list);
    const ids = page.rows.map((p) => p.id);
    const tags = await tx.getTagsOfPosts(ids);
    const attachments = await attachmentsOfPosts(ctx, tx, ids);
    const labelOf = await labelsOf(tx, board.organization_id, statuses);
    return { posts: page.rows.map((p) => presentPost(p, labelOf(p), tags.get(p.id) ?? [], attachments.get(p.id))), total: page.total };
  });
}

/**
 * A page of the list with its pinned posts first: the board's pinned posts (a handful, read by
 * themselves) that pass the list's filters, in the list's order, then the list's other posts from
 * the one store page that must hold them. A post at list position `from + i` that is not pinned is
 * the `from + i - b`-th of the others, `b` being the pinned posts before it in the list's order.
 */
async function pinnedFirst(tx: StorageTx, boardId: number, query: PostListQuery): Promise<Page<PostRecord>> {
  const order = query.sort === 'top' ? byTop : byNewest;
  let pinned = (await tx.listPinnedPosts(boardId)).filter(
    (post) =>
      (query.status === undefined || post.status === query.status) &&
      (query.statusLabelId === undefined || post.status_label_id === query.statusLabelId) &&
      (query.field === undefined || post.fields?.[query.field.key] === query.field.value) &&
      (query.search === undefined || matchesSearch(post, query.search)),
  );
  if (query.tagId !== undefined && pinned.length > 0) {
    const tags = await tx.getTagsOfPosts(pinned.map((post) => post.id));
    pinned = pinned.filter((post) => (tags.get(post.id) ?? []).some((tag) => tag.id === query.tagId));
  }
  pinned.sort(order);
  const rows = pinned.slice(query.offset, query.offset + query.limit);
  const from = Math.max(0, query.offset - pinned.length);
  const page = await tx.listPosts(boardId, { ...query, offset: from, limit: Math.max(query.limit - rows.length + pinned.length, 1) });
  for (const [i, post] of page.rows.entries()) {
    if (rows.length === query.limit) break;
    if (!post.pinned && i >= pinned.filter((other) => order(other, post) < 0).length) rows.push(post);
  }
  return { rows, total: page.total };
}

export function getPost(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<PostDetail> {
  return read(ctx, async (tx) => readPostDetail(ctx, tx, (await boardPostOf(tx, caller, slug, id)).post));
}
