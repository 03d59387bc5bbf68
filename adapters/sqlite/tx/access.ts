/** The access aggregate in SQL: boards' access settings and voters' SSO claims, lists as JSON text. */
import type { BoardAccessRecord, VoterClaimsRecord } from '../../../src/domain/board-access.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const ACCESS_COLUMNS = 'board_id, organization_id, access, email_domains, claim_name, claim_values, updated_at';
const CLAIMS_COLUMNS = 'voter_id, organization_id, claims, updated_at';

type AccessRow = Omit<BoardAccessRecord, 'email_domains' | 'claim_values'> & { email_domains: string; claim_values: string };
type ClaimsRow = Omit<VoterClaimsRecord, 'claims'> & { claims: string };

export function accessMethods(sql: Sql): AggregateMethods<'access'> {
  return {
    async getBoardAccess(boardId) {
      const row = sql.get<AccessRow>(`SELECT ${ACCESS_COLUMNS} FROM fb_board_access WHERE board_id = ?`, boardId);
      if (!row) return null;
      return { ...row, email_domains: JSON.parse(row.email_domains) as string[], claim_values: JSON.parse(row.claim_values) as string[] };
    },
    async putBoardAccess(row) {
      sql.run(
        `INSERT OR REPLACE INTO fb_board_access (${ACCESS_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        row.board_id,
        row.organization_id,
        row.access,
        JSON.stringify(row.email_domains),
        row.claim_name,
        JSON.stringify(row.claim_values),
        row.updated_at,
      );
    },
    async getVoterClaims(voterId) {
      const row = sql.get<ClaimsRow>(`SELECT ${CLAIMS_COLUMNS} FROM fb_voter_claims WHERE voter_id = ?`, voterId);
      return row ? { ...row, claims: JSON.parse(row.claims) as VoterClaimsRecord['claims'] } : null;
    },
    async putVoterClaims(row) {
      sql.run(
        `INSERT OR REPLACE INTO fb_voter_claims (${CLAIMS_COLUMNS}) VALUES (?, ?, ?, ?)`,
        row.voter_id,
        row.organization_id,
        JSON.stringify(row.claims),
        row.updated_at,
      );
    },
  };
}
