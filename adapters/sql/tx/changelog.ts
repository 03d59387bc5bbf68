/**
 * The changelog aggregate in SQL, for both stores: a board's page of entries and the due ones (in
 * the order of their indexes), and the two conditional changes. Publishing is one conditional
 * UPDATE: in PostgreSQL a concurrent publisher waits for the row and, finding it published,
 * changes nothing; in SQLite writes run one at a time. An edit of an entry still unpublished is
 * one statement the same way. Writing, reading and deleting an entry by its id are the record
 * stores' defaults (../defaults.ts).
 */
import type { ChangelogEntryRecord } from '../../../src/domain/changelog-entries.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { assignments, pageBounds } from '../statements.js';

const FIELDS = 'id, organization_id, board_id, title, body, post_ids, publish_at, published_at, actor_kind, actor_id, created_at';

/** When an entry was or is to be published: the order of a board's list. */
const SHOWN_AT = 'COALESCE(published_at, publish_at, created_at)';

export function changelogMethods(
  db: SqlSeam,
): Pick<AggregateMethods<'changelog'>, 'listChangelogEntries' | 'listDueChangelogEntries' | 'publishChangelogEntry' | 'updateChangelogEntry'> {
  const d = db.dialect;
  const entry = (row: ChangelogEntryRecord): ChangelogEntryRecord => ({ ...row, post_ids: d.json<number[]>(row.post_ids) });
  const publish = `UPDATE fb_changelog_entries SET published_at = ? WHERE id = ? AND published_at IS NULL RETURNING ${FIELDS}`;
  return {
    async listChangelogEntries(boardId, query) {
      const { limit, offset } = pageBounds(d, query);
      const params = { board: boardId, limit, offset };
      // The list of published entries reads their index in its order.
      const [where, order] =
        query.state === 'published'
          ? ['board_id = @board AND published_at IS NOT NULL', 'published_at DESC, id DESC']
          : [query.state === 'scheduled' ? 'board_id = @board AND published_at IS NULL' : 'board_id = @board', `${SHOWN_AT} DESC, id DESC`];
      const rows = await db.rows<ChangelogEntryRecord>(
        `SELECT ${FIELDS} FROM fb_changelog_entries WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
        params,
      );
      const total = await db.value<number>(`SELECT CAST(count(*) AS INTEGER) FROM fb_changelog_entries WHERE ${where}`, params);
      return { rows: rows.map(entry), total: total! };
    },
    async listDueChangelogEntries(now, limit, boardId) {
      const board = boardId === undefined ? '' : ' AND board_id = @board';
      return db.column<number>(
        `SELECT id FROM fb_changelog_entries WHERE published_at IS NULL AND publish_at <= @now${board} ORDER BY publish_at, id LIMIT @limit`,
        { now, limit, board: boardId ?? null },
      );
    },
    async publishChangelogEntry(id, now) {
      const row = await db.row<ChangelogEntryRecord>(publish, [now, id]);
      return row === undefined ? null : entry(row);
    },
    async updateChangelogEntry(id, changes, unpublished) {
      const { set, params } = assignments([
        ['title', changes.title],
        ['body', changes.body],
        ['post_ids', changes.post_ids === undefined ? undefined : JSON.stringify(changes.post_ids)],
        ['publish_at', changes.publish_at],
        ['published_at', changes.published_at],
      ]);
      const only = unpublished ? ' AND published_at IS NULL' : '';
      const row =
        set === ''
          ? await db.row<ChangelogEntryRecord>(`SELECT ${FIELDS} FROM fb_changelog_entries WHERE id = ?${only}`, [id])
          : await db.row<ChangelogEntryRecord>(`UPDATE fb_changelog_entries SET ${set} WHERE id = ?${only} RETURNING ${FIELDS}`, [...params, id]);
      return row === undefined ? null : entry(row);
    },
  };
}
