/**
 * Who may see a board on the public pages: every visitor (`public`, the default), or only the
 * signed-in voters its settings allow (`private`), by the domain of their e-mail address or by a
 * claim of the host application's SSO token. See docs/private-boards.md.
 */

/** A board's access: `public` (everyone) or `private` (only the voters its settings allow, and the team). */
export type BoardAccessMode = 'public' | 'private';

/**
 * A board's access settings. A board without a stored record is public. The lists are kept when a
 * board goes back to public, so making it private again restores them.
 */
export interface BoardAccessRecord {
  board_id: number;
  organization_id: number;
  access: BoardAccessMode;
  /**
   * Allowed e-mail domains, lower-cased: `example.com` matches exactly that domain;
   * `*.example.com` matches its subdomains (`eu.example.com`), not `example.com` itself.
   */
  email_domains: string[];
  /** The SSO claim whose value lets a voter in, or null for no claim rule. */
  claim_name: string | null;
  /** The claim's allowed values, compared exactly; empty when `claim_name` is null. */
  claim_values: string[];
  updated_at: string;
}

/**
 * The claims of the last verified SSO token a voter signed in with, beyond the ones the sign-in
 * itself uses: each as its list of string values (a string claim is a list of one). Replaced at
 * every SSO sign-in, so a claim the host application removes stops counting at the next one.
 */
export interface VoterClaimsRecord {
  voter_id: number;
  organization_id: number;
  claims: Record<string, string[]>;
  updated_at: string;
}
