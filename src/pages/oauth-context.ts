/** The OAuth services' context over the pages' board, and where the protected resource is. */
import type { OAuthContext } from '../services/oauth.js';
import type { PageContext } from './context.js';

/** The OAuth context of a page: the board's storage and clock, revoking keys as the team does. */
export function oauthContext(ctx: PageContext): OAuthContext {
  return {
    storage: ctx.board.storage,
    clock: ctx.board.clock,
    revokeApiKey: (organizationId, keyId) => ctx.board.team(organizationId).apiKeys.revoke(keyId),
  };
}

/** The URL of the MCP endpoint tokens are issued for: the pages' origin and the configured path. */
export function resourceOf(ctx: PageContext): string {
  return `${ctx.origin}${ctx.options.oauth?.resourcePath ?? ''}`;
}
