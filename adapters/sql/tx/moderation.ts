/**
 * The moderation aggregate in SQL: whether a board is moderated (read by every post a voter
 * writes) and the lists and count of held posts, by their indexes (their tables:
 * src/storage/schema/tables-engagement.ts). The moderation setting's write and a held post
 * written, read and decided by its id are the record stores' defaults (../defaults.ts).
 */
import type { HeldPostRecord } from '../../../src/domain/held-posts.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { allRows } from '../statements.js';
import { fieldValues } from './rows.js';

const HELD_FIELDS = 'id, organization_id, board_id, voter_id, title, body, tag_slugs, created_at, state, reason, decided_at, decided_by, post_id, fields';
const HELD = `SELECT ${HELD_FIELDS} FROM fb_held_posts`;
const HELD_OF_ORGANIZATION = `${HELD} WHERE organization_id = ? AND state = ? ORDER BY id`;

/** A stored row: the tag slugs as the store's JSON. */
type HeldPostRow = Omit<HeldPostRecord, 'tag_slugs' | 'fields'> & { tag_slugs: unknown; fields: unknown };

export function moderationMethods(
  db: SqlSeam,
): Pick<AggregateMethods<'moderation'>, 'isBoardModerated' | 'listHeldPosts' | 'countHeldPosts' | 'listVoterHeldPosts'> {
  const d = db.dialect;
  const heldPost = (row: HeldPostRow): HeldPostRecord => ({ ...row, tag_slugs: d.json<string[]>(row.tag_slugs), fields: fieldValues(row.fields) });
  return {
    async isBoardModerated(boardId) {
      return (await db.row('SELECT 1 AS one FROM fb_moderated_boards WHERE board_id = ?', [boardId])) !== undefined;
    },
    // Planned for the state asked for (`Planning` in seam.ts): the waiting posts are few beside
    // the decided ones, and only a plan made for 'waiting' knows to read them from the state's index.
    async listHeldPosts(organizationId, state) {
      return (await db.rows<HeldPostRow>(HELD_OF_ORGANIZATION, [organizationId, state], 'values')).map(heldPost);
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
