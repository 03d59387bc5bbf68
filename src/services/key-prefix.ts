/**
 * The display prefix stored with a key, so the dashboard can tell keys apart. It must never help
 * anyone guess the key: at most 4 characters past the known `fbk_` marker of generated keys, and
 * never more than a third of the key (a short custom key shows only its first two characters).
 */

/** The marker every generated key starts with; it tells nothing about the key. */
export const GENERATED_KEY_MARKER = 'fbk_';

/** Characters of the key shown past the marker (or from the start of a custom key), at most. */
export const PREFIX_CHARS_SHOWN = 4;

/** The longest prefix that may be stored of a key of `length` characters. */
export function maxPrefixLength(key: string): number {
  const marker = key.startsWith(GENERATED_KEY_MARKER) ? GENERATED_KEY_MARKER.length : 0;
  return Math.min(marker + PREFIX_CHARS_SHOWN, Math.floor(key.length / 3));
}

/** What is stored and shown of a raw key: `fbk_AbCd` for a generated key, `acme` for `acme-write-0123456789`. */
export function displayPrefix(key: string): string {
  return key.slice(0, maxPrefixLength(key));
}
