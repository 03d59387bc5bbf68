/**
 * The integrations aggregate in SQL: connections, post links, remembered deliveries, chat
 * targets, and the outbox of outbound calls. A lease is one `UPDATE` of the due calls that checks
 * the lease again on the rows it changes, so two dispatchers never take the same call: SQLite
 * runs it under its write lock, and in PostgreSQL a concurrent lease skips the rows another is
 * leasing (`FOR UPDATE SKIP LOCKED`) and takes the next due ones.
 */
import type {
  ChatTargetRecord,
  IntegrationCallAttemptRecord,
  IntegrationCallRecord,
  IntegrationDeliveryRecord,
  PostLinkRecord,
} from '../../../src/domain/integrations.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import type { SqlSeam } from '../seam.js';
import { allRows, flag } from '../statements.js';
import type { Flag } from './rows.js';

export const LINK_FIELDS = 'id, post_id, connection_id, provider, url, title, state, created_at, updated_at';
const DELIVERY_FIELDS = 'connection_id, delivery_id, event, summary, received_at';
const TARGET_FIELDS = 'id, board_id, platform, url, events, active, created_at';
const CALL_FIELDS =
  'id, organization_id, connection_id, chat_target_id, post_id, purpose, method, url, body, status, attempts, next_attempt_at, lease_until, lease_owner, last_error, created_at';
const ATTEMPT_FIELDS = 'id, call_id, attempted_at, status_code, error, retry, duration_ms, response_body, success';

type TargetRow = Omit<ChatTargetRecord, 'active' | 'events'> & { active: Flag; events: unknown };
type AttemptRow = Omit<IntegrationCallAttemptRecord, 'retry' | 'success'> & { retry: Flag; success: Flag };

const REMEMBER_DELIVERY = `INSERT INTO fb_integration_deliveries (${DELIVERY_FIELDS}) VALUES (?, ?, ?, ?, ?) ON CONFLICT (connection_id, delivery_id) DO NOTHING`;
const INSERT_LINK = `INSERT INTO fb_post_links (post_id, connection_id, provider, url, title, state, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (post_id, url) DO NOTHING RETURNING ${LINK_FIELDS}`;
const RECORD_ATTEMPT = `UPDATE fb_integration_calls SET attempts = attempts + 1, status = ?, next_attempt_at = ?, last_error = ?, lease_until = NULL, lease_owner = NULL
         WHERE id = ? AND lease_owner = ? AND status = 'pending' RETURNING ${CALL_FIELDS}`;
const toAttempt = (row: AttemptRow): IntegrationCallAttemptRecord => ({ ...row, retry: flag(row.retry), success: flag(row.success) });
const byDue = (a: IntegrationCallRecord, b: IntegrationCallRecord) =>
  (a.next_attempt_at ?? '') < (b.next_attempt_at ?? '') ? -1 : (a.next_attempt_at ?? '') > (b.next_attempt_at ?? '') ? 1 : a.id - b.id;

/**
 * What SQL answers better than the record stores' defaults: the delivery and link inserts that
 * keep the first of two, one statement for the links to an issue, pages of the newest deliveries
 * and calls, a board's chat targets (read with every event), and the outbox's lease and reports.
 * Connections, chat targets, calls and links are read and written by their keys as the defaults
 * do (../defaults.ts).
 */
export function integrationsMethods(
  db: SqlSeam,
): Omit<
  AggregateMethods<'integrations'>,
  | 'insertIntegrationConnection'
  | 'getIntegrationConnection'
  | 'listIntegrationConnections'
  | 'updateIntegrationConnection'
  | 'listPostLinks'
  | 'listLinksToIssue'
  | 'insertChatTarget'
  | 'getChatTarget'
  | 'updateChatTarget'
  | 'insertIntegrationCall'
  | 'getIntegrationCall'
> {
  const d = db.dialect;
  const toTarget = (row: TargetRow): ChatTargetRecord => ({ ...row, active: flag(row.active), events: d.json<ChatTargetRecord['events']>(row.events) });
  const lease = `UPDATE fb_integration_calls SET lease_until = @lease_until, lease_owner = @owner
         WHERE id IN (SELECT id FROM fb_integration_calls
                      WHERE status = 'pending' AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
                      ORDER BY next_attempt_at, id LIMIT @limit${d.skipLocked})
           AND status = 'pending' AND (lease_until IS NULL OR lease_until <= @now)
         RETURNING ${CALL_FIELDS}`;

  return {
    async rememberIntegrationDelivery(row) {
      const changed = await db.run(
        REMEMBER_DELIVERY,
        [row.connection_id, row.delivery_id, row.event, row.summary, row.received_at],
      );
      return changed > 0;
    },
    listIntegrationDeliveries: allRows<IntegrationDeliveryRecord>(
      db,
      `SELECT ${DELIVERY_FIELDS} FROM fb_integration_deliveries WHERE connection_id = ? ORDER BY received_at DESC, delivery_id DESC LIMIT ?`,
    ),

    async insertPostLink(row) {
      return (
        (await db.row<PostLinkRecord>(
          INSERT_LINK,
          [row.post_id, row.connection_id, row.provider, row.url, row.title, row.state, row.created_at, row.updated_at],
        )) ?? null
      );
    },
    async updateLinksToIssue(connectionId, url, patch) {
      return db.run(`UPDATE fb_post_links SET title = ?, state = ?, updated_at = ? WHERE connection_id = ? AND url = ?`, [
        patch.title, patch.state, patch.updated_at, connectionId, url,
      ]);
    },

    listChatTargets: allRows(db, `SELECT ${TARGET_FIELDS} FROM fb_chat_targets WHERE board_id = ? ORDER BY id`, toTarget),
    listIntegrationCalls: allRows<IntegrationCallRecord>(
      db,
      `SELECT ${CALL_FIELDS} FROM fb_integration_calls WHERE organization_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    listIntegrationCallAttempts: allRows(
      db,
      `SELECT ${ATTEMPT_FIELDS} FROM fb_integration_call_attempts WHERE call_id = ? ORDER BY attempted_at DESC, id DESC`,
      toAttempt,
    ),
    async leaseIntegrationCalls(request) {
      const leased = await db.rows<IntegrationCallRecord>(
        lease,
        { lease_until: request.lease_until, owner: request.owner, now: request.now, limit: request.limit },
      );
      return leased.sort(byDue);
    },
    async recordIntegrationCallAttempt(report) {
      const { attempt, next } = report;
      const call = await db.row<IntegrationCallRecord>(
        RECORD_ATTEMPT,
        [next.status, next.next_attempt_at, attempt.error, report.call_id, report.owner],
      );
      if (call === undefined) return null;
      await db.run(
        `INSERT INTO fb_integration_call_attempts (call_id, attempted_at, status_code, error, retry, duration_ms, response_body, success)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [call.id, attempt.attempted_at, attempt.status_code, attempt.error, d.bool(attempt.retry), attempt.duration_ms, attempt.response_body, d.bool(attempt.success)],
      );
      return call;
    },
  };
}
