/**
 * Text helpers shared by every adapter, so that case folding and ordering are identical whatever
 * the database would do on its own.
 */

/**
 * The one case folding of the service: Unicode default lower-casing, locale-independent.
 * Tag slugs, voter e-mails and the `q` search all use it.
 */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/** True when the (already folded) needle occurs in the title or body of the post. */
export function matchesSearch(post: { title: string; body: string }, foldedNeedle: string): boolean {
  return foldCase(post.title).includes(foldedNeedle) || foldCase(post.body).includes(foldedNeedle);
}
