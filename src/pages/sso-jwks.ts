/**
 * The pages' cache of JWKS getters, one per URL (sso-verify.ts makes them). Kept apart from the
 * verification so that the pages load `jose` with the first SSO token they verify, not at start:
 * loading it took about 60 ms of CPU (a ninth) of every `serve` start, most of which never sees a token.
 */

/**
 * How the pages fetch a JWKS (`PagesOptions.jwks`). A team member sets the URL, so it is guarded
 * like a webhook's target: a URL naming a loopback or private address (or `localhost`) is never
 * fetched, and `fetch` may check and pin what a name resolves to as well (`createNodeWebhookFetch`
 * of `feedback-board/node`, which `serve` passes). `allowPrivateNetworks` lets both through.
 */
export interface JwksFetchOptions {
  /** The fetch of JWKS documents (a GET, redirects never followed); default the runtime's. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Fetch from loopback and private addresses too (local development). Default false. */
  allowPrivateNetworks?: boolean;
}

/** The getters of a pages handler, and the options they fetch with. */
export interface JwksCache {
  readonly options: JwksFetchOptions;
  /** The getters made so far, by URL (jose's `JWTVerifyGetKey`). */
  readonly getters: Map<string, unknown>;
}

/** An empty cache whose getters fetch with `options`. */
export function jwksCache(options: JwksFetchOptions = {}): JwksCache {
  return { options, getters: new Map() };
}
