/**
 * Schema of the webhook outbox (a migration step of its own; see migrations.ts). Frozen once
 * released, like every schema text.
 *
 * Messages are written in the transaction of the change they report and go with their webhook
 * (ON DELETE CASCADE). A dispatcher leases due messages with one conditional UPDATE inside
 * `BEGIN IMMEDIATE`; `fb_webhook_messages_due` is the index it walks.
 */
export const SCHEMA_WEBHOOK_OUTBOX = `
CREATE TABLE fb_webhook_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  webhook_id INTEGER NOT NULL REFERENCES fb_webhooks (id) ON DELETE CASCADE,
  msg_id TEXT NOT NULL UNIQUE,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL,
  next_attempt_at TEXT,
  lease_until TEXT,
  lease_owner TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX fb_webhook_messages_webhook ON fb_webhook_messages (webhook_id, created_at, id);
CREATE INDEX fb_webhook_messages_due ON fb_webhook_messages (next_attempt_at, id) WHERE status = 'pending';

CREATE TABLE fb_webhook_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES fb_webhook_messages (id) ON DELETE CASCADE,
  webhook_id INTEGER NOT NULL,
  attempted_at TEXT NOT NULL,
  status_code INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  response_body TEXT NOT NULL,
  success INTEGER NOT NULL CHECK (success IN (0, 1))
);
CREATE INDEX fb_webhook_attempts_message ON fb_webhook_attempts (message_id, attempted_at, id);
`;
