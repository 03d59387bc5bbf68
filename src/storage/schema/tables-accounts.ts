/**
 * The team and the organization's connections: members, sessions and sign-in links, OAuth, single sign-on and companies, private boards, webhooks and mail.
 * Part of the table declaration (see model.ts).
 */
import type { TableDeclarations } from './model.js';

export const ACCOUNTS_TABLES = {
  team_members: {
    record: { row: { type: 'TeamMemberRecord', from: 'domain/people' }, indexes: { by_organization: 'organization_id', by_organization_email: ['organization_id', 'email'] } },
    lock: { kind: 'teamMember', inserted: 'insertTeamMember' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      email: 'key',
      name: 'text',
      created_at: 'key',
    },
    unique: [['organization_id', 'email']],
  },
  sessions: {
    record: {
      row: { type: 'SessionRecord', from: 'domain/people' },
      notDumped: 'sign-in sessions do not move with the data: people sign in again',
    },
    columns: {
      token_hash: 'key',
      kind: 'text',
      subject_id: 'integer',
      created_at: 'key',
      expires_at: 'key',
    },
    primaryKey: ['token_hash'],
    checks: ["kind IN ('voter', 'team')"],
    withoutRowid: true,
  },
  sign_in_links: {
    record: {
      row: { type: 'SignInLinkRecord', from: 'domain/people' },
      links: [
        { field: 'organization_id', table: 'organizations' },
        { field: 'subject_id', table: 'team_members', when: { field: 'kind', value: 'team' } },
        { field: 'subject_id', table: 'voters', when: { field: 'kind', value: 'voter' } },
      ],
    },
    columns: {
      token_hash: 'key',
      kind: 'text',
      subject_id: { type: 'integer', null: true },
      organization_id: { type: 'integer', null: true },
      email: { type: 'key', null: true },
      return_to: { type: 'key', null: true },
      created_at: 'key',
      expires_at: 'key',
      used_at: { type: 'key', null: true },
    },
    primaryKey: ['token_hash'],
    checks: [
      "kind IN ('voter', 'team')",
      { name: 'subject', sql: "subject_id IS NOT NULL OR (kind = 'voter' AND organization_id IS NOT NULL AND email IS NOT NULL)" },
    ],
    withoutRowid: true,
  },
  /**
   * OAuth for the MCP endpoint: the registered clients (their redirect URIs as a JSON array), the
   * approvals (one grant per consent, with the API key it acts through), and the codes and tokens of
   * each grant, keyed by the SHA-256 hash of their value.
   */
  oauth_clients: {
    record: { row: { type: 'OAuthClientRecord', from: 'domain/oauth' } },
    columns: {
      client_id: 'key',
      client_name: 'text',
      redirect_uris: 'json',
      created_at: 'key',
    },
    primaryKey: ['client_id'],
    withoutRowid: true,
  },
  oauth_grants: {
    record: { row: { type: 'OAuthGrantRecord', from: 'domain/oauth' }, indexes: { by_organization: 'organization_id' } },
    lock: { kind: 'oauthGrant' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      client_id: { type: 'key', references: 'oauth_clients.client_id' },
      member_id: { type: 'integer', references: 'team_members' },
      scope: 'text',
      resource: 'text',
      api_key_id: { type: 'integer', references: 'api_keys' },
      key_salt: 'text',
      created_at: 'key',
      last_used_at: { type: 'key', null: true },
      revoked_at: { type: 'key', null: true },
    },
    checks: ["scope IN ('read', 'propose', 'write', 'team')"],
    indexes: {
      organization: { on: 'organization_id, id' },
    },
  },
  oauth_codes: {
    record: { row: { type: 'OAuthCodeRecord', from: 'domain/oauth' } },
    columns: {
      code_hash: 'key',
      grant_id: { type: 'integer', references: 'oauth_grants' },
      redirect_uri: 'text',
      code_challenge: 'text',
      expires_at: 'key',
      used_at: { type: 'key', null: true },
    },
    primaryKey: ['code_hash'],
    withoutRowid: true,
  },
  oauth_tokens: {
    record: { row: { type: 'OAuthTokenRecord', from: 'domain/oauth' } },
    columns: {
      token_hash: 'key',
      grant_id: { type: 'integer', references: 'oauth_grants' },
      kind: 'text',
      expires_at: 'key',
      used_at: { type: 'key', null: true },
    },
    primaryKey: ['token_hash'],
    checks: ["kind IN ('access', 'refresh')"],
    withoutRowid: true,
  },
  /**
   * Single sign-on from the host application: the organization's HS256 secrets (with the end of a
   * rotated one and the time of a revocation), its JWKS URL with the algorithms allowed and the
   * expected audience and issuer, the voter each host user id (`sub`) signs in as, the host's
   * customer companies, and each voter's company.
   */
  sso_secrets: {
    record: { row: { type: 'SsoSecretRecord', from: 'domain/sso' }, indexes: { by_organization: 'organization_id' } },
    lock: { kind: 'ssoSecret' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      secret: 'text',
      created_at: 'key',
      expires_at: { type: 'key', null: true },
      revoked_at: { type: 'key', null: true },
    },
    indexes: {
      organization: { on: 'organization_id, id' },
    },
  },
  sso_settings: {
    record: { row: { type: 'SsoSettingsRecord', from: 'domain/sso' } },
    columns: {
      organization_id: { type: 'integer', references: 'organizations' },
      jwks_url: { type: 'text', null: true },
      jwks_algorithms: 'json',
      audience: { type: 'text', null: true },
      issuer: { type: 'text', null: true },
      updated_at: 'key',
    },
    primaryKey: ['organization_id'],
  },
  sso_identities: {
    record: { row: { type: 'SsoIdentityRecord', from: 'domain/sso' }, indexes: { by_voter: 'voter_id' } },
    columns: {
      organization_id: { type: 'integer', references: 'organizations' },
      sub: 'key',
      voter_id: { type: 'integer', references: 'voters' },
      created_at: 'key',
    },
    primaryKey: ['organization_id', 'sub'],
    unique: [['voter_id']],
    withoutRowid: true,
  },
  companies: {
    record: { row: { type: 'CompanyRecord', from: 'domain/sso' }, indexes: { by_organization: 'organization_id' } },
    columns: {
      organization_id: { type: 'integer', references: 'organizations' },
      id: 'key',
      name: 'text',
      monthly_revenue: 'bigint',
      updated_at: 'key',
    },
    primaryKey: ['organization_id', 'id'],
    checks: ['monthly_revenue >= 0'],
    withoutRowid: true,
  },
  voter_companies: {
    record: {
      row: { type: 'VoterCompanyRecord', from: 'domain/sso' },
      indexes: { by_organization: 'organization_id' },
      links: [{ field: 'organization_id', table: 'organizations' }],
    },
    columns: {
      voter_id: { type: 'integer', references: 'voters' },
      organization_id: 'integer',
      company_id: 'key',
    },
    primaryKey: ['voter_id'],
    foreignKeys: [{ columns: ['organization_id', 'company_id'], references: 'companies', to: ['organization_id', 'id'] }],
    indexes: {
      organization: { on: 'organization_id, company_id', postgres: { on: 'organization_id, company_id, voter_id' } },
    },
  },
  /**
   * Per company, the voter that casts the team's votes on its behalf (made on its first such vote);
   * the votes are ordinary rows of `votes`, so they count like any voter's.
   */
  company_voters: {
    record: {
      row: { type: 'CompanyVoterRecord', from: 'domain/sso' },
      indexes: { by_organization: 'organization_id' },
      links: [{ field: 'organization_id', table: 'organizations' }],
    },
    columns: {
      organization_id: 'integer',
      company_id: 'key',
      voter_id: { type: 'integer', references: 'voters' },
      created_at: 'key',
    },
    primaryKey: ['organization_id', 'company_id'],
    unique: [['voter_id']],
    foreignKeys: [{ columns: ['organization_id', 'company_id'], references: 'companies', to: ['organization_id', 'id'] }],
    withoutRowid: true,
  },
  /**
   * Private boards: a board's access (`public` or `private`), its allowed e-mail domains and its
   * SSO claim rule (name and allowed values), the lists as JSON arrays; the claims of each voter's
   * last SSO sign-in, as a JSON object of string lists. A board without a row is public.
   */
  board_access: {
    record: { row: { type: 'BoardAccessRecord', from: 'domain/board-access' } },
    columns: {
      board_id: { type: 'integer', references: 'boards' },
      organization_id: { type: 'integer', references: 'organizations' },
      access: 'text',
      email_domains: 'json',
      claim_name: { type: 'text', null: true },
      claim_values: 'json',
      updated_at: 'key',
    },
    primaryKey: ['board_id'],
    checks: ["access IN ('public', 'private')"],
  },
  voter_claims: {
    record: { row: { type: 'VoterClaimsRecord', from: 'domain/board-access' } },
    columns: {
      voter_id: { type: 'integer', references: 'voters' },
      organization_id: { type: 'integer', references: 'organizations' },
      claims: 'json',
      updated_at: 'key',
    },
    primaryKey: ['voter_id'],
  },
  webhooks: {
    record: { row: { type: 'WebhookRecord', from: 'domain/records' }, indexes: { by_organization: 'organization_id' } },
    lock: { kind: 'webhook', inserted: 'insertWebhook' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      url: 'text',
      description: 'text',
      events: { type: 'text', jsonText: true },
      active: 'flag',
      secret: 'text',
      created_at: 'key',
    },
    indexes: {
      organization: { on: 'organization_id, created_at, id' },
    },
  },
  /**
   * The webhook outbox: messages written in the transaction of the change they report, going with
   * their webhook. A dispatcher leases due messages with one conditional UPDATE (walking the `due`
   * index), and each delivery attempt is a row of `webhook_attempts`.
   */
  webhook_messages: {
    record: { row: { type: 'WebhookMessageRecord', from: 'domain/records' }, indexes: { by_webhook: 'webhook_id', by_status: 'status' } },
    columns: {
      id: 'id',
      webhook_id: { type: 'integer', references: 'webhooks', onDelete: 'cascade' },
      msg_id: 'key',
      event_type: 'text',
      payload: 'text',
      status: 'text',
      attempts: 'integer',
      next_attempt_at: { type: 'key', null: true },
      lease_until: { type: 'key', null: true },
      lease_owner: { type: 'text', null: true },
      created_at: 'key',
    },
    unique: [['msg_id']],
    checks: ["status IN ('pending', 'delivered', 'failed')"],
    indexes: {
      due: { on: 'next_attempt_at, id', where: "status = 'pending'" },
      webhook: { on: 'webhook_id, created_at, id' },
    },
  },
  webhook_attempts: {
    record: {
      row: { type: 'WebhookAttemptRecord', from: 'domain/records' },
      indexes: { by_message: 'message_id', by_webhook: 'webhook_id' },
      links: [{ field: 'webhook_id', table: 'webhooks' }],
    },
    columns: {
      id: 'id',
      message_id: { type: 'integer', references: 'webhook_messages', onDelete: 'cascade' },
      webhook_id: 'integer',
      attempted_at: 'key',
      status_code: { type: 'integer', null: true },
      error: { type: 'text', null: true },
      duration_ms: 'integer',
      response_body: 'text',
      success: 'flag',
    },
    indexes: {
      message: { on: 'message_id, attempted_at, id' },
    },
  },
  /**
   * Mail to followers: one row per (voter, post) holding the events not mailed yet as a JSON array,
   * and when the next mail is due. A sender leases due rows with one conditional UPDATE (walking the
   * `due` index); rows go with their post or voter.
   */
  mail_queue: {
    record: { row: { type: 'MailQueueRecord', from: 'storage/contract/mail' }, indexes: { by_voter_post: ['voter_id', 'post_id'], by_post: 'post_id' } },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations', onDelete: 'cascade' },
      voter_id: { type: 'integer', references: 'voters', onDelete: 'cascade' },
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      events: { type: 'text', jsonText: true },
      due_at: { type: 'key', null: true },
      next_allowed_at: { type: 'key', null: true },
      attempts: 'integer',
      last_error: { type: 'text', null: true },
      lease_until: { type: 'key', null: true },
      lease_owner: { type: 'text', null: true },
    },
    unique: [['voter_id', 'post_id']],
    indexes: {
      post: { on: 'post_id' },
      due: { on: 'due_at, id', where: 'due_at IS NOT NULL' },
    },
  },
  mail_failures: {
    record: {
      row: { type: 'MailFailureRecord', from: 'storage/contract/mail' },
      indexes: { by_organization: 'organization_id' },
      links: [
        { field: 'post_id', table: 'posts' },
        { field: 'voter_id', table: 'voters' },
      ],
    },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations', onDelete: 'cascade' },
      voter_id: 'integer',
      post_id: 'integer',
      address: 'key',
      error: 'text',
      attempts: 'integer',
      failed_at: 'key',
    },
    indexes: {
      organization: { on: 'organization_id, failed_at, id' },
    },
  },
  // A saved view of the dashboard's posts list: a name the team gives to a set of its filters,
  // kept as the list's query string (docs/pages.md, "Saved views"). Shared by the organization.
  saved_views: {
    record: { row: { type: 'SavedViewRecord', from: 'domain/saved-views' }, indexes: { by_organization: 'organization_id' } },
    lock: { kind: 'savedView', inserted: 'insertSavedView' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      name: 'text',
      query: 'text',
      created_at: 'key',
    },
    unique: [['organization_id', 'name']],
  },
  mail_unsubscribes: {
    record: {
      row: { type: 'MailUnsubscribeRecord', from: 'storage/contract/mail' },
      links: [{ field: 'post_id', table: 'posts' }],
    },
    columns: {
      board_id: { type: 'integer', references: 'boards', onDelete: 'cascade' },
      address: 'key',
      post_id: 'integer',
      created_at: 'key',
    },
    primaryKey: ['board_id', 'address', 'post_id'],
  },
} as const satisfies TableDeclarations;
