/**
 * Schema step 25: the posts of each tag per status (`fb_tag_status_posts`), hidden ones included
 * as in `fb_tag_posts`, so that a post list filtered by a tag and a status reads its `total` from
 * one row instead of finding and counting every match; its page then walks the status's index and
 * stops after `limit + offset` matches. A row at zero goes (its absence means zero), so the table
 * needs no reference to the tag: a deleted tag's links go by cascade, and their counts with them.
 *
 * The step creates the table and fills it from the stored links and their posts, in the
 * migration's transaction. The functions that keep it in step are the statistics code
 * (statistics.ts), generated from the declared counter (`TAG_STATUS_POSTS`, src/storage/counters.ts)
 * and installed by fingerprint, which rebuilds every counter when it is installed.
 * (SQLite's version 23.)
 */
export const PG_SCHEMA_TAG_STATUS_COUNTS = `
CREATE TABLE fb_tag_status_posts (
  tag_id integer NOT NULL,
  status text COLLATE "C" NOT NULL,
  posts integer NOT NULL,
  PRIMARY KEY (tag_id, status)
);

INSERT INTO fb_tag_status_posts (tag_id, status, posts)
  SELECT pt.tag_id, p.status, count(*) FROM fb_post_tags pt JOIN fb_posts p ON p.id = pt.post_id GROUP BY 1, 2;
ANALYZE fb_tag_status_posts;
`;
