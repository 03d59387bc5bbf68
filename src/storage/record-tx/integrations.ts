/**
 * The integrations aggregate over the record store: connections, post links, remembered
 * deliveries, chat targets and the outbox of outbound calls (queue, lease, record attempts).
 */
import type {
  ChatTargetRecord,
  IntegrationCallAttemptRecord,
  IntegrationCallRecord,
  IntegrationConnectionRecord,
  IntegrationDeliveryRecord,
  PostLinkRecord,
} from '../../domain/integrations.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type ReadonlyRow, type RecordStore } from '../record-store.js';
import { byIdAsc, compareText, patched } from './shared.js';

type StoredCall = ReadonlyRow<IntegrationCallRecord>;

const CONNECTION_PATCH_FIELDS = ['label', 'secret', 'previous_secret', 'previous_secret_expires_at', 'token', 'active'] as const;
const CHAT_TARGET_PATCH_FIELDS = ['url', 'events', 'active'] as const;

const byNewestDelivery = (a: ReadonlyRow<IntegrationDeliveryRecord>, b: ReadonlyRow<IntegrationDeliveryRecord>) =>
  compareText(b.received_at, a.received_at) || compareText(b.delivery_id, a.delivery_id);
const byNewestCall = (a: StoredCall, b: StoredCall) => compareText(b.created_at, a.created_at) || b.id - a.id;
const byNewestAttempt = (a: ReadonlyRow<IntegrationCallAttemptRecord>, b: ReadonlyRow<IntegrationCallAttemptRecord>) =>
  compareText(b.attempted_at, a.attempted_at) || b.id - a.id;
const byDue = (a: StoredCall, b: StoredCall) => compareText(a.next_attempt_at ?? '', b.next_attempt_at ?? '') || a.id - b.id;

export function integrationsMethods(store: RecordStore): AggregateMethods<'integrations'> {
  const connections = store.table('integration_connections');
  const deliveries = store.table('integration_deliveries');
  const links = store.table('post_links');
  const targets = store.table('chat_targets');
  const calls = store.table('integration_calls');
  const attempts = store.table('integration_call_attempts');

  return {
    async insertIntegrationConnection(row) {
      const record: IntegrationConnectionRecord = { ...cloneRow(row), id: await store.nextId('integration_connections') };
      await connections.put(record);
      return cloneRow(record);
    },
    async getIntegrationConnection(id) {
      const row = await connections.get(id);
      return row ? cloneRow(row) : null;
    },
    async listIntegrationConnections(organizationId) {
      return (await connections.getAllFromIndex('by_organization', organizationId)).sort(byIdAsc).map((row) => cloneRow(row));
    },
    async updateIntegrationConnection(id, patch) {
      const row = await connections.get(id);
      if (!row) return null;
      const updated = patched(row, patch, CONNECTION_PATCH_FIELDS);
      await connections.put(updated);
      return cloneRow(updated);
    },

    async rememberIntegrationDelivery(row) {
      if (await deliveries.get([row.connection_id, row.delivery_id])) return false;
      await deliveries.put(cloneRow(row));
      return true;
    },
    async listIntegrationDeliveries(connectionId, limit) {
      const rows = await deliveries.getAllFromIndex('by_connection', connectionId);
      return rows.sort(byNewestDelivery).slice(0, limit).map((row) => cloneRow(row));
    },

    async insertPostLink(row) {
      const existing = await links.getAllFromIndex('by_post', row.post_id);
      if (existing.some((link) => link.url === row.url)) return null;
      const record: PostLinkRecord = { ...cloneRow(row), id: await store.nextId('post_links') };
      await links.put(record);
      return cloneRow(record);
    },
    async listPostLinks(postId) {
      return (await links.getAllFromIndex('by_post', postId)).sort(byIdAsc).map((row) => cloneRow(row));
    },
    async listLinksToIssue(connectionId, url) {
      return (await links.getAllFromIndex('by_issue', [connectionId, url])).sort(byIdAsc).map((row) => cloneRow(row));
    },
    async updateLinksToIssue(connectionId, url, patch) {
      const rows = await links.getAllFromIndex('by_issue', [connectionId, url]);
      for (const row of rows) await links.put({ ...cloneRow(row), title: patch.title, state: patch.state, updated_at: patch.updated_at });
      return rows.length;
    },

    async insertChatTarget(row) {
      const record: ChatTargetRecord = { ...cloneRow(row), id: await store.nextId('chat_targets') };
      await targets.put(record);
      return cloneRow(record);
    },
    async getChatTarget(id) {
      const row = await targets.get(id);
      return row ? cloneRow(row) : null;
    },
    async listChatTargets(boardId) {
      return (await targets.getAllFromIndex('by_board', boardId)).sort(byIdAsc).map((row) => cloneRow(row));
    },
    async updateChatTarget(id, patch) {
      const row = await targets.get(id);
      if (!row) return null;
      const updated = patched(row, cloneRow(patch), CHAT_TARGET_PATCH_FIELDS);
      await targets.put(updated);
      return cloneRow(updated);
    },

    async insertIntegrationCall(row) {
      const record: IntegrationCallRecord = { ...cloneRow(row), id: await store.nextId('integration_calls') };
      await calls.put(record);
      return cloneRow(record);
    },
    async getIntegrationCall(id) {
      const row = await calls.get(id);
      return row ? cloneRow(row) : null;
    },
    async listIntegrationCalls(organizationId, limit) {
      const rows = await calls.getAllFromIndex('by_organization', organizationId);
      return rows.sort(byNewestCall).slice(0, limit).map((row) => cloneRow(row));
    },
    async listIntegrationCallAttempts(callId) {
      return (await attempts.getAllFromIndex('by_call', callId)).sort(byNewestAttempt).map((row) => cloneRow(row));
    },
    async leaseIntegrationCalls(request) {
      const due = (await calls.getAllFromIndex('by_status', 'pending'))
        .filter(
          (call) =>
            call.next_attempt_at !== null &&
            call.next_attempt_at <= request.now &&
            (call.lease_until === null || call.lease_until <= request.now),
        )
        .sort(byDue)
        .slice(0, request.limit);
      const leased: IntegrationCallRecord[] = [];
      for (const call of due) {
        const next: IntegrationCallRecord = { ...cloneRow(call), lease_until: request.lease_until, lease_owner: request.owner };
        await calls.put(next);
        leased.push(cloneRow(next));
      }
      return leased;
    },
    async recordIntegrationCallAttempt(report) {
      const call = await calls.get(report.call_id);
      if (!call || call.lease_owner !== report.owner || call.status !== 'pending') return null;
      const attempt: IntegrationCallAttemptRecord = { ...cloneRow(report.attempt), id: await store.nextId('integration_call_attempts'), call_id: call.id };
      await attempts.put(attempt);
      const next: IntegrationCallRecord = {
        ...cloneRow(call),
        attempts: call.attempts + 1,
        status: report.next.status,
        next_attempt_at: report.next.next_attempt_at,
        last_error: report.attempt.error,
        lease_until: null,
        lease_owner: null,
      };
      await calls.put(next);
      return cloneRow(next);
    },
  };
}

/** The aggregate's factory, as the record transaction loads it. */
export default integrationsMethods;
