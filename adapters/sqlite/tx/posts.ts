/**
 * The posts aggregate in SQL: writes, the board's count, the filtered, sorted, paged post list
 * (post-list.ts), the roadmap and the changelog.
 *
 * Every post row also carries `title_folded` / `body_folded` (`foldCase` of title and body,
 * computed here in JavaScript), which `search` matches through the trigram index and `instr()`
 * (see post-list.ts): an exact, case-folded substring test in which every character is literal.
 * (LIKE would need escaping, folds ASCII only and fails on long patterns with "pattern too complex".)
 */
import type { PostMergeRecord, ProposalRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { foldCase } from '../../../src/storage/text.js';
import { assignments, bool, idList, pageBounds, type Sql, type SqlValue } from '../sql.js';
import { boardPosts, listPostRows } from './post-list.js';
import { countPostsByWord, indexTitle, listPostsByWords, reindexTitle } from './post-words.js';
import { POST_COLUMNS, selectPosts } from './rows.js';

/**
 * The roadmap's and the changelog's WHERE terms repeat those of the partial indexes made for them
 * in schema.ts, so that each page is an index walk that stops after `limit` rows; their totals
 * are the maintained non-hidden counts per status (`fb_board_statuses`, schema-aggregates.ts).
 */
const ROADMAP = `p.board_id = ? AND p.hidden = 0 AND p.status <> 'declined'`;
const ROADMAP_ORDER = `(CASE p.status WHEN 'open' THEN 0 WHEN 'planned' THEN 1 WHEN 'in_progress' THEN 2 ELSE 3 END),
  p.vote_count DESC, p.id`;
const CHANGELOG = `p.board_id = ? AND p.hidden = 0 AND p.status = 'shipped'`;

function proposalColumns(proposal: ProposalRecord | null): SqlValue[] {
  return proposal === null
    ? [null, null, null, null]
    : [proposal.status, proposal.note, proposal.proposed_at, proposal.proposed_by_api_key_id];
}

export function postsMethods(sql: Sql): AggregateMethods<'posts'> {
  const getPost = (id: number) => {
    return selectPosts(sql, `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE p.id = ?`, id)[0] ?? null;
  };

  return {
    async insertPost(row) {
      const { id } = sql.get<{ id: number }>(
        `INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank,
           shipped_at, created_at, proposal_status, proposal_note, proposal_proposed_at,
           proposal_api_key_id, title_folded, body_folded)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        row.board_id,
        row.title,
        row.body,
        row.status,
        bool(row.is_admin),
        bool(row.hidden),
        bool(row.pinned),
        row.queue_rank,
        row.shipped_at,
        row.created_at,
        ...proposalColumns(row.proposal),
        foldCase(row.title),
        foldCase(row.body),
      )!;
      indexTitle(sql, id, row.board_id, row.title);
      return getPost(id)!;
    },

    async getPost(id) {
      return getPost(id);
    },

    async updatePost(id, patch) {
      const proposal = patch.proposal === undefined ? undefined : proposalColumns(patch.proposal);
      const { set, params } = assignments([
        ['title', patch.title],
        ['title_folded', patch.title === undefined ? undefined : foldCase(patch.title)],
        ['body', patch.body],
        ['body_folded', patch.body === undefined ? undefined : foldCase(patch.body)],
        ['status', patch.status],
        ['hidden', patch.hidden === undefined ? undefined : bool(patch.hidden)],
        ['pinned', patch.pinned === undefined ? undefined : bool(patch.pinned)],
        ['queue_rank', patch.queue_rank],
        ['shipped_at', patch.shipped_at],
        ['proposal_status', proposal?.[0]],
        ['proposal_note', proposal?.[1]],
        ['proposal_proposed_at', proposal?.[2]],
        ['proposal_api_key_id', proposal?.[3]],
      ]);
      if (set !== '') sql.run(`UPDATE fb_posts SET ${set} WHERE id = ?`, ...params, id);
      if (patch.title !== undefined) reindexTitle(sql, id, patch.title);
      return getPost(id);
    },

    async deletePost(id) {
      // Votes, comments (and through them reactions), the claim, evidence and tag links go by
      // ON DELETE CASCADE. A reply chain would cascade one level per reply, and SQLite stops
      // cascades at its trigger depth limit (1000), so the chain is cut first.
      sql.run('UPDATE fb_comments SET parent_comment_id = NULL WHERE post_id = ? AND parent_comment_id IS NOT NULL', id);
      return sql.run('DELETE FROM fb_posts WHERE id = ?', id).changes > 0;
    },

    async countPosts(boardId) {
      return boardPosts(sql, boardId);
    },

    async listPosts(boardId, query) {
      return listPostRows(sql, boardId, query);
    },
    async listRoadmap(boardId, query) {
      const { limit, offset } = pageBounds(query);
      const rows = selectPosts(
        sql,
        `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${ROADMAP} ORDER BY ${ROADMAP_ORDER} LIMIT ? OFFSET ?`,
        boardId,
        limit,
        offset,
      );
      const total = sql.value<number>(
        "SELECT coalesce(sum(posts), 0) FROM fb_board_statuses WHERE board_id = ? AND status <> 'declined'",
        boardId,
      )!;
      return { rows, total };
    },
    async listChangelog(boardId, query) {
      const { limit, offset } = pageBounds(query);
      const rows = selectPosts(
        sql,
        `SELECT ${POST_COLUMNS} FROM fb_posts p WHERE ${CHANGELOG}
          ORDER BY p.shipped_at DESC, p.id DESC LIMIT ? OFFSET ?`,
        boardId,
        limit,
        offset,
      );
      const total = sql.value<number>(
        "SELECT coalesce(sum(posts), 0) FROM fb_board_statuses WHERE board_id = ? AND status = 'shipped'",
        boardId,
      )!;
      return { rows, total };
    },

    async countPostsByWord(boardId, words, cap) {
      return countPostsByWord(sql, boardId, words, cap);
    },
    async listPostsByWords(boardId, words) {
      return listPostsByWords(sql, boardId, words);
    },

    async insertPostMerge(row) {
      const { source_id, target_id, board_id, merged_at, ...moved } = row;
      sql.run(
        'INSERT INTO fb_post_merges (source_id, target_id, board_id, merged_at, moved) VALUES (?, ?, ?, ?, ?)',
        source_id,
        target_id,
        board_id,
        merged_at,
        JSON.stringify(moved),
      );
    },
    async getPostMerge(sourceId) {
      const row = sql.get<{ source_id: number; target_id: number; board_id: number; merged_at: string; moved: string }>(
        'SELECT source_id, target_id, board_id, merged_at, moved FROM fb_post_merges WHERE source_id = ?',
        sourceId,
      );
      if (!row) return null;
      const { moved, ...keys } = row;
      return { ...keys, ...(JSON.parse(moved) as Omit<PostMergeRecord, keyof typeof keys>) };
    },
    async removePostMerge(sourceId) {
      const removed = sql.get<{ target_id: number; evidence_ids: string }>(
        "DELETE FROM fb_post_merges WHERE source_id = ? RETURNING target_id, json_extract(moved, '$.evidence_ids') AS evidence_ids",
        sourceId,
      );
      if (!removed) return false;
      sql.run('DELETE FROM fb_evidence WHERE post_id = ? AND id IN (SELECT value FROM json_each(?))', removed.target_id, removed.evidence_ids);
      return true;
    },
    async moveComments(fromPostId, toPostId, commentIds) {
      // The statistics triggers move each comment's count between the posts' boards (it reads
      // post_id); the posts' comment_count is kept here, like insertComment does.
      const moved = sql.run(
        'UPDATE fb_comments SET post_id = ? WHERE post_id = ? AND id IN (SELECT value FROM json_each(?))',
        toPostId,
        fromPostId,
        idList([...commentIds]),
      ).changes;
      if (moved === 0) return;
      sql.run('UPDATE fb_posts SET comment_count = comment_count - ? WHERE id = ?', moved, fromPostId);
      sql.run('UPDATE fb_posts SET comment_count = comment_count + ? WHERE id = ?', moved, toPostId);
    },
  };
}
