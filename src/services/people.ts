/**
 * Who uses the web pages: team members of an organization, one-time sign-in links (15 minutes,
 * single use) and sessions (kept in the storage, so that every process sharing it honours them).
 * Raw tokens are returned to the caller once; only their SHA-256 hashes are stored.
 */
import * as z from 'zod/mini';
import { notFound, FeedbackBoardError } from '../domain/errors.js';
import type { SessionKind, SessionRecord, TeamMemberRecord } from '../domain/people.js';
import type { VoterRecord } from '../domain/records.js';
import { toIso } from '../domain/time.js';
import { parseOrThrow, text } from '../domain/validation.js';
import { foldCase } from '../storage/text.js';
import { nowIso, read, write, type ServiceContext } from './context.js';
import { randomBase62 } from '../domain/ports.js';
import { hashApiKey } from './keys.js';

/** How long a one-time sign-in link works. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/** How long a session lasts unless it is ended earlier. */
export const SESSION_TTL_MS = 30 * 24 * 3_600_000;
const TOKEN_CHARS = 43;

const memberInput = z.strictObject({
  email: text(3, 320).check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address')),
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

/** A new one-time link's raw token (to put in the URL) and when it stops working. */
export interface CreatedSignInLink {
  token: string;
  expires_at: string;
}

/** Creates a one-time sign-in link for a voter or team member that exists. */
export async function createSignInLink(ctx: ServiceContext, kind: SessionKind, subjectId: number): Promise<CreatedSignInLink> {
  const token = randomBase62(ctx.random, TOKEN_CHARS);
  const tokenHash = await hashApiKey(token);
  const now = ctx.clock.now();
  const expires_at = toIso(now + SIGN_IN_LINK_TTL_MS);
  await write(ctx, async (tx) => {
    const subject = kind === 'team' ? await tx.getTeamMember(subjectId) : await tx.getVoter(subjectId);
    if (!subject) throw notFound(kind === 'team' ? 'Team member not found' : 'Voter not found');
    await tx.insertSignInLink({ token_hash: tokenHash, kind, subject_id: subjectId, created_at: toIso(now), expires_at, used_at: null });
  });
  return { token, expires_at };
}

/** A signed-in session: its raw token (for the cookie) and the record. */
export interface StartedSession {
  token: string;
  session: SessionRecord;
}

/**
 * Uses a one-time link and starts a session of the same kind and subject, in one transaction.
 * An unknown, used or expired link is a `not_found` error and changes nothing.
 */
export async function useSignInLink(ctx: ServiceContext, linkToken: string): Promise<StartedSession> {
  const linkHash = await hashApiKey(linkToken);
  const token = randomBase62(ctx.random, TOKEN_CHARS);
  const tokenHash = await hashApiKey(token);
  const now = ctx.clock.now();
  const session = await write(ctx, async (tx) => {
    const link = await tx.useSignInLink(linkHash, toIso(now));
    if (!link) throw new FeedbackBoardError('not_found', 'This sign-in link is unknown, used or expired');
    const record: SessionRecord = {
      token_hash: tokenHash,
      kind: link.kind,
      subject_id: link.subject_id,
      created_at: toIso(now),
      expires_at: toIso(now + SESSION_TTL_MS),
    };
    await tx.insertSession(record);
    return record;
  });
  return { token, session };
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
