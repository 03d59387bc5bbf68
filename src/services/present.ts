/** Records → API shapes. Pure functions: everything they show was read beforehand. */
import type {
  BoardRecord,
  ClaimRecord,
  EvidenceRecord,
  PostRecord,
  ProposalRecord,
  TagRecord,
  WebhookRecord,
} from '../domain/records.js';
import type { PostLinkRecord } from '../domain/integrations.js';
import type { StatusLabel } from '../domain/statuses.js';
import type {
  Attachment,
  Board,
  Claim,
  Evidence,
  Post,
  PostDetail,
  PostLink,
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
export function presentPost(p: PostRecord, label: StatusLabel, tags: readonly TagRecord[], attachments: Attachment[] = []): Post {
  return {
    id: p.id,
    title: p.title,
    body: p.body,
    status: p.status,
    status_label: label,
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
    fields: p.fields ?? {},
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
  return { status: p.status, note: p.note, proposed_at: p.proposed_at, proposed_by_api_key_id: p.proposed_by_api_key_id, proposed_by_connection_id: p.proposed_by_connection_id };
}

export function presentClaim(c: ClaimRecord): Claim {
  return { post_id: c.post_id, agent_label: c.agent_label, claimed_at: c.claimed_at, expires_at: c.expires_at };
}

/** A claim counts only while now < expires_at; an expired one reads as null. */
export function liveClaim(claim: ClaimRecord | null | undefined, now: string): ClaimRecord | null {
  return claim && now < claim.expires_at ? claim : null;
}

/** A post's link as the API shows it. */
export function presentPostLink(link: PostLinkRecord): PostLink {
  return { provider: link.provider, url: link.url, title: link.title, state: link.state };
}

export function presentPostDetail(
  p: PostRecord,
  label: StatusLabel,
  tags: readonly TagRecord[],
  evidence: readonly EvidenceRecord[],
  claim: ClaimRecord | null,
  attachments: Attachment[] = [],
  links: readonly PostLinkRecord[] = [],
): PostDetail {
  // Spelled out rather than spread from presentPost: one object literal of a fixed shape is
  // built much faster, and this is the shape of the most frequent read.
  return {
    id: p.id,
    title: p.title,
    body: p.body,
    status: p.status,
    status_label: label,
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
    fields: p.fields ?? {},
    queue_rank: p.queue_rank,
    implementation_evidence: evidence.map(presentEvidence),
    claim: claim ? presentClaim(claim) : null,
    proposal: p.proposal ? presentProposal(p.proposal) : null,
    links: links.map(presentPostLink),
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
