/**
 * What an inbound event asks of the service, decided without storage: the readers of each
 * provider's events turn a delivery into these intents, and the service applies them in one
 * transaction (checking that each post belongs to the connection's organization, and finding the
 * posts linked to an issue). An empty list means the delivery changes nothing; `summary` says why.
 */
import { LIMITS } from '../domain/requests.js';
import { withoutControls } from '../domain/validation.js';
import { findPostReferences, type PostReferenceContext } from './references.js';
import type { LinkState } from '../domain/integrations.js';

/** The statuses an inbound event may propose; a person confirms them, as agents' proposals. */
export type ProposedStatus = 'shipped' | 'declined';

/** Add implementation evidence of kind `pr`; a repeated `action_key` adds nothing. */
export interface AddEvidenceIntent {
  type: 'add_evidence';
  post_id: number;
  kind: 'pr';
  /** The pull or merge request's web URL. */
  ref: string;
  /** Its title and author. */
  label: string;
  action_key: string;
}

/** Propose a status for a post the event named. */
export interface ProposeStatusIntent {
  type: 'propose_status';
  post_id: number;
  status: ProposedStatus;
  note: string;
}

/** Propose a status for every post linked to an issue. */
export interface ProposeForLinkedIssueIntent {
  type: 'propose_for_linked_issue';
  issue_url: string;
  status: ProposedStatus;
  note: string;
}

/** Keep the title and state of the links to an issue in step with the issue. */
export interface UpdateLinkIntent {
  type: 'update_link';
  issue_url: string;
  title: string;
  state: LinkState;
}

/** One thing an inbound event asks for. */
export type IntegrationIntent = AddEvidenceIntent | ProposeStatusIntent | ProposeForLinkedIssueIntent | UpdateLinkIntent;

/** What a delivery was read as: the intents, and a sentence for the delivery log. */
export interface InboundDecision {
  intents: IntegrationIntent[];
  summary: string;
}

/** What the readers of events need to know of the connection and its organization. */
export interface DecisionContext extends PostReferenceContext {
  /**
   * Whose events count: a GitHub `owner/name`, a GitLab project path or numeric id, a Linear
   * team id; null counts every event the connection receives.
   */
  target: string | null;
}

/** A decision that changes nothing, with its reason. */
export function nothing(summary: string): InboundDecision {
  return { intents: [], summary };
}

/**
 * People's text for a one-line label or note: without the control characters and lone surrogates
 * the API's text rules refuse, and cut to `max` code points, ending with an ellipsis when cut.
 */
export function clip(text: string, max: number): string {
  const points = Array.from(withoutControls(text));
  return points.length <= max ? points.join('') : `${points.slice(0, max - 1).join('')}…`;
}

/** A merged pull or merge request, as a provider's reader of events describes it. */
export interface MergedRequest {
  /** How the summary names it: `pull request owner/repo#2`, `merge request group/project!1`. */
  name: string;
  /** Its web URL: the evidence's `ref`, and its `action_key` when short enough. */
  url: string;
  title: string;
  /** Its description, read for references with the title. */
  body: string;
  /** Who made or merged it (`by @octocat`), or ''. */
  byline: string;
  /** The `action_key` when the URL is longer than an action key may be: a stable id of the request (the provider's). */
  fallback_key: string;
}

/**
 * What a merged request asks for: evidence of kind `pr` on each post its title or body names,
 * labelled with its title and byline, and `shipped` proposed for each post it says it closes.
 * The evidence is keyed by the request, so a redelivery, or the same request seen again, adds
 * nothing twice.
 */
export function mergedRequestDecision(request: MergedRequest, context: PostReferenceContext): InboundDecision {
  const references = findPostReferences(`${request.title}\n${request.body}`, context);
  if (references.length === 0) return nothing(`merged ${request.name} names no post`);
  const actionKey = [request.url, request.fallback_key].find((key) => key.length <= LIMITS.actionKey);
  if (actionKey === undefined) return nothing(`merged ${request.name} has neither a URL nor an id short enough to key its evidence`);
  const label = clip(request.byline ? `${request.title} (${request.byline})` : request.title, LIMITS.evidenceLabel);
  const note = clip(`Merged ${request.url}: ${request.title}`, LIMITS.proposalNote);
  const intents: IntegrationIntent[] = [];
  for (const { post_id, closes } of references) {
    intents.push({ type: 'add_evidence', post_id, kind: 'pr', ref: request.url, label, action_key: actionKey });
    if (closes) intents.push({ type: 'propose_status', post_id, status: 'shipped', note });
  }
  const named = references.map((reference) => `#fb-${reference.post_id}`);
  const closed = references.filter((reference) => reference.closes).map((reference) => `#fb-${reference.post_id}`);
  return { intents, summary: `merged ${request.name} names ${named.join(', ')}${closed.length > 0 ? `; closes ${closed.join(', ')}` : ''}` };
}
