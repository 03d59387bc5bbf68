/**
 * The dashboard side: what the API calls "dashboard steps", as typed in-process functions for the
 * embedding application. None of these is reachable over HTTP.
 */
import * as z from 'zod/mini';
import { notFound } from '../domain/errors.js';
import type { CommentRecord, OrganizationRecord, PostRecord, WebhookRecord } from '../domain/records.js';
import type { WebhookList } from '../domain/responses.js';
import { parseOrThrow, text } from '../domain/validation.js';
import type { StorageTx, WebhookPatch } from '../storage/contract.js';
import { AGENT_PUBLISHING_SETTING, agentPublishingEnabled } from './boards.js';
import { actorOf, logActivity } from './activity.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import { generateWebhookSecret } from '../webhooks/signing.js';
import { presentWebhook } from './present.js';
import { assertNotMerged, readPostDetail } from './lookup.js';
import { emitBoardEvent } from './webhook-events.js';

/** An organization as given: its name (also the rule an import applies). */
export const orgInput = z.strictObject({ name: text(1, 120) });

export function createOrganization(ctx: ServiceContext, input: { name: string }): Promise<OrganizationRecord> {
  const { name } = parseOrThrow(orgInput, input);
  return write(ctx, (tx) => tx.insertOrganization({ name, created_at: nowIso(ctx) }));
}

export function listOrganizations(ctx: ServiceContext): Promise<OrganizationRecord[]> {
  return read(ctx, (tx) => tx.listOrganizations());
}

export function getAgentPublishing(ctx: ServiceContext): Promise<boolean> {
  return read(ctx, (tx) => agentPublishingEnabled(ctx, tx));
}

/** Stored, so it holds for every process sharing the storage and survives a restart. */
export function setAgentPublishing(ctx: ServiceContext, enabled: boolean): Promise<void> {
  return write(ctx, (tx) => tx.setSetting(AGENT_PUBLISHING_SETTING, String(enabled)));
}

export function setPostHidden(ctx: ServiceContext, postId: number, hidden: boolean): Promise<PostRecord> {
  const now = nowIso(ctx);
  return write(ctx, async (tx) => {
    const before = await tx.getPost(postId);
    if (!before) throw notFound('Post not found');
    await assertNotMerged(tx, before);
    return setHiddenIn(ctx, tx, before, hidden, now);
  });
}

/** Hides or shows `before` within the caller's transaction; a change is logged and raises `post.updated`. */
export async function setHiddenIn(ctx: ServiceContext, tx: StorageTx, before: PostRecord, hidden: boolean, now: string): Promise<PostRecord> {
  const post = (await tx.updatePost(before.id, { hidden }))!;
  if (before.hidden !== hidden) {
    await logActivity(tx, post.id, hidden ? 'hidden' : 'shown', actorOf(ctx), now);
    const board = (await tx.getBoard(post.board_id))!;
    const detail = await readPostDetail(ctx, tx, post, now);
    await emitBoardEvent(ctx, tx, board, 'post.updated', { post: detail, changed: ['hidden'] }, now);
  }
  return post;
}

export function setCommentHidden(ctx: ServiceContext, commentId: number, hidden: boolean): Promise<CommentRecord> {
  return write(ctx, async (tx) => {
    const comment = await tx.updateComment(commentId, { hidden });
    if (!comment) throw notFound('Comment not found');
    return comment;
  });
}

// ── webhooks ──────────────────────────────────────────────────────────────────

const webhookUrl = text(1, 2000).check(
  z.refine((value: string) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL'),
);

const webhookFields = {
  url: webhookUrl,
  description: z.optional(text(0, 500)),
  events: z.optional(z.array(text(1, 100)).check(z.maxLength(50))),
  active: z.optional(z.boolean()),
};
const createWebhookInput = z.strictObject(webhookFields);
const updateWebhookInput = z.strictObject({ ...webhookFields, url: z.optional(webhookUrl) });

/** A webhook to create: an absolute http(s) `url`, and optionally `description`, `events`, `active`. */
export type CreateWebhookInput = z.input<typeof createWebhookInput>;
/** Changes to a webhook; absent fields are unchanged. */
export type UpdateWebhookInput = z.input<typeof updateWebhookInput>;

/** A webhook as the dashboard sees it, signing secret included. */
export type WebhookWithSecret = WebhookRecord;

export function createWebhook(
  ctx: ServiceContext,
  organizationId: number,
  input: CreateWebhookInput,
): Promise<WebhookWithSecret> {
  const parsed = parseOrThrow(createWebhookInput, input);
  const secret = generateWebhookSecret(ctx.random);
  return write(ctx, async (tx) => {
    const now = nowIso(ctx);
    if (!(await tx.getOrganization(organizationId))) throw notFound('Organization not found');
    return tx.insertWebhook({
      organization_id: organizationId,
      url: parsed.url,
      description: parsed.description ?? '',
      events: parsed.events ?? [],
      active: parsed.active ?? true,
      secret,
      created_at: now,
    });
  });
}

export function updateWebhook(ctx: ServiceContext, id: number, input: UpdateWebhookInput): Promise<WebhookWithSecret> {
  const parsed = parseOrThrow(updateWebhookInput, input);
  const patch: WebhookPatch = {};
  if (parsed.url !== undefined) patch.url = parsed.url;
  if (parsed.description !== undefined) patch.description = parsed.description;
  if (parsed.events !== undefined) patch.events = parsed.events;
  if (parsed.active !== undefined) patch.active = parsed.active;
  return write(ctx, async (tx) => {
    const webhook = await tx.updateWebhook(id, patch);
    if (!webhook) throw notFound('Webhook not found');
    return webhook;
  });
}

export function deleteWebhook(ctx: ServiceContext, id: number): Promise<void> {
  return write(ctx, async (tx) => {
    if (!(await tx.deleteWebhook(id))) throw notFound('Webhook not found');
  });
}

export function listWebhookSecrets(ctx: ServiceContext, organizationId: number): Promise<WebhookWithSecret[]> {
  return read(ctx, (tx) => tx.listWebhooks(organizationId));
}

/** The API's read-only list: never the signing secret. */
export function listWebhooks(ctx: ServiceContext, caller: Caller): Promise<WebhookList> {
  return read(ctx, async (tx) => ({ webhooks: (await tx.listWebhooks(caller.organizationId)).map(presentWebhook) }));
}
