/** The activity aggregate in SQL: each post's log (schema-activity.ts), paged on its index. */
import type { ActivityRecord } from '../../../src/domain/activity.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const ENTRY = 'SELECT id, post_id, kind, at, actor_kind, actor_id, detail FROM fb_post_activity';

export function activityMethods(sql: Sql): AggregateMethods<'activity'> {
  return {
    async insertActivity(row) {
      await sql.run(
        'INSERT INTO fb_post_activity (post_id, kind, at, actor_kind, actor_id, detail) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
        [row.post_id, row.kind, row.at, row.actor_kind, row.actor_id, JSON.stringify(row.detail)],
      );
    },
    async listActivity(postId, { before, limit }) {
      return before === null
        ? sql.rows<ActivityRecord>(`${ENTRY} WHERE post_id = $1 ORDER BY id DESC LIMIT $2`, [postId, limit])
        : sql.rows<ActivityRecord>(`${ENTRY} WHERE post_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3`, [postId, before, limit]);
    },
  };
}
