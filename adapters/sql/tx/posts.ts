/**
 * The posts aggregate in SQL: writes, the board's count, the roadmap and the changelog, merges.
 * The post list (`listPosts`) is each store's own: its search is an FTS5 index in SQLite and
 * trigram indexes in PostgreSQL (their tx/posts.ts).
 *
 * Every post row also carries `title_folded` / `body_folded` (`foldCase` of title and body,
 * computed here in JavaScript, since a database's `lower()` folds differently), which the
 * stores' searches match as a literal, case-folded substring.
 */
import type { AttachmentRecord } from '../../../src/domain/attachments.js';
import type { PostLinkRecord } from '../../../src/domain/integrations.js';
import type { ClaimRecord, EvidenceRecord, PostMergeRecord, ProposalRecord, TagRecord } from '../../../src/domain/records.js';
import { foldCase } from '../../../src/storage/text.js';
import { perDialect, type Dialect, type SqlSeam, type SqlValue } from '../seam.js';
import { assignments, pageBounds, type SharedMethods } from '../statements.js';
import { CLAIM_FIELDS, EVIDENCE_FIELDS } from './agent.js';
import { ATTACHMENT_FIELDS } from './attachments.js';
import { TAG_FIELDS } from './boards.js';
import { LINK_FIELDS } from './integrations.js';
import { STATUS_FIELDS, toStatus, type StatusRow } from './statuses.js';
import { countPostsByWord, indexTitle, listPostsByWords, reindexTitle } from './post-words.js';
import { fieldsColumn, POST_ROW, postFromRow, RETURNED_POST_ROW, selectPosts } from './rows.js';
import { defaultLabel } from './statuses.js';

function proposalColumns(proposal: ProposalRecord | null): SqlValue[] {
  return proposal === null
    ? [null, null, null, null, null]
    : [proposal.status, proposal.note, proposal.proposed_at, proposal.proposed_by_api_key_id, proposal.proposed_by_connection_id];
}

/**
 * A list of a board's posts: its WHERE and ORDER BY over `fb_posts p`, and the statement of its
 * total, each with the board as `@board`.
 */
export interface PostList {
  where: string;
  order: string;
  total: string;
}

/**
 * The roadmap: its WHERE terms repeat those of the partial index made for it (schema.ts of each
 * store), so that a page is an index walk that stops after `limit` rows; its total is the
 * maintained count of visible posts per status (`fb_board_statuses`), not a count of the posts.
 */
export const roadmapList = (d: Dialect): PostList => ({
  where: `p.board_id = @board AND p.hidden = ${d.false} AND p.status <> 'declined'`,
  order: `(CASE p.status WHEN 'open' THEN 0 WHEN 'planned' THEN 1 WHEN 'in_progress' THEN 2 ELSE 3 END), p.vote_count DESC, p.id`,
  total: `SELECT CAST(coalesce(sum(s.posts), 0) AS INTEGER) FROM fb_board_statuses s WHERE s.board_id = @board AND s.status <> 'declined'`,
});

/** The changelog, on the partial index of shipped posts, like the roadmap. */
export const changelogList = (d: Dialect): PostList => ({
  where: `p.board_id = @board AND p.hidden = ${d.false} AND p.status = 'shipped'`,
  order: 'p.shipped_at DESC NULLS LAST, p.id DESC',
  total: `SELECT CAST(coalesce(sum(s.posts), 0) AS INTEGER) FROM fb_board_statuses s WHERE s.board_id = @board AND s.status = 'shipped'`,
});

/** The board's posts, hidden ones included, from the maintained counts per status (`fb_board_post_counts`). */
export const BOARD_POSTS = 'SELECT CAST(coalesce(sum(posts), 0) AS INTEGER) FROM fb_board_post_counts WHERE board_id = ?';
/** The board's posts of one status, likewise. */
export const BOARD_STATUS_POSTS = `${BOARD_POSTS} AND status = ?`;

/** The columns of a comma-separated list, each after `alias`. */
const columns = (fields: string, alias = ''): string[] => fields.split(', ').map((field) => alias + field);

/**
 * A post's parts in one statement instead of six (each statement costs SQLite a call and
 * PostgreSQL a round trip): a row per tag, piece of evidence, claim, image, link and status, each
 * as a JSON object after the number of its part. A post without tags, evidence, claim, images or
 * links is one row, its status. The rows come unordered and are sorted as each part's own method
 * orders them: a post has a few rows of each, and an ordered list would cost SQLite a sorter per
 * part. (One row of six subqueries, each part a JSON array, cost SQLite more: an aggregate for
 * every part, a post with none included, and an array to parse for each.)
 */
