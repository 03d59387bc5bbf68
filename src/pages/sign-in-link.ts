/** The address of a one-time sign-in link, in a module of its own: `serve` prints one at start without loading the pages. */

/** The URL of a one-time sign-in link: the pages' origin and base path, and the raw link token. */
export function signInLinkUrl(origin: string, basePath: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${basePath.replace(/\/+$/, '')}/sign-in/link?token=${encodeURIComponent(token)}`;
}
