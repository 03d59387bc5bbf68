/**
 * Rules that stored data was migrated by, frozen as they were when each migration was written.
 * A migration must give the same result forever, so it never calls a live service helper (which
 * may change with the product); it calls these, and these never change. A new rule gets a new
 * function here, beside the old ones.
 */

/**
 * Schema step "shorter key prefixes" (SQLite migration 3, IndexedDB version 3): a prefix stored
 * by an older version (the first 12 characters of the key) keeps at most `fbk_` plus 4
 * characters of a generated key, and never more than a third of what was stored.
 */
export function shortenStoredPrefixV1(stored: string): string {
  const marker = stored.startsWith('fbk_') ? 4 : 0;
  return stored.slice(0, Math.min(marker + 4, Math.floor(stored.length / 3)));
}

/**
 * Schema step "custom statuses": the five statuses every organization already stored was given,
 * as [category, name, colour], in the categories' order (each organization's ids follow it).
 */
export const DEFAULT_STATUSES_V1: readonly (readonly [string, string, string])[] = [
  ['open', 'Open', '#374151'],
  ['planned', 'Planned', '#2b3f8f'],
  ['in_progress', 'In progress', '#7a4d00'],
  ['shipped', 'Shipped', '#145c2a'],
  ['declined', 'Declined', '#8f1d1d'],
];

/**
 * Schema step "search: new posts join the index in batches" (SQLite only): `fb_search_indexed`
 * holds the last post id the FTS5 index (`fb_posts_search`) has taken; newer posts are searched
 * by their text until a batch indexes them (adapters/sqlite/search-batches.ts). The triggers keep
 * the index in step for the posts it holds, and leave the newer ones to the batch. Every post
 * stored before the step is in the index, so it starts at the newest.
 */
export const SQLITE_SEARCH_BATCHES_V1: readonly string[] = [
  'DROP TRIGGER fb_posts_search_insert',
  'DROP TRIGGER fb_posts_search_delete',
  'DROP TRIGGER fb_posts_search_update',
  `CREATE TABLE fb_search_indexed (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  through_id INTEGER NOT NULL
)`,
  'INSERT INTO fb_search_indexed (id, through_id) VALUES (1, coalesce((SELECT max(id) FROM fb_posts), 0))',
  `CREATE TRIGGER fb_posts_search_insert AFTER INSERT ON fb_posts
  WHEN new.id <= (SELECT through_id FROM fb_search_indexed) BEGIN
  INSERT INTO fb_posts_search (rowid, title_folded, body_folded) VALUES (new.id, new.title_folded, new.body_folded);
END`,
  `CREATE TRIGGER fb_posts_search_delete AFTER DELETE ON fb_posts
  WHEN old.id <= (SELECT through_id FROM fb_search_indexed) BEGIN
  INSERT INTO fb_posts_search (fb_posts_search, rowid, title_folded, body_folded)
    VALUES ('delete', old.id, old.title_folded, old.body_folded);
END`,
  `CREATE TRIGGER fb_posts_search_update AFTER UPDATE OF title_folded, body_folded ON fb_posts
  WHEN old.id <= (SELECT through_id FROM fb_search_indexed) BEGIN
  INSERT INTO fb_posts_search (fb_posts_search, rowid, title_folded, body_folded)
    VALUES ('delete', old.id, old.title_folded, old.body_folded);
  INSERT INTO fb_posts_search (rowid, title_folded, body_folded) VALUES (new.id, new.title_folded, new.body_folded);
END`,
];
