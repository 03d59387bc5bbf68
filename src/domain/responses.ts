/**
 * Response shapes of the API (docs/errors-scopes-limits.md, posts through webhooks). The types the services
 * return, the client's result types and the OpenAPI document all come from these schemas.
 */
import * as z from 'zod';
import { EVIDENCE_KINDS, POST_STATUSES } from './records.js';
import { INTEGRATION_PROVIDERS } from './integrations.js';

const timestamp = z.string().meta({ format: 'date-time' });
const status = z.enum(POST_STATUSES);

/** Response schema of a board. */
export const boardSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  welcome_message: z.string(),
  published: z.boolean(),
  created_at: timestamp,
  logo_url: z.string().nullable(),
});

/** Response schema of the board list. */
export const boardListSchema = z.object({ boards: z.array(boardSchema) });

/** Response schema of a tag. */
export const tagSchema = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  color: z.null(),
});

/** Response schema of an evidence entry. */
export const evidenceSchema = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  ref: z.string(),
  label: z.string(),
  added_at: timestamp,
});

/** Response schema of a claim. */
export const claimSchema = z.object({
  post_id: z.int(),
  agent_label: z.string(),
  claimed_at: timestamp,
  expires_at: timestamp,
});

/** Response schema of a pending proposal. */
export const proposalSchema = z.object({
  status,
  note: z.string(),
  proposed_at: timestamp,
  /** The key whose caller proposed it; null when an integration's event did. */
  proposed_by_api_key_id: z.int().nullable(),
  /** The integration connection whose event proposed it; null when an API key's caller did. */
  proposed_by_connection_id: z.int().nullable(),
});

/**
 * Response schema of an image attached to a post or comment: `url` is absolute under the pages'
 * origin (where it is served, see docs/attachments.md), the type and dimensions read from the bytes.
 */
export const attachmentSchema = z.object({
  id: z.int(),
  url: z.string(),
  filename: z.string(),
  content_type: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  size: z.int(),
  width: z.int(),
  height: z.int(),
});

/** A post's or comment's images, in the order they were attached. */
const attachments = z.array(attachmentSchema);

/** Response schema of the organization's status a post shows; its `status` is the status's category. */
export const statusLabelSchema = z.object({
  id: z.int(),
  name: z.string(),
  color: z.string(),
});

/** The values of the board's custom fields a post holds, by key: text, or a number for a number field. */
export const fieldValuesSchema = z.record(z.string(), z.union([z.string().max(1000), z.number()]));

/** Response schema of a post in lists. */
export const postSchema = z.object({
  id: z.int(),
  title: z.string(),
  body: z.string(),
  status,
  status_label: statusLabelSchema,
  vote_count: z.int(),
  voter_has_voted: z.boolean(),
  following: z.boolean(),
  is_admin: z.boolean(),
  hidden: z.boolean(),
  pinned: z.boolean(),
  roadmap_estimate: z.null(),
  shipped_at: timestamp.nullable(),
  created_at: timestamp,
  attachments,
  tags: z.array(tagSchema),
  fields: fieldValuesSchema,
});

/** Response schema of one of a board's custom fields (docs/fields.md). */
export const fieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'number', 'choice']),
  options: z.array(z.string()),
  required: z.boolean(),
});

/** A board's custom fields, in form order. */
export const fieldListSchema = z.object({ fields: z.array(fieldSchema) });

/** Response schema of an issue linked to a post (the team's: the API and dashboard show it, never the public pages). */
export const postLinkSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDERS),
  url: z.string(),
  title: z.string(),
  state: z.enum(['open', 'closed']),
});

/** Response schema of a post's links, oldest first. */
export const postLinkListSchema = z.object({ links: z.array(postLinkSchema) });

/** Response schema of the single-post shape. */
export const postDetailSchema = postSchema.extend({
  queue_rank: z.int().nullable(),
  implementation_evidence: z.array(evidenceSchema),
  claim: claimSchema.nullable(),
  proposal: proposalSchema.nullable(),
  links: z.array(postLinkSchema),
});

/** Response schema of a page of posts. */
export const postListSchema = z.object({ posts: z.array(postSchema), total: z.int() });

