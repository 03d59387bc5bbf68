/** The people aggregate in SQL: team members, sessions and one-time sign-in links. */
import type { SessionRecord, SignInLinkRecord, TeamMemberRecord } from '../../../src/domain/people.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { Sql } from '../sql.js';

const MEMBER = 'SELECT id, organization_id, email, name, created_at FROM fb_team_members';
const SESSION = 'SELECT token_hash, kind, subject_id, created_at, expires_at FROM fb_sessions';
const LINK_COLUMNS = 'token_hash, kind, subject_id, organization_id, email, return_to, created_at, expires_at, used_at';

export function peopleMethods(sql: Sql): AggregateMethods<'people'> {
  return {
    async insertTeamMember(row) {
      const { id } = sql.get<{ id: number }>(
        'INSERT INTO fb_team_members (organization_id, email, name, created_at) VALUES (?, ?, ?, ?) RETURNING id',
        row.organization_id,
        row.email,
        row.name,
        row.created_at,
      )!;
      return { id, organization_id: row.organization_id, email: row.email, name: row.name, created_at: row.created_at };
    },
    async getTeamMember(id) {
      return sql.get<TeamMemberRecord>(`${MEMBER} WHERE id = ?`, id) ?? null;
    },
    async getTeamMemberByEmail(organizationId, email) {
      return sql.get<TeamMemberRecord>(`${MEMBER} WHERE organization_id = ? AND email = ?`, organizationId, email) ?? null;
    },
    async listTeamMembers(organizationId) {
      return sql.all<TeamMemberRecord>(`${MEMBER} WHERE organization_id = ? ORDER BY id`, organizationId);
    },
    async updateTeamMember(id, change) {
      sql.run('UPDATE fb_team_members SET email = ?, name = ? WHERE id = ?', change.email, change.name, id);
      return sql.get<TeamMemberRecord>(`${MEMBER} WHERE id = ?`, id) ?? null;
    },

    async insertSession(row) {
      sql.run(
        'INSERT INTO fb_sessions (token_hash, kind, subject_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        row.token_hash,
        row.kind,
        row.subject_id,
        row.created_at,
        row.expires_at,
      );
    },
    async getSession(tokenHash) {
      return sql.get<SessionRecord>(`${SESSION} WHERE token_hash = ?`, tokenHash) ?? null;
    },
    async deleteSession(tokenHash) {
      return sql.run('DELETE FROM fb_sessions WHERE token_hash = ?', tokenHash).changes > 0;
    },

    async insertSignInLink(row) {
      sql.run(
        `INSERT INTO fb_sign_in_links (token_hash, kind, subject_id, organization_id, email, return_to, created_at, expires_at, used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
        row.token_hash,
        row.kind,
        row.subject_id,
        row.organization_id,
        row.email,
        row.return_to,
        row.created_at,
        row.expires_at,
      );
    },
    // One conditional statement: whichever connection runs it first for an unused, unexpired link
    // gets the row back; every later one matches nothing. Single use holds across processes even
    // outside a write transaction.
    async useSignInLink(tokenHash, now) {
      return (
        sql.get<SignInLinkRecord>(
          `UPDATE fb_sign_in_links SET used_at = ?
           WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
           RETURNING ${LINK_COLUMNS}`,
          now,
          tokenHash,
          now,
        ) ?? null
      );
    },
  };
}
