/**
 * Schema step 26: the visible posts with a queue rank, per board and status (`fb_ranked_posts`),
 * so that the agent queue's total is two maintained counts (the visible planned posts of
 * `fb_board_statuses`, and the ranked open and in-progress posts from here) instead of a count of
 * the ranked posts on their partial index, which grew with the board. A row at zero goes (its
 * absence means zero).
 *
 * The step creates the table and fills it from the stored posts, in the migration's transaction.
 * The functions that keep it in step are the statistics code (statistics.ts), generated from the
 * declared counter (`RANKED_POSTS`, src/storage/counters.ts) and installed by fingerprint, which
 * rebuilds every counter when it is installed. (SQLite's version 24.)
 */
export const PG_SCHEMA_RANKED_COUNTS = `
CREATE TABLE fb_ranked_posts (
  board_id integer NOT NULL,
  status text COLLATE "C" NOT NULL,
  posts integer NOT NULL,
  PRIMARY KEY (board_id, status)
);

INSERT INTO fb_ranked_posts (board_id, status, posts)
  SELECT board_id, status, count(*) FROM fb_posts WHERE NOT hidden AND queue_rank IS NOT NULL GROUP BY 1, 2;
ANALYZE fb_ranked_posts;
`;
