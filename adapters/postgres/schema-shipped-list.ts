/**
 * Schema step 21: the shipped-posts index carries what ship statistics list of each post.
 *
 * Ship statistics return every post shipped in the period (`id`, `title`, `vote_count`,
 * `shipped_at`), newest first: on a large board a month holds thousands. `fb_posts_shipped` already
 * gives those posts in that order, but each one then cost a visit of its heap row for the title and
 * vote count. Made again with `title` and `vote_count` as included columns, the index answers the
 * list alone (an index-only scan, once VACUUM has marked the table's pages all-visible), and the
 * changelog walks it as before. It covers shipped, listed posts only, so every other post's write
 * is unchanged; a shipped post's title or vote changes also update its index entry.
 */
export const PG_SCHEMA_SHIPPED_LIST = `
DROP INDEX fb_posts_shipped;
CREATE INDEX fb_posts_shipped ON fb_posts (board_id, shipped_at DESC NULLS LAST, id DESC) INCLUDE (title, vote_count)
  WHERE NOT hidden AND status = 'shipped';
`;
