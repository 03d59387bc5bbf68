/**
 * The posts aggregate in SQL: writes, the board's count, and the lists (the filtered, sorted,
 * paged post list, the roadmap, the changelog), each page with its total in one statement.
 *
 * Every post row also carries `title_folded` / `body_folded` (`foldCase` of title and body,
 * computed here in JavaScript, since the database's `lower()` depends on its locale), which
 * `search` matches with `LIKE '%…%'`, the search's `\`, `%` and `_` escaped: an exact, case-folded
 * substring test in which every character is literal, and one the trigram indexes of
 * schema-search.ts can answer (`strpos()` gives the same answer but no index can serve it).
 */

import type { PostListQuery } from '../../../src/storage/contract.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { PostMergeRecord, ProposalRecord } from '../../../src/domain/records.js';
import { foldCase } from '../../../src/storage/text.js';
import { assignments, idArray, pageBounds, type Sql, type SqlValue } from '../sql.js';
import { POST_COLUMNS, toPost, type PostRow } from './rows.js';
import { pageWithTotal } from './page.js';
import { countPostsByWord, indexTitle, listPostsByWords, reindexTitle } from './post-words.js';

/** `text` as a LIKE pattern matching exactly itself (the default escape character is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function proposalColumns(proposal: ProposalRecord | null): SqlValue[] {
  return proposal === null
    ? [null, null, null, null]
    : [proposal.status, proposal.note, proposal.proposed_at, proposal.proposed_by_api_key_id];
}

/** A post that is not merged: a probe of `fb_post_merges`' primary key (schema-merges.ts). */
const NOT_MERGED = 'NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id)';

/** The WHERE clause of a post list and its values (numbered from $1). */
function listFilter(boardId: number, query: PostListQuery): { where: string; params: SqlValue[] } {
  const terms = ['p.board_id = $1', NOT_MERGED];
  const params: SqlValue[] = [boardId];
  if (query.status !== undefined) {
    params.push(query.status);
    terms.push(`p.status = $${params.length}`);
  }
  if (query.search !== undefined) {
    params.push(`%${escapeLike(query.search)}%`);
    terms.push(`(p.title_folded LIKE $${params.length} OR p.body_folded LIKE $${params.length})`);
  }
  if (query.tagId !== undefined) {
    params.push(query.tagId);
    terms.push(`EXISTS (SELECT 1 FROM fb_post_tags pt WHERE pt.post_id = p.id AND pt.tag_id = $${params.length})`);
  }
  return { where: terms.join(' AND '), params };
}

const LIST_ORDER = {
  new: 'p.created_at DESC, p.id DESC',
  top: 'p.vote_count DESC, p.created_at DESC, p.id DESC',
} as const;

// The roadmap's and the changelog's WHERE terms imply those of the partial indexes made for them
// in schema.ts, which lets PostgreSQL walk them and stop after `limit` rows.
export const ROADMAP_WHERE = `p.board_id = $1 AND NOT p.hidden AND p.status <> 'declined'`;
export const ROADMAP_ORDER = `(CASE p.status WHEN 'open' THEN 0 WHEN 'planned' THEN 1 WHEN 'in_progress' THEN 2 ELSE 3 END),
  p.vote_count DESC, p.id`;
export const CHANGELOG_WHERE = `p.board_id = $1 AND NOT p.hidden AND p.status = 'shipped'`;
export const CHANGELOG_ORDER = 'p.shipped_at DESC NULLS LAST, p.id DESC';

// The totals, from the visible posts per status that the statistics keep (schema-aggregates.ts),
// instead of counting the board's planned, in-progress or shipped posts on every page.
const visibleWith = (statuses: string) =>
  `(SELECT coalesce(sum(s.posts), 0)::int FROM fb_board_statuses s WHERE s.board_id = $1 AND ${statuses})`;
export const ROADMAP_TOTAL = visibleWith(`s.status <> 'declined'`);
export const CHANGELOG_TOTAL = visibleWith(`s.status = 'shipped'`);

