/**
 * Source ids of rows that carry none: a hash of what the row says, so the same row imported again
 * has the same id (and is skipped), and a row that says anything else is a new one.
 */
import { createHash } from 'node:crypto';

/** 128 bits of SHA-256 over the parts as JSON, in base64url (22 characters). */
export function contentId(...parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}
