/**
 * The rules of private boards (docs/private-boards.md), without storage: reading the dashboard's
 * form into settings (a refusal names the first bad entry, and nothing is stored), and deciding
 * whether a voter may see a board.
 *
 * A domain is matched exactly against the part of the voter's address after its last `@`,
 * lower-cased: `example.com` lets in `ada@example.com`, never `ada@evil-example.com`,
 * `ada@example.com.evil.org` or `ada@eu.example.com`; `*.example.com` lets in every subdomain
 * (`ada@eu.example.com`) and not `example.com` itself. A claim rule lets in a voter whose last SSO
 * token carried the claim with one of the allowed values, compared exactly.
 */
import type { BoardAccessMode, BoardAccessRecord } from '../domain/board-access.js';
import { validationError } from '../domain/errors.js';

/** At most this many allowed domains per board. */
export const MAX_ACCESS_DOMAINS = 50;
/** At most this many allowed values of the claim. */
export const MAX_CLAIM_VALUES = 50;
/** The longest claim value kept or allowed. */
export const MAX_CLAIM_VALUE_CHARS = 200;

/**
 * Claims the sign-in itself reads or checks: a rule may not name them (the e-mail address is
 * matched by the domains), and they are not kept as a voter's claims.
 */
export const RESERVED_CLAIMS: ReadonlySet<string> = new Set(['sub', 'email', 'name', 'company', 'exp', 'iat', 'nbf', 'aud', 'iss', 'jti']);

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN = new RegExp(`^(?:\\*\\.)?(?:${LABEL}\\.)+${LABEL}$`);
const CLAIM_NAME = /^[\x21-\x7e]{1,100}$/;

/** What the team sets: the access, and who gets in when it is private. */
export type BoardAccessSettings = Pick<BoardAccessRecord, 'access' | 'email_domains' | 'claim_name' | 'claim_values'>;

/** The settings of a board that never saved any: public, nobody listed. */
export const PUBLIC_ACCESS: BoardAccessSettings = { access: 'public', email_domains: [], claim_name: null, claim_values: [] };

/** The dashboard form's fields, as sent. */
export interface BoardAccessForm {
  access: string;
  domains: string;
  claimName: string;
  claimValues: string;
}

/**
 * Reads the form: domains separated by spaces, commas or lines (lower-cased, duplicates kept
 * once), the claim's values one per line (trimmed, blank lines ignored). Throws
 * `validation_error` naming the field and the first bad entry.
 */
export function parseBoardAccess(form: BoardAccessForm): BoardAccessSettings {
  if (form.access !== 'public' && form.access !== 'private') throw validationError('access', 'choose public or private');
  const access: BoardAccessMode = form.access;
  const domains = [...new Set(form.domains.split(/[\s,]+/).filter((entry) => entry !== '').map((entry) => entry.toLowerCase()))];
  for (const domain of domains) {
    if (domain.includes('@')) throw validationError('email_domains', `write "${domain}" as a domain alone, such as example.com (no @)`);
    if (domain.length > 253 || !DOMAIN.test(domain)) {
      throw validationError('email_domains', `"${domain}" is not a domain: write it as example.com, or *.example.com for its subdomains`);
    }
  }
  if (domains.length > MAX_ACCESS_DOMAINS) throw validationError('email_domains', `at most ${MAX_ACCESS_DOMAINS} domains`);
  const claimName = form.claimName.trim();
  const values = [...new Set(form.claimValues.split(/\r?\n/).map((value) => value.trim()).filter((value) => value !== ''))];
  if (claimName === '') {
    if (values.length > 0) throw validationError('claim_name', 'name the claim these values are for, or remove the values');
    return { access, email_domains: domains, claim_name: null, claim_values: [] };
  }
  if (!CLAIM_NAME.test(claimName)) throw validationError('claim_name', 'a claim name is 1 to 100 characters without spaces, such as groups');
  if (RESERVED_CLAIMS.has(claimName)) {
    throw validationError('claim_name', `"${claimName}" is read by the sign-in itself; name another claim (e-mail addresses are matched by the domains)`);
  }
  if (values.length === 0) throw validationError('claim_values', `list the values of ${claimName} that let a voter in, one per line`);
  const tooLong = values.find((value) => value.length > MAX_CLAIM_VALUE_CHARS);
  if (tooLong !== undefined) throw validationError('claim_values', `a value is at most ${MAX_CLAIM_VALUE_CHARS} characters`);
  if (values.length > MAX_CLAIM_VALUES) throw validationError('claim_values', `at most ${MAX_CLAIM_VALUES} values`);
  return { access, email_domains: domains, claim_name: claimName, claim_values: values };
}

/** Whether an allowed domain (`example.com` or `*.example.com`) lets in the address's domain. */
export function domainAllowed(allowed: string, domain: string): boolean {
  if (!allowed.startsWith('*.')) return domain === allowed;
  const parent = allowed.slice(1); // ".example.com"
  return domain.length > parent.length && domain.endsWith(parent);
}

/** Who asks to see a board: a team member, a voter (address and SSO claims), or nobody signed in. */
export interface BoardViewer {
  member: boolean;
  email: string | null;
  claims: Readonly<Record<string, readonly string[]>> | null;
}

/** Whether `viewer` may see a board of these settings (null: none saved, so public). */
export function mayView(settings: BoardAccessSettings | null, viewer: BoardViewer): boolean {
  if (settings === null || settings.access === 'public' || viewer.member) return true;
  if (viewer.email !== null) {
    const at = viewer.email.lastIndexOf('@');
    const domain = at < 0 ? '' : viewer.email.slice(at + 1).toLowerCase();
    if (domain !== '' && settings.email_domains.some((allowed) => domainAllowed(allowed, domain))) return true;
  }
  const name = settings.claim_name;
  if (name === null || viewer.claims === null || !Object.hasOwn(viewer.claims, name)) return false;
  const held = viewer.claims[name]!;
  return settings.claim_values.some((value) => held.includes(value));
}

/**
 * The claims of a verified token kept for later checks: every claim but the reserved ones whose
 * value is a string, number or boolean, or a list of those, as strings (values longer than
 * {@link MAX_CLAIM_VALUE_CHARS} are left out). The token is at most 8 KB, which bounds the rest.
 */
export function keptClaims(payload: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const kept: [string, string[]][] = [];
  for (const [name, value] of Object.entries(payload)) {
    if (RESERVED_CLAIMS.has(name) || !CLAIM_NAME.test(name)) continue;
    const values = (Array.isArray(value) ? value : [value])
      .filter((item): item is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof item))
      .map(String)
      .filter((item) => item.length <= MAX_CLAIM_VALUE_CHARS);
    if (values.length > 0) kept.push([name, [...new Set(values)]]);
  }
  // fromEntries defines each name as an own property: a claim named __proto__ stays a claim.
  return Object.fromEntries(kept);
}
