/** The people aggregate of the storage contract: team members, their sessions, one-time sign-in links. */
import type { SessionRecord, SignInLinkRecord, TeamMemberRecord } from '../../domain/people.js';
import type { AggregateDefinition, NewRecord } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Who signs in to the web pages, and how: members, sessions and links stored by token hash. */
export interface PeopleTx {
  /** Inserts a team member; the storage assigns its id. The caller has checked the e-mail is free. */
  insertTeamMember(row: NewRecord<TeamMemberRecord>): Promise<TeamMemberRecord>;
  /** The team member, or null. */
  getTeamMember(id: number): Promise<TeamMemberRecord | null>;
  /** `email` is already lower-cased. */
  getTeamMemberByEmail(organizationId: number, email: string): Promise<TeamMemberRecord | null>;
  /** id asc. */
  listTeamMembers(organizationId: number): Promise<TeamMemberRecord[]>;
  /**
   * Changes a team member's address (already lower-cased) and name; the updated member, or null
   * when there is none. The caller has checked that no other member of its organization has the
   * address.
   */
  updateTeamMember(id: number, change: { email: string; name: string }): Promise<TeamMemberRecord | null>;

  /** Stores a session under its token hash (unique: the caller generates random tokens). */
  insertSession(row: SessionRecord): Promise<void>;
  /** The stored session, expired or not, or null. */
  getSession(tokenHash: string): Promise<SessionRecord | null>;
  /** Ends a session; false if there was none. */
  deleteSession(tokenHash: string): Promise<boolean>;

  /**
   * Stores a one-time link under its token hash, with `used_at: null`. A team link has a
   * `subject_id`; a voter link has a `subject_id` or an `organization_id` and `email`.
   */
  insertSignInLink(row: SignInLinkRecord): Promise<void>;
  /**
   * Uses a link in one atomic step: if it exists, is unused and now < expires_at, sets `used_at`
   * to `now` and returns the updated record; otherwise changes nothing and returns null. Of any
   * number of concurrent calls for one link, in one process or many sharing a store, one wins.
   */
  useSignInLink(tokenHash: string, now: string): Promise<SignInLinkRecord | null>;
}

/** The people aggregate: which methods write; no generic fallbacks. */
export const PEOPLE_AGGREGATE = {
  writes: {
    insertTeamMember: true,
    getTeamMember: false,
    getTeamMemberByEmail: false,
    listTeamMembers: false,
    updateTeamMember: true,
    insertSession: true,
    getSession: false,
    deleteSession: true,
    insertSignInLink: true,
    useSignInLink: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<PeopleTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const PEOPLE_SCOPES = {
  insertTeamMember: 'organization.organization_id',
  getTeamMember: 'teamMember',
  getTeamMemberByEmail: 'organization',
  listTeamMembers: 'organization',
  updateTeamMember: 'teamMember',
  insertSession: 'none',
  getSession: 'none',
  deleteSession: 'none',
  insertSignInLink: 'signInLink',
  useSignInLink: 'none',
} satisfies ScopeTable<PeopleTx>;
