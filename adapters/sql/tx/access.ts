/**
 * The access aggregate in SQL: a board's access settings, read by every page of the board. The
 * settings' writes and voters' SSO claims are the record stores' defaults (../defaults.ts).
 */
import type { BoardAccessRecord } from '../../../src/domain/board-access.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { oneRow } from '../statements.js';

const ACCESS_FIELDS = 'board_id, organization_id, access, email_domains, claim_name, claim_values, updated_at';

type AccessRow = Omit<BoardAccessRecord, 'email_domains' | 'claim_values'> & { email_domains: unknown; claim_values: unknown };

export function accessMethods(db: SqlSeam): Pick<AggregateMethods<'access'>, 'getBoardAccess'> {
  const d = db.dialect;
  return {
    getBoardAccess: oneRow(
      db,
      `SELECT ${ACCESS_FIELDS} FROM fb_board_access WHERE board_id = ?`,
      (row: AccessRow): BoardAccessRecord => ({ ...row, email_domains: d.json<string[]>(row.email_domains), claim_values: d.json<string[]>(row.claim_values) }),
    ),
  };
}
