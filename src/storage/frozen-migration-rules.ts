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
