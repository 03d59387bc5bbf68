/**
 * Schema version 14: merged posts. `fb_post_merges` holds one row per merged post: the post it
 * was merged into, its board, when, and what the merge moved (`moved`, JSON: the source's
 * previous `hidden`, the voters whose vote was added to the target, the comments moved, the
 * evidence copied, the claim released), so that unmerging restores exactly the state before.
 * The row goes with the merged post. The post list leaves merged posts out by probing this
 * table's primary key; its totals subtract the board's merged posts, read through
 * `fb_post_merges_board`.
 */
export const PG_SCHEMA_MERGES = `
CREATE TABLE fb_post_merges (
  source_id integer PRIMARY KEY REFERENCES fb_posts (id) ON DELETE CASCADE,
  target_id integer NOT NULL,
  board_id integer NOT NULL,
  merged_at text COLLATE "C" NOT NULL,
  moved jsonb NOT NULL
);
CREATE INDEX fb_post_merges_board ON fb_post_merges (board_id);
`;