/** Response schema of similar posts: each post in the list shape with its score in (0, 1], best first. */
export const similarPostsSchema = z.object({
  posts: z.array(z.object({ post: postSchema, score: z.number().gt(0).lte(1) })),
});

/** Response schema of a queue item. */
export const queueItemSchema = z.object({
  id: z.int(),
  title: z.string(),
  status,
  queue_rank: z.int().nullable(),
  vote_count: z.int(),
  claim: claimSchema.nullable(),
});

/** Response schema of the agent queue. */
export const queueSchema = z.object({ posts: z.array(queueItemSchema), total: z.int() });

/**
 * Response schema of claim-next: the new claim and the claimed post (201), or both null when
 * nothing in the queue is claimable (200).
 */
export const claimNextSchema = z.object({ claim: claimSchema.nullable(), post: postDetailSchema.nullable() });

/**
 * Response schema of a changelog entry: `published` once it is public, `scheduled` while it waits
 * for `publish_at`; its Markdown body as written, and the posts it links.
 */
export const changelogEntrySchema = z.object({
  id: z.int(),
  title: z.string(),
  body: z.string(),
  post_ids: z.array(z.int()),
  state: z.enum(['scheduled', 'published']),
  publish_at: timestamp.nullable(),
  published_at: timestamp.nullable(),
  created_at: timestamp,
});

/** Response schema of a page of a board's changelog entries, and how many there are. */
export const changelogEntryListSchema = z.object({ entries: z.array(changelogEntrySchema), total: z.int() });

/** Response schema of the propose-status answer. */
export const proposeStatusResultSchema = z.object({ id: z.int(), status, proposal: proposalSchema });

/** Response schema of the votes of a post. */
export const votesSchema = z.object({ post_id: z.int(), vote_count: z.int() });

/** A comment as the API shows it, with its replies nested to any depth. */
export interface Comment {
  id: number;
  body: string;
  is_admin: boolean;
  hidden: boolean;
  vote_count: number;
  voter_has_voted: boolean;
  reaction_counts: Record<string, number>;
  own_reactions: string[];
  voter_blocked: boolean;
  parent_comment_id: number | null;
  created_at: string;
  /** When the body was last edited, or null. */
  edited_at: string | null;
  /** When the comment was deleted, or null; a deleted comment keeps its place and replies, with an empty body. */
  deleted_at: string | null;
  attachments: Attachment[];
  replies: Comment[];
}

/** Response schema of a comment, with its replies nested. */
export const commentSchema: z.ZodType<Comment> = z.object({
  id: z.int(),
  body: z.string(),
  is_admin: z.boolean(),
  hidden: z.boolean(),
  vote_count: z.int(),
  voter_has_voted: z.boolean(),
  reaction_counts: z.record(z.string(), z.int()),
  own_reactions: z.array(z.string()),
  voter_blocked: z.boolean(),
  parent_comment_id: z.int().nullable(),
  created_at: timestamp,
  edited_at: timestamp.nullable(),
  deleted_at: timestamp.nullable(),
  attachments,
  get replies() {
    return z.array(commentSchema);
  },
});

/** Response schema of the comment list. */
export const commentListSchema = z.object({ comments: z.array(commentSchema) });

/** Response schema of ship stats. */
export const shipStatsSchema = z.object({
  period: z.enum(['month', 'week']),
  period_label: z.string(),
  shipped_count: z.int(),
  voter_count: z.int(),
  posts: z.array(
    z.object({ id: z.int(), title: z.string(), vote_count: z.int(), shipped_at: timestamp }),
  ),
});

const day = z.string().meta({ format: 'date' });

