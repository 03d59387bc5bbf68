/**
 * Schema step 6: the posts of each tag, kept by a row trigger on the tag links and built from the
 * stored links by the migration. A post list filtered by a tag alone reads its `total` here, as
 * SQLite does (`fb_tag_posts`), instead of counting the tag's links on every page; the page itself
 * walks the sort's index and stops after `limit` tagged posts.
 *
 * Hidden posts count, as in the list totals of `fb_board_post_counts`: the API's lists include
 * them. A link changes its tag only by being deleted and inserted; an UPDATE is counted all the
 * same, in case SQL of an application's own moves one.
 *
 * This is schema step 6 as released. Since step 7 its function and trigger are dropped and the
 * ones generated from the declared counters are installed instead (statistics.ts); the table stays.
 */
import { counterFunction } from './schema-aggregates.js';

export const PG_SCHEMA_TAG_COUNTS = `
CREATE TABLE fb_tag_posts (
  tag_id integer PRIMARY KEY REFERENCES fb_tags (id) ON DELETE CASCADE,
  posts integer NOT NULL
);

INSERT INTO fb_tag_posts (tag_id, posts) SELECT tag_id, count(*) FROM fb_post_tags GROUP BY tag_id;

${counterFunction('fb_count_tag_posts', 'fb_tag_posts', 'posts', [['tag_id', 'tag_id']], 'c')}

CREATE TRIGGER fb_count_tag_posts AFTER INSERT OR DELETE OR UPDATE OF tag_id ON fb_post_tags
  FOR EACH ROW EXECUTE FUNCTION fb_count_tag_posts();
`;
