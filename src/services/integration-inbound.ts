/**
 * Inbound deliveries of issue trackers (docs/integrations.md): `POST /integrations/{provider}/
 * {connection_id}`. A delivery is verified with the connection's secret (and the one before the
 * last rotation, until it expires), remembered by its delivery id so that a redelivery changes
 * nothing twice, and read into intents (src/integrations/) that are applied in the same
 * transaction as the delivery is remembered: evidence of a merged pull or merge request, a
 * proposal for the posts it closes or for the posts linked to a closed issue, the links' title and
 * state. Only posts of the connection's own organization are touched; a post of another
 * organization named in a payload changes nothing.
 */
import type { IntegrationConnectionRecord, IntegrationProvider } from '../domain/integrations.js';
import type { BoardRecord, PostRecord } from '../domain/records.js';
import { LIMITS } from '../domain/requests.js';
import type { InboundCheck, InboundRequest } from '../integrations/inbound.js';
import type { DecisionContext, InboundDecision, IntegrationIntent, ProposedStatus } from '../integrations/intents.js';
import { decideGitHubEvent } from '../integrations/github/events.js';
import { verifyGitHubDelivery } from '../integrations/github/verify.js';
import { decideGitLabEvent } from '../integrations/gitlab/events.js';
import { verifyGitLabDelivery } from '../integrations/gitlab/verify.js';
import { decideLinearEvent } from '../integrations/linear/events.js';
import { verifyLinearDelivery } from '../integrations/linear/verify.js';
import type { ActivityActorRef } from '../domain/activity.js';
import type { StorageTx } from '../storage/contract.js';
import { logActivity } from './activity.js';
import { nowIso, read, write, type ServiceContext } from './context.js';
import { mergedInto } from './lookup.js';
import { presentEvidence } from './present.js';
import { emitBoardEvent } from './webhook-events.js';

/** Where the organization's posts live, to recognise links to them in a delivery. */
export interface DeliveryUrls {
  pages_url: string;
  api_url: string;
}

/** The answer to a delivery: its status and a small JSON body (a reason, never a secret). */
export interface DeliveryAnswer {
  status: 200 | 400 | 401 | 404;
  body: { received: true; duplicate: boolean; summary: string } | { error: string };
}

const PROVIDERS: Readonly<Record<IntegrationProvider, {
  verify(request: InboundRequest, secrets: readonly string[], now: number): Promise<InboundCheck>;
  decide(event: string, payload: Record<string, unknown>, context: DecisionContext): InboundDecision;
}>> = {
  github: { verify: verifyGitHubDelivery, decide: decideGitHubEvent },
  gitlab: { verify: verifyGitLabDelivery, decide: decideGitLabEvent },
  linear: { verify: verifyLinearDelivery, decide: decideLinearEvent },
};


/** The secrets a delivery may be signed with now: the current one, and the previous one until it expires. */
function acceptedSecrets(connection: IntegrationConnectionRecord, now: string): string[] {
  const previous = connection.previous_secret;
  const expires = connection.previous_secret_expires_at;
  return previous !== null && expires !== null && now < expires ? [connection.secret, previous] : [connection.secret];
}

/**
 * Handles one delivery to connection `connectionId` of `provider`. A missing, inactive or
 * other provider's connection is 404; a bad or missing signature 401; a malformed delivery 400;
 * each changes nothing. An accepted delivery is 200, a redelivery too (`duplicate: true`), the
 * second changing nothing.
 */
export async function receiveIntegrationDelivery(
  ctx: ServiceContext,
  provider: IntegrationProvider,
  connectionId: number,
  request: InboundRequest,
  urls: DeliveryUrls,
): Promise<DeliveryAnswer> {
  const connection = await read(ctx, (tx) => tx.getIntegrationConnection(connectionId));
  if (connection === null || connection.provider !== provider || !connection.active) {
    return { status: 404, body: { error: 'No such integration connection' } };
  }
  const { verify, decide } = PROVIDERS[provider];
  const check = await verify(request, acceptedSecrets(connection, nowIso(ctx)), ctx.clock.now());
  if (!check.ok) return { status: check.status, body: { error: check.message } };
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    const boards = await tx.listBoards(connection.organization_id);
    const decision = decide(check.event, check.payload, { ...urls, board_slugs: boards.map((board) => board.slug), target: connection.target });
    const fresh = await tx.rememberIntegrationDelivery({
      connection_id: connection.id, delivery_id: check.delivery_id, event: check.event, summary: decision.summary, received_at: now,
    });
    if (!fresh) return { status: 200, body: { received: true, duplicate: true, summary: decision.summary } };
    const apply = new IntentApplier(ctx, tx, connection, boards, now);
    for (const intent of decision.intents) await apply.intent(intent);
    return { status: 200, body: { received: true, duplicate: false, summary: decision.summary } };
  });
}

