/** The moderation aggregate in SQL: boards' moderation setting and held posts (schema-moderation.ts). */
import type { HeldPostRecord } from '../../../src/domain/held-posts.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const HELD_COLUMNS = 'id, organization_id, board_id, voter_id, title, body, tag_slugs, created_at, state, reason, decided_at, decided_by, post_id';
const HELD = `SELECT ${HELD_COLUMNS} FROM fb_held_posts`;

/** A stored row: the tag ids as JSON text. */
type HeldPostRow = Omit<HeldPostRecord, 'tag_slugs'> & { tag_slugs: string };

const heldPost = (row: HeldPostRow): HeldPostRecord => ({ ...row, tag_slugs: JSON.parse(row.tag_slugs) as string[] });

export function moderationMethods(sql: Sql): AggregateMethods<'moderation'> {
  return {
    async isBoardModerated(boardId) {
      return sql.get('SELECT 1 AS one FROM fb_moderated_boards WHERE board_id = ?', boardId) !== undefined;
    },
    async setBoardModerated(boardId, moderated) {
      if (moderated) sql.run('INSERT OR IGNORE INTO fb_moderated_boards (board_id) VALUES (?)', boardId);
      else sql.run('DELETE FROM fb_moderated_boards WHERE board_id = ?', boardId);
    },
    async insertHeldPost(row) {
      const tagIds = JSON.stringify([...row.tag_slugs].sort());
      const inserted = sql.get<HeldPostRow>(
        `INSERT INTO fb_held_posts (organization_id, board_id, voter_id, title, body, tag_slugs, created_at, state, reason)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting', '') RETURNING ${HELD_COLUMNS}`,
        row.organization_id,
        row.board_id,
        row.voter_id,
        row.title,
        row.body,
        tagIds,
        row.created_at,
      )!;
      return heldPost(inserted);
    },
    async getHeldPost(id) {
      const row = sql.get<HeldPostRow>(`${HELD} WHERE id = ?`, id);
      return row ? heldPost(row) : null;
    },
    async decideHeldPost(id, decision) {
      const row = sql.get<HeldPostRow>(
        `UPDATE fb_held_posts SET state = ?, reason = ?, decided_at = ?, decided_by = ?, post_id = ? WHERE id = ? RETURNING ${HELD_COLUMNS}`,
        decision.state,
        decision.reason,
        decision.decided_at,
        decision.decided_by,
        decision.post_id,
        id,
      );
      return row ? heldPost(row) : null;
    },
    async listHeldPosts(organizationId, state) {
      return sql.all<HeldPostRow>(`${HELD} WHERE organization_id = ? AND state = ? ORDER BY id`, organizationId, state).map(heldPost);
    },
    async countHeldPosts(organizationId, state) {
      return sql.get<{ n: number }>('SELECT count(*) AS n FROM fb_held_posts WHERE organization_id = ? AND state = ?', organizationId, state)!.n;
    },
    async listVoterHeldPosts(voterId, since) {
      return sql
        .all<HeldPostRow>(`${HELD} WHERE voter_id = ? AND created_at >= ? ORDER BY created_at, id`, voterId, since)
        .map(heldPost);
    },
  };
}