/** Response schema of board analytics. */
export const analyticsSchema = z.object({
  period: z.enum(['30d', '90d']),
  totals: z.object({ posts: z.int(), votes: z.int(), comments: z.int(), voters: z.int() }),
  status_breakdown: z.object({
    open: z.int(),
    planned: z.int(),
    in_progress: z.int(),
    shipped: z.int(),
    declined: z.int(),
  }),
  posts_over_time: z.array(z.object({ date: day, post_count: z.int() })),
  votes_over_time: z.array(z.object({ date: day, vote_count: z.int() })),
  top_requests: z.array(
    z.object({
      id: z.int(),
      title: z.string(),
      status,
      vote_count: z.int(),
      comment_count: z.int(),
      created_at: timestamp,
      shipped_at: timestamp.nullable(),
    }),
  ),
  ship_velocity: z.object({
    shipped_total: z.int(),
    shipped_per_week: z.number(),
    shipped_per_month: z.number(),
  }),
  engagement: z.object({ comments_per_post: z.number(), posts_with_votes_percent: z.number() }),
});

/** Response schema of a webhook as the API shows it. */
export const webhookSchema = z.object({
  id: z.int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  created_at: timestamp,
});

/** Response schema of the webhook list. */
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

/** Response schema of the error envelope. */
export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

/** A board (BoardAdmin). */
export type Board = z.infer<typeof boardSchema>;
/** `{ boards }`: the organization's boards, oldest first. */
export type BoardList = z.infer<typeof boardListSchema>;
/** A tag: `name` as first spelled, `slug` its lower-case form. */
export type Tag = z.infer<typeof tagSchema>;
/** An implementation evidence entry. */
export type Evidence = z.infer<typeof evidenceSchema>;
/** A live claim of a post. */
export type Claim = z.infer<typeof claimSchema>;
/** A pending status proposal. */
export type Proposal = z.infer<typeof proposalSchema>;
/** A post as lists show it. */
export type Post = z.infer<typeof postSchema>;
/** One of a board's custom fields: `key`, `label`, `type`, `options` (a choice's) and `required`. */
export type Field = z.infer<typeof fieldSchema>;
/** `{ fields }`: a board's custom fields, in form order. */
export type FieldList = z.infer<typeof fieldListSchema>;
/** An image attached to a post or comment. */
export type Attachment = z.infer<typeof attachmentSchema>;
/** The single-post shape: a post with queue rank, evidence, live claim and pending proposal. */
export type PostDetail = z.infer<typeof postDetailSchema>;
/** An issue linked to a post: its tracker, web URL, title and state. */
export type PostLink = z.infer<typeof postLinkSchema>;
/** `{ links }` of a post, oldest first. */
export type PostLinkList = z.infer<typeof postLinkListSchema>;
/** `{ posts, total }`: one page, and the number of matches before paging. */
export type PostList = z.infer<typeof postListSchema>;
/** `{ posts: [{ post, score }] }` of similar posts, best first. */
export type SimilarPosts = z.infer<typeof similarPostsSchema>;
/** An item of the agent queue. */
export type QueueItem = z.infer<typeof queueItemSchema>;
/** `{ posts, total }` of the agent queue. */
export type Queue = z.infer<typeof queueSchema>;
/** The answer of claim-next: both set (a new claim of that post) or both null (nothing claimable). */
export type ClaimNext = z.infer<typeof claimNextSchema>;
/** The answer of propose-status: the unchanged status and the proposal. */
export type ProposeStatusResult = z.infer<typeof proposeStatusResultSchema>;
/** `{ post_id, vote_count }`. */
export type Votes = z.infer<typeof votesSchema>;
/** `{ comments }`: top-level comments, oldest first, replies nested. */
export type CommentList = z.infer<typeof commentListSchema>;
/** Posts shipped in the current month or ISO week. */
export type ShipStats = z.infer<typeof shipStatsSchema>;
/** Board analytics over the last 30 or 90 days. */
export type Analytics = z.infer<typeof analyticsSchema>;
/** A webhook as the API shows it (never its secret). */
export type Webhook = z.infer<typeof webhookSchema>;
/** `{ webhooks }` of the organization, oldest first. */
export type WebhookList = z.infer<typeof webhookListSchema>;
/** `{ error: { code, message, details? } }`, the body of every error answer. */
export type ErrorEnvelope = z.infer<typeof errorSchema>;
/** A changelog entry written by the team. */
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;
/** `{ entries, total }`: one page of a board's changelog entries. */
export type ChangelogEntryList = z.infer<typeof changelogEntryListSchema>;
