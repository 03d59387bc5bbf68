/**
 * Reading the API key from a request (docs/errors-scopes-limits.md#keys-and-scopes): `Authorization: Bearer <key>` or
 * `X-API-Key: <key>`; both may be sent only if they agree; any other scheme is refused.
 */
import type { HeaderReader } from './body.js';

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/** The raw key of the request, or null when it has none or an unusable one (always a 401). */
export function extractApiKey(headers: HeaderReader): string | null {
  const authorization = headers.get('authorization');
  const apiKeyHeader = headers.get('x-api-key');
  let bearer: string | undefined;
  if (authorization !== null) {
    const match = BEARER.exec(authorization);
    if (!match?.[1]) return null;
    bearer = match[1];
  }
  const xApiKey = apiKeyHeader?.trim();
  if (apiKeyHeader !== null && !xApiKey) return null;
  if (bearer !== undefined && xApiKey !== undefined && bearer !== xApiKey) return null;
  return bearer ?? xApiKey ?? null;
}
