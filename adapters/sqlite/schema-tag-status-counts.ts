/**
 * Schema version 23: the posts of each tag per status (`fb_tag_status_posts`), hidden ones
 * included as in `fb_tag_posts`, so that a post list filtered by a tag and a status reads its
 * `total` from one row instead of counting the matches from the tag's or the status's posts. A
 * row at zero goes (its absence means zero).
 *
 * The step creates the table and fills it from the stored links and their posts, in the
 * migration's transaction. The triggers that keep it in step are the statistics code
 * (statistics.ts), generated from the declared counter (`TAG_STATUS_POSTS`, src/storage/counters.ts)
 * and installed by fingerprint, which rebuilds every counter when it is installed.
 * (PostgreSQL's schema step 25.)
 */
export const SCHEMA_TAG_STATUS_COUNTS = `
CREATE TABLE fb_tag_status_posts (
  tag_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  posts INTEGER NOT NULL,
  PRIMARY KEY (tag_id, status)
) WITHOUT ROWID;

INSERT INTO fb_tag_status_posts (tag_id, status, posts)
  SELECT pt.tag_id, p.status, count(*) FROM fb_post_tags pt JOIN fb_posts p ON p.id = pt.post_id GROUP BY 1, 2;
`;
