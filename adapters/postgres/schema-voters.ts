/**
 * Schema version 8: what voters do beyond voting, each in a table of its own, so the post and
 * voter rows (and every statement that reads them) stay as they were. `fb_post_authors` names
 * the voter who submitted a post (the board team's posts have no row), `fb_voter_blocks` the
 * voters the team blocked, and `fb_follows` whether a voter follows a post (an explicit unfollow
 * is a row with `following = false`, so a later vote or comment does not follow the post again).
 * The per-voter limits count a voter's recent posts on `fb_post_authors_voter`, and their
 * comments on `fb_comments_voter` (version 1's index of a voter's comments).
 */
export const PG_SCHEMA_VOTERS = `
CREATE TABLE fb_post_authors (
  post_id integer PRIMARY KEY REFERENCES fb_posts (id) ON DELETE CASCADE,
  voter_id integer NOT NULL REFERENCES fb_voters (id),
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX fb_post_authors_voter ON fb_post_authors (voter_id, created_at);

CREATE TABLE fb_voter_blocks (
  voter_id integer PRIMARY KEY REFERENCES fb_voters (id),
  blocked_at text COLLATE "C" NOT NULL
);

CREATE TABLE fb_follows (
  post_id integer NOT NULL REFERENCES fb_posts (id) ON DELETE CASCADE,
  voter_id integer NOT NULL REFERENCES fb_voters (id),
  following boolean NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (post_id, voter_id)
);
`;
