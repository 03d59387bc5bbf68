/**
 * Schema version 24: the visible posts with a queue rank, per board and status
 * (`fb_ranked_posts`), so that the agent queue's total is two maintained counts (the visible planned
 * posts of `fb_board_statuses`, and the ranked open and in-progress posts from here) instead of a
 * count of the queue's rows on its partial indexes, which grew with the board. A row at zero goes
 * (its absence means zero).
 *
 * The step creates the table and fills it from the stored posts, in the migration's transaction.
 * The triggers that keep it in step are the statistics code (statistics.ts), generated from the
 * declared counter (`RANKED_POSTS`, src/storage/counters.ts) and installed by fingerprint, which
 * rebuilds every counter when it is installed. (PostgreSQL's schema step 26.)
 */
export const SCHEMA_RANKED_COUNTS = `
CREATE TABLE fb_ranked_posts (
  board_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  posts INTEGER NOT NULL,
  PRIMARY KEY (board_id, status)
) WITHOUT ROWID;

INSERT INTO fb_ranked_posts (board_id, status, posts)
  SELECT board_id, status, count(*) FROM fb_posts WHERE hidden = 0 AND queue_rank IS NOT NULL GROUP BY 1, 2;
`;
