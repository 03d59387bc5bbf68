/**
 * The claims of a verified SSO token that make a voter (docs/sso.md): `sub` (1..255 characters),
 * `email` (an address, at most 254 characters), `name` (optional, at most 100) and an optional
 * `company` `{ id, name, monthly_revenue }`. A claim of the wrong shape refuses the token and
 * names the claim. The token's other claims are kept on the voter (docs/private-boards.md).
 */
import type { JWTPayload } from 'jose';
import type { SsoCompany, SsoUser } from '../services/sso-sign-in.js';
import { keptClaims } from './board-access-rules.js';

/** Why a token was refused: shown to the person, with what the host application must fix. */
export interface SsoRefusal {
  refused: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= max;

function companyOf(value: unknown): SsoCompany | null | SsoRefusal {
  if (value === null) return null;
  const company = value as Record<string, unknown>;
  if (typeof value !== 'object' || Array.isArray(value)) return { refused: 'The company claim must be an object { id, name, monthly_revenue }.' };
  if (!text(company.id, 100)) return { refused: 'company.id must be a string of 1 to 100 characters.' };
  if (!text(company.name, 200)) return { refused: 'company.name must be a string of 1 to 200 characters.' };
  const revenue = company.monthly_revenue ?? 0;
  if (typeof revenue !== 'number' || !Number.isSafeInteger(revenue) || revenue < 0) {
    return { refused: 'company.monthly_revenue must be a whole number of 0 or more.' };
  }
  return { id: company.id, name: company.name.trim(), monthly_revenue: revenue };
}

/** The user a verified payload names, or the refusal naming the claim that is wrong. */
export function readSsoClaims(payload: JWTPayload): SsoUser | SsoRefusal {
  if (!text(payload.sub, 255)) return { refused: 'The sub claim (your user id) must be a string of 1 to 255 characters.' };
  const email = payload.email;
  if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email)) return { refused: 'The email claim must be an e-mail address.' };
  const name = payload.name ?? '';
  if (typeof name !== 'string' || name.length > 100) return { refused: 'The name claim must be a string of at most 100 characters.' };
  // Every other claim is kept on the voter, for private boards' claim rules.
  const user: SsoUser = { sub: payload.sub, email, name: name.trim(), claims: keptClaims(payload) };
  if (payload.company !== undefined) {
    const company = companyOf(payload.company);
    if (company !== null && 'refused' in company) return company;
    user.company = company;
  }
  return user;
}
