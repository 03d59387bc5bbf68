/**
 * Request schemas of the operations: bodies are strict (an unknown field is a 422), query
 * parameters are parsed from strings with no coercion surprises. Limits are docs/errors-scopes-limits.md#validation.
 */
import * as z from 'zod/mini';
import { HELD_POST_STATES, MAX_REJECTION_REASON } from './held-posts.js';
import { CHAT_EVENTS, CHAT_PLATFORMS, INTEGRATION_PROVIDERS } from './integrations.js';
import { EVIDENCE_KINDS, POST_STATUSES } from './records.js';
import { enumParam, int, intParam, text, trimmedText } from './validation.js';

/** The length and range limits of the API (docs/errors-scopes-limits.md#validation), in code points or items. */
export const LIMITS = {
  slug: 64,
  boardName: 120,
  boardDescription: 2000,
  welcomeMessage: 2000,
  title: 200,
  body: 20_000,
  tagsPerPost: 20,
  tagName: 40,
  commentBody: 10_000,
  evidenceRef: 2000,
  evidenceLabel: 200,
  evidencePerPost: 100,
  agentLabel: 100,
  proposalNote: 2000,
  query: 200,
  similarText: 500,
  similarLimit: 20,
  defaultSimilarLimit: 5,
  actionKey: 200,
  pageSize: 500,
  defaultPageSize: 100,
  defaultQueueSize: 10,
  maxTtlSeconds: 86_400,
  defaultTtlSeconds: 3600,
  statusName: 40,
  statusesPerOrganization: 50,
  fieldsPerBoard: 20,
  fieldLabel: 80,
  fieldOptions: 30,
  fieldOption: 80,
  fieldText: 1000,
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const postStatus = z.enum(POST_STATUSES, { error: `must be one of: ${POST_STATUSES.join(', ')}` });
export const evidenceKind = z.enum(EVIDENCE_KINDS, { error: `must be one of: ${EVIDENCE_KINDS.join(', ')}` });

export const boardSlug = text(1, LIMITS.slug).check(
  z.regex(SLUG, 'must be lower-case letters, digits and single hyphens, not starting or ending with a hyphen'),
);

export const createBoardBody = z.strictObject({
  slug: boardSlug,
  name: text(1, LIMITS.boardName),
  description: z.optional(text(0, LIMITS.boardDescription)),
  welcome_message: z.optional(text(0, LIMITS.welcomeMessage)),
});

/** A tag's name: 1 to 40 characters. */
export const tagName = text(1, LIMITS.tagName);

const tagList = z.array(tagName).check(z.maxLength(LIMITS.tagsPerPost, `at most ${LIMITS.tagsPerPost} tags`));

const fieldText = text(0, LIMITS.fieldText);

/**
 * The values of a board's custom fields, by key: text for text and choice fields, a number for
 * number fields; null is no value (in a PATCH, the value removed). Each is checked against the
 * board's fields by the service.
 */
export const fieldValuesInput = z.looseObject({}).check(
  z.superRefine((values: Record<string, unknown>, ctx) => {
    // Checked by hand rather than with zod's record and union types, which would double what the
    // browser bundle carries of zod's schemas for this one field.
    for (const [key, value] of Object.entries(values)) {
      if (value === null || (typeof value === 'number' && Number.isFinite(value))) continue;
      const issue = typeof value === 'string' ? z.safeParse(fieldText, value).error?.issues[0]?.message : 'must be text, a number or null';
      if (issue !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: issue });
    }
  }),
) as unknown as z.ZodMiniType<Record<string, string | number | null>>;

export const createPostBody = z.strictObject({
  title: trimmedText(1, LIMITS.title),
  body: z.optional(text(0, LIMITS.body)),
  status: z.optional(postStatus),
  tags: z.optional(tagList),
  pinned: z.optional(z.boolean()),
  fields: z.optional(fieldValuesInput),
});

/**
 * A voter's post (the voter side, not an API operation): title, body and tags; every tag must be
 * one the board already has.
 */
