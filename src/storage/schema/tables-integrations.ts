/**
 * Issue trackers and team chat: an organization's connections, the issues linked to posts, the
 * inbound deliveries already handled, boards' chat targets, and the outbound calls with their
 * attempts (an outbox leased like the webhooks' one). The records are those of
 * src/integrations/records.ts.
 */
import type { TableDeclarations } from './model.js';

export const INTEGRATIONS_TABLES = {
  integration_connections: {
    record: { row: { type: 'IntegrationConnectionRecord', from: 'domain/integrations' }, indexes: { by_organization: 'organization_id' } },
    lock: { kind: 'connection' },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      provider: 'text',
      base_url: 'text',
      target: { type: 'text', null: true },
      secret: 'text',
      previous_secret: { type: 'text', null: true },
      previous_secret_expires_at: { type: 'key', null: true },
      token: { type: 'text', null: true },
      label: 'text',
      active: 'flag',
      created_at: 'key',
    },
    checks: ["provider IN ('github', 'gitlab', 'linear')"],
    indexes: {
      organization: { on: 'organization_id, id' },
    },
  },
  post_links: {
    record: { row: { type: 'PostLinkRecord', from: 'domain/integrations' }, indexes: { by_post: 'post_id', by_issue: ['connection_id', 'url'] } },
    columns: {
      id: 'id',
      post_id: { type: 'integer', references: 'posts', onDelete: 'cascade' },
      connection_id: { type: 'integer', references: 'integration_connections' },
      provider: 'text',
      url: 'key',
      title: 'text',
      state: 'text',
      created_at: 'key',
      updated_at: 'key',
    },
    unique: [['post_id', 'url']],
    checks: ["provider IN ('github', 'gitlab', 'linear')", "state IN ('open', 'closed')"],
    indexes: {
      issue: { on: 'connection_id, url' },
    },
  },
  integration_deliveries: {
    record: { row: { type: 'IntegrationDeliveryRecord', from: 'domain/integrations' }, indexes: { by_connection: 'connection_id' } },
    columns: {
      connection_id: { type: 'integer', references: 'integration_connections' },
      delivery_id: 'key',
      event: 'text',
      summary: 'text',
      received_at: 'key',
    },
    primaryKey: ['connection_id', 'delivery_id'],
    indexes: {
      received: { on: 'connection_id, received_at' },
    },
  },
  chat_targets: {
    record: { row: { type: 'ChatTargetRecord', from: 'domain/integrations' }, indexes: { by_board: 'board_id' } },
    lock: { kind: 'chatTarget' },
    columns: {
      id: 'id',
      board_id: { type: 'integer', references: 'boards' },
      platform: 'text',
      url: 'text',
      events: 'json',
      active: 'flag',
      created_at: 'key',
    },
    checks: ["platform IN ('slack', 'discord', 'teams')"],
    indexes: {
      board: { on: 'board_id, id' },
    },
  },
  integration_calls: {
    record: { row: { type: 'IntegrationCallRecord', from: 'domain/integrations' }, indexes: { by_organization: 'organization_id', by_status: 'status' } },
    columns: {
      id: 'id',
      organization_id: { type: 'integer', references: 'organizations' },
      connection_id: { type: 'integer', null: true, references: 'integration_connections' },
      chat_target_id: { type: 'integer', null: true, references: 'chat_targets' },
      // May outlive its post (a deleted post's chat message still in the log): no link.
      post_id: { type: 'integer', null: true },
      purpose: 'text',
      method: 'text',
      url: { type: 'text', null: true },
      body: { type: 'text', null: true },
      status: 'text',
      attempts: 'integer',
      next_attempt_at: { type: 'key', null: true },
      lease_until: { type: 'key', null: true },
      lease_owner: { type: 'text', null: true },
      last_error: { type: 'text', null: true },
      created_at: 'key',
    },
    checks: [
      "purpose IN ('create_issue', 'read_issue', 'chat_message', 'test_connection')",
      "method IN ('GET', 'POST')",
      "status IN ('pending', 'delivered', 'failed')",
    ],
    indexes: {
      due: { on: 'next_attempt_at, id', where: "status = 'pending'" },
      organization: { on: 'organization_id, created_at, id' },
    },
  },
  integration_call_attempts: {
    record: { row: { type: 'IntegrationCallAttemptRecord', from: 'domain/integrations' }, indexes: { by_call: 'call_id' } },
    columns: {
      id: 'id',
      call_id: { type: 'integer', references: 'integration_calls', onDelete: 'cascade' },
      attempted_at: 'key',
      status_code: { type: 'integer', null: true },
      error: { type: 'text', null: true },
      retry: 'flag',
      duration_ms: 'integer',
      response_body: 'text',
      success: 'flag',
    },
    indexes: {
      call: { on: 'call_id, attempted_at, id' },
    },
  },
} as const satisfies TableDeclarations;
