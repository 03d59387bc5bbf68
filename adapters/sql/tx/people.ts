/** The people aggregate in SQL: team members, sessions and one-time sign-in links. */
import type { SessionRecord, SignInLinkRecord, TeamMemberRecord } from '../../../src/domain/people.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { changedAny, oneRow, runOnly } from '../statements.js';

const MEMBER_FIELDS = 'id, organization_id, email, name, created_at';
const MEMBER = `SELECT ${MEMBER_FIELDS} FROM fb_team_members`;
const SESSION = 'SELECT token_hash, kind, subject_id, created_at, expires_at FROM fb_sessions';
const LINK_FIELDS = 'token_hash, kind, subject_id, organization_id, email, return_to, created_at, expires_at, used_at';

export function peopleMethods(db: SqlSeam): AggregateMethods<'people'> {
  const insertSession = runOnly(db, 'INSERT INTO fb_sessions (token_hash, kind, subject_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)');
  const insertSignInLink = runOnly(
    db,
    `INSERT INTO fb_sign_in_links (token_hash, kind, subject_id, organization_id, email, return_to, created_at, expires_at, used_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
  );
  return {
    async insertTeamMember(row) {
      return (await db.row<TeamMemberRecord>(
        `INSERT INTO fb_team_members (organization_id, email, name, created_at) VALUES (?, ?, ?, ?) RETURNING ${MEMBER_FIELDS}`,
        [row.organization_id, row.email, row.name, row.created_at],
      ))!;
    },
    getTeamMember: oneRow<TeamMemberRecord>(db, `${MEMBER} WHERE id = ?`),
    getTeamMemberByEmail: oneRow<TeamMemberRecord>(db, `${MEMBER} WHERE organization_id = ? AND email = ?`),
    listTeamMembers: async (organizationId) => db.rows<TeamMemberRecord>(`${MEMBER} WHERE organization_id = ? ORDER BY id`, [organizationId]),
    async updateTeamMember(id, change) {
      const row = await db.row<TeamMemberRecord>(`UPDATE fb_team_members SET email = ?, name = ? WHERE id = ? RETURNING ${MEMBER_FIELDS}`, [
        change.email,
        change.name,
        id,
      ]);
      return row ?? null;
    },

    insertSession: (row) => insertSession(row.token_hash, row.kind, row.subject_id, row.created_at, row.expires_at),
    getSession: oneRow<SessionRecord>(db, `${SESSION} WHERE token_hash = ?`),
    deleteSession: changedAny(db, 'DELETE FROM fb_sessions WHERE token_hash = ?'),

    insertSignInLink: (row) =>
      insertSignInLink(row.token_hash, row.kind, row.subject_id, row.organization_id, row.email, row.return_to, row.created_at, row.expires_at),
    // One conditional statement: of concurrent calls, the first to update the row gets it back;
    // the others (in PostgreSQL re-checking the row after waiting for its lock) match nothing.
    // Single use holds across processes even outside a write transaction.
    async useSignInLink(tokenHash, now) {
      const row = await db.row<SignInLinkRecord>(
        `UPDATE fb_sign_in_links SET used_at = @now
         WHERE token_hash = @token AND used_at IS NULL AND expires_at > @now
         RETURNING ${LINK_FIELDS}`,
        { token: tokenHash, now },
      );
      return row ?? null;
    },
  };
}
