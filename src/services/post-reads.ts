/**
 * Posts read: a board's list and one post (docs/errors-scopes-limits.md#posts). The hot path of
 * the API, kept apart from the writes (posts.ts) so that the core loads it with the request path
 * and loads the writes on their first call.
 */
import { listPostsQuery } from '../domain/requests.js';
import type { PostDetail, PostList } from '../domain/responses.js';
import { parseOrThrow } from '../domain/validation.js';
import { foldCase } from '../storage/text.js';
import { attachmentsOfPosts } from './attachment-views.js';
import { nowIso, read, type Caller, type ServiceContext } from './context.js';
import { boardOf, boardPostOf, readPostDetail } from './lookup.js';
import { presentPost } from './present.js';

/** Query values as they arrive in a URL: strings, parsed and checked here. */
export type QueryInput = Record<string, string | undefined>;

export function listPosts(ctx: ServiceContext, caller: Caller, slug: string, query: QueryInput = {}): Promise<PostList> {
  const q = parseOrThrow(listPostsQuery, query);
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    let tagId: number | undefined;
    if (q.tag !== undefined) {
      const tag = await tx.getTagBySlug(board.id, foldCase(q.tag));
      if (!tag) return { posts: [], total: 0 };
      tagId = tag.id;
    }
    const page = await tx.listPosts(board.id, {
      status: q.status,
      search: q.q ? foldCase(q.q) : undefined,
      tagId,
      sort: q.sort,
      limit: q.limit,
      offset: q.offset,
    });
    const ids = page.rows.map((p) => p.id);
    const tags = await tx.getTagsOfPosts(ids);
    const attachments = await attachmentsOfPosts(ctx, tx, ids);
    return { posts: page.rows.map((p) => presentPost(p, tags.get(p.id) ?? [], attachments.get(p.id))), total: page.total };
  });
}

export function getPost(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<PostDetail> {
  return read(ctx, async (tx) => readPostDetail(ctx, tx, (await boardPostOf(tx, caller, slug, id)).post, nowIso(ctx)));
}
