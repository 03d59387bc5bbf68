/** The activity aggregate in SQL: each post's log (its table: src/storage/schema/tables-boards.ts), paged on its index. */
import type { ActivityRecord } from '../../../src/domain/activity.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { runOnly } from '../statements.js';

const ENTRY = 'SELECT id, post_id, kind, at, actor_kind, actor_id, detail FROM fb_post_activity';
const LATEST = `${ENTRY} WHERE post_id = ? ORDER BY id DESC LIMIT ?`;
const BEFORE = `${ENTRY} WHERE post_id = ? AND id < ? ORDER BY id DESC LIMIT ?`;

/** A stored row: the detail as the store's JSON. */
type ActivityRow = Omit<ActivityRecord, 'detail'> & { detail: unknown };

export function activityMethods(db: SqlSeam): AggregateMethods<'activity'> {
  const d = db.dialect;
  const entry = (row: ActivityRow): ActivityRecord => ({ ...row, detail: d.json<ActivityRecord['detail']>(row.detail) });
  const insert = runOnly(db, 'INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail) VALUES (?, ?, ?, ?, ?, ?)');
  return {
    insertActivity: (row) => insert(row.post_id, row.kind, row.at, row.actor_kind, row.actor_id, JSON.stringify(row.detail)),
    async listActivity(postId, { before, limit }) {
      const rows =
        before === null
          ? await db.rows<ActivityRow>(LATEST, [postId, limit])
          : await db.rows<ActivityRow>(BEFORE, [postId, before, limit]);
      return rows.map(entry);
    },
  };
}
