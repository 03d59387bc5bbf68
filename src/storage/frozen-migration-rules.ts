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
