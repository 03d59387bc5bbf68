/**
 * Each organization's statuses in SQL (part of the accounts aggregate), and the statement every
 * post write uses for a label given by its category alone: the organization's default of it.
 */
import { DEFAULT_STATUSES, type StatusRecord } from '../../../src/domain/statuses.js';
import type { AccountsTx } from '../../../src/storage/contract/accounts.js';
import type { Dialect, SqlSeam } from '../seam.js';
import { flag } from '../statements.js';
import type { Flag } from './rows.js';

export const STATUS_FIELDS = 'id, organization_id, name, color, category, position, is_default';

export type StatusRow = Omit<StatusRecord, 'is_default'> & { is_default: Flag };

export const toStatus = (row: StatusRow): StatusRecord => ({ ...row, is_default: flag(row.is_default) });

/**
 * The id of the default status of the category bound at `category` in the organization of the
 * board `board` (SQL expressions or placeholders).
 */
export const defaultLabel = (d: Dialect, board: string, category: string): string =>
  `(SELECT s.id FROM fb_statuses s JOIN fb_boards b ON b.organization_id = s.organization_id
     WHERE b.id = ${board} AND s.category = ${category} AND s.is_default = ${d.true})`;

/**
 * The statuses SQL answers itself: the reads every post's label takes, and a delete that moves the
 * label's posts in one statement. A status is inserted and changed by its key as the record
 * stores' defaults do (../defaults.ts).
 */
type StatusMethods = Pick<AccountsTx, 'listStatuses' | 'getStatus' | 'deleteStatus'>;

/** Writes the five default statuses of a new organization, ids in the categories' order: one statement. */
export async function insertDefaultStatuses(db: SqlSeam, organizationId: number): Promise<void> {
  const d = db.dialect;
  await db.run(
    `INSERT INTO fb_statuses (organization_id, name, color, category, position, is_default)
     VALUES ${DEFAULT_STATUSES.map(() => `(?, ?, ?, ?, ?, ${d.true})`).join(', ')}`,
    DEFAULT_STATUSES.flatMap((status, position) => [organizationId, status.name, status.color, status.category, position]),
  );
}

const STATUS_BY_ID = `SELECT ${STATUS_FIELDS} FROM fb_statuses WHERE id = ?`;
const STATUSES_OF_ORGANIZATION = `SELECT ${STATUS_FIELDS} FROM fb_statuses WHERE organization_id = ? ORDER BY position, id`;

export function statusMethods(db: SqlSeam): StatusMethods {
  const d = db.dialect;
  const moveToDefault = `UPDATE fb_posts SET status_label_id = (SELECT s.id FROM fb_statuses s WHERE s.organization_id = ? AND s.category = ? AND s.is_default = ${d.true})
         WHERE board_id IN (SELECT id FROM fb_boards WHERE organization_id = ?) AND status = ? AND status_label_id = ?`;
  const getStatus = async (id: number) => {
    const row = await db.row<StatusRow>(STATUS_BY_ID, [id]);
    return row === undefined ? null : toStatus(row);
  };
  return {
    async listStatuses(organizationId) {
      return (await db.rows<StatusRow>(STATUSES_OF_ORGANIZATION, [organizationId])).map(toStatus);
    },
    getStatus,
    async deleteStatus(id) {
      const status = await getStatus(id);
      if (status === null) return null;
      const moved = await db.run(
        moveToDefault,
        [status.organization_id, status.category, status.organization_id, status.category, id],
      );
      await db.run('DELETE FROM fb_statuses WHERE id = ?', [id]);
      return moved;
    },
  };
}
