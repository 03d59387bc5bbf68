/** The moderation aggregate in SQL: boards' moderation setting and held posts (schema-moderation.ts). */
import type { HeldPostRecord } from '../../../src/domain/held-posts.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const HELD_COLUMNS = 'id, organization_id, board_id, voter_id, title, body, tag_slugs, created_at, state, reason, decided_at, decided_by, post_id';
const HELD = `SELECT ${HELD_COLUMNS} FROM fb_held_posts`;

export function moderationMethods(sql: Sql): AggregateMethods<'moderation'> {
  return {
    async isBoardModerated(boardId) {
      return (await sql.row('SELECT 1 AS one FROM fb_moderated_boards WHERE board_id = $1', [boardId])) !== undefined;
    },
    async setBoardModerated(boardId, moderated) {
      if (moderated) await sql.run('INSERT INTO fb_moderated_boards (board_id) VALUES ($1) ON CONFLICT DO NOTHING', [boardId]);
      else await sql.run('DELETE FROM fb_moderated_boards WHERE board_id = $1', [boardId]);
    },
    async insertHeldPost(row) {
      return (await sql.row<HeldPostRecord>(
        `INSERT INTO fb_held_posts (organization_id, board_id, voter_id, title, body, tag_slugs, created_at, state, reason)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, 'waiting', '') RETURNING ${HELD_COLUMNS}`,
        [
          row.organization_id,
          row.board_id,
          row.voter_id,
          row.title,
          row.body,
          JSON.stringify([...row.tag_slugs].sort()),
          row.created_at,
        ],
      ))!;
    },
    async getHeldPost(id) {
      return (await sql.row<HeldPostRecord>(`${HELD} WHERE id = $1`, [id])) ?? null;
    },
    async decideHeldPost(id, decision) {
      const row = await sql.row<HeldPostRecord>(
        `UPDATE fb_held_posts SET state = $2, reason = $3, decided_at = $4, decided_by = $5, post_id = $6 WHERE id = $1 RETURNING ${HELD_COLUMNS}`,
        [id, decision.state, decision.reason, decision.decided_at, decision.decided_by, decision.post_id],
      );
      return row ?? null;
    },
    // Planned for the state asked for (sql.ts, `Planning`): the waiting posts are few beside the
    // decided ones, and only a plan made for 'waiting' knows to read them from the state's index.
    async listHeldPosts(organizationId, state) {
      return sql.rows<HeldPostRecord>(`${HELD} WHERE organization_id = $1 AND state = $2 ORDER BY id`, [organizationId, state], 'values');
    },
    async countHeldPosts(organizationId, state) {
      const row = await sql.row<{ n: number }>(
        'SELECT count(*)::int AS n FROM fb_held_posts WHERE organization_id = $1 AND state = $2',
        [organizationId, state],
        'values',
      );
      return row!.n;
    },
    async listVoterHeldPosts(voterId, since) {
      return sql.rows<HeldPostRecord>(`${HELD} WHERE voter_id = $1 AND created_at >= $2 ORDER BY created_at, id`, [voterId, since]);
    },
  };
}
