/**
 * Response shapes of the operations beside the posts and boards: a post's activity log, and the
 * team's own functions (held posts, blocked voters, mail settings). Like `responses.ts`, the types
 * the services return, the client's result types and the OpenAPI document come from these schemas.
 */
import * as z from 'zod';
import { ACTIVITY_KINDS } from './activity.js';
import { HELD_POST_STATES } from './held-posts.js';
import { CHAT_EVENTS, CHAT_PLATFORMS, INTEGRATION_PROVIDERS } from './integrations.js';
import { POST_STATUSES } from './records.js';
import { tagSchema } from './responses.js';

const timestamp = z.string().meta({ format: 'date-time' });
const status = z.enum(POST_STATUSES);

/** Who acted, as a person reads it: a key (and the OAuth client acting through it), a team member, a voter, an integration connection, or the system. */
export const activityActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('api_key'), id: z.int(), label: z.string().nullable(), prefix: z.string().nullable(), oauth_client: z.string().nullable() }),
  z.object({ kind: z.literal('team_member'), id: z.int().nullable(), name: z.string().nullable() }),
  z.object({ kind: z.literal('voter'), id: z.int(), name: z.string().nullable() }),
  z.object({ kind: z.literal('connection'), id: z.int(), provider: z.enum(INTEGRATION_PROVIDERS).nullable(), label: z.string().nullable() }),
  z.object({ kind: z.literal('system') }),
]);

/** One entry of a post's activity log: its kind, time and actor, and the fields its kind sets (docs/activity.md). */
export const activityEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(ACTIVITY_KINDS),
  at: timestamp,
  actor: activityActorSchema,
  from: status.optional(),
  to: status.optional(),
  note: z.string().optional(),
  key_id: z.int().optional(),
  other_post_id: z.int().optional(),
  evidence_id: z.int().optional(),
  comment_id: z.int().optional(),
  company_id: z.string().optional(),
  fields: z.array(z.string()).optional(),
  proposed_by: activityActorSchema.optional(),
});

/** Response schema of a page of a post's activity log, newest first; `next_before` continues it (null on the last page). */
export const postActivitySchema = z.object({ entries: z.array(activityEntrySchema), next_before: z.int().nullable() });

/** Response schema of a voter's post held for approval, with the team's decision once made. */
export const heldPostSchema = z.object({
  id: z.int(),
  board_id: z.int(),
  voter_id: z.int(),
  title: z.string(),
  body: z.string(),
  tags: z.array(tagSchema),
  created_at: timestamp,
  approval: z.enum(HELD_POST_STATES),
  reason: z.string(),
  decided_at: timestamp.nullable(),
  decided_by: z.int().nullable(),
  post_id: z.int().nullable(),
});

/** Response schema of a page of held posts, oldest first, and how many are in that state. */
export const heldPostListSchema = z.object({ held_posts: z.array(heldPostSchema), total: z.int() });

/**
 * Response schema of a deleted post the team may restore: what it was, who deleted it and when,
 * and when it is purged for good (`purge_at`, 30 days after `deleted_at`).
 */
export const deletedPostSchema = z.object({
  id: z.int(),
  board_slug: z.string(),
  title: z.string(),
  vote_count: z.int(),
  comment_count: z.int(),
  deleted_at: timestamp,
  deleted_by: activityActorSchema,
  purge_at: timestamp,
});

/** Response schema of a page of deleted posts, newest deletion first, and how many there are. */
export const deletedPostListSchema = z.object({ deleted_posts: z.array(deletedPostSchema), total: z.int() });

/**
 * Response schema of a voter's block: when they were blocked (null while not), and whether the
 * call changed it (blocking a blocked voter keeps the first time).
 */
export const voterBlockSchema = z.object({ voter_id: z.int(), blocked_at: timestamp.nullable(), changed: z.boolean() });

