/** The boards aggregate in SQL: boards, their tags, and what imports made in them. */
import type { ImportSourceRecord, TagRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { foldCase } from '../../../src/storage/text.js';
import type { SqlSeam, SqlValue } from '../seam.js';
import { allRows, assignments, oneRow, runOnly } from '../statements.js';
import { BOARD_FIELDS, BOARD_ROW, boardFromRow, toBoard, type BoardRow } from './rows.js';

export const TAG_FIELDS = 'id, board_id, name, slug';
const TAG = `SELECT ${TAG_FIELDS} FROM fb_tags`;
const TAGS_OF_POSTS = `SELECT pt.post_id, t.id, t.board_id, t.name, t.slug FROM fb_post_tags pt JOIN fb_tags t ON t.id = pt.tag_id`;
const TAGS_OF_POST = `${TAGS_OF_POSTS} WHERE pt.post_id = ? ORDER BY t.id`;
const INSERT_BOARD = `INSERT INTO fb_boards
             (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${BOARD_FIELDS}`;
const INSERT_TAG = `INSERT INTO fb_tags (board_id, name, slug) VALUES (?, ?, ?) RETURNING ${TAG_FIELDS}`;

export function boardsMethods(db: SqlSeam): AggregateMethods<'boards'> {
  const d = db.dialect;
  const board = `SELECT ${BOARD_ROW(d)} FROM fb_boards`;
  const boardsOfOrganization = `${board} WHERE organization_id = ? ORDER BY created_at, id`;
  /** The board of `where`'s parameters, read as one value (see {@link BOARD_ROW}). */
  const boardWhere = (where: string) => {
    const text = `${board} WHERE ${where}`;
    return async (...params: SqlValue[]) => {
      const row = await db.value(text, params);
      return row === undefined ? null : boardFromRow(d, row);
    };
  };
  const getBoard = boardWhere('id = ?');
  const tagsOfPosts = `${TAGS_OF_POSTS} WHERE pt.post_id ${d.inIds('?')} ORDER BY pt.post_id, t.id`;
  const insertPostTags = `INSERT INTO fb_post_tags (post_id, tag_id) SELECT ?, t.value FROM ${d.idRows('?', 't')} WHERE true ON CONFLICT DO NOTHING`;
  const getTagBySlug = oneRow<TagRecord>(db, `${TAG} WHERE board_id = ? AND slug = ?`);
  const insertImportSource = runOnly(db, 'INSERT INTO fb_import_sources (board_id, source_id, record_id, imported_at) VALUES (?, ?, ?, ?)');

  return {
    async insertBoard(row) {
      return toBoard(
        (await db.row<BoardRow>(
          INSERT_BOARD,
          [row.organization_id, row.slug, row.name, row.description, row.welcome_message, d.bool(row.published), row.logo_url, row.created_at],
        ))!,
      );
    },
    getBoard,
    getBoardBySlug: boardWhere('organization_id = ? AND slug = ?'),
    listBoards: async (organizationId) => (await db.column(boardsOfOrganization, [organizationId])).map((row) => boardFromRow(d, row)),
    async updateBoard(id, patch) {
      const { set, params } = assignments([
        ['name', patch.name],
        ['description', patch.description],
        ['welcome_message', patch.welcome_message],
        ['published', patch.published === undefined ? undefined : d.bool(patch.published)],
        ['logo_url', patch.logo_url],
      ]);
      if (set === '') return getBoard(id);
      const row = await db.row<BoardRow>(`UPDATE fb_boards SET ${set} WHERE id = ? RETURNING ${BOARD_FIELDS}`, [...params, id]);
      return row === undefined ? null : toBoard(row);
    },

    async ensureTags(boardId, names) {
      const tags: TagRecord[] = [];
      const seen = new Set<string>();
      for (const name of names) {
        const slug = foldCase(name);
        if (seen.has(slug)) continue;
        seen.add(slug);
        // Looked up before inserting (rather than INSERT ... ON CONFLICT DO NOTHING, which takes an
        // id, and in PostgreSQL draws a sequence value, even when it inserts nothing) so that the
        // next new tag gets the next id.
        const existing = await getTagBySlug(boardId, slug);
        tags.push(
          existing ??
            (await db.row<TagRecord>(INSERT_TAG, [
              boardId,
              name,
              slug,
            ]))!,
        );
      }
      return tags;
    },
    getTagBySlug,
    async setPostTags(postId, tagIds) {
      await db.run('DELETE FROM fb_post_tags WHERE post_id = ?', [postId]);
      if (tagIds.length > 0) {
        await db.run(insertPostTags, [postId, d.ids(tagIds)]);
      }
    },
    async getTagsOfPosts(postIds) {
      const tags = new Map<number, TagRecord[]>(postIds.map((id) => [id, []]));
      if (postIds.length === 0) return tags;
      // As tuples: a page asks for the tags of up to 500 posts, and row objects cost SQLite more
      // than the query. One post (a post's page, every write's answer) by key.
      const rows =
        postIds.length === 1
          ? await db.tuples(TAGS_OF_POST, [postIds[0]!])
          : await db.tuples(tagsOfPosts, [d.ids(postIds)]);
      for (const [postId, id, boardId, name, slug] of rows) {
        tags.get(postId as number)?.push({ id: id as number, board_id: boardId as number, name: name as string, slug: slug as string });
      }
      return tags;
    },
    async countTags(boardId) {
      return (await db.value<number>('SELECT CAST(count(*) AS INTEGER) FROM fb_tags WHERE board_id = ?', [boardId]))!;
    },
    listTags: allRows<TagRecord>(db, `${TAG} WHERE board_id = ? ORDER BY slug, id`),

    listImportSources: allRows<ImportSourceRecord>(db, 'SELECT board_id, source_id, record_id, imported_at FROM fb_import_sources WHERE board_id = ?'),
    insertImportSource: (row) =>
      insertImportSource(row.board_id, row.source_id, row.record_id, row.imported_at),
  };
}
