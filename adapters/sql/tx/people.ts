/** The people aggregate in SQL: team members, sessions and one-time sign-in links. */
import type { SessionRecord, SignInLinkRecord, TeamMemberRecord } from '../../../src/domain/people.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { changedAny, oneRow } from '../statements.js';

const MEMBER_FIELDS = 'id, organization_id, email, name, created_at';
const MEMBER = `SELECT ${MEMBER_FIELDS} FROM fb_team_members`;
const SESSION = 'SELECT token_hash, kind, subject_id, created_at, expires_at FROM fb_sessions';
const LINK_FIELDS = 'token_hash, kind, subject_id, organization_id, email, return_to, created_at, expires_at, used_at';
const USE_SIGN_IN_LINK = `UPDATE fb_sign_in_links SET used_at = @now
         WHERE token_hash = @token AND used_at IS NULL AND expires_at > @now
         RETURNING ${LINK_FIELDS}`;

/**
 * What SQL answers itself: the reads of a session and its member that every team page takes, and
 * the one-statement delete of a session and use of a sign-in link (of concurrent calls, one
 * wins). Members, new sessions and new links are written by their keys as the record stores'
 * defaults do (../defaults.ts).
 */
export function peopleMethods(db: SqlSeam): Pick<AggregateMethods<'people'>, 'getTeamMember' | 'getSession' | 'deleteSession' | 'useSignInLink'> {
  return {
    getTeamMember: oneRow<TeamMemberRecord>(db, `${MEMBER} WHERE id = ?`),
    getSession: oneRow<SessionRecord>(db, `${SESSION} WHERE token_hash = ?`),
    deleteSession: changedAny(db, 'DELETE FROM fb_sessions WHERE token_hash = ?'),

    // One conditional statement: of concurrent calls, the first to update the row gets it back;
    // the others (in PostgreSQL re-checking the row after waiting for its lock) match nothing.
    // Single use holds across processes even outside a write transaction.
    async useSignInLink(tokenHash, now) {
      const row = await db.row<SignInLinkRecord>(USE_SIGN_IN_LINK, { token: tokenHash, now });
      return row ?? null;
    },
  };
}