const postParts = (d: Dialect): string => {
  const sources: Array<[fields: string[], from: string]> = [
    [columns(TAG_FIELDS, 't.'), 'fb_post_tags pt JOIN fb_tags t ON t.id = pt.tag_id WHERE pt.post_id = @post'],
    [columns(EVIDENCE_FIELDS), 'fb_evidence WHERE post_id = @post'],
    [columns(CLAIM_FIELDS), 'fb_claims WHERE post_id = @post'],
    [columns(ATTACHMENT_FIELDS), 'fb_attachments WHERE post_id = @post'],
    [columns(LINK_FIELDS), 'fb_post_links WHERE post_id = @post'],
    [columns(STATUS_FIELDS), 'fb_statuses WHERE id = @status'],
  ];
  return sources.map(([fields, from], part) => `SELECT ${part}, ${d.jsonObject(fields)} FROM ${from}`).join(' UNION ALL ');
};

const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;
// Timestamps are ISO text: comparing code units is the stores' byte order.
const byAddedThenId = (a: { added_at: string; id: number }, b: { added_at: string; id: number }): number =>
  a.added_at < b.added_at ? -1 : a.added_at > b.added_at ? 1 : a.id - b.id;

/** A post by its key: every read of one post. Made once, as every text is (../seam.ts). */
const POST_BY_ID = perDialect((d) => `SELECT ${POST_ROW(d)} FROM fb_posts p WHERE p.id = ?`);

