/**
 * Where each store's own migration history ends; the shared steps (steps.ts) continue from there.
 * Kept apart from the steps so that what only needs a version number (an IndexedDB store opening a
 * new database) does not carry the steps' statements.
 */

/** The versions each store's own history ends at: the shared steps continue from there. */
export const HISTORY_VERSIONS = { sqlite: 26, postgres: 28, indexeddb: 20 } as const;

export type SchemaStore = keyof typeof HISTORY_VERSIONS;

/** The version of the shared step at `index` (from 0) in `store`. */
export function storeVersion(store: SchemaStore, index: number): number {
  return HISTORY_VERSIONS[store] + index + 1;
}
