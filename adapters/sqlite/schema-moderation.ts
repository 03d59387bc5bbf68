/**
 * Schema version 12: moderation, in tables of its own so that the post rows (and every statement,
 * index and trigger that reads them) stay as they were. `fb_moderated_boards` lists the boards
 * whose voters' posts wait for approval; `fb_held_posts` keeps each such submission with the
 * team's decision. A held post is no post until approved, so no list, count or statistic sees it.
 * The inbox reads `fb_held_posts_organization_state`, the per-voter limit `fb_held_posts_voter`.
 * `post_id` names the post made on approval and is kept as a plain number (a later delete of that
 * post leaves the record of the decision as it was).
 */
export const SCHEMA_MODERATION = `
CREATE TABLE fb_moderated_boards (
  board_id INTEGER PRIMARY KEY REFERENCES fb_boards (id)
);

CREATE TABLE fb_held_posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES fb_organizations (id),
  board_id INTEGER NOT NULL REFERENCES fb_boards (id),
  voter_id INTEGER NOT NULL REFERENCES fb_voters (id),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  tag_slugs TEXT NOT NULL,
  created_at TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('waiting', 'approved', 'rejected')),
  reason TEXT NOT NULL,
  decided_at TEXT,
  decided_by INTEGER,
  post_id INTEGER
);
CREATE INDEX fb_held_posts_organization_state ON fb_held_posts (organization_id, state, id);
CREATE INDEX fb_held_posts_voter ON fb_held_posts (voter_id, created_at, id);
`;