/** The methods both stores share; `listPosts` is each store's own. */
export function postsMethods(db: SqlSeam): SharedMethods<'posts', 'listPosts'> {
  const d = db.dialect;
  // One await (of the row itself): every read of a post, its page's and each write's answer, goes through it.
  const postById = POST_BY_ID(d);
  const getPost = async (id: number) => {
    const row = await db.value(postById, [id]);
    return row === undefined ? null : postFromRow(d, row);
  };
  /** A page of `list` and its total, two statements. */
  const page = async ({ where, order, total }: PostList, board: number, query: { limit: number; offset: number }) => {
    const { limit, offset } = pageBounds(d, query);
    const rows = await selectPosts(db, `SELECT ${POST_ROW(d)} FROM fb_posts p WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`, {
      board,
      limit,
      offset,
    });
    return { rows, total: (await db.value<number>(total, { board }))! };
  };
  const roadmap = roadmapList(d);
  const changelog = changelogList(d);
  const parts = postParts(d);
  const dropEvidence = `DELETE FROM fb_evidence WHERE post_id = ? AND id ${d.inIds('?')}`;
  const moveComments = `UPDATE fb_comments SET post_id = ? WHERE post_id = ? AND id ${d.inIds('?')}`;
  const insert = `INSERT INTO fb_posts (board_id, title, body, status, is_admin, hidden, pinned, queue_rank,
       shipped_at, created_at, proposal_status, proposal_note, proposal_proposed_at,
       proposal_api_key_id, proposal_connection_id, title_folded, body_folded, fields, status_label_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, ${defaultLabel(d, '?', '?')})) RETURNING ${RETURNED_POST_ROW(d)}`;

  return {
    async insertPost(row) {
      const stored = await db.value(
        insert,
        [
          row.board_id, row.title, row.body, row.status, d.bool(row.is_admin), d.bool(row.hidden), d.bool(row.pinned), row.queue_rank,
          row.shipped_at, row.created_at, ...proposalColumns(row.proposal), foldCase(row.title), foldCase(row.body),
          fieldsColumn(row.fields), row.status_label_id ?? null, row.board_id, row.status,
        ],
      );
      const post = postFromRow(d, stored);
      await indexTitle(db, post.id, post.board_id, post.title);
      return post;
    },

    getPost,
    async getPostParts(postId, statusId) {
      const found: unknown[][] = [[], [], [], [], [], []];
      for (const [part, value] of await db.tuples(parts, { post: postId, status: statusId })) found[part as number]!.push(d.json(value));
      const [tags, evidence, claim, attachments, links, status] = found as [TagRecord[], EvidenceRecord[], ClaimRecord[], AttachmentRecord[], PostLinkRecord[], StatusRow[]];
      return {
        tags: tags.sort(byId),
        evidence: evidence.sort(byAddedThenId),
        claim: claim[0] ?? null,
        attachments: attachments.sort(byId),
        links: links.sort(byId),
        status: status.length === 0 ? null : toStatus(status[0]!),
      };
    },

    async updatePost(id, patch) {
      const proposal = patch.proposal === undefined ? undefined : proposalColumns(patch.proposal);
      const { set, params } = assignments([
        ['title', patch.title],
        ['title_folded', patch.title === undefined ? undefined : foldCase(patch.title)],
        ['body', patch.body],
        ['body_folded', patch.body === undefined ? undefined : foldCase(patch.body)],
        ['status', patch.status],
        ['hidden', patch.hidden === undefined ? undefined : d.bool(patch.hidden)],
        ['pinned', patch.pinned === undefined ? undefined : d.bool(patch.pinned)],
        ['queue_rank', patch.queue_rank],
        ['shipped_at', patch.shipped_at],
        ['proposal_status', proposal?.[0]],
        ['proposal_note', proposal?.[1]],
        ['proposal_proposed_at', proposal?.[2]],
        ['proposal_api_key_id', proposal?.[3]],
        ['proposal_connection_id', proposal?.[4]],
        ['status_label_id', patch.status_label_id],
        ['fields', patch.fields === undefined ? undefined : fieldsColumn(patch.fields)],
      ]);
      if (set === '') return getPost(id);
      // A status without a label takes its category's default.
      const label = patch.status !== undefined && patch.status_label_id === undefined;
      const row = await db.value(
        `UPDATE fb_posts AS p SET ${set}${label ? `, status_label_id = ${defaultLabel(d, 'p.board_id', '?')}` : ''} WHERE p.id = ? RETURNING ${RETURNED_POST_ROW(d)}`,
        label ? [...params, patch.status!, id] : [...params, id],
      );
      if (row === undefined) return null;
      const post = postFromRow(d, row);
      if (patch.title !== undefined) await reindexTitle(db, post);
      return post;
    },

    async deletePost(id) {
      // Votes, comments (and through them reactions), the claim, evidence and tag links go by
      // ON DELETE CASCADE. A reply chain would cascade one level per reply (SQLite stops cascades
      // at its trigger depth limit, 1000), so the chain is cut first.
      await db.run('UPDATE fb_comments SET parent_comment_id = NULL WHERE post_id = ? AND parent_comment_id IS NOT NULL', [id]);
      return (await db.run('DELETE FROM fb_posts WHERE id = ?', [id])) > 0;
    },

    async countPosts(boardId) {
      return (await db.value<number>(BOARD_POSTS, [boardId]))!;
    },
    // The index of pinned posts (fb_posts_pinned) holds exactly the board's pinned posts, by id.
    listPinnedPosts: (boardId) =>
      selectPosts(
        db,
        `SELECT ${POST_ROW(d)} FROM fb_posts p WHERE p.board_id = ? AND p.pinned = ${d.true}
          AND NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id) ORDER BY p.id`,
        [boardId],
      ),
    listRoadmap: (boardId, query) => page(roadmap, boardId, query),
    listChangelog: (boardId, query) => page(changelog, boardId, query),

    countPostsByWord: (boardId, words, cap) => countPostsByWord(db, boardId, words, cap),
    listPostsByWords: (boardId, words) => listPostsByWords(db, boardId, words),

    async insertPostMerge(row) {
      const { source_id, target_id, board_id, merged_at, ...moved } = row;
      await db.run('INSERT INTO fb_post_merges (source_id, target_id, board_id, merged_at, moved) VALUES (?, ?, ?, ?, ?)', [
        source_id,
        target_id,
        board_id,
        merged_at,
        JSON.stringify(moved),
      ]);
    },
    async getPostMerge(sourceId) {
      const row = await db.row<{ source_id: number; target_id: number; board_id: number; merged_at: string; moved: unknown }>(
        'SELECT source_id, target_id, board_id, merged_at, moved FROM fb_post_merges WHERE source_id = ?',
        [sourceId],
      );
      if (row === undefined) return null;
      const { moved, ...keys } = row;
      return { ...keys, ...d.json<Omit<PostMergeRecord, keyof typeof keys>>(moved) };
    },
    async removePostMerge(sourceId) {
      const removed = await db.row<{ target_id: number; moved: unknown }>(
        'DELETE FROM fb_post_merges WHERE source_id = ? RETURNING target_id, moved',
        [sourceId],
      );
      if (removed === undefined) return false;
      const { evidence_ids } = d.json<Pick<PostMergeRecord, 'evidence_ids'>>(removed.moved);
      await db.run(dropEvidence, [removed.target_id, d.ids(evidence_ids)]);
      return true;
    },
    async moveComments(fromPostId, toPostId, commentIds) {
      // The statistics triggers move each comment's count between the posts' boards (they read
      // post_id); the posts' comment_count is kept here, like insertComment does.
      const moved = await db.run(moveComments, [
        toPostId,
        fromPostId,
        d.ids(commentIds),
      ]);
      if (moved === 0) return;
      await db.run('UPDATE fb_posts SET comment_count = comment_count - ? WHERE id = ?', [moved, fromPostId]);
      await db.run('UPDATE fb_posts SET comment_count = comment_count + ? WHERE id = ?', [moved, toPostId]);
    },
  };
}
