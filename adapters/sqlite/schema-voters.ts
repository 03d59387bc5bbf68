/**
 * Schema version 9: what voters do beyond voting, each in a table of its own, so the post and
 * voter rows (and every statement that reads them) stay as they were. `fb_post_authors` names
 * the voter who submitted a post (the board team's posts have no row), `fb_voter_blocks` the
 * voters the team blocked, and `fb_follows` whether a voter follows a post (an explicit unfollow
 * is a row with `following = 0`, so a later vote or comment does not follow the post again). The
 * per-voter limits count a voter's recent posts and comments on `fb_post_authors_voter` and the
 * partial `fb_comments_voter`.
 */
export const SCHEMA_VOTERS = `
CREATE TABLE fb_post_authors (
  post_id INTEGER PRIMARY KEY REFERENCES fb_posts (id) ON DELETE CASCADE,
  voter_id INTEGER NOT NULL REFERENCES fb_voters (id),
  created_at TEXT NOT NULL
);
CREATE INDEX fb_post_authors_voter ON fb_post_authors (voter_id, created_at);

CREATE TABLE fb_voter_blocks (
  voter_id INTEGER PRIMARY KEY REFERENCES fb_voters (id),
  blocked_at TEXT NOT NULL
);

CREATE TABLE fb_follows (
  post_id INTEGER NOT NULL REFERENCES fb_posts (id) ON DELETE CASCADE,
  voter_id INTEGER NOT NULL REFERENCES fb_voters (id),
  following INTEGER NOT NULL CHECK (following IN (0, 1)),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (post_id, voter_id)
) WITHOUT ROWID;

CREATE INDEX fb_comments_voter ON fb_comments (voter_id, created_at) WHERE voter_id IS NOT NULL;
`;
