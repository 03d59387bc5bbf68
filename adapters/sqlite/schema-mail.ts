/**
 * Schema of the mail to followers (a migration step of its own; see migrations.ts). Frozen once
 * released, like every schema text.
 *
 * `fb_mail_queue` holds one row per (voter, post): the events not mailed yet as a JSON array, and
 * when the next mail is due. A sender leases due rows with one conditional UPDATE inside
 * `BEGIN IMMEDIATE`; `fb_mail_queue_due` is the index it walks. Rows go with their post or voter.
 */
export const SCHEMA_MAIL = `
CREATE TABLE fb_mail_queue (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id) ON DELETE CASCADE,
  voter_id INTEGER NOT NULL REFERENCES fb_voters (id) ON DELETE CASCADE,
  post_id INTEGER NOT NULL REFERENCES fb_posts (id) ON DELETE CASCADE,
  events TEXT NOT NULL,
  due_at TEXT,
  next_allowed_at TEXT,
  attempts INTEGER NOT NULL,
  last_error TEXT,
  lease_until TEXT,
  lease_owner TEXT,
  UNIQUE (voter_id, post_id)
);
CREATE INDEX fb_mail_queue_due ON fb_mail_queue (due_at, id) WHERE due_at IS NOT NULL;
CREATE INDEX fb_mail_queue_post ON fb_mail_queue (post_id);

CREATE TABLE fb_mail_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id) ON DELETE CASCADE,
  voter_id INTEGER NOT NULL,
  post_id INTEGER NOT NULL,
  address TEXT NOT NULL,
  error TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  failed_at TEXT NOT NULL
);
CREATE INDEX fb_mail_failures_organization ON fb_mail_failures (organization_id, failed_at, id);

CREATE TABLE fb_mail_unsubscribes (
  board_id INTEGER NOT NULL REFERENCES fb_boards (id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  post_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (board_id, address, post_id)
);
`;