export const submitPostBody = z.strictObject({
  title: trimmedText(1, LIMITS.title),
  body: z.optional(text(0, LIMITS.body)),
  tags: z.optional(tagList),
  fields: z.optional(fieldValuesInput),
});

/** `url` and `pr` evidence is shown publicly as a link: it must be absolute http(s). */
function isHttpUrl(ref: string): boolean {
  try {
    const url = new URL(ref);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function evidenceRefRule<T extends { kind: string; ref: string }>(value: T, ctx: z.core.$RefinementCtx<T>) {
  if ((value.kind === 'url' || value.kind === 'pr') && !isHttpUrl(value.ref)) {
    ctx.addIssue({ code: 'custom', path: ['ref'], message: `must be an absolute http(s) URL for kind ${value.kind}` });
  }
}

export const evidenceItem = z
  .strictObject({
    kind: evidenceKind,
    ref: text(1, LIMITS.evidenceRef),
    label: z.optional(text(0, LIMITS.evidenceLabel)),
  })
  .check(z.superRefine(evidenceRefRule));

export const mergePostBody = z.strictObject({
  into: int(1),
});

/** Body of the team's vote on behalf of a customer company, and of withdrawing it: the company's id. */
export const companyVoteBody = z.strictObject({
  company_id: text(1, 100),
});

export const updatePostBody = z.strictObject({
  title: z.optional(trimmedText(1, LIMITS.title)),
  body: z.optional(text(0, LIMITS.body)),
  status: z.optional(postStatus),
  tags: z.optional(tagList),
  pinned: z.optional(z.boolean()),
  queue_rank: z.optional(z.nullable(int(0))),
  /** One of the organization's statuses: the post shows it, and its status becomes the status's category. */
  status_label_id: z.optional(int(1)),
  implementation_evidence: z.optional(
    z.array(evidenceItem).check(z.maxLength(LIMITS.evidencePerPost, `at most ${LIMITS.evidencePerPost} evidence items`)),
  ),
  notify_voters: z.optional(z.boolean()),
  /** Values to set (null: removed); the board's other fields keep theirs. */
  fields: z.optional(fieldValuesInput),
});

export const claimBody = z.strictObject({
  ttl_seconds: z.optional(int(1, LIMITS.maxTtlSeconds)),
  agent_label: z.optional(text(0, LIMITS.agentLabel)),
});

export const addEvidenceBody = z
  .strictObject({
    kind: evidenceKind,
    ref: text(1, LIMITS.evidenceRef),
    label: z.optional(text(0, LIMITS.evidenceLabel)),
    action_key: z.optional(text(1, LIMITS.actionKey)),
  })
  .check(z.superRefine(evidenceRefRule));

export const proposeStatusBody = z.strictObject({
  status: postStatus,
  note: z.optional(text(0, LIMITS.proposalNote)),
});

export const createCommentBody = z.strictObject({
  body: text(1, LIMITS.commentBody),
  parent_comment_id: z.optional(int(1)),
});

/** Body of `PATCH …/comments/{comment_id}`: the new body. */
export const updateCommentBody = z.strictObject({
  body: text(1, LIMITS.commentBody),
});

const limitParam = (fallback: number) => z._default(intParam(1, LIMITS.pageSize), fallback);
const offsetParam = z._default(intParam(0), 0);

export const listPostsQuery = z.object({
  status: z.optional(enumParam(POST_STATUSES)),
  q: z.optional(text(0, LIMITS.query)),
  tag: z.optional(text(1, LIMITS.query)),
  sort: z._default(enumParam(['new', 'top'] as const), 'new'),
  /** `true`: the pinned posts of the list first, then the others, each in the sort's order. */
  pinned_first: z.optional(enumParam(['true', 'false'] as const)),
  /** Only the posts showing this status of the organization. */
  status_label: z.optional(intParam(1)),
  /** Only the posts whose custom field has this value: `key:value` (`plan:Pro`, `seats:5`). */
  field: z.optional(text(3, LIMITS.query)),
  limit: limitParam(LIMITS.defaultPageSize),
  offset: offsetParam,
});

/** A status's colour: `#rrggbb`. */
export const statusColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb'));

/** Body of `POST /statuses`: a new status of the organization, counted as its category. */
export const createStatusBody = z.strictObject({
  name: trimmedText(1, LIMITS.statusName),
  color: statusColor,
  category: postStatus,
});

/** Body of `PATCH /statuses/{status_id}`: absent fields are unchanged; a category never changes. */
export const updateStatusBody = z.strictObject({
  name: z.optional(trimmedText(1, LIMITS.statusName)),
  color: z.optional(statusColor),
  position: z.optional(int(0, 1000)),
});

export const pageQuery = z.object({
  limit: limitParam(LIMITS.defaultPageSize),
  offset: offsetParam,
});

/** Query of `GET /boards/{slug}/posts/similar`: `text` 3–500 characters after trimming, `limit` 1–20 (default 5). */
export const similarPostsQuery = z.object({
  text: trimmedText(3, LIMITS.similarText),
  limit: z._default(intParam(1, LIMITS.similarLimit), LIMITS.defaultSimilarLimit),
});

export const queueQuery = z.object({ limit: limitParam(LIMITS.defaultQueueSize) });

/** Query of a post's activity log: `limit` 1–500 (default 50), `before` an entry id (the newest entries below it). */
export const postActivityQuery = z.object({ limit: limitParam(50), before: z.optional(intParam(1)) });
/** Query of the held posts: `state` (default `waiting`: the inbox), `limit` 1–500 (default 50), `offset`. */
export const listHeldPostsQuery = z.object({ state: z._default(enumParam(HELD_POST_STATES), 'waiting'), limit: limitParam(50), offset: offsetParam });
/** Query of the deleted posts: `board` (a slug: only that board's), `limit` 1–500 (default 50), `offset`. */
export const listDeletedPostsQuery = z.object({ board: z.optional(text(1, LIMITS.slug)), limit: limitParam(50), offset: offsetParam });
/** Body of rejecting a held post: an optional `reason`, trimmed, at most 1000 characters. */
export const rejectHeldPostBody = z.strictObject({ reason: z.optional(trimmedText(0, MAX_REJECTION_REASON)) });
/** Body of the mail settings: which kinds of mail go to the followers of a post; absent kinds are unchanged. */
export const updateMailSettingsBody = z.strictObject({
  status: z.optional(z.boolean()),
  team_comment: z.optional(z.boolean()),
  reply: z.optional(z.boolean()),
  changelog: z.optional(z.boolean()),
});
export const shipStatsQuery = z.object({ period: z._default(enumParam(['month', 'week'] as const), 'month') });
export const analyticsQuery = z.object({ period: z._default(enumParam(['30d', '90d'] as const), '30d') });

/** The secret of an integration connection given by the team (Linear makes its own): 16 to 200 visible ASCII characters. */
const connectionSecret = text(16, 200).check(z.regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters without spaces'));
/** Body of `POST /integrations/connections`: `provider` required; the rest has each provider's defaults. */
export const createIntegrationConnectionBody = z.strictObject({
  provider: z.enum(INTEGRATION_PROVIDERS),
  base_url: z.optional(text(1, 500)),
  target: z.optional(z.nullable(text(1, 200))),
  token: z.optional(z.nullable(text(1, 1000))),
  secret: z.optional(connectionSecret),
  label: z.optional(text(0, 100)),
});
/** Body of `POST /integrations/connections/{connection_id}/rotate-secret`: the new secret, or none to have one made. */
export const rotateIntegrationSecretBody = z.strictObject({ secret: z.optional(connectionSecret) });

/** A chat target's events: one or more of the chat events, each once (one check: the bundle holds no length check of arrays). */
export const chatTargetEvents = /* @__PURE__ */ z.array(z.enum(CHAT_EVENTS)).check(
  z.refine((events: string[]) => events.length > 0 && new Set(events).size === events.length, 'must name at least one event, each once'),
);
/** Body of `POST /boards/{slug}/chat-targets`: the platform, its incoming-webhook URL and the events it posts. */
export const createChatTargetBody = /* @__PURE__ */ z.strictObject({ platform: z.enum(CHAT_PLATFORMS), url: text(1, 2000), events: chatTargetEvents });

/**
 * Body of `POST /boards/{slug}/posts/{id}/links`: the connection, and either `action: "create"`
 * (an issue is created from the post, with the post's title and text unless `title` and `body`
 * say otherwise) or the `url` (or key) of an existing issue to link; exactly one.
 */
export const linkPostBody = z.strictObject({
  connection_id: int(1),
  action: z.optional(z.enum(['create'], { error: 'must be "create"' })),
  url: z.optional(text(1, 2000)),
  title: z.optional(trimmedText(1, LIMITS.title)),
  body: z.optional(text(0, LIMITS.body)),
});

/** Body of `POST /boards`: `slug` and `name` required. */
export type CreateBoardInput = z.input<typeof createBoardBody>;
/** Body of `POST /boards/{slug}/posts`: `title` required. */
export type CreatePostInput = z.input<typeof createPostBody>;
/** A voter's post: `title` required, `body` and `tags` (tags the board already has) optional. */
export type SubmitPostInput = z.input<typeof submitPostBody>;
/** Body of `PATCH /boards/{slug}/posts/{id}`: any of its fields; absent fields are unchanged. */
export type UpdatePostInput = z.input<typeof updatePostBody>;
/** Body of `POST /statuses`: `name`, `color` (`#rrggbb`) and `category`. */
export type CreateStatusInput = z.input<typeof createStatusBody>;
/** Body of `PATCH /statuses/{status_id}`: any of `name`, `color`, `position`. */
export type UpdateStatusInput = z.input<typeof updateStatusBody>;
/** One entry of `implementation_evidence` in a PATCH. */
export type EvidenceInput = z.input<typeof evidenceItem>;
/** Body of `POST …/merge`: `into`, the id of the post to merge into (any board of the organization). */
export type MergePostInput = z.input<typeof mergePostBody>;
/** Body of `POST …/votes` and `POST …/votes/withdraw`: `company_id`, a company of the organization (see docs/sso.md). */
export type CompanyVoteInput = z.input<typeof companyVoteBody>;
/** Body of a claim: `ttl_seconds` (1..86400, default 3600) and `agent_label`. */
export type ClaimInput = z.input<typeof claimBody>;
/** Body of `POST …/evidence`: `kind` and `ref` required; a repeated `action_key` adds nothing. */
export type AddEvidenceInput = z.input<typeof addEvidenceBody>;
/** Body of `POST …/propose-status`: `status` required, `note` optional. */
export type ProposeStatusInput = z.input<typeof proposeStatusBody>;
/** Body of `POST …/comments`: `body` required; `parent_comment_id` makes it a reply. */
export type CreateCommentInput = z.input<typeof createCommentBody>;
/** Body of `PATCH …/comments/{comment_id}`: `body`, the comment's new text (1..10000 characters). */
export type UpdateCommentInput = z.input<typeof updateCommentBody>;
/** Body of `POST /held-posts/{held_post_id}/reject`: an optional `reason`. */
export type RejectHeldPostInput = z.input<typeof rejectHeldPostBody>;
/** Body of `PATCH /mail-settings`: any of `status`, `team_comment`, `reply`, `changelog`. */
export type UpdateMailSettingsInput = z.input<typeof updateMailSettingsBody>;
/** Body of `POST /integrations/connections`. */
export type CreateIntegrationConnectionInput = z.input<typeof createIntegrationConnectionBody>;
/** Body of `POST /integrations/connections/{connection_id}/rotate-secret`. */
export type RotateIntegrationSecretInput = z.input<typeof rotateIntegrationSecretBody>;
/** Body of `POST /boards/{slug}/posts/{id}/links`. */
export type LinkPostInput = z.input<typeof linkPostBody>;
/** Body of `POST /boards/{slug}/chat-targets`. */
export type CreateChatTargetInput = z.input<typeof createChatTargetBody>;
export type ListPostsQuery = z.output<typeof listPostsQuery>;
export type PageQueryInput = z.output<typeof pageQuery>;
/** The similar-posts query after validation: trimmed `text` and `limit`. */
export type SimilarPostsQuery = z.output<typeof similarPostsQuery>;
