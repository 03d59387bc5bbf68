/** The people aggregate in SQL: team members, sessions and one-time sign-in links. */
import type { SessionRecord, SignInLinkRecord, TeamMemberRecord } from '../../../src/domain/people.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const MEMBER_COLUMNS = 'id, organization_id, email, name, created_at';
const SESSION_COLUMNS = 'token_hash, kind, subject_id, created_at, expires_at';
const LINK_COLUMNS = 'token_hash, kind, subject_id, organization_id, email, return_to, created_at, expires_at, used_at';

export function peopleMethods(sql: Sql): AggregateMethods<'people'> {
  return {
    async insertTeamMember(row) {
      return (await sql.row<TeamMemberRecord>(
        `INSERT INTO fb_team_members (organization_id, email, name, created_at) VALUES ($1, $2, $3, $4) RETURNING ${MEMBER_COLUMNS}`,
        [row.organization_id, row.email, row.name, row.created_at],
      ))!;
    },
    async getTeamMember(id) {
      return (await sql.row<TeamMemberRecord>(`SELECT ${MEMBER_COLUMNS} FROM fb_team_members WHERE id = $1`, [id])) ?? null;
    },
    async getTeamMemberByEmail(organizationId, email) {
      return (
        (await sql.row<TeamMemberRecord>(`SELECT ${MEMBER_COLUMNS} FROM fb_team_members WHERE organization_id = $1 AND email = $2`, [
          organizationId,
          email,
        ])) ?? null
      );
    },
    async listTeamMembers(organizationId) {
      return sql.rows<TeamMemberRecord>(`SELECT ${MEMBER_COLUMNS} FROM fb_team_members WHERE organization_id = $1 ORDER BY id`, [organizationId]);
    },
    async updateTeamMember(id, change) {
      return (
        (await sql.row<TeamMemberRecord>(`UPDATE fb_team_members SET email = $2, name = $3 WHERE id = $1 RETURNING ${MEMBER_COLUMNS}`, [
          id,
          change.email,
          change.name,
        ])) ?? null
      );
    },

    async insertSession(row) {
      await sql.run('INSERT INTO fb_sessions (token_hash, kind, subject_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        row.token_hash, row.kind, row.subject_id, row.created_at, row.expires_at,
      ]);
    },
    async getSession(tokenHash) {
      return (await sql.row<SessionRecord>(`SELECT ${SESSION_COLUMNS} FROM fb_sessions WHERE token_hash = $1`, [tokenHash])) ?? null;
    },
    async deleteSession(tokenHash) {
      return (await sql.run('DELETE FROM fb_sessions WHERE token_hash = $1', [tokenHash])) > 0;
    },

    async insertSignInLink(row) {
      await sql.run(
        `INSERT INTO fb_sign_in_links (token_hash, kind, subject_id, organization_id, email, return_to, created_at, expires_at, used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL)`,
        [row.token_hash, row.kind, row.subject_id, row.organization_id, row.email, row.return_to, row.created_at, row.expires_at],
      );
    },
    // One conditional statement: of concurrent calls, the first to update the row gets it back;
    // the others, re-checking the row after waiting for its lock, match nothing. Single use holds
    // across processes even outside a write transaction.
    async useSignInLink(tokenHash, now) {
      return (
        (await sql.row<SignInLinkRecord>(
          `UPDATE fb_sign_in_links SET used_at = $2
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
           RETURNING ${LINK_COLUMNS}`,
          [tokenHash, now],
        )) ?? null
      );
    },
  };
}
