/**
 * Posts: writes, and the filtered, sorted, paged post list.
 *
 * Every post row also carries `title_folded` / `body_folded` (`foldCase` of title and body,
 * computed here in JavaScript), which `search` matches through the trigram index and `instr()`
 * (see post-list.ts): an exact, case-folded substring test in which every character is literal.
 * (LIKE would need escaping, folds ASCII only and fails on long patterns with "pattern too complex".)
 */
import type { StorageTx } from '../../../src/storage/contract.js';
import type { ProposalRecord } from '../../../src/domain/records.js';
import { foldCase } from '../../../src/storage/text.js';
import { assignments, bool, type Sql, type SqlValue } from '../sql.js';
import { listPostRows } from './post-list.js';
import { POST_COLUMNS, selectPosts } from './rows.js';

type PostMethods = Pick<StorageTx, 'insertPost' | 'getPost' | 'updatePost' | 'deletePost' | 'listPosts'>;

function proposalColumns(proposal: ProposalRecord | null): SqlValue[] {
  return proposal === null
    ? [null, null, null, null]
    : [proposal.status, proposal.note, proposal.proposed_at, proposal.proposed_by_api_key_id];
}

export function postMethods(sql: Sql): PostMethods {
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
      return getPost(id);
    },

    async deletePost(id) {
      // Votes, comments (and through them reactions), the claim, evidence and tag links go by
      // ON DELETE CASCADE. A reply chain would cascade one level per reply, and SQLite stops
      // cascades at its trigger depth limit (1000), so the chain is cut first.
      sql.run('UPDATE fb_comments SET parent_comment_id = NULL WHERE post_id = ? AND parent_comment_id IS NOT NULL', id);
      return sql.run('DELETE FROM fb_posts WHERE id = ?', id).changes > 0;
    },

    async listPosts(boardId, query) {
      return listPostRows(sql, boardId, query);
    },
  };
}