/**
 * Applies intents in one transaction, to posts of the connection's organization only. A request
 * seen before (its evidence is already on the post, under another delivery id) proposes nothing
 * again, so a proposal the team rejected stays rejected; a proposal equal to the pending one is
 * not made twice.
 */
class IntentApplier {
  /** Posts whose evidence of this request was already there. */
  private readonly seen = new Set<number>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly tx: StorageTx,
    private readonly connection: IntegrationConnectionRecord,
    private readonly boards: readonly BoardRecord[],
    private readonly now: string,
  ) {}

  /** The connection acts in the posts' activity logs: what its delivery did is its own. */
  private get actor(): ActivityActorRef {
    return { actor_kind: 'connection', actor_id: this.connection.id };
  }

  async intent(intent: IntegrationIntent): Promise<void> {
    switch (intent.type) {
      case 'add_evidence':
        return this.addEvidence(intent.post_id, intent.ref, intent.label, intent.action_key);
      case 'propose_status':
        if (this.seen.has(intent.post_id)) return;
        return this.propose(intent.post_id, intent.status, intent.note);
      case 'propose_for_linked_issue':
        for (const link of await this.tx.listLinksToIssue(this.connection.id, intent.issue_url)) await this.propose(link.post_id, intent.status, intent.note);
        return;
      case 'update_link':
        await this.tx.updateLinksToIssue(this.connection.id, intent.issue_url, { title: intent.title, state: intent.state, updated_at: this.now });
        return;
    }
  }

  /** The post with its board when it is a live post of the connection's organization, else null. */
  private async ownPost(postId: number): Promise<{ post: PostRecord; board: BoardRecord } | null> {
    const post = await this.tx.getPost(postId);
    const board = post && this.boards.find((candidate) => candidate.id === post.board_id);
    if (!post || !board || (await mergedInto(this.tx, post)) !== null) return null;
    return { post, board };
  }

  private async addEvidence(postId: number, ref: string, label: string, actionKey: string): Promise<void> {
    const own = await this.ownPost(postId);
    if (own === null) return;
    if (await this.tx.findEvidenceByActionKey(postId, actionKey)) {
      this.seen.add(postId);
      return;
    }
    if ((await this.tx.listEvidence(postId)).length >= LIMITS.evidencePerPost) return;
    const evidence = await this.tx.insertEvidence({ post_id: postId, kind: 'pr', ref, label, added_at: this.now, action_key: actionKey });
    await logActivity(this.tx, postId, 'evidence_added', this.actor, this.now, { evidence_id: evidence.id });
    await emitBoardEvent(this.ctx, this.tx, own.board, 'evidence.added', { post_id: postId, evidence: presentEvidence(evidence) }, this.now);
  }

  private async propose(postId: number, status: ProposedStatus, note: string): Promise<void> {
    const own = await this.ownPost(postId);
    if (own === null || own.post.status === status) return;
    const pending = own.post.proposal;
    if (pending !== null && pending.status === status && pending.proposed_by_connection_id === this.connection.id) return;
    const proposal = { status, note, proposed_at: this.now, proposed_by_api_key_id: null, proposed_by_connection_id: this.connection.id };
    await this.tx.updatePost(postId, { proposal });
    await logActivity(this.tx, postId, 'proposal_made', this.actor, this.now, { to: status, note });
    await emitBoardEvent(this.ctx, this.tx, own.board, 'proposal.created', { post_id: postId, proposal: { ...proposal } }, this.now);
  }
}
