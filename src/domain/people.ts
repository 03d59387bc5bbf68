/**
 * The people of the web pages: team members of an organization, and the sessions and one-time
 * sign-in links through which team members and voters sign in. Only hashes of session and link
 * tokens are stored; the raw tokens live in cookies and e-mailed links.
 */

/** How long a one-time sign-in link works. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/** How long a session lasts unless it is ended earlier. */
export const SESSION_TTL_MS = 30 * 24 * 3_600_000;

/** A member of an organization's team: may use the dashboard pages. */
export interface TeamMemberRecord {
  id: number;
  organization_id: number;
  /** Lower-cased; unique per organization. */
  email: string;
  name: string;
  created_at: string;
}

/** Whose session or link: a voter (`subject_id` is a voter id) or a team member. */
export type SessionKind = 'voter' | 'team';

/** A signed-in browser, keyed by the SHA-256 hash of its cookie's token. */
export interface SessionRecord {
  token_hash: string;
  kind: SessionKind;
  subject_id: number;
  created_at: string;
  /** The session ends at this time (ISO), or earlier on sign-out. */
  expires_at: string;
}

/**
 * A one-time sign-in link, keyed by the SHA-256 hash of the token it carries. A team link names
 * its member (`subject_id`). A voter link names the organization and e-mail address instead, and
 * its voter is found or created only when the link is used, so that asking for links creates no
 * voter (a voter link may also name an existing voter by `subject_id`).
 */
export interface SignInLinkRecord {
  token_hash: string;
  kind: SessionKind;
  /** The team member or voter; null for a voter link that names its voter by organization and e-mail. */
  subject_id: number | null;
  /** A voter link's organization, with `email`; null otherwise. */
  organization_id: number | null;
  /** A voter link's e-mail address, lower-cased, with `organization_id`; null otherwise. */
  email: string | null;
  /** A path of the pages (`/boards/x/posts/3`) to show once signed in, or null. */
  return_to: string | null;
  created_at: string;
  /** Usable while now < expires_at. */
  expires_at: string;
  /** When it was used; a used link never works again. */
  used_at: string | null;
}