/** Response schema of an integration connection: never its secrets or token (`has_token` says whether it has one). */
export const integrationConnectionSchema = z.object({
  id: z.int(),
  provider: z.enum(INTEGRATION_PROVIDERS),
  base_url: z.string(),
  target: z.string().nullable(),
  label: z.string(),
  active: z.boolean(),
  has_token: z.boolean(),
  /** Until when the secret before the last rotation is still accepted; null when none is. */
  previous_secret_expires_at: timestamp.nullable(),
  created_at: timestamp,
});
/** A connection as created or rotated: with its inbound secret, shown this once. */
export const integrationConnectionWithSecretSchema = integrationConnectionSchema.extend({ secret: z.string() });
/** The organization's connections, oldest first. */
export const integrationConnectionListSchema = z.object({ connections: z.array(integrationConnectionSchema) });
/** Response schema of an outbound call of an integration: what it is for and how its delivery goes. */
export const integrationCallSchema = z.object({
  id: z.int(),
  connection_id: z.int().nullable(),
  chat_target_id: z.int().nullable(),
  post_id: z.int().nullable(),
  purpose: z.enum(['create_issue', 'read_issue', 'chat_message', 'test_connection']),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.int(),
  next_attempt_at: timestamp.nullable(),
  last_error: z.string().nullable(),
  created_at: timestamp,
});

/** Response schema of a connection's test: whether the tracker answered as it should, its status (null when none came), what it said, and the call as recorded. */
export const integrationConnectionTestSchema = z.object({
  ok: z.boolean(),
  status: z.int().nullable(),
  message: z.string(),
  call: integrationCallSchema,
});

/**
 * Response schema of a board's chat target. Its URL is a credential: only `masked_url` (the host
 * and the URL's last four characters) is ever answered, even when the target is made.
 */
export const chatTargetSchema = z.object({
  id: z.int(),
  board_id: z.int(),
  platform: z.enum(CHAT_PLATFORMS),
  masked_url: z.string(),
  events: z.array(z.enum(CHAT_EVENTS)),
  active: z.boolean(),
  created_at: timestamp,
});
/** A board's chat targets, oldest first. */
export const chatTargetListSchema = z.object({ chat_targets: z.array(chatTargetSchema) });

/** Response schema of the mail settings: which kinds of mail go to the followers of a post. */
export const mailSettingsSchema = z.object({ status: z.boolean(), team_comment: z.boolean(), reply: z.boolean(), changelog: z.boolean() });

/** One of the organization's statuses: its name and colour, and the seed status it counts as (its category). */
export const statusSchema = z.object({
  id: z.int(),
  name: z.string(),
  color: z.string(),
  category: status,
  position: z.int(),
  is_default: z.boolean(),
});

/** The organization's statuses, by position. */
export const statusListSchema = z.object({ statuses: z.array(statusSchema) });

/** A page of a post's activity log. */
export type PostActivity = z.infer<typeof postActivitySchema>;
/** `{ held_posts, total }`: one page of held posts in one state. */
export type HeldPostList = z.infer<typeof heldPostListSchema>;
/** A deleted post as the team's list shows it. */
export type DeletedPost = z.infer<typeof deletedPostSchema>;
/** `{ deleted_posts, total }`: one page of the organization's deleted posts. */
export type DeletedPostList = z.infer<typeof deletedPostListSchema>;
/** A voter's block as the team's calls answer it. */
export type VoterBlock = z.infer<typeof voterBlockSchema>;
/** An integration connection, without its secrets. */
export type IntegrationConnection = z.infer<typeof integrationConnectionSchema>;
/** An integration connection with its inbound secret, shown once. */
export type IntegrationConnectionWithSecret = z.infer<typeof integrationConnectionWithSecretSchema>;
/** The organization's integration connections. */
export type IntegrationConnectionList = z.infer<typeof integrationConnectionListSchema>;
/** A board's chat target, its URL masked. */
export type ChatTarget = z.infer<typeof chatTargetSchema>;
/** A board's chat targets. */
export type ChatTargetList = z.infer<typeof chatTargetListSchema>;
/** An outbound call of an integration. */
export type IntegrationCall = z.infer<typeof integrationCallSchema>;
/** A connection's test: the tracker's answer in a sentence, and the call as recorded. */
export type IntegrationConnectionTest = z.infer<typeof integrationConnectionTestSchema>;
/** Which kinds of mail go to the followers of a post. */
export type MailSettings = z.infer<typeof mailSettingsSchema>;
/** One of the organization's statuses (docs/statuses.md). */
export type Status = z.infer<typeof statusSchema>;
/** The organization's statuses, by position. */
export type StatusList = z.infer<typeof statusListSchema>;
