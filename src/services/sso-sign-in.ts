/**
 * The sign-in of a host application's user, from claims already verified (docs/sso.md): the
 * voter of the user's `sub` is found, or linked to the organization's voter of the same e-mail
 * address, or created; the company the token names is stored and becomes the voter's; and a
 * session starts, all in one transaction.
 */
import { FeedbackBoardError, notFound } from '../domain/errors.js';
import type { SessionRecord } from '../domain/people.js';
import { cryptoRandom, randomBase62 } from '../domain/ports.js';
import type { VoterRecord } from '../domain/records.js';
import { toIso } from '../domain/time.js';
import type { StorageTx } from '../storage/contract.js';
import { foldCase } from '../storage/text.js';
import { hashApiKey } from './keys.js';
import { SESSION_TTL_MS } from './people.js';
import type { SsoContext } from './sso.js';
import { checkVoterLocale, keepVoterLocale } from './voter-language.js';

/** A company as a token describes it. */
export interface SsoCompany {
  id: string;
  name: string;
  monthly_revenue: number;
}

/** A host application's user, from a verified token. */
export interface SsoUser {
  /** The host's user id: the voter is keyed by it. */
  sub: string;
  email: string;
  name: string;
  /** The user's company; absent leaves the voter's company as it was, null removes it. */
  company?: SsoCompany | null;
  /**
   * The token's other claims, as lists of strings: when given, they replace the voter's stored
   * claims, which private boards' claim rules are checked against (docs/private-boards.md).
   */
  claims?: Record<string, string[]>;
}

/** A session started for a host user: its raw token (for the cookie), the record and the voter. */
export interface SsoSession {
  token: string;
  session: SessionRecord;
  voter: VoterRecord;
}

/** The voter of a host user: linked by `sub`, or the organization's voter of the address if no other user has it, or new. */
async function voterOf(tx: StorageTx, organizationId: number, user: SsoUser, now: string, locale: string | null): Promise<VoterRecord> {
  const identity = await tx.getSsoIdentity(organizationId, user.sub);
  const linked = identity && (await tx.getVoter(identity.voter_id));
  if (linked) return linked;
  const email = foldCase(user.email);
  let voter = await tx.getVoterByEmail(organizationId, email);
  if (voter && (await tx.getSsoIdentityOfVoter(voter.id))) {
    throw new FeedbackBoardError('validation_error', 'This e-mail address already belongs to another user of the application (another sub)', {
      details: [{ path: 'email', message: 'Already the address of another sub' }],
    });
  }
  voter ??= await tx.insertVoter({ organization_id: organizationId, email, name: user.name, created_at: now, locale });
  await tx.insertSsoIdentity({ organization_id: organizationId, sub: user.sub, voter_id: voter.id, created_at: now });
  return voter;
}

/**
 * Signs a verified host user in as a voter of the organization and starts a session; given the
 * `locale` of the pages the token came to, the voter's language becomes it (a malformed one is a
 * `validation_error`, and nothing changes).
 */
export async function signInSsoUser(ctx: SsoContext, organizationId: number, user: SsoUser, locale?: string): Promise<SsoSession> {
  const checked = locale === undefined ? null : checkVoterLocale(locale);
  const token = randomBase62(ctx.random ?? cryptoRandom, 43);
  const tokenHash = await hashApiKey(token);
  return ctx.storage.transaction('write', async (tx) => {
    const now = ctx.clock.now();
    if (!(await tx.getOrganization(organizationId))) throw notFound('Organization not found');
    const found = await voterOf(tx, organizationId, user, toIso(now), checked);
    if (checked !== null) await keepVoterLocale(tx, found, checked);
    const voter = checked === null ? found : { ...found, locale: checked };
    if (user.company) {
      await tx.putCompany({ organization_id: organizationId, ...user.company, updated_at: toIso(now) });
      await tx.setVoterCompany(voter.id, organizationId, user.company.id);
    } else if (user.company === null) {
      await tx.setVoterCompany(voter.id, organizationId, null);
    }
    if (user.claims) await tx.putVoterClaims({ voter_id: voter.id, organization_id: organizationId, claims: user.claims, updated_at: toIso(now) });
    const session: SessionRecord = { token_hash: tokenHash, kind: 'voter', subject_id: voter.id, created_at: toIso(now), expires_at: toIso(now + SESSION_TTL_MS) };
    await tx.insertSession(session);
    return { token, session, voter };
  });
}
