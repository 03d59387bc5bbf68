/**
 * The trash aggregate in SQL, for both stores: a deleted post's rows read table by table (as a
 * dump reads them) into one `fb_deleted_posts` row before the post's delete cascades them away,
 * and inserted back as they were, the statistics' triggers and the search index's counting them
 * in again; the similar-posts index is written from the title.
 */
import type { DeletedPostRecord, DeletedPostSnapshot } from '../../../src/domain/deleted-posts.js';
import type { PostRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { columnsFromRecord, recordFromColumns } from '../../../src/storage/dump-columns.js';
import type { DumpRow, DumpTable } from '../../../src/storage/dump-tables.js';
import type { TableName } from '../../../src/storage/record-store.js';
import { deletedPostRecord, snapshotRow, storedRow, TRASHED_TABLES } from '../../../src/storage/trash-rows.js';
import type { SqlSeam, SqlValue } from '../seam.js';
import { blob, pageBounds } from '../statements.js';
import { indexTitle } from './post-words.js';
import { defaultLabel } from './statuses.js';

const COMMENTS = 'SELECT id FROM fb_comments WHERE post_id = @post';
const ATTACHMENTS = `SELECT id FROM fb_attachments WHERE post_id = @post OR comment_id IN (${COMMENTS})`;

/** Which rows of each table belong to the post bound at `@post`. */
const BELONGING: Readonly<Partial<Record<TableName, string>>> = {
  posts: 'id = @post',
  post_merges: 'source_id = @post',
  reactions: `comment_id IN (${COMMENTS})`,
  comment_edits: `comment_id IN (${COMMENTS})`,
  attachments: `post_id = @post OR comment_id IN (${COMMENTS})`,
  attachment_bytes: `attachment_id IN (${ATTACHMENTS})`,
};

const SUMMARY = 'post_id, organization_id, board_id, title, vote_count, comment_count, deleted_at, actor_kind, actor_id';
const INSERT_DELETED = `INSERT INTO fb_deleted_posts (${SUMMARY}, snapshot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const DELETED_POST = `SELECT ${SUMMARY} FROM fb_deleted_posts WHERE post_id = ? AND organization_id = ?`;

export function trashMethods(db: SqlSeam): AggregateMethods<'trash'> {
  const d = db.dialect;
  const keptLabel = `SELECT coalesce((SELECT id FROM fb_statuses WHERE id = ?), ${defaultLabel(d, '?', '?')})`;

  /** The post's rows of `table` as a snapshot keeps them, in key order. */
  async function rowsOf(table: DumpTable, postId: number): Promise<DumpRow[]> {
    const where = BELONGING[table.name] ?? 'post_id = @post';
    const rows = await db.rows<Record<string, unknown>>(`SELECT * FROM ${table.sql} WHERE ${where} ORDER BY ${table.key.join(', ')}`, { post: postId });
    return rows.map((row) => snapshotRow(table, recordFromColumns(table, row)));
  }

  async function insert(table: DumpTable, row: DumpRow): Promise<void> {
    const stored = storedRow(table, row);
    const columns = columnsFromRecord(table, stored, d.bool);
    for (const field of table.binary) columns[field] = blob(stored[field] as Uint8Array);
    const names = Object.keys(columns);
    await db.run(
      `INSERT INTO ${table.sql} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      names.map((name) => columns[name] as SqlValue),
    );
  }

  return {
    async trashPost(id, deletion) {
      const snapshot: Record<string, DumpRow[]> = {};
      for (const table of TRASHED_TABLES) {
        const rows = await rowsOf(table, id);
        if (rows.length > 0) snapshot[table.name] = rows;
      }
      const post = snapshot['posts']?.[0] as PostRecord | undefined;
      if (post === undefined) return null;
      // As the posts' delete: the reply chains are cut first, so the cascade stays shallow.
      await db.run('UPDATE fb_comments SET parent_comment_id = NULL WHERE post_id = ? AND parent_comment_id IS NOT NULL', [id]);
      await db.run('DELETE FROM fb_posts WHERE id = ?', [id]);
      const record = deletedPostRecord(post, deletion);
      await db.run(INSERT_DELETED, [
        ...(Object.values(record) as SqlValue[]),
        JSON.stringify(snapshot),
      ]);
      return record;
    },
    // The summary alone: the record default would read the snapshot too (every row of the post,
    // its images' bytes included) to hand out none of it.
    async getDeletedPost(organizationId, postId) {
      const row = await db.row<DeletedPostRecord>(DELETED_POST, [
        postId,
        organizationId,
      ]);
      return row ?? null;
    },
    async listDeletedPosts(organizationId, query) {
      const { limit, offset } = pageBounds(d, query);
      const board = query.boardId === undefined ? '' : ' AND board_id = @board';
      const params = { organization: organizationId, board: query.boardId ?? null, limit, offset };
      const rows = await db.rows<DeletedPostRecord>(
        `SELECT ${SUMMARY} FROM fb_deleted_posts WHERE organization_id = @organization${board}
          ORDER BY deleted_at DESC, post_id DESC LIMIT @limit OFFSET @offset`,
        params,
      );
      const total = await db.value<number>(
        `SELECT CAST(count(*) AS INTEGER) FROM fb_deleted_posts WHERE organization_id = @organization${board}`,
        params,
      );
      return { rows, total: total! };
    },
    async restoreDeletedPost(organizationId, postId) {
      const kept = await db.row<{ board_id: number }>('SELECT board_id FROM fb_deleted_posts WHERE post_id = ? AND organization_id = ?', [
        postId,
        organizationId,
      ]);
      if (kept === undefined) return null;
      if ((await db.value('SELECT 1 FROM fb_boards WHERE id = ?', [kept.board_id])) === undefined) return 'board_gone';
      if ((await db.value('SELECT 1 FROM fb_posts WHERE id = ?', [postId])) !== undefined) return 'id_taken';
      // Taken out of the trash first: of a restore and a purge at once, one gets the row.
      const snapshot = await db.value<unknown>('DELETE FROM fb_deleted_posts WHERE post_id = ? RETURNING snapshot', [postId]);
      if (snapshot === undefined) return null;
      const rows = d.json<DeletedPostSnapshot>(snapshot);
      // A label removed since (or none, for a post deleted before labels were stored) becomes its category's default.
      const [keptPost] = rows['posts']!;
      const label = await db.value<number>(keptLabel, [
        (keptPost!.status_label_id as number | undefined) ?? null,
        keptPost!.board_id as number,
        keptPost!.status as string,
      ]);
      const restored: DeletedPostSnapshot = { ...rows, posts: [{ ...keptPost, status_label_id: label }] };
      for (const table of TRASHED_TABLES) for (const row of restored[table.name] ?? []) await insert(table, row);
      const post = restored['posts']![0] as unknown as PostRecord;
      await indexTitle(db, post.id, post.board_id, post.title);
      return { ...post };
    },
    async purgeDeletedPosts(before, limit) {
      return db.run(
        `DELETE FROM fb_deleted_posts WHERE post_id IN (
           SELECT post_id FROM fb_deleted_posts WHERE deleted_at < ? ORDER BY deleted_at, post_id LIMIT ?)`,
        [before, limit],
      );
    },
  };
}
