/**
 * SQLite's own posts method, the post list (the rest of the aggregate is adapters/sql/tx/posts.ts):
 * filters, sort, page and `total`, each answered from the smallest set of rows that can hold the
 * matches, in statements of SQLite's own: its search is an FTS5 index, and a join order is kept
 * with CROSS JOIN, which PostgreSQL does not read that way.
 *
 * - `search` of three characters or more: the matches come from the trigram index
 *   (schema-search.ts), whose phrase of the needle's trigrams matches exactly the posts whose
 *   folded title or body contains the needle (the contract: a literal, case-folded substring),
 *   and from the few posts newer than the index, whose text is tested (search-batches.ts);
 *   their ids are sorted, and the page's rows are read by id. The cost follows the number of
 *   matches, not the size of the board. Shorter needles have no trigram: they are tested with
 *   `instr()` on every post of the board, walked in the order of the sort.
 * - `tagId`: `total` is the tag's maintained count (`fb_tag_posts`); with a status too, the tag's
 *   count for that status (`fb_tag_status_posts`), each less the merged posts among them. A tag on few posts
 *   drives the page (its posts, sorted); a tag met often among the board's (or the status's)
 *   posts lets a walk of the sort's index, probing each post's links, stop early. Which of the
 *   two reads fewer rows is estimated from the tag's count and the board's (or status's) count.
 * - otherwise the index of the sort is walked, and the walk stops after `limit` rows; `total` is
 *   read from the maintained counts per board and status (`fb_board_post_counts`).
 */
import type { Page, PostListQuery } from '../../../src/storage/contract.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { PostRecord } from '../../../src/domain/records.js';
import { BOARD_POSTS, BOARD_STATUS_POSTS } from '../../sql/tx/posts.js';
import type { SqliteSeam } from '../seam.js';
import { idList, pageBounds, type Sql, type SqlValue } from '../sql.js';
import { POST_ARRAY, selectPosts } from './rows.js';

const LIST_ORDER = {
  new: 'p.created_at DESC, p.id DESC',
  top: 'p.vote_count DESC, p.created_at DESC, p.id DESC',
} as const;


/** The needle as an FTS5 phrase: every character literal, `"` doubled. */
const phrase = (needle: string) => `"${needle.replaceAll('"', '""')}"`;

/** True when the trigram index can answer the needle: three code points or more. */
const indexable = (needle: string) => [...needle].length >= 3;

/**
 * The board's merged posts (`WHERE m.board_id = ?`) that carry the tag (`pt.tag_id = ?`), each
 * probed in the tag links. CROSS JOIN keeps that order: a board has few merged posts and a tag
 * may be on a fifth of its posts, and without the order the planner, which has no statistics,
 * walked the tag's links and probed each in the merges (10 ms for a common tag of a 1M-post board).
 */
const MERGED_WITH_TAG = 'fb_post_merges m CROSS JOIN fb_post_tags pt ON pt.post_id = m.source_id AND pt.tag_id = ?';
/** A tag's listed posts: their maintained count less the merged ones among them. */
const TAG_TOTAL = `SELECT (SELECT coalesce(sum(posts), 0) FROM fb_tag_posts WHERE tag_id = ?)
          - (SELECT count(*) FROM ${MERGED_WITH_TAG} WHERE m.board_id = ?)`;
/** The same of one status. */
const TAG_STATUS_TOTAL = `SELECT (SELECT coalesce(sum(posts), 0) FROM fb_tag_status_posts WHERE tag_id = ? AND status = ?)
          - (SELECT count(*) FROM ${MERGED_WITH_TAG} CROSS JOIN fb_posts p ON p.id = m.source_id AND p.status = ? WHERE m.board_id = ?)`;

/** A post that is not merged: a probe of `fb_post_merges`' primary key (src/storage/schema/tables-boards.ts). */
const NOT_MERGED = 'NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id)';

/** What SQLite answers of the posts aggregate its own way. */
export function sqlitePostsMethods(db: SqliteSeam): Pick<AggregateMethods<'posts'>, 'listPosts'> {
  return {
    async listPosts(boardId, query) {
      return listPostRows(db.sql, boardId, query);
    },
  };
}

