/** The activity aggregate in SQL: each post's log (schema-activity.ts), paged on its index. */
import type { ActivityRecord } from '../../../src/domain/activity.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const ENTRY = 'SELECT id, post_id, kind, at, actor_kind, actor_id, detail FROM fb_post_activity';

/** A stored row: the detail as JSON text. */
type ActivityRow = Omit<ActivityRecord, 'detail'> & { detail: string };

const entry = (row: ActivityRow): ActivityRecord => ({ ...row, detail: JSON.parse(row.detail) as ActivityRecord['detail'] });

export function activityMethods(sql: Sql): AggregateMethods<'activity'> {
  return {
    async insertActivity(row) {
      sql.run(
        'INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail) VALUES (?, ?, ?, ?, ?, ?)',
        row.post_id,
        row.kind,
        row.at,
        row.actor_kind,
        row.actor_id,
        JSON.stringify(row.detail),
      );
    },
    async listActivity(postId, { before, limit }) {
      const rows =
        before === null
          ? sql.all<ActivityRow>(`${ENTRY} WHERE post_id = ? ORDER BY id DESC LIMIT ?`, postId, limit)
          : sql.all<ActivityRow>(`${ENTRY} WHERE post_id = ? AND id < ? ORDER BY id DESC LIMIT ?`, postId, before, limit);
      return rows.map(entry);
    },
  };
}
