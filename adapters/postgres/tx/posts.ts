/**
 * PostgreSQL's own posts methods (the rest of the aggregate is adapters/sql/tx/posts.ts), each one
 * statement where the shared SQL takes several, since here every statement is a round trip:
 *
 * - the post list, with its total, in one statement (page.ts); its search is its own too:
 *   `LIKE '%…%'` on the folded text with `\`, `%` and `_` escaped, an exact, case-folded substring
 *   test in which every character is literal, and one the trigram indexes of schema-search.ts can
 *   answer (`strpos()` gives the same answer but no index can serve it);
 * - the roadmap and the changelog with their totals, in one statement each (page.ts);
 * - deleting a post with its reply chains cut, moving comments with both posts' counts, and the
 *   words' counts of similar posts: one statement each (a data-modifying WITH, a set of words).
 */
import type { PostListQuery } from '../../../src/storage/contract.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlValue } from '../../sql/seam.js';
import { pageBounds } from '../../sql/statements.js';
import { changelogList, roadmapList, type PostList } from '../../sql/tx/posts.js';
import type { PostgresSeam } from '../seam.js';
import { pageWithTotal } from './page.js';

/** `text` as a LIKE pattern matching exactly itself (the default escape character is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A post that is not merged: a probe of `fb_post_merges`' primary key (src/storage/schema/tables-boards.ts). */
const NOT_MERGED = 'NOT EXISTS (SELECT 1 FROM fb_post_merges m WHERE m.source_id = p.id)';

/** The WHERE clause of a post list and its values. */
function listFilter(boardId: number, query: PostListQuery): { where: string; values: Record<string, SqlValue> } {
  const terms = ['p.board_id = @board', NOT_MERGED];
  const values: Record<string, SqlValue> = { board: boardId };
  if (query.status !== undefined) {
    values.status = query.status;
    terms.push('p.status = @status');
  }
  if (query.search !== undefined) {
    values.search = `%${escapeLike(query.search)}%`;
    terms.push('(p.title_folded LIKE @search OR p.body_folded LIKE @search)');
  }
  if (query.tagId !== undefined) {
    values.tag = query.tagId;
    terms.push('EXISTS (SELECT 1 FROM fb_post_tags pt WHERE pt.post_id = p.id AND pt.tag_id = @tag)');
  }
  if (query.statusLabelId !== undefined) {
    values.label = query.statusLabelId;
    terms.push('p.status_label_id = @label');
  }
  if (query.field !== undefined) {
    // jsonb equality: a number equals the same number written any way, never a string.
    values.fieldKey = query.field.key;
    values.fieldValue = JSON.stringify(query.field.value);
    terms.push('p.fields -> CAST(@fieldKey AS text) = CAST(@fieldValue AS jsonb)');
  }
  return { where: terms.join(' AND '), values };
}

/**
 * The total of a list without a search, from the maintained counts: per board and status
 * (schema-aggregates.ts); with a tag alone, the tag's (schema-tag-counts.ts), and with a status
 * too, the tag's for that status (schema-tag-status-counts.ts), which count only when the tag is
 * the board's; each less the board's merged posts among them, few by nature (read through
 * fb_post_merges_board).
 */
function maintainedTotal(query: PostListQuery): string {
  if (query.tagId === undefined) {
    const status = query.status === undefined ? '' : ' AND c.status = @status';
    const mergedStatus = query.status === undefined ? '' : ' JOIN fb_posts mp ON mp.id = m.source_id AND mp.status = @status';
    return `((SELECT coalesce(sum(c.posts), 0)::int FROM fb_board_post_counts c WHERE c.board_id = @board${status})
      - (SELECT count(*)::int FROM fb_post_merges m${mergedStatus} WHERE m.board_id = @board))`;
  }
  if (query.status === undefined) {
    return `((SELECT coalesce(sum(c.posts), 0)::int FROM fb_tag_posts c JOIN fb_tags t ON t.id = c.tag_id WHERE c.tag_id = @tag AND t.board_id = @board)
      - (SELECT count(*)::int FROM fb_post_merges m JOIN fb_post_tags mt ON mt.post_id = m.source_id AND mt.tag_id = @tag WHERE m.board_id = @board))`;
  }
  return `((SELECT coalesce(sum(c.posts), 0)::int FROM fb_tag_status_posts c JOIN fb_tags t ON t.id = c.tag_id
      WHERE c.tag_id = @tag AND c.status = @status AND t.board_id = @board)
    - (SELECT count(*)::int FROM fb_post_merges m JOIN fb_post_tags mt ON mt.post_id = m.source_id AND mt.tag_id = @tag
        JOIN fb_posts mp ON mp.id = m.source_id AND mp.status = @status WHERE m.board_id = @board))`;
}

