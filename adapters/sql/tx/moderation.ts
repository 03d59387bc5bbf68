/** The moderation aggregate in SQL: boards' moderation setting and held posts (their tables: src/storage/schema/tables-engagement.ts). */
import type { HeldPostRecord } from '../../../src/domain/held-posts.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { allRows, oneRow } from '../statements.js';
import { fieldsColumn, fieldValues } from './rows.js';

const HELD_FIELDS = 'id, organization_id, board_id, voter_id, title, body, tag_slugs, created_at, state, reason, decided_at, decided_by, post_id, fields';
const HELD = `SELECT ${HELD_FIELDS} FROM fb_held_posts`;

/** A stored row: the tag slugs as the store's JSON. */
type HeldPostRow = Omit<HeldPostRecord, 'tag_slugs' | 'fields'> & { tag_slugs: unknown; fields: unknown };

/** All but the moderation setting's write, which is the record stores' default (../defaults.ts). */
export function moderationMethods(db: SqlSeam): Omit<AggregateMethods<'moderation'>, 'setBoardModerated'> {
  const d = db.dialect;
  const heldPost = (row: HeldPostRow): HeldPostRecord => ({ ...row, tag_slugs: d.json<string[]>(row.tag_slugs), fields: fieldValues(row.fields) });
  return {
    async isBoardModerated(boardId) {
      return (await db.row('SELECT 1 AS one FROM fb_moderated_boards WHERE board_id = ?', [boardId])) !== undefined;
    },
    async insertHeldPost(row) {
      const inserted = await db.row<HeldPostRow>(
        `INSERT INTO fb_held_posts (organization_id, board_id, voter_id, title, body, tag_slugs, created_at, fields, state, reason)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'waiting', '') RETURNING ${HELD_FIELDS}`,
        [row.organization_id, row.board_id, row.voter_id, row.title, row.body, JSON.stringify([...row.tag_slugs].sort()), row.created_at, fieldsColumn(row.fields)],
      );
      return heldPost(inserted!);
    },
    getHeldPost: oneRow(db, `${HELD} WHERE id = ?`, heldPost),
    async decideHeldPost(id, decision) {
      const row = await db.row<HeldPostRow>(
        `UPDATE fb_held_posts SET state = ?, reason = ?, decided_at = ?, decided_by = ?, post_id = ? WHERE id = ? RETURNING ${HELD_FIELDS}`,
        [decision.state, decision.reason, decision.decided_at, decision.decided_by, decision.post_id, id],
      );
      return row === undefined ? null : heldPost(row);
    },
    // Planned for the state asked for (`Planning` in seam.ts): the waiting posts are few beside
    // the decided ones, and only a plan made for 'waiting' knows to read them from the state's index.
    async listHeldPosts(organizationId, state) {
      return (await db.rows<HeldPostRow>(`${HELD} WHERE organization_id = ? AND state = ? ORDER BY id`, [organizationId, state], 'values')).map(heldPost);
    },
    async countHeldPosts(organizationId, state) {
      return (await db.value<number>(
        'SELECT CAST(count(*) AS INTEGER) AS n FROM fb_held_posts WHERE organization_id = ? AND state = ?',
        [organizationId, state],
        'values',
      ))!;
    },
    listVoterHeldPosts: allRows(db, `${HELD} WHERE voter_id = ? AND created_at >= ? ORDER BY created_at, id`, heldPost),
  };
}
