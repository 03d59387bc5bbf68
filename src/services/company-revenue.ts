/**
 * A board's posts ranked by the revenue of the customer companies behind them (docs/sso.md,
 * "Sorting posts by company revenue"), for the team: each post's revenue is the monthly revenue
 * of the distinct companies of its voters, the team's votes on behalf of a company included.
 */
import * as z from 'zod/mini';
import type { Post } from '../domain/responses.js';
import { parseOrThrow } from '../domain/validation.js';
import { attachmentsOfPosts } from './attachment-views.js';
import { read, teamCaller, type ServiceContext } from './context.js';
import { boardOf } from './lookup.js';
import { presentPost } from './present.js';
import { labelsOf } from './status-labels.js';

/** A post as the API presents it, with the monthly revenue of the companies behind it. */
export interface CompanyRevenuePost extends Post {
  /** The sum of the monthly revenue of the distinct companies of the post's voters; 0 for none. */
  company_revenue: number;
}

/** One page of a board's posts by company revenue, and the number of the board's posts. */
export interface CompanyRevenuePostList {
  /** Company revenue desc, then vote count desc, then creation time desc, then id desc. */
  posts: CompanyRevenuePost[];
  /** Every post of the board the team's list shows (hidden ones included, merged ones not). */
  total: number;
}

/** The page of `board.team(orgId).posts.listByCompanyRevenue(slug, page)`. */
export interface CompanyRevenuePageInput {
  /** 1..500, default 50. */
  limit?: number;
  /** >= 0, default 0. */
  offset?: number;
}

const pageInput = z.strictObject({
  limit: z.optional(z.int().check(z.gte(1), z.lte(500))),
  offset: z.optional(z.int().check(z.gte(0))),
});

/**
 * One page of the organization's board `slug` ranked by the revenue of the companies behind each
 * post: company revenue desc, then as the `top` list (vote count, creation time, id, all desc).
 * Every post the team's list shows is on some page; those with no company behind them come last,
 * at 0. `not_found` for a board of another organization; a page out of bounds is a
 * `validation_error`.
 */
export function listPostsByCompanyRevenue(
  ctx: ServiceContext,
  organizationId: number,
  slug: string,
  input: CompanyRevenuePageInput = {},
): Promise<CompanyRevenuePostList> {
  const page = parseOrThrow(pageInput, input);
  const query = { limit: page.limit ?? 50, offset: page.offset ?? 0 };
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, teamCaller(organizationId), slug);
    const found = await tx.listPostsByCompanyRevenue(board.id, query);
    const ids = found.rows.map((row) => row.post.id);
    const tags = await tx.getTagsOfPosts(ids);
    const attachments = await attachmentsOfPosts(ctx, tx, ids);
    const labelOf = await labelsOf(tx, board.organization_id);
    const posts = found.rows.map(({ post, revenue }) => ({
      ...presentPost(post, labelOf(post), tags.get(post.id) ?? [], attachments.get(post.id)),
      company_revenue: revenue,
    }));
    return { posts, total: found.total };
  });
}