const LIST_ORDER = {
  new: 'p.created_at DESC, p.id DESC',
  top: 'p.vote_count DESC, p.created_at DESC, p.id DESC',
} as const;

type OwnPosts = 'listPosts' | 'listRoadmap' | 'listChangelog' | 'deletePost' | 'moveComments' | 'countPostsByWord';

/** What PostgreSQL answers of the posts aggregate its own way. */
export function postgresPostsMethods(db: PostgresSeam): Pick<AggregateMethods<'posts'>, OwnPosts> {
  const d = db.dialect;
  const moveComments = `WITH moved AS (
           UPDATE fb_comments SET post_id = @to WHERE post_id = @from AND id ${d.inIds('@ids')} RETURNING id),
         source AS (
           UPDATE fb_posts SET comment_count = comment_count - (SELECT count(*) FROM moved) WHERE id = @from AND EXISTS (SELECT 1 FROM moved))
         UPDATE fb_posts SET comment_count = comment_count + (SELECT count(*) FROM moved) WHERE id = @to AND EXISTS (SELECT 1 FROM moved)`;
  const wordCounts = `SELECT q.value AS word, (SELECT count(*) FROM (SELECT 1 FROM fb_post_words w
                                                      WHERE w.board_id = @board AND w.word = q.value LIMIT @cap) c)::int AS n
           FROM ${d.wordRows('@words', 'q')}`;
  const list = ({ where, order, total }: PostList, boardId: number, query: { limit: number; offset: number }) =>
    pageWithTotal(db, { where, order, total: `(${total})`, values: { board: boardId }, ...pageBounds(d, query) });
  const roadmap = roadmapList(d);
  const changelog = changelogList(d);

  return {
    async listPosts(boardId, query) {
      const { limit, offset } = pageBounds(d, query);
      const { where, values } = listFilter(boardId, query);
      // With a maintained total, the page walks the sort's index (the status's) and stops after
      // `limit + offset` matches; with a search, the matches are counted. A search's pattern, and
      // a tag's share of the board, decide the best plan: planned for them.
      // A label or a field's value has no maintained count: its posts are counted.
      const counted = query.search !== undefined || query.statusLabelId !== undefined || query.field !== undefined;
      const total = counted ? undefined : maintainedTotal(query);
      const planning = counted || query.tagId !== undefined ? 'values' : 'generic';
      return pageWithTotal(db, { where, order: LIST_ORDER[query.sort], values, limit, offset, planning, ...(total ? { total } : {}) });
    },
    listRoadmap: (boardId, query) => list(roadmap, boardId, query),
    listChangelog: (boardId, query) => list(changelog, boardId, query),

    async deletePost(id) {
      // The reply chains are cut in the same statement as the delete (see the shared deletePost).
      return (
        (await db.run(
          `WITH cut AS (UPDATE fb_comments SET parent_comment_id = NULL WHERE post_id = @post AND parent_comment_id IS NOT NULL)
           DELETE FROM fb_posts WHERE id = @post`,
          { post: id },
        )) > 0
      );
    },
    async moveComments(fromPostId, toPostId, commentIds) {
      await db.run(
        moveComments,
        { from: fromPostId, to: toPostId, ids: d.ids(commentIds) },
      );
    },
    async countPostsByWord(boardId, words, cap) {
      const rows = await db.rows<{ word: string; n: number }>(
        wordCounts,
        { board: boardId, words: d.words(words), cap },
      );
      return new Map(rows.map((row) => [row.word, row.n]));
    },
  };
}
