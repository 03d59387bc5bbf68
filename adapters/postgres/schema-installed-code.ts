/**
 * Schema step 7: the statistics triggers become installed code (see statistics.ts). The
 * hand-written functions and triggers of steps 5 and 6 are dropped, and `fb_installed_code`
 * records the fingerprint of the code installed in their place, which the migration that applies
 * this step installs at once, in the same transaction, rebuilding the counters from the rows.
 */
export const PG_SCHEMA_INSTALLED_CODE = `
DROP TRIGGER fb_agg_posts ON fb_posts;
DROP TRIGGER fb_agg_post_delete ON fb_posts;
DROP TRIGGER fb_agg_votes ON fb_votes;
DROP TRIGGER fb_agg_comments ON fb_comments;
DROP TRIGGER fb_count_posts ON fb_posts;
DROP TRIGGER fb_count_posts_status ON fb_posts;
DROP TRIGGER fb_agg_voters ON fb_board_voters;
DROP TRIGGER fb_agg_voters_update ON fb_board_voters;
DROP TRIGGER fb_count_tag_posts ON fb_post_tags;
DROP FUNCTION fb_agg_posts();
DROP FUNCTION fb_agg_own(integer, text, boolean, integer, text, integer);
DROP FUNCTION fb_agg_activity(integer, integer, integer);
DROP FUNCTION fb_agg_votes();
DROP FUNCTION fb_agg_comments();
DROP FUNCTION fb_count_posts();
DROP FUNCTION fb_agg_last_days();
DROP FUNCTION fb_count_tag_posts();

CREATE TABLE fb_installed_code (
  name text COLLATE "C" PRIMARY KEY,
  fingerprint text NOT NULL,
  installed_at text COLLATE "C" NOT NULL
);
`;
