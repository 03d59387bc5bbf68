/**
 * The schema, one frozen text per version. A database at version N was made by exactly the steps
 * 1..N (see migrations.ts); a change is a new version, never an edit of a released one.
 */

/**
 * Schema version 1: the tables. Every table is prefixed `fb_` so that the adapter can share a
 * database the application also uses for its own tables.
 *
 * Storage conventions: booleans are INTEGER 0/1 (CHECKed), timestamps are the ISO 8601 strings the
 * service passes in (fixed width, so string order is time order), ids are
 * `INTEGER PRIMARY KEY AUTOINCREMENT` so that an id is never reused after a delete.
 * Deleting a post removes what hangs off it through `ON DELETE CASCADE` (foreign keys are switched
 * on for every connection the adapter uses).
 */
export const SCHEMA_V1 = `
CREATE TABLE fb_organizations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE fb_api_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  scope TEXT NOT NULL CHECK (scope IN ('read', 'propose', 'write')),
  label TEXT NOT NULL,
  prefix TEXT NOT NULL,
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX fb_api_keys_hash ON fb_api_keys (hash);
CREATE INDEX fb_api_keys_organization ON fb_api_keys (organization_id, id);

CREATE TABLE fb_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE fb_boards (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  welcome_message TEXT NOT NULL,
  published INTEGER NOT NULL CHECK (published IN (0, 1)),
  logo_url TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (organization_id, slug)
);
CREATE INDEX fb_boards_organization ON fb_boards (organization_id, created_at, id);

CREATE TABLE fb_posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  board_id INTEGER NOT NULL REFERENCES fb_boards (id),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'planned', 'in_progress', 'shipped', 'declined')),
  is_admin INTEGER NOT NULL CHECK (is_admin IN (0, 1)),
  hidden INTEGER NOT NULL CHECK (hidden IN (0, 1)),
  pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)),
  queue_rank INTEGER,
  shipped_at TEXT,
  created_at TEXT NOT NULL,
  vote_count INTEGER NOT NULL DEFAULT 0,
  comment_count INTEGER NOT NULL DEFAULT 0,
  proposal_status TEXT
    CHECK (proposal_status IN ('open', 'planned', 'in_progress', 'shipped', 'declined')),
  proposal_note TEXT,
  proposal_proposed_at TEXT,
  proposal_api_key_id INTEGER
);
CREATE INDEX fb_posts_board ON fb_posts (board_id);

CREATE TABLE fb_tags (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  board_id INTEGER NOT NULL REFERENCES fb_boards (id),
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  UNIQUE (board_id, slug)
);

CREATE TABLE fb_post_tags (
  post_id INTEGER NOT NULL REFERENCES fb_posts (id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES fb_tags (id),
  PRIMARY KEY (post_id, tag_id)
) WITHOUT ROWID;
CREATE INDEX fb_post_tags_tag ON fb_post_tags (tag_id, post_id);

CREATE TABLE fb_evidence (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id INTEGER NOT NULL REFERENCES fb_posts (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('branch', 'commit', 'pr', 'transcript', 'url')),
  ref TEXT NOT NULL,
  label TEXT NOT NULL,
  added_at TEXT NOT NULL,
  action_key TEXT
);
CREATE INDEX fb_evidence_post ON fb_evidence (post_id, added_at, id);
-- Not UNIQUE: the service looks the key up before adding evidence, in the same write
-- transaction; the storage, like every adapter, returns the oldest row for a key.
CREATE INDEX fb_evidence_action_key ON fb_evidence (post_id, action_key);

CREATE TABLE fb_claims (
  post_id INTEGER PRIMARY KEY REFERENCES fb_posts (id) ON DELETE CASCADE,
  api_key_id INTEGER NOT NULL REFERENCES fb_api_keys (id),
  agent_label TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE fb_voters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  email TEXT,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (organization_id, email)
);

CREATE TABLE fb_votes (
  post_id INTEGER NOT NULL REFERENCES fb_posts (id) ON DELETE CASCADE,
  voter_id INTEGER NOT NULL REFERENCES fb_voters (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (post_id, voter_id)
) WITHOUT ROWID;

CREATE TABLE fb_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id INTEGER NOT NULL REFERENCES fb_posts (id) ON DELETE CASCADE,
  parent_comment_id INTEGER REFERENCES fb_comments (id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  is_admin INTEGER NOT NULL CHECK (is_admin IN (0, 1)),
  hidden INTEGER NOT NULL CHECK (hidden IN (0, 1)),
  voter_id INTEGER REFERENCES fb_voters (id),
  created_at TEXT NOT NULL
);
CREATE INDEX fb_comments_post ON fb_comments (post_id, created_at, id);
CREATE INDEX fb_comments_parent ON fb_comments (parent_comment_id);

CREATE TABLE fb_reactions (
  comment_id INTEGER NOT NULL REFERENCES fb_comments (id) ON DELETE CASCADE,
  voter_id INTEGER NOT NULL REFERENCES fb_voters (id),
  reaction TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (comment_id, voter_id, reaction)
) WITHOUT ROWID;

CREATE TABLE fb_webhooks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  url TEXT NOT NULL,
  description TEXT NOT NULL,
  -- JSON array of event names.
  events TEXT NOT NULL,
  active INTEGER NOT NULL CHECK (active IN (0, 1)),
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX fb_webhooks_organization ON fb_webhooks (organization_id, created_at, id);
`;

