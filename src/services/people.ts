/**
 * Who uses the web pages: team members of an organization, one-time sign-in links (15 minutes,
 * single use) and sessions (kept in the storage, so that every process sharing it honours them).
 * Raw tokens are returned to the caller once; only their SHA-256 hashes are stored.
 */
import * as z from 'zod/mini';
import { notFound, FeedbackBoardError, validationError } from '../domain/errors.js';
import { SESSION_TTL_MS, SIGN_IN_LINK_TTL_MS, type SessionKind, type SessionRecord, type SignInLinkRecord, type TeamMemberRecord } from '../domain/people.js';
import type { VoterRecord } from '../domain/records.js';
import { toIso } from '../domain/time.js';
import { parseOrThrow, text } from '../domain/validation.js';
import { foldCase } from '../storage/text.js';
import { nowIso, read, write, type ServiceContext } from './context.js';
import { randomBase62 } from '../domain/ports.js';
import { hashApiKey } from './keys.js';
import type { StorageTx } from '../storage/contract.js';
import { checkVoterLocale, keepVoterLocale } from './voter-language.js';

export { SIGN_IN_LINK_TTL_MS, SESSION_TTL_MS };
const TOKEN_CHARS = 43;

/** An e-mail address, as team members and voters give it. */
const emailInput = text(3, 320).check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address'));

/** A team member as given: an e-mail address and an optional name (also the rules an import applies). */
export const memberInput = z.strictObject({
  email: emailInput,
  name: z.optional(text(0, 120)),
});

/** A team member to add: an e-mail address (unique per organization, case-insensitive) and a name. */
export type TeamMemberInput = z.input<typeof memberInput>;

/** Adds a team member; an e-mail already on the team returns that member unchanged. */
export async function addTeamMember(ctx: ServiceContext, organizationId: number, input: TeamMemberInput): Promise<TeamMemberRecord> {
  const { email, name } = parseOrThrow(memberInput, input);
  const folded = foldCase(email);
  const now = nowIso(ctx);
  return write(ctx, async (tx) => {
    if (!(await tx.getOrganization(organizationId))) throw notFound('Organization not found');
    const existing = await tx.getTeamMemberByEmail(organizationId, folded);
    return existing ?? tx.insertTeamMember({ organization_id: organizationId, email: folded, name: name ?? '', created_at: now });
  });
}

export function listTeamMembers(ctx: ServiceContext, organizationId: number): Promise<TeamMemberRecord[]> {
  return read(ctx, (tx) => tx.listTeamMembers(organizationId));
}

/**
 * Changes a team member's address and name (without `name`, the name stays). `not_found` for a
 * member of another organization; `validation_error` for an address that is not one, or that
 * another member of the team has. Sessions and links already given stay the member's.
 */
export async function updateTeamMember(ctx: ServiceContext, organizationId: number, memberId: number, input: TeamMemberInput): Promise<TeamMemberRecord> {
  const { email, name } = parseOrThrow(memberInput, input);
  const folded = foldCase(email);
  return write(ctx, async (tx) => {
    const member = await tx.getTeamMember(memberId);
    if (!member || member.organization_id !== organizationId) throw notFound('Team member not found');
    const holder = await tx.getTeamMemberByEmail(organizationId, folded);
    if (holder && holder.id !== member.id) throw validationError('email', 'is the address of another team member');
    return (await tx.updateTeamMember(member.id, { email: folded, name: name ?? member.name }))!;
  });
}

/** A new one-time link's raw token (to put in the URL) and when it stops working. */
export interface CreatedSignInLink {
  token: string;
  expires_at: string;
}

/** What a link may carry besides whom it signs in. */
export interface SignInLinkOptions {
  /**
   * A path of the pages to show once signed in (`/boards/features/posts/3`): it starts with one
   * `/`, has no backslash or control character, and is at most 1,024 characters, so that it can
   * never lead to another origin.
   */
  returnTo?: string;
}

const RETURN_TO_MAX = 1024;

/** The checked return path, or null; a path that could leave the pages is a validation error. */
function returnPath(options: SignInLinkOptions): string | null {
  const path = options.returnTo;
  if (path === undefined) return null;
  if (typeof path !== 'string' || path.length > RETURN_TO_MAX || !/^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/.test(path)) {
    throw validationError('returnTo', `must be a path of the pages: one leading "/", no backslash or control character, at most ${RETURN_TO_MAX} characters`);
  }
  return path;
}

/** Stores a new link (its token's hash) built by `fill`, which runs in the write transaction and may refuse it. */
async function storeLink(
  ctx: ServiceContext,
  fill: (tx: StorageTx) => Promise<Pick<SignInLinkRecord, 'kind' | 'subject_id' | 'organization_id' | 'email'>>,
  returnTo: string | null,
): Promise<CreatedSignInLink> {
  const token = randomBase62(ctx.random, TOKEN_CHARS);
  const tokenHash = await hashApiKey(token);
  const now = ctx.clock.now();
  const expires_at = toIso(now + SIGN_IN_LINK_TTL_MS);
  await write(ctx, async (tx) => {
    const subject = await fill(tx);
    await tx.insertSignInLink({ token_hash: tokenHash, ...subject, return_to: returnTo, created_at: toIso(now), expires_at, used_at: null });
  });
  return { token, expires_at };
}

