/**
 * Access tokens of OAuth for MCP resolved to the API key of their grant, with a short cache (like
 * the API's key cache): a hit costs one SHA-256 and a map lookup, no storage read. Revocation is
 * not waited for: the API key a token yields is revoked with its grant, and the API refuses it
 * from the next call (at once in this process, within the key cache's seconds in another).
 */
import { cryptoRandom } from '../src/domain/ports.js';
import { toIso } from '../src/domain/time.js';
import { SmallLru } from '../src/http/lru.js';
import { grantKey, grantKeySecret, hashToken } from '../src/services/oauth-crypto.js';
import type { OAuthContext } from '../src/services/oauth.js';

/** What a live access token acts as. */
interface ResolvedToken {
  rawKey: string;
  resource: string;
  expiresAtMs: number;
}

/** How often a grant's `last_used_at` is written: at most once a minute per token. */
const LAST_USED_STEP_MS = 60_000;

/** Resolves access tokens to the raw API key of their grant; `ttlMs` bounds how long one is cached (30 s). */
export function createAccessTokenResolver(ctx: OAuthContext, options: { ttlMs?: number } = {}) {
  const cache = new SmallLru<string, ResolvedToken>({ max: 1000, ttlMs: options.ttlMs ?? 30_000 });
  let secret: Promise<string> | undefined;

  async function load(hash: string, nowMs: number): Promise<ResolvedToken | null> {
    const found = await ctx.storage.transaction('read', async (tx) => {
      const token = await tx.getOAuthToken(hash);
      if (!token || token.kind !== 'access' || !(toIso(nowMs) < token.expires_at)) return null;
      const grant = await tx.getOAuthGrant(token.grant_id);
      return grant && grant.revoked_at === null ? { token, grant } : null;
    });
    if (!found) return null;
    const { token, grant } = found;
    if (grant.last_used_at === null || Date.parse(grant.last_used_at) + LAST_USED_STEP_MS <= nowMs) {
      await ctx.storage.transaction('write', (tx) => tx.updateOAuthGrant(grant.id, { last_used_at: toIso(nowMs) }));
    }
    secret ??= grantKeySecret(ctx.storage, ctx.random ?? cryptoRandom);
    return { rawKey: await grantKey(await secret, grant.key_salt), resource: grant.resource, expiresAtMs: Date.parse(token.expires_at) };
  }

  return {
    /** The raw API key `token` acts as for `resource`, or null (unknown, expired, revoked, another resource). */
    async keyFor(token: string, resource: string): Promise<string | null> {
      const hash = await hashToken(token);
      const nowMs = ctx.clock.now();
      let resolved = cache.get(hash);
      if (resolved === undefined) {
        const loaded = await load(hash, nowMs);
        if (loaded === null) return null;
        cache.set(hash, (resolved = loaded));
      }
      if (!(nowMs < resolved.expiresAtMs) || resolved.resource !== resource) return null;
      return resolved.rawKey;
    },
  };
}

/** Resolves access tokens: see {@link createAccessTokenResolver}. */
export type AccessTokenResolver = ReturnType<typeof createAccessTokenResolver>;
