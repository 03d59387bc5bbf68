/**
 * The row type of every record table, by its record-store name: what the record stores keep, and
 * what a dump carries. Generated from the tables' declaration (`schema/tables.ts`, each table's
 * `record.row`) by `npm run derive` (scripts/derive-record-schema.mjs): do not edit it, edit the
 * declaration and run that. A test fails while this file differs from what the declaration gives.
 */
import type {
  ApiKeyRecord,
  BoardRecord,
  ClaimRecord,
  CommentEditRecord,
  CommentRecord,
  EvidenceRecord,
  FollowRecord,
  ImportSourceRecord,
  OrganizationRecord,
  PostAuthorRecord,
  PostMergeRecord,
  PostRecord,
  ReactionRecord,
  TagRecord,
  VoteRecord,
  VoterBlockRecord,
  VoterRecord,
  WebhookAttemptRecord,
  WebhookMessageRecord,
  WebhookRecord,
} from '../domain/records.js';
import type { StatusRecord } from '../domain/statuses.js';
import type {
  AttachmentBytesRow,
  BoardDayRow,
  BoardVoterRow,
  DeletedPostRow,
  ModeratedBoardRow,
  PostTagRow,
  PostWordRow,
  SettingRow,
} from './record-rows.js';
import type { FieldRecord } from '../domain/fields.js';
import type { ChangelogEntryRecord } from '../domain/changelog-entries.js';
import type { ActivityRecord } from '../domain/activity.js';
import type { HeldPostRecord } from '../domain/held-posts.js';
import type { AttachmentRecord } from '../domain/attachments.js';
import type { SessionRecord, SignInLinkRecord, TeamMemberRecord } from '../domain/people.js';
import type { OAuthClientRecord, OAuthCodeRecord, OAuthGrantRecord, OAuthTokenRecord } from '../domain/oauth.js';
import type {
  CompanyRecord,
  CompanyVoterRecord,
  SsoIdentityRecord,
  SsoSecretRecord,
  SsoSettingsRecord,
  VoterCompanyRecord,
} from '../domain/sso.js';
import type { BoardAccessRecord, VoterClaimsRecord } from '../domain/board-access.js';
import type { MailFailureRecord, MailQueueRecord, MailUnsubscribeRecord } from './contract/mail.js';
import type { SavedViewRecord } from '../domain/saved-views.js';
import type {
  ChatTargetRecord,
  IntegrationCallAttemptRecord,
  IntegrationCallRecord,
  IntegrationConnectionRecord,
  IntegrationDeliveryRecord,
  PostLinkRecord,
} from '../domain/integrations.js';

/** The row type of every record table. */
export interface TableRows {
  organizations: OrganizationRecord;
  statuses: StatusRecord;
  api_keys: ApiKeyRecord;
  settings: SettingRow;
  boards: BoardRecord;
  posts: PostRecord;
  board_fields: FieldRecord;
  tags: TagRecord;
  post_tags: PostTagRow;
  post_words: PostWordRow;
  post_merges: PostMergeRecord;
  deleted_posts: DeletedPostRow;
  changelog_entries: ChangelogEntryRecord;
  import_sources: ImportSourceRecord;
  evidence: EvidenceRecord;
  claims: ClaimRecord;
  activity: ActivityRecord;
  voters: VoterRecord;
  votes: VoteRecord;
  follows: FollowRecord;
  post_authors: PostAuthorRecord;
  voter_blocks: VoterBlockRecord;
  comments: CommentRecord;
  comment_edits: CommentEditRecord;
  reactions: ReactionRecord;
  moderated_boards: ModeratedBoardRow;
  held_posts: HeldPostRecord;
  attachments: AttachmentRecord;
  attachment_bytes: AttachmentBytesRow;
  team_members: TeamMemberRecord;
  sessions: SessionRecord;
  sign_in_links: SignInLinkRecord;
  oauth_clients: OAuthClientRecord;
  oauth_grants: OAuthGrantRecord;
  oauth_codes: OAuthCodeRecord;
  oauth_tokens: OAuthTokenRecord;
  sso_secrets: SsoSecretRecord;
  sso_settings: SsoSettingsRecord;
  sso_identities: SsoIdentityRecord;
  companies: CompanyRecord;
  voter_companies: VoterCompanyRecord;
  company_voters: CompanyVoterRecord;
  board_access: BoardAccessRecord;
  voter_claims: VoterClaimsRecord;
  webhooks: WebhookRecord;
  webhook_messages: WebhookMessageRecord;
  webhook_attempts: WebhookAttemptRecord;
  mail_queue: MailQueueRecord;
  mail_failures: MailFailureRecord;
  saved_views: SavedViewRecord;
  mail_unsubscribes: MailUnsubscribeRecord;
  board_days: BoardDayRow;
  board_voters: BoardVoterRow;
  integration_connections: IntegrationConnectionRecord;
  post_links: PostLinkRecord;
  integration_deliveries: IntegrationDeliveryRecord;
  chat_targets: ChatTargetRecord;
  integration_calls: IntegrationCallRecord;
  integration_call_attempts: IntegrationCallAttemptRecord;
}