export function postsMethods(sql: Sql): AggregateMethods<'posts'> {
  const getPost = async (id: number) => {
    const row = await sql.row<PostRow>(`SELECT ${POST_COLUMNS} FROM fb_posts p WHERE p.id = $1`, [id]);
    return row === undefined ? null : toPost(row);
  };

  return {
    async insertPost(row) {
      const stored = await sql.row<PostRow>(
        `INSERT INTO fb_posts AS p (board_id, title, body, status, is_admin, hidden, pinned, queue_rank,
           shipped_at, created_at, proposal_status, proposal_note, proposal_proposed_at,
           proposal_api_key_id, title_folded, body_folded)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING ${POST_COLUMNS}`,
        [
          row.board_id, row.title, row.body, row.status, row.is_admin, row.hidden, row.pinned, row.queue_rank,
          row.shipped_at, row.created_at, ...proposalColumns(row.proposal), foldCase(row.title), foldCase(row.body),
        ],
      );
      const post = toPost(stored!);
      await indexTitle(sql, post.id, post.board_id, post.title);
      return post;
    },

    getPost,

    async updatePost(id, patch) {
      const proposal = patch.proposal === undefined ? undefined : proposalColumns(patch.proposal);
      const { set, params } = assignments([
        ['title', patch.title],
        ['title_folded', patch.title === undefined ? undefined : foldCase(patch.title)],
        ['body', patch.body],
        ['body_folded', patch.body === undefined ? undefined : foldCase(patch.body)],
        ['status', patch.status],
        ['hidden', patch.hidden],
        ['pinned', patch.pinned],
        ['queue_rank', patch.queue_rank],
        ['shipped_at', patch.shipped_at],
        ['proposal_status', proposal?.[0]],
        ['proposal_note', proposal?.[1]],
        ['proposal_proposed_at', proposal?.[2]],
        ['proposal_api_key_id', proposal?.[3]],
      ], 2);
      if (set === '') return getPost(id);
      const row = await sql.row<PostRow>(`UPDATE fb_posts AS p SET ${set} WHERE p.id = $1 RETURNING ${POST_COLUMNS}`, [id, ...params]);
      if (row === undefined) return null;
      const post = toPost(row);
      if (patch.title !== undefined) await reindexTitle(sql, post);
      return post;
    },

    async deletePost(id) {
      // Votes, comments (and through them reactions), the claim, evidence and tag links go by
      // ON DELETE CASCADE. A reply chain would cascade one level per reply, each a nested trigger
      // call, so the chain is cut first (in the same statement) to keep deep chains deletable.
      return (
        (await sql.run(
          `WITH cut AS (UPDATE fb_comments SET parent_comment_id = NULL WHERE post_id = $1 AND parent_comment_id IS NOT NULL)
           DELETE FROM fb_posts WHERE id = $1`,
          [id],
        )) > 0
      );
    },

    async countPosts(boardId) {
      return (await sql.row<{ n: number }>(
        'SELECT coalesce(sum(posts), 0)::int AS n FROM fb_board_post_counts WHERE board_id = $1',
        [boardId],
      ))!.n;
    },

    async listPosts(boardId, query) {
      const { limit, offset } = pageBounds(query);
      const { where, params } = listFilter(boardId, query);
      // Without a search or a tag, the total is the maintained count per board and status
      // (schema-aggregates.ts); with a tag alone, the tag's (schema-tag-counts.ts), and with a
      // status too, the tag's for that status (schema-tag-status-counts.ts), which count only when
      // the tag is the board's; each less the board's merged posts among them, few by nature (read
      // through fb_post_merges_board). Then the page walks the sort's index (the status's) and
      // stops after `limit + offset` matches. With a search, the matches are counted.
      let total: string | undefined;
      if (query.search === undefined && query.tagId === undefined) {
        const status = query.status === undefined ? '' : ' AND c.status = $2';
        const mergedStatus = query.status === undefined ? '' : ' JOIN fb_posts mp ON mp.id = m.source_id AND mp.status = $2';
        total = `((SELECT coalesce(sum(c.posts), 0)::int FROM fb_board_post_counts c WHERE c.board_id = $1${status})
          - (SELECT count(*)::int FROM fb_post_merges m${mergedStatus} WHERE m.board_id = $1))`;
      } else if (query.search === undefined && query.status === undefined) {
        // The filter's values are the board ($1) and the tag ($2).
        total = `((SELECT coalesce(sum(c.posts), 0)::int FROM fb_tag_posts c JOIN fb_tags t ON t.id = c.tag_id WHERE c.tag_id = $2 AND t.board_id = $1)
          - (SELECT count(*)::int FROM fb_post_merges m JOIN fb_post_tags mt ON mt.post_id = m.source_id AND mt.tag_id = $2 WHERE m.board_id = $1))`;
      } else if (query.search === undefined) {
        // The filter's values are the board ($1), the status ($2) and the tag ($3).
        total = `((SELECT coalesce(sum(c.posts), 0)::int FROM fb_tag_status_posts c JOIN fb_tags t ON t.id = c.tag_id
            WHERE c.tag_id = $3 AND c.status = $2 AND t.board_id = $1)
          - (SELECT count(*)::int FROM fb_post_merges m JOIN fb_post_tags mt ON mt.post_id = m.source_id AND mt.tag_id = $3
              JOIN fb_posts mp ON mp.id = m.source_id AND mp.status = $2 WHERE m.board_id = $1))`;
      }
      // A search's pattern, and a tag's share of the board, decide the best plan: planned for them.
      const planning = query.search !== undefined || query.tagId !== undefined ? 'values' : 'generic';
      return pageWithTotal(sql, { where, order: LIST_ORDER[query.sort], params, limit, offset, planning, ...(total ? { total } : {}) });
    },
    async listRoadmap(boardId, query) {
      const { limit, offset } = pageBounds(query);
      return pageWithTotal(sql, { where: ROADMAP_WHERE, order: ROADMAP_ORDER, params: [boardId], limit, offset, total: ROADMAP_TOTAL });
    },
    async listChangelog(boardId, query) {
      const { limit, offset } = pageBounds(query);
      return pageWithTotal(sql, { where: CHANGELOG_WHERE, order: CHANGELOG_ORDER, params: [boardId], limit, offset, total: CHANGELOG_TOTAL });
    },

    async countPostsByWord(boardId, words, cap) {
      return countPostsByWord(sql, boardId, words, cap);
    },
    async listPostsByWords(boardId, words) {
      return listPostsByWords(sql, boardId, words);
    },

    async insertPostMerge(row) {
      const { source_id, target_id, board_id, merged_at, ...moved } = row;
      await sql.run(
        'INSERT INTO fb_post_merges (source_id, target_id, board_id, merged_at, moved) VALUES ($1, $2, $3, $4, $5)',
        [source_id, target_id, board_id, merged_at, JSON.stringify(moved)],
      );
    },
    async getPostMerge(sourceId) {
      const row = await sql.row<{ source_id: number; target_id: number; board_id: number; merged_at: string; moved: Omit<PostMergeRecord, 'source_id' | 'target_id' | 'board_id' | 'merged_at'> }>(
        'SELECT source_id, target_id, board_id, merged_at, moved FROM fb_post_merges WHERE source_id = $1',
        [sourceId],
      );
      if (row === undefined) return null;
      const { moved, ...keys } = row;
      return { ...keys, ...moved };
    },
    async removePostMerge(sourceId) {
      const removed = await sql.row<{ target_id: number; evidence_ids: number[] }>(
        `DELETE FROM fb_post_merges WHERE source_id = $1 RETURNING target_id, moved -> 'evidence_ids' AS evidence_ids`,
        [sourceId],
      );
      if (removed === undefined) return false;
      await sql.run('DELETE FROM fb_evidence WHERE post_id = $1 AND id = ANY($2::int[])', [removed.target_id, idArray(removed.evidence_ids)]);
      return true;
    },
    async moveComments(fromPostId, toPostId, commentIds) {
      // The statistics triggers move each comment's count between the posts' boards (they read
      // post_id); the posts' comment_count is kept here, like insertComment does.
      await sql.run(
        `WITH moved AS (
           UPDATE fb_comments SET post_id = $2 WHERE post_id = $1 AND id = ANY($3::int[]) RETURNING id),
         source AS (
           UPDATE fb_posts SET comment_count = comment_count - (SELECT count(*) FROM moved) WHERE id = $1 AND EXISTS (SELECT 1 FROM moved))
         UPDATE fb_posts SET comment_count = comment_count + (SELECT count(*) FROM moved) WHERE id = $2 AND EXISTS (SELECT 1 FROM moved)`,
        [fromPostId, toPostId, idArray(commentIds)],
      );
    },
  };
}
