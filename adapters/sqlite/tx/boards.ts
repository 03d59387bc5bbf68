/** The boards aggregate in SQL: boards, their tags, and what imports made in them. */
import type { ImportSourceRecord, TagRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { foldCase } from '../../../src/storage/text.js';
import { assignments, bool, idList, type Sql } from '../sql.js';
import { toBoard, type BoardRow } from './rows.js';

const BOARD = `SELECT id, organization_id, slug, name, description, welcome_message, published,
  logo_url, created_at FROM fb_boards`;
const TAG = 'SELECT id, board_id, name, slug FROM fb_tags';

export function boardsMethods(sql: Sql): AggregateMethods<'boards'> {
  const getBoard = (id: number) => {
    const row = sql.get<BoardRow>(`${BOARD} WHERE id = ?`, id);
    return row === undefined ? null : toBoard(row);
  };
  const getTagBySlug = (boardId: number, slug: string) =>
    sql.get<TagRecord>(`${TAG} WHERE board_id = ? AND slug = ?`, boardId, slug) ?? null;

  return {
    async insertBoard(row) {
      const { id } = sql.get<{ id: number }>(
        `INSERT INTO fb_boards
           (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        row.organization_id,
        row.slug,
        row.name,
        row.description,
        row.welcome_message,
        bool(row.published),
        row.logo_url,
        row.created_at,
      )!;
      return getBoard(id)!;
    },
    async getBoard(id) {
      return getBoard(id);
    },
    async getBoardBySlug(organizationId, slug) {
      const row = sql.get<BoardRow>(`${BOARD} WHERE organization_id = ? AND slug = ?`, organizationId, slug);
      return row === undefined ? null : toBoard(row);
    },
    async listBoards(organizationId) {
      const rows = sql.all<BoardRow>(
        `${BOARD} WHERE organization_id = ? ORDER BY created_at, id`,
        organizationId,
      );
      return rows.map(toBoard);
    },
    async updateBoard(id, patch) {
      const { set, params } = assignments([
        ['name', patch.name],
        ['description', patch.description],
        ['welcome_message', patch.welcome_message],
        ['published', patch.published === undefined ? undefined : bool(patch.published)],
        ['logo_url', patch.logo_url],
      ]);
      if (set !== '') sql.run(`UPDATE fb_boards SET ${set} WHERE id = ?`, ...params, id);
      return getBoard(id);
    },

    async ensureTags(boardId, names) {
      const tags: TagRecord[] = [];
      const seen = new Set<string>();
      for (const name of names) {
        const slug = foldCase(name);
        if (seen.has(slug)) continue;
        seen.add(slug);
        // Looked up before inserting (rather than INSERT ... ON CONFLICT DO NOTHING) so that a tag
        // that already exists never consumes an id: the next new tag gets the next id.
        const existing = getTagBySlug(boardId, slug);
        tags.push(
          existing ??
            sql.get<TagRecord>(
              'INSERT INTO fb_tags (board_id, name, slug) VALUES (?, ?, ?) RETURNING id, board_id, name, slug',
              boardId,
              name,
              slug,
            )!,
        );
      }
      return tags;
    },
    async getTagBySlug(boardId, slug) {
      return getTagBySlug(boardId, slug);
    },
    async setPostTags(postId, tagIds) {
      sql.run('DELETE FROM fb_post_tags WHERE post_id = ?', postId);
      for (const tagId of tagIds) {
        sql.run('INSERT OR IGNORE INTO fb_post_tags (post_id, tag_id) VALUES (?, ?)', postId, tagId);
      }
    },
    async getTagsOfPosts(postIds) {
      const tags = new Map<number, TagRecord[]>(postIds.map((id) => [id, []]));
      // As tuples: a page asks for the tags of up to 500 posts, and row objects cost more than the query.
      // One post (a post's page, every write's answer) by key; a list through json_each.
      const rows =
        postIds.length === 1
          ? sql.tuples(
              `SELECT pt.post_id, t.id, t.board_id, t.name, t.slug
                 FROM fb_post_tags pt JOIN fb_tags t ON t.id = pt.tag_id
                WHERE pt.post_id = ?
                ORDER BY t.id`,
              postIds[0]!,
            )
          : sql.tuples(
              `SELECT pt.post_id, t.id, t.board_id, t.name, t.slug
                 FROM fb_post_tags pt JOIN fb_tags t ON t.id = pt.tag_id
                WHERE pt.post_id IN (SELECT value FROM json_each(?))
                ORDER BY pt.post_id, t.id`,
              idList(postIds),
            );
      for (const [postId, id, boardId, name, slug] of rows) {
        tags.get(postId as number)?.push({ id: id as number, board_id: boardId as number, name: name as string, slug: slug as string });
      }
      return tags;
    },
    async countTags(boardId) {
      return sql.value<number>('SELECT count(*) FROM fb_tags WHERE board_id = ?', boardId)!;
    },
    async listTags(boardId) {
      return sql.all<TagRecord>('SELECT id, board_id, name, slug FROM fb_tags WHERE board_id = ? ORDER BY slug, id', boardId);
    },

    async listImportSources(boardId) {
      return sql.all<ImportSourceRecord>('SELECT board_id, source_id, record_id, imported_at FROM fb_import_sources WHERE board_id = ?', boardId);
    },
    async insertImportSource(row) {
      sql.run(
        'INSERT INTO fb_import_sources (board_id, source_id, record_id, imported_at) VALUES (?, ?, ?, ?)',
        row.board_id,
        row.source_id,
        row.record_id,
        row.imported_at,
      );
    },
  };
}
