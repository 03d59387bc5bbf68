/** The access aggregate in SQL: boards' access settings and voters' SSO claims, lists as jsonb. */
import type { BoardAccessRecord, VoterClaimsRecord } from '../../../src/domain/board-access.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const ACCESS_COLUMNS = 'board_id, organization_id, access, email_domains, claim_name, claim_values, updated_at';
const CLAIMS_COLUMNS = 'voter_id, organization_id, claims, updated_at';

export function accessMethods(sql: Sql): AggregateMethods<'access'> {
  return {
    async getBoardAccess(boardId) {
      return (await sql.row<BoardAccessRecord>(`SELECT ${ACCESS_COLUMNS} FROM fb_board_access WHERE board_id = $1`, [boardId])) ?? null;
    },
    async putBoardAccess(row) {
      await sql.run(
        `INSERT INTO fb_board_access (${ACCESS_COLUMNS}) VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7)
         ON CONFLICT (board_id) DO UPDATE SET access = excluded.access, email_domains = excluded.email_domains,
           claim_name = excluded.claim_name, claim_values = excluded.claim_values, updated_at = excluded.updated_at`,
        [
          row.board_id,
          row.organization_id,
          row.access,
          JSON.stringify(row.email_domains),
          row.claim_name,
          JSON.stringify(row.claim_values),
          row.updated_at,
        ],
      );
    },
    async getVoterClaims(voterId) {
      return (await sql.row<VoterClaimsRecord>(`SELECT ${CLAIMS_COLUMNS} FROM fb_voter_claims WHERE voter_id = $1`, [voterId])) ?? null;
    },
    async putVoterClaims(row) {
      await sql.run(
        `INSERT INTO fb_voter_claims (${CLAIMS_COLUMNS}) VALUES ($1, $2, $3::jsonb, $4)
         ON CONFLICT (voter_id) DO UPDATE SET claims = excluded.claims, updated_at = excluded.updated_at`,
        [row.voter_id, row.organization_id, JSON.stringify(row.claims), row.updated_at],
      );
    },
  };
}