/** Creates a one-time sign-in link for a team member or voter that exists. */
export async function createSignInLink(
  ctx: ServiceContext,
  kind: SessionKind,
  subjectId: number,
  options: SignInLinkOptions = {},
): Promise<CreatedSignInLink> {
  return storeLink(
    ctx,
    async (tx) => {
      const subject = kind === 'team' ? await tx.getTeamMember(subjectId) : await tx.getVoter(subjectId);
      if (!subject) throw notFound(kind === 'team' ? 'Team member not found' : 'Voter not found');
      return { kind, subject_id: subjectId, organization_id: null, email: null };
    },
    returnPath(options),
  );
}

/**
 * Creates a one-time sign-in link for the organization's voter with this e-mail address
 * (case-insensitive). No voter is created now: using the link finds the voter, or creates it, so
 * that links asked for and never used leave no voter behind.
 */
export async function createVoterSignInLink(
  ctx: ServiceContext,
  organizationId: number,
  email: string,
  options: SignInLinkOptions = {},
): Promise<CreatedSignInLink> {
  const folded = foldCase(parseOrThrow(z.object({ email: emailInput }), { email }).email);
  return storeLink(
    ctx,
    async (tx) => {
      if (!(await tx.getOrganization(organizationId))) throw notFound('Organization not found');
      return { kind: 'voter', subject_id: null, organization_id: organizationId, email: folded };
    },
    returnPath(options),
  );
}

/** A signed-in session: its raw token (for the cookie) and the record. */
export interface StartedSession {
  token: string;
  session: SessionRecord;
  /** The path of the pages the link was made to return to, or null. */
  return_to: string | null;
}

/** Options of `board.signIn.useLink`. */
export interface UseSignInLinkOptions {
  /** The language of the pages the link is used on: a voter's language is set to it (see docs/languages.md). */
  locale?: string;
}

/**
 * The voter a used voter link signs in: the one it names, or the organization's voter of its
 * e-mail (created now); given a `locale`, the voter's language becomes it.
 */
async function linkVoter(tx: StorageTx, link: SignInLinkRecord, now: string, locale: string | undefined): Promise<number | null> {
  if (link.subject_id !== null) {
    const named = await tx.getVoter(link.subject_id);
    if (named && locale !== undefined) await keepVoterLocale(tx, named, locale);
    return link.subject_id;
  }
  if (link.organization_id === null || link.email === null) return null;
  if (!(await tx.getOrganization(link.organization_id))) return null;
  const existing = await tx.getVoterByEmail(link.organization_id, link.email);
  if (!existing) {
    return (await tx.insertVoter({ organization_id: link.organization_id, email: link.email, name: '', created_at: now, locale: locale ?? null })).id;
  }
  if (locale !== undefined) await keepVoterLocale(tx, existing, locale);
  return existing.id;
}

/**
 * Uses a one-time link and starts a session of the same kind and subject, in one transaction; a
 * voter link's voter is found or created in it, and takes `options.locale` as their language. An
 * unknown, used or expired link is a `not_found` error and changes nothing; so is a malformed
 * `locale` a `validation_error`.
 */
export async function useSignInLink(ctx: ServiceContext, linkToken: string, options: UseSignInLinkOptions = {}): Promise<StartedSession> {
  const locale = options.locale === undefined ? undefined : (checkVoterLocale(options.locale) ?? undefined);
  const linkHash = await hashApiKey(linkToken);
  const token = randomBase62(ctx.random, TOKEN_CHARS);
  const tokenHash = await hashApiKey(token);
  const now = ctx.clock.now();
  const unusable = () => new FeedbackBoardError('not_found', 'This sign-in link is unknown, used or expired');
  return write(ctx, async (tx) => {
    const link = await tx.useSignInLink(linkHash, toIso(now));
    if (!link) throw unusable();
    const subjectId = link.kind === 'team' ? link.subject_id : await linkVoter(tx, link, toIso(now), locale);
    if (subjectId === null) throw unusable();
    const session: SessionRecord = {
      token_hash: tokenHash,
      kind: link.kind,
      subject_id: subjectId,
      created_at: toIso(now),
      expires_at: toIso(now + SESSION_TTL_MS),
    };
    await tx.insertSession(session);
    return { token, session, return_to: link.return_to };
  });
}

/** Who a live session belongs to. */
export type SessionSubject =
  | { kind: 'team'; session: SessionRecord; member: TeamMemberRecord }
  | { kind: 'voter'; session: SessionRecord; voter: VoterRecord };

/** The live session of a raw token with its subject, or null (unknown, expired, or subject gone). */
export async function readSession(ctx: ServiceContext, token: string): Promise<SessionSubject | null> {
  if (token === '') return null;
  const tokenHash = await hashApiKey(token);
  const now = nowIso(ctx);
  return read(ctx, async (tx) => {
    const session = await tx.getSession(tokenHash);
    if (!session || !(now < session.expires_at)) return null;
    if (session.kind === 'team') {
      const member = await tx.getTeamMember(session.subject_id);
      return member ? { kind: 'team', session, member } : null;
    }
    const voter = await tx.getVoter(session.subject_id);
    return voter ? { kind: 'voter', session, voter } : null;
  });
}

/** Ends a session (sign-out); false if there was none. */
export async function endSession(ctx: ServiceContext, token: string): Promise<boolean> {
  const tokenHash = await hashApiKey(token);
  return write(ctx, (tx) => tx.deleteSession(tokenHash));
}