/**
 * Schema version 2: indexes that let every list and statistic run as an index walk rather than a
 * scan and sort. (Version 2 also adds `fb_posts.title_folded` / `body_folded`: `foldCase` of title
 * and body, computed in JavaScript because SQLite's `lower()` folds ASCII only; see migrations.ts.)
 *
 * Several indexes are partial or use an expression. SQLite uses such an index only when the query
 * repeats the index's WHERE terms and expression, so the queries in `tx/` spell them exactly as
 * here; `test/adapters/sqlite/query-plans.test.ts` checks that they are used.
 */
export const SCHEMA_V2_INDEXES = `
DROP INDEX fb_posts_board;

-- listPosts sort=new (walked backwards), analytics' posts created in a window.
CREATE INDEX fb_posts_new ON fb_posts (board_id, created_at, id);
-- listPosts sort=top (walked backwards).
CREATE INDEX fb_posts_top ON fb_posts (board_id, vote_count, created_at, id);
-- listPosts with a status filter, either sort.
CREATE INDEX fb_posts_status_new ON fb_posts (board_id, status, created_at, id);
CREATE INDEX fb_posts_status_top ON fb_posts (board_id, status, vote_count, created_at, id);

-- Queue, first part: ranked posts that may be worked on.
CREATE INDEX fb_posts_queue_ranked ON fb_posts (board_id, queue_rank, id)
  WHERE queue_rank IS NOT NULL AND hidden = 0 AND status NOT IN ('shipped', 'declined');
-- Queue, second part: unranked planned posts.
CREATE INDEX fb_posts_queue_planned ON fb_posts (board_id, vote_count DESC, created_at, id)
  WHERE queue_rank IS NULL AND hidden = 0 AND status = 'planned';

-- Roadmap: status in roadmap order, then vote_count desc, then id.
CREATE INDEX fb_posts_roadmap ON fb_posts (
  board_id,
  (CASE status WHEN 'open' THEN 0 WHEN 'planned' THEN 1 WHEN 'in_progress' THEN 2 ELSE 3 END),
  vote_count DESC,
  id
) WHERE hidden = 0 AND status <> 'declined';

-- Changelog (walked backwards), ship stats and analytics' shipped counts.
CREATE INDEX fb_posts_shipped ON fb_posts (board_id, shipped_at, id)
  WHERE hidden = 0 AND status = 'shipped';

-- Analytics' top requests.
CREATE INDEX fb_posts_requests ON fb_posts (board_id, vote_count DESC, created_at, id)
  WHERE hidden = 0 AND status NOT IN ('shipped', 'declined');

-- Votes of a post in a time window (analytics).
CREATE INDEX fb_votes_post_time ON fb_votes (post_id, created_at);
`;

/**
 * Schema version 5: team members, sessions and one-time sign-in links of the web pages. Sessions
 * and links are keyed by the SHA-256 hash of their token; the raw token is never stored.
 */
export const SCHEMA_PEOPLE = `
CREATE TABLE fb_team_members (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (organization_id, email)
);

CREATE TABLE fb_sessions (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('voter', 'team')),
  subject_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE fb_sign_in_links (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('voter', 'team')),
  subject_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) WITHOUT ROWID;

-- The dashboard's pending proposals of a board.
CREATE INDEX fb_posts_proposed ON fb_posts (board_id, proposal_proposed_at, id)
  WHERE proposal_status IS NOT NULL;
`;
