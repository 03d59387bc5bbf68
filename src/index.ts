/**
 * feedback-board: a complete customer-feedback service, embeddable in-process.
 *
 * ```ts
 * import { createFeedbackBoard } from 'feedback-board';
 * import { createMemoryStorage } from 'feedback-board/adapters/memory';
 *
 * const board = createFeedbackBoard({ storage: createMemoryStorage() });
 * const org = await board.dashboard.organizations.create({ name: 'Acme' });
 * const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
 * const res = await board.fetch(new Request('http://local/api/v1/boards', { headers: { authorization: `Bearer ${key}` } }));
 * ```
 *
 * @module feedback-board
 */
export { createFeedbackBoard, type FeedbackBoard, type FeedbackBoardOptions, type TeamOptions } from './board.js';
export type { ApiServices } from './http/in-process-api.js';
export {
  FeedbackBoardError,
  isFeedbackBoardError,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorDetail,
  type FeedbackBoardErrorInit,
} from './domain/errors.js';
export * from './domain/records.js';
export * from './domain/people.js';
export * from './domain/held-posts.js';
export * from './domain/activity.js';
export * from './domain/deleted-posts.js';
export * from './domain/attachments.js';
export type { BoardAccessMode, BoardAccessRecord, VoterClaimsRecord } from './domain/board-access.js';
export type { CompanyRecord, CompanyVoterRecord, SsoAlgorithm, SsoIdentityRecord, SsoSecretRecord, SsoSettingsRecord, VoterCompanyRecord } from './domain/sso.js';
export type { AttachmentUpload, ServedAttachment } from './services/attachments.js';
export type { OAuthClientRecord, OAuthCodeRecord, OAuthGrantRecord, OAuthTokenKind, OAuthTokenRecord } from './domain/oauth.js';
export { CHAT_EVENTS, CHAT_PLATFORMS, INTEGRATION_PROVIDERS } from './domain/integrations.js';
export type {
  ChatEventName,
  ChatPlatform,
  ChatTargetRecord,
  IntegrationCallAttemptRecord,
  IntegrationCallRecord,
  IntegrationConnectionRecord,
  IntegrationDeliveryRecord,
  IntegrationProvider,
  LinkState,
  OutboundPurpose,
  PostLinkRecord,
} from './domain/integrations.js';
export type { CommentHistory } from './services/comment-edits.js';
export type { BulkAction, BulkPreview } from './services/bulk-posts.js';
// Response types only: the response schemas (classic zod) are in `feedback-board/openapi`.
export type {
  Board,
  BoardList,
  Tag,
  Evidence,
  Claim,
  Proposal,
  Post,
  Attachment,
  PostDetail,
  PostList,
  Field,
  FieldList,
  SimilarPosts,
  QueueItem,
  Queue,
  ClaimNext,
  ProposeStatusResult,
  Votes,
  Comment,
  CommentList,
  ShipStats,
  Analytics,
  Webhook,
  WebhookList,
  ErrorEnvelope,
  PostLink,
  PostLinkList,
  ChangelogEntry,
  ChangelogEntryList,
} from './domain/responses.js';
export type { ChangelogEntryRecord } from './domain/changelog-entries.js';
export type { SavedViewRecord } from './domain/saved-views.js';
export type { CreateChangelogEntryInput } from './domain/changelog-requests.js';
export type {
  ChatTarget,
  ChatTargetList,
  DeletedPost,
  DeletedPostList,
  HeldPostList,
  IntegrationCall,
  IntegrationConnection,
  IntegrationConnectionList,
  IntegrationConnectionTest,
  IntegrationConnectionWithSecret,
  MailSettings,
  PostActivity,
  Status,
  StatusList,
  VoterBlock,
} from './domain/team-responses.js';
export type { StatusLabel, StatusRecord } from './domain/statuses.js';
export type { FieldRecord, FieldType, FieldValue, FieldValues } from './domain/fields.js';
export type { HeldPost, HeldPostState } from './domain/held-posts.js';
export {
  LIMITS,
  type CreateBoardInput,
  type CreatePostInput,
  type UpdatePostInput,
  type EvidenceInput,
  type ClaimInput,
  type AddEvidenceInput,
  type ProposeStatusInput,
  type CreateCommentInput,
  type LinkPostInput,
  type CreateChatTargetInput,
  type CreateStatusInput,
  type UpdateStatusInput,
} from './domain/requests.js';
export type { FieldDefinitionInput, UpdateFieldsInput } from './domain/fields-requests.js';
export type { Clock, Logger, Notifier, RandomBytes, VoterNotification } from './domain/ports.js';
export type { Caller } from './services/context.js';
export type { ActivityActor, ActivityEntry, ActivityPage } from './services/activity.js';
export { systemClock } from './domain/ports.js';
export { createRecordingNotifier, type RecordingNotifier } from './services/notifications.js';
export type { ClaimResult, ConfirmOptions } from './services/agent.js';
export type { ApiKeyInfo, CreateApiKeyInput, CreatedApiKey } from './services/keys.js';
export type { CreateWebhookInput, UpdateWebhookInput, WebhookWithSecret } from './services/dashboard.js';
export type { VoterInput } from './services/comments.js';
export type { TeamMemberInput, CreatedSignInLink, SignInLinkOptions, UseSignInLinkOptions, StartedSession, SessionSubject } from './services/people.js';
export type { PendingProposal } from './services/team.js';
export type { CompanyRevenuePageInput, CompanyRevenuePost, CompanyRevenuePostList } from './services/company-revenue.js';
export type { ModerationDecider, Rejection } from './services/moderation.js';
export type { MergeTarget } from './services/merges.js';
export type { QueryInput } from './services/post-reads.js';
export type { OperationName, HttpMethod } from './http/operations.js';
export { servedOperationNames as operationNames } from './http/served-operations.js';
export type { OperationSpec } from './http/operation-schemas.js';
export type { HandlerOptions, FetchHandler } from './http/handler.js';
export type { OpenApiGenerator } from './http/serve-openapi.js';
export type { OpenApiOptions, OpenApiDocument } from './http/openapi.js';
export type { RateLimitOptions } from './http/rate-limit.js';
export { DEFAULT_AUTH_THROTTLE, type AuthThrottleOptions } from './http/auth-throttle.js';
export { MAX_REPLY_DEPTH, DEFAULT_RESOURCE_LIMITS, type ResourceLimits } from './domain/limits.js';
export type { LoadedFixture } from './fixture/load.js';
export type { Fixture } from './fixture/schema.js';
export * from './storage/contract.js';
export type { SharedLimits, SharedRateLimitStep } from './storage/shared-limits.js';
export { foldCase } from './storage/text.js';
export { AsyncLock } from './storage/lock.js';
export {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
  type DeliveryReport,
} from './webhooks/dispatcher.js';
export { WEBHOOK_EVENT_NAMES as WEBHOOK_EVENT_TYPES } from './domain/webhook-event-names.js';
export type { WebhookEventType, WebhookEventData, WebhookPayload, PostField } from './services/webhook-events.js';
export { RETRY_DELAYS_MS, MAX_ATTEMPTS } from './webhooks/schedule.js';
export { signWebhook, generateWebhookSecret, isWebhookSecret } from './webhooks/signing.js';
export { isPrivateAddress, refusedTarget } from './webhooks/targets.js';
export { WEBHOOK_USER_AGENT, type WebhookFetch } from './webhooks/user-agent.js';
export type { WebhookMessage, WebhookAttempt, WebhookPageInput } from './services/webhooks.js';
export {
  createMailerNotifier,
  createRecordingMailer,
  notificationMail,
  statusLabel,
  type Mailer,
  type MailKind,
  type MailMessage,
  type MailerNotifierOptions,
  type RecordingMailer,
} from './mail/mailer.js';
