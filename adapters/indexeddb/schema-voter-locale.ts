/**
 * An upgrade step's rewrite of its own (see schema.ts): each voter's language. The voters already
 * stored get `locale: null`, as voters created through the API have, so that every stored voter
 * has the field.
 */
import { unwrap } from 'idb';
import type { UpgradeTransaction } from './build-aggregates.js';

/** Adds `locale: null` to every stored voter, chained from one raw cursor (the upgrade commits when it is done). */
export function addVoterLocales(tx: UpgradeTransaction): void {
  const cursorRequest = unwrap(tx).objectStore('voters').openCursor();
  cursorRequest.onsuccess = () => {
    const cursor = cursorRequest.result;
    if (!cursor) return;
    const voter = cursor.value as { locale?: string | null };
    if (voter.locale === undefined) cursor.update({ ...voter, locale: null });
    cursor.continue();
  };
}
