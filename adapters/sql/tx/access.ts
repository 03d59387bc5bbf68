/** The access aggregate in SQL: boards' access settings and voters' SSO claims, lists as JSON. */
import type { BoardAccessRecord, VoterClaimsRecord } from '../../../src/domain/board-access.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { oneRow } from '../statements.js';

const ACCESS_FIELDS = 'board_id, organization_id, access, email_domains, claim_name, claim_values, updated_at';
const CLAIMS_FIELDS = 'voter_id, organization_id, claims, updated_at';

type AccessRow = Omit<BoardAccessRecord, 'email_domains' | 'claim_values'> & { email_domains: unknown; claim_values: unknown };
type ClaimsRow = Omit<VoterClaimsRecord, 'claims'> & { claims: unknown };

export function accessMethods(db: SqlSeam): AggregateMethods<'access'> {
  const d = db.dialect;
  return {
    getBoardAccess: oneRow(
      db,
      `SELECT ${ACCESS_FIELDS} FROM fb_board_access WHERE board_id = ?`,
      (row: AccessRow): BoardAccessRecord => ({ ...row, email_domains: d.json<string[]>(row.email_domains), claim_values: d.json<string[]>(row.claim_values) }),
    ),
    async putBoardAccess(row) {
      await db.run(
        `INSERT INTO fb_board_access (${ACCESS_FIELDS}) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (board_id) DO UPDATE SET access = excluded.access, email_domains = excluded.email_domains,
           claim_name = excluded.claim_name, claim_values = excluded.claim_values, updated_at = excluded.updated_at`,
        [row.board_id, row.organization_id, row.access, JSON.stringify(row.email_domains), row.claim_name, JSON.stringify(row.claim_values), row.updated_at],
      );
    },
    getVoterClaims: oneRow(
      db,
      `SELECT ${CLAIMS_FIELDS} FROM fb_voter_claims WHERE voter_id = ?`,
      (row: ClaimsRow): VoterClaimsRecord => ({ ...row, claims: d.json<VoterClaimsRecord['claims']>(row.claims) }),
    ),
    async putVoterClaims(row) {
      await db.run(
        `INSERT INTO fb_voter_claims (${CLAIMS_FIELDS}) VALUES (?, ?, ?, ?)
         ON CONFLICT (voter_id) DO UPDATE SET claims = excluded.claims, updated_at = excluded.updated_at`,
        [row.voter_id, row.organization_id, JSON.stringify(row.claims), row.updated_at],
      );
    },
  };
}
