/**
 * Each post's activity log: who did what to it, and when. Services append to it with
 * {@link logActivity} inside the transaction of the change (so a rolled-back change records
 * nothing), naming the actor the context already knows ({@link actorOf}); reading it pages newest
 * first and names each actor as a person sees them. See docs/activity.md.
 */
import { orderedDetail, type ActivityActorRef, type ActivityDetail, type ActivityKind, type ActivityRecord } from '../domain/activity.js';
import { notFound } from '../domain/errors.js';
import type { IntegrationProvider } from '../domain/integrations.js';
import { postActivityQuery } from '../domain/requests.js';
import { requireScope } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { read, type Caller, type ServiceContext } from './context.js';
import { boardOf } from './lookup.js';

/**
 * Who acts for `caller` (or for the team's functions, which take no caller): its API key when it
 * has one (an OAuth grant acts through its own key), else the team member the context names
 * (null when the team acts in-process without one).
 */
export function actorOf(ctx: ServiceContext, caller?: Caller): ActivityActorRef {
  if (caller !== undefined && caller.apiKeyId > 0) return { actor_kind: 'api_key', actor_id: caller.apiKeyId };
  return { actor_kind: 'team_member', actor_id: ctx.teamMemberId ?? null };
}

/** The voter as actor (a voter's own submission). */
export const voterActor = (voterId: number): ActivityActorRef => ({ actor_kind: 'voter', actor_id: voterId });

/** Appends one entry to the post's log, in the caller's transaction, stamped `at`. */
export function logActivity(
  tx: StorageTx,
  postId: number,
  kind: ActivityKind,
  actor: ActivityActorRef,
  at: string,
  detail: ActivityDetail = {},
): Promise<void> {
  return tx.insertActivity({ post_id: postId, kind, at, ...actor, detail });
}

/** Who acted, as a person reads it. A key, member or connection deleted since shows its id with no name. */
export type ActivityActor =
  | { kind: 'api_key'; id: number; label: string | null; prefix: string | null; oauth_client: string | null }
  | { kind: 'team_member'; id: number | null; name: string | null }
  | { kind: 'voter'; id: number; name: string | null }
  | { kind: 'connection'; id: number; provider: IntegrationProvider | null; label: string | null }
  | { kind: 'system' };

/** One entry of a post's log as read: its kind, time, actor and the kind's detail. */
export interface ActivityEntry extends ActivityDetail {
  id: number;
  kind: ActivityKind;
  at: string;
  actor: ActivityActor;
  /** For a confirmed or rejected proposal: the key that proposed it (`key_id`), named like an actor. */
  proposed_by?: ActivityActor;
}

/** A page of a post's log, newest first; `next_before` continues it (null on the last page). */
export interface ActivityPage {
  entries: ActivityEntry[];
  next_before: number | null;
}

/**
 * Names actors of the organization as a person reads them: one read per distinct key, member or
 * voter, and the OAuth grants once.
 */
export function actorNamer(tx: StorageTx, organizationId: number): (ref: ActivityActorRef) => Promise<ActivityActor> {
  const actors = new Map<string, ActivityActor>();
  let oauthClients: Map<number, string> | undefined;
  const clientOfKey = async (keyId: number): Promise<string | null> => {
    if (oauthClients === undefined) {
      oauthClients = new Map();
      for (const grant of await tx.listOAuthGrants(organizationId)) {
        const client = await tx.getOAuthClient(grant.client_id);
        if (client) oauthClients.set(grant.api_key_id, client.client_name);
      }
    }
    return oauthClients.get(keyId) ?? null;
  };
  const resolve = async ({ actor_kind: kind, actor_id: id }: ActivityActorRef): Promise<ActivityActor> => {
    if (kind === 'api_key' && id !== null) {
      const key = await tx.getApiKey(id);
      const own = key?.organization_id === organizationId ? key : null;
      return { kind, id, label: own?.label ?? null, prefix: own?.prefix ?? null, oauth_client: own ? await clientOfKey(id) : null };
    }
    if (kind === 'team_member') {
      const member = id === null ? null : await tx.getTeamMember(id);
      return { kind, id, name: member?.organization_id === organizationId ? member.name : null };
    }
    if (kind === 'voter' && id !== null) {
      const voter = await tx.getVoter(id);
      return { kind, id, name: voter?.organization_id === organizationId ? voter.name : null };
    }
    if (kind === 'connection' && id !== null) {
      const connection = await tx.getIntegrationConnection(id);
      const own = connection?.organization_id === organizationId ? connection : null;
      return { kind, id, provider: own?.provider ?? null, label: own?.label ?? null };
    }
    return { kind: 'system' };
  };
  const named = async (ref: ActivityActorRef): Promise<ActivityActor> => {
    const name = `${ref.actor_kind}:${ref.actor_id}`;
    let actor = actors.get(name);
    if (actor === undefined) actors.set(name, (actor = await resolve(ref)));
    return actor;
  };
  return named;
}

/** Names the actors of `rows`. */
async function presentEntries(tx: StorageTx, organizationId: number, rows: readonly ActivityRecord[]): Promise<ActivityEntry[]> {
  const named = actorNamer(tx, organizationId);
  const entries: ActivityEntry[] = [];
  for (const row of rows) {
    const actor = await named(row);
    const keyId = row.detail.key_id;
    const proposer = keyId === undefined ? {} : { proposed_by: await named({ actor_kind: 'api_key', actor_id: keyId }) };
    entries.push({ id: row.id, kind: row.kind, at: row.at, actor, ...orderedDetail(row.detail), ...proposer });
  }
  return entries;
}

/** A page of the log of `postId` of `organizationId`, whose existence the caller has checked. */
export async function readActivityPage(
  tx: StorageTx,
  organizationId: number,
  postId: number,
  query: { limit: number; before?: number | undefined },
): Promise<ActivityPage> {
  const rows = await tx.listActivity(postId, { before: query.before ?? null, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return { entries: await presentEntries(tx, organizationId, page), next_before: more ? page.at(-1)!.id : null };
}

/**
 * The activity of post `id` on board `slug`, newest first: `limit` entries (1–500, default 50)
 * with an id below `before` (the `next_before` of the previous page). A merged post's log stays
 * readable. Needs a `read` key.
 */
export function getPostActivity(
  ctx: ServiceContext,
  caller: Caller,
  slug: string,
  id: number,
  query: { limit?: string | undefined; before?: string | undefined } = {},
): Promise<ActivityPage> {
  requireScope(caller.scope, 'read');
  const input = parseOrThrow(postActivityQuery, query);
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    const post = await tx.getPost(id);
    if (!post || post.board_id !== board.id) throw notFound('Post not found');
    return readActivityPage(tx, caller.organizationId, post.id, input);
  });
}

/**
 * The activity of post `postId` of the organization (the team's dashboard), merged or not; the
 * query as {@link getPostActivity} takes it. A post of another organization is `not_found`.
 */
export function teamPostActivity(
  ctx: ServiceContext,
  organizationId: number,
  postId: number,
  query: { limit?: string | undefined; before?: string | undefined } = {},
): Promise<ActivityPage> {
  const input = parseOrThrow(postActivityQuery, query);
  return read(ctx, async (tx) => {
    const post = await tx.getPost(postId);
    const board = post && (await tx.getBoard(post.board_id));
    if (!post || board?.organization_id !== organizationId) throw notFound('Post not found');
    return readActivityPage(tx, organizationId, post.id, input);
  });
}