function listPostRows(sql: Sql, boardId: number, query: PostListQuery): Page<PostRecord> {
  const { limit, offset } = pageBounds(query);
  const order = LIST_ORDER[query.sort];
  const terms = ['p.board_id = ?', NOT_MERGED];
  const params: SqlValue[] = [boardId];
  if (query.status !== undefined) {
    terms.push('p.status = ?');
    params.push(query.status);
  }
  // A needle the trigram index answers needs no other test (see schema-search.ts); a shorter one
  // is tested on each post's folded text.
  const needle = query.search !== undefined && indexable(query.search) ? query.search : null;
  if (query.search !== undefined && needle === null) {
    terms.push('(instr(p.title_folded, ?) > 0 OR instr(p.body_folded, ?) > 0)');
    params.push(query.search, query.search);
  }
  if (query.tagId !== undefined) {
    terms.push('EXISTS (SELECT 1 FROM fb_post_tags pt WHERE pt.post_id = p.id AND pt.tag_id = ?)');
    params.push(query.tagId);
  }
  if (query.statusLabelId !== undefined) {
    terms.push('p.status_label_id = ?');
    params.push(query.statusLabelId);
  }
  if (query.field !== undefined) {
    // A key is letters, digits and `_` (the service checks), so `$.key` is its path; a JSON number
    // reads as a number, never equal to a string.
    terms.push('json_extract(p.fields, ?) = ?');
    params.push(`$.${query.field.key}`, query.field.value);
  }
  // A label or a field's value has no maintained count: its posts are counted (the service asks
  // for a label's category too, so the board's status index holds them).
  const counted = query.search !== undefined || query.statusLabelId !== undefined || query.field !== undefined;
  const where = terms.join(' AND ');
  const page = (from: string, condition: string, values: SqlValue[]): PostRecord[] =>
    selectPosts(sql, `SELECT ${POST_ARRAY} FROM ${from} WHERE ${condition} ORDER BY ${order} LIMIT ? OFFSET ?`, ...values, limit, offset);

  if (needle !== null) {
    // One pass over the matches gives their ids in page order, hence the total and the page's
    // ids; only the page's rows are then read whole. (Counting and sorting whole rows took two
    // passes and carried every column of every match through the sort.)
    // The index holds the posts up to its last; the newer ones wait for their batch
    // (search-batches.ts) and have their text tested, as a short needle's posts do.
    const from = `(SELECT rowid AS id FROM fb_posts_search WHERE fb_posts_search MATCH ?
        UNION ALL SELECT id FROM fb_posts WHERE id > (SELECT through_id FROM fb_search_indexed)
          AND (instr(title_folded, ?) > 0 OR instr(body_folded, ?) > 0)) AS m
      CROSS JOIN fb_posts p ON p.id = m.id`;
    const ids = sql.column<number>(
      `SELECT p.id FROM ${from} WHERE ${where} ORDER BY ${order}`,
      phrase(needle),
      needle,
      needle,
      ...params,
    );
    const pageIds = ids.slice(offset, offset + limit);
    const rows =
      pageIds.length === 0
        ? []
        : selectPosts(
            sql,
            `SELECT ${POST_ARRAY} FROM fb_posts p WHERE p.id IN (SELECT value FROM json_each(?)) ORDER BY ${order}`,
            idList(pageIds),
          );
    return { rows, total: ids.length };
  }

  if (query.tagId !== undefined && !counted) {
    // A tag belongs to one board, and only posts of that board carry it.
    const tagBoard = sql.value<number>('SELECT board_id FROM fb_tags WHERE id = ?', query.tagId);
    if (tagBoard !== boardId) return { rows: [], total: 0 };
    const tagged = 'fb_post_tags pt CROSS JOIN fb_posts p ON p.id = pt.post_id';
    const condition = `${query.status === undefined ? 'pt.tag_id = ?' : 'pt.tag_id = ? AND p.status = ?'} AND ${NOT_MERGED}`;
    const values: SqlValue[] = query.status === undefined ? [query.tagId] : [query.tagId, query.status];
    let total: number;
    // The posts a page built from the tag reads, and those the sort's index holds for the filter.
    let tagPosts: number;
    let scope: number;
    if (query.status === undefined) {
      total = sql.value<number>(
        TAG_TOTAL,
        query.tagId,
        query.tagId,
        boardId,
      )!;
      tagPosts = total;
      scope = boardPosts(sql, boardId);
    } else {
      // The tag's posts of the status, from their maintained count less the merged ones among
      // them; the tag's posts of every status (merged ones included) are what a page built from
      // the tag reads.
      total = sql.value<number>(
        TAG_STATUS_TOTAL,
        query.tagId,
        query.status,
        query.tagId,
        query.status,
        boardId,
      )!;
      tagPosts = sql.value<number>('SELECT coalesce(sum(posts), 0) FROM fb_tag_posts WHERE tag_id = ?', query.tagId)!;
      scope = boardPosts(sql, boardId, query.status);
    }
    if (total === 0) return { rows: [], total };
    // A walk of the sort's index meets a match every (scope / total) posts, so it reads about
    // (offset + limit) * scope / total posts; building the page from the tag's posts reads all of
    // them (`tagPosts`), whatever their status.
    const walk = ((offset + limit) * Math.max(scope, total)) / total;
    return { rows: tagPosts <= walk ? page(tagged, condition, values) : page('fb_posts p', where, params), total };
  }

  const rows = page('fb_posts p', where, params);
  const total = counted
      ? sql.value<number>(`SELECT count(*) FROM fb_posts p WHERE ${where}`, ...params)!
      : boardPosts(sql, boardId, query.status) - mergedPosts(sql, boardId, query.status);
  return { rows, total };
}

/** The board's merged posts (of one status), few by nature, read through `fb_post_merges_board`. */
function mergedPosts(sql: Sql, boardId: number, status?: string): number {
  return status === undefined
    ? sql.value<number>('SELECT count(*) FROM fb_post_merges WHERE board_id = ?', boardId)!
    : sql.value<number>('SELECT count(*) FROM fb_post_merges m JOIN fb_posts p ON p.id = m.source_id WHERE m.board_id = ? AND p.status = ?', boardId, status)!;
}

/** The board's posts (of one status), hidden ones included, from the maintained counts (schema-counts.ts). */
function boardPosts(sql: Sql, boardId: number, status?: string): number {
  return status === undefined ? sql.value<number>(BOARD_POSTS, boardId)! : sql.value<number>(BOARD_STATUS_POSTS, boardId, status)!;
}
