/** Records → API shapes. Pure functions: everything they show was read beforehand. */
import { MAX_REPLY_DEPTH } from '../domain/limits.js';
import type {
  BoardRecord,
  ClaimRecord,
  CommentRecord,
  EvidenceRecord,
  PostRecord,
  ProposalRecord,
  TagRecord,
  WebhookRecord,
} from '../domain/records.js';
import type {
  Attachment,
  Board,
  Claim,
  Comment,
  Evidence,
  Post,
  PostDetail,
  QueueItem,
  Tag,
  Webhook,
} from '../domain/responses.js';

export function presentBoard(b: BoardRecord): Board {
  return {
    id: b.id,
    slug: b.slug,
    name: b.name,
    description: b.description,
    welcome_message: b.welcome_message,
    published: b.published,
    created_at: b.created_at,
    logo_url: b.logo_url,
  };
}

export function presentTag(t: TagRecord): Tag {
  return { id: t.id, name: t.name, slug: t.slug, color: null };
}

/** The list shape. API callers are the board team: never "voted" or "following". */
export function presentPost(p: PostRecord, tags: readonly TagRecord[], attachments: Attachment[] = []): Post {
  return {
    id: p.id,
    title: p.title,
    body: p.body,
    status: p.status,
    vote_count: p.vote_count,
    voter_has_voted: false,
    following: false,
    is_admin: p.is_admin,
    hidden: p.hidden,
    pinned: p.pinned,
    roadmap_estimate: null,
    shipped_at: p.shipped_at,
    created_at: p.created_at,
    attachments,
    tags: tags.map(presentTag),
  };
}

export function presentEvidence(e: EvidenceRecord): Evidence {
  return { kind: e.kind, ref: e.ref, label: e.label, added_at: e.added_at };
}

/**
 * A pending proposal with its fields in one order, whatever order the store kept them in (a store
 * loaded from a dump holds them sorted by name), so every store answers the same bytes.
 */
export function presentProposal(p: ProposalRecord): ProposalRecord {
  return { status: p.status, note: p.note, proposed_at: p.proposed_at, proposed_by_api_key_id: p.proposed_by_api_key_id };
}

export function presentClaim(c: ClaimRecord): Claim {
  return { post_id: c.post_id, agent_label: c.agent_label, claimed_at: c.claimed_at, expires_at: c.expires_at };
}

/** A claim counts only while now < expires_at; an expired one reads as null. */
export function liveClaim(claim: ClaimRecord | null | undefined, now: string): ClaimRecord | null {
  return claim && now < claim.expires_at ? claim : null;
}

export function presentPostDetail(
  p: PostRecord,
  tags: readonly TagRecord[],
  evidence: readonly EvidenceRecord[],
  claim: ClaimRecord | null,
  attachments: Attachment[] = [],
): PostDetail {
  // Spelled out rather than spread from presentPost: one object literal of a fixed shape is
  // built much faster, and this is the shape of the most frequent read.
  return {
    id: p.id,
    title: p.title,
    body: p.body,
    status: p.status,
    vote_count: p.vote_count,
    voter_has_voted: false,
    following: false,
    is_admin: p.is_admin,
    hidden: p.hidden,
    pinned: p.pinned,
    roadmap_estimate: null,
    shipped_at: p.shipped_at,
    created_at: p.created_at,
    attachments,
    tags: tags.map(presentTag),
    queue_rank: p.queue_rank,
    implementation_evidence: evidence.map(presentEvidence),
    claim: claim ? presentClaim(claim) : null,
    proposal: p.proposal ? presentProposal(p.proposal) : null,
  };
}

export function presentQueueItem(p: PostRecord, claim: ClaimRecord | null): QueueItem {
  return {
    id: p.id,
    title: p.title,
    status: p.status,
    queue_rank: p.queue_rank,
    vote_count: p.vote_count,
    claim: claim ? presentClaim(claim) : null,
  };
}

/**
 * One comment with no replies yet; see {@link nestComments}. `voterBlocked`: the comment's voter
 * is blocked by the board team.
 */
export function presentComment(
  c: CommentRecord,
  reactions: Record<string, number> = {},
  voterBlocked = false,
  attachments: Attachment[] = [],
): Comment {
  return {
    id: c.id,
    body: c.body,
    is_admin: c.is_admin,
    hidden: c.hidden,
    vote_count: 0,
    voter_has_voted: false,
    reaction_counts: { ...reactions },
    own_reactions: [],
    voter_blocked: voterBlocked,
    parent_comment_id: c.parent_comment_id,
    created_at: c.created_at,
    attachments,
    replies: [],
  };
}

/**
 * Builds the reply tree from comments already in created_at, id order, so every level keeps that
 * order; the comments of `blockedVoters` show `voter_blocked: true`, each comment its `attachments` (by id). A reply whose parent is missing is shown at the top level rather than lost.
 *
 * The tree is at most {@link MAX_REPLY_DEPTH} levels of replies deep, whatever the storage holds
 * (a chain written before the limit, or by another tool): a deeper reply is shown, in order,
 * among the replies of its ancestor one level above the deepest, its `parent_comment_id` still
 * naming its real parent. Nothing here recurses, so no chain can overflow the stack.
 */
export function nestComments(
  comments: readonly CommentRecord[],
  reactions: ReadonlyMap<number, Record<string, number>>,
  blockedVoters: ReadonlySet<number> = new Set(),
  attachments: ReadonlyMap<number, Attachment[]> = new Map(),
): Comment[] {
  const byId = new Map<number, Comment>();
  for (const c of comments) {
    const blocked = c.voter_id !== null && blockedVoters.has(c.voter_id);
    byId.set(c.id, presentComment(c, reactions.get(c.id), blocked, attachments.get(c.id)));
  }
  // A parent always has a smaller id than its replies (it existed when they were written), so one
  // pass in id order knows every parent's depth and anchor before its replies.
  const depth = new Map<number, number>();
  /** The comment itself up to depth MAX - 1, else its ancestor at that depth. */
  const anchor = new Map<number, number>();
  for (const c of [...comments].sort((x, y) => x.id - y.id)) {
    const parentDepth = c.parent_comment_id === null ? undefined : depth.get(c.parent_comment_id);
    const d = parentDepth === undefined ? 0 : parentDepth + 1;
    depth.set(c.id, d);
    anchor.set(c.id, d < MAX_REPLY_DEPTH ? c.id : anchor.get(c.parent_comment_id!)!);
  }
  const roots: Comment[] = [];
  for (const c of comments) {
    const node = byId.get(c.id)!;
    const shownUnder = depth.get(c.id) === 0 ? undefined : byId.get(anchor.get(c.parent_comment_id!)!);
    (shownUnder ? shownUnder.replies : roots).push(node);
  }
  return roots;
}

export function presentWebhook(w: WebhookRecord): Webhook {
  return {
    id: w.id,
    url: w.url,
    description: w.description,
    events: [...w.events],
    active: w.active,
    created_at: w.created_at,
  };
}
