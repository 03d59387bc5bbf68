/** The boards aggregate in SQL: boards, their tags, and what imports made in them. */
import type { BoardRecord, ImportSourceRecord, TagRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { foldCase } from '../../../src/storage/text.js';
import { assignments, idArray, type Sql } from '../sql.js';

const BOARD_COLUMNS = `id, organization_id, slug, name, description, welcome_message, published,
  logo_url, created_at`;
const TAG_COLUMNS = 'id, board_id, name, slug';

export function boardsMethods(sql: Sql): AggregateMethods<'boards'> {
  const getBoard = async (id: number) =>
    (await sql.row<BoardRecord>(`SELECT ${BOARD_COLUMNS} FROM fb_boards WHERE id = $1`, [id])) ?? null;
  const getTagBySlug = async (boardId: number, slug: string) =>
    (await sql.row<TagRecord>(`SELECT ${TAG_COLUMNS} FROM fb_tags WHERE board_id = $1 AND slug = $2`, [boardId, slug])) ?? null;

  return {
    async insertBoard(row) {
      return (await sql.row<BoardRecord>(
        `INSERT INTO fb_boards
           (organization_id, slug, name, description, welcome_message, published, logo_url, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${BOARD_COLUMNS}`,
        [row.organization_id, row.slug, row.name, row.description, row.welcome_message, row.published, row.logo_url, row.created_at],
      ))!;
    },
    getBoard,
    async getBoardBySlug(organizationId, slug) {
      return (
        (await sql.row<BoardRecord>(`SELECT ${BOARD_COLUMNS} FROM fb_boards WHERE organization_id = $1 AND slug = $2`, [
          organizationId,
          slug,
        ])) ?? null
      );
    },
    async listBoards(organizationId) {
      return sql.rows<BoardRecord>(
        `SELECT ${BOARD_COLUMNS} FROM fb_boards WHERE organization_id = $1 ORDER BY created_at, id`,
        [organizationId],
      );
    },
    async updateBoard(id, patch) {
      const { set, params } = assignments([
        ['name', patch.name],
        ['description', patch.description],
        ['welcome_message', patch.welcome_message],
        ['published', patch.published],
        ['logo_url', patch.logo_url],
      ], 2);
      if (set === '') return getBoard(id);
      return (await sql.row<BoardRecord>(`UPDATE fb_boards SET ${set} WHERE id = $1 RETURNING ${BOARD_COLUMNS}`, [id, ...params])) ?? null;
    },

    async ensureTags(boardId, names) {
      const tags: TagRecord[] = [];
      const seen = new Set<string>();
      for (const name of names) {
        const slug = foldCase(name);
        if (seen.has(slug)) continue;
        seen.add(slug);
        // Looked up before inserting (rather than INSERT ... ON CONFLICT DO NOTHING, which draws a
        // sequence value even when it inserts nothing) so that the next new tag gets the next id.
        const existing = await getTagBySlug(boardId, slug);
        tags.push(
          existing ??
            (await sql.row<TagRecord>(
              `INSERT INTO fb_tags (board_id, name, slug) VALUES ($1, $2, $3) RETURNING ${TAG_COLUMNS}`,
              [boardId, name, slug],
            ))!,
        );
      }
      return tags;
    },
    getTagBySlug,
    async setPostTags(postId, tagIds) {
      await sql.run('DELETE FROM fb_post_tags WHERE post_id = $1', [postId]);
      if (tagIds.length > 0) {
        await sql.run(
          'INSERT INTO fb_post_tags (post_id, tag_id) SELECT $1, t FROM unnest($2::int[]) AS t ON CONFLICT DO NOTHING',
          [postId, idArray(tagIds)],
        );
      }
    },
    async getTagsOfPosts(postIds) {
      const tags = new Map<number, TagRecord[]>(postIds.map((id) => [id, []]));
      if (postIds.length === 0) return tags;
      const rows = await sql.rows<TagRecord & { post_id: number }>(
        `SELECT pt.post_id, t.id, t.board_id, t.name, t.slug
           FROM fb_post_tags pt JOIN fb_tags t ON t.id = pt.tag_id
          WHERE pt.post_id = ANY($1::int[])
          ORDER BY pt.post_id, t.id`,
        [idArray(postIds)],
      );
      for (const { post_id, ...tag } of rows) tags.get(post_id)?.push(tag);
      return tags;
    },
    async countTags(boardId) {
      return (await sql.row<{ n: number }>('SELECT count(*)::int AS n FROM fb_tags WHERE board_id = $1', [boardId]))!.n;
    },
    async listTags(boardId) {
      return sql.rows<TagRecord>('SELECT id, board_id, name, slug FROM fb_tags WHERE board_id = $1 ORDER BY slug COLLATE "C", id', [boardId]);
    },

    async listImportSources(boardId) {
      return sql.rows<ImportSourceRecord>('SELECT board_id, source_id, record_id, imported_at FROM fb_import_sources WHERE board_id = $1', [boardId]);
    },
    async insertImportSource(row) {
      await sql.run('INSERT INTO fb_import_sources (board_id, source_id, record_id, imported_at) VALUES ($1, $2, $3, $4)', [
        row.board_id,
        row.source_id,
        row.record_id,
        row.imported_at,
      ]);
    },
  };
}
