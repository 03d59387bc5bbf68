/**
 * The prose and fixed parts of the OpenAPI document: when each error code is answered, the
 * security schemes, and the headers of the rate limit, 401 and 405 answers (docs/errors-scopes-limits.md:
 * errors, keys and scopes, rate limit). The shape of operations comes from the table in `operations.ts`.
 */
import type { ErrorCode } from '../domain/errors.js';

/** When each code is answered, in a user's words. */
export const ERROR_WHEN: Record<ErrorCode, string> = {
  invalid_json: 'the body is not valid UTF-8 JSON, or not a JSON object.',
  unauthorized: 'no key, an unknown or revoked key, two different keys, or an `Authorization` scheme other than Bearer.',
  insufficient_scope: "the key's scope does not allow the operation; nothing changes.",
  publish_disabled: 'publishing is requested while agent publishing is disabled (the default).',
  not_found: "unknown path, board or post (another organization's board or post counts as unknown, and so do a non-integer post id and a post of another board).",
  method_not_allowed: 'the path exists but not with this method; `Allow` lists the methods it has.',
  claim_conflict: 'another key holds a live claim on the post.',
  slug_taken: 'the organization already has a board with this slug.',
  payload_too_large: 'the body is larger than the limit (1 MiB unless configured otherwise).',
  unsupported_media_type: 'a non-empty body is sent with a Content-Type other than application/json.',
  validation_error: 'a field or query parameter is invalid (out of range, wrong type, unknown body field, repeated query parameter); `details` names each one.',
  status_unchanged: 'the proposed status is the status the post already has.',
  rate_limited: 'more than the limit of requests (120 by default) in the last rolling minute for this key; retry after `Retry-After` seconds.',
  internal_error: 'anything unexpected; the cause is logged by the server, never returned.',
  service_unavailable: 'the storage cannot be used (its SQLite file was deleted or replaced while the server ran, or PostgreSQL cannot be reached), or a PostgreSQL statement waited past its timeout for a lock held elsewhere, or was chosen to end a deadlock (nothing was stored); retry after `Retry-After` seconds; the cause is logged.',
};

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: '`Authorization: Bearer <key>`. The scheme name is matched case-insensitively; any other scheme is a 401.',
  },
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: '`X-API-Key: <key>`. Sending both headers with different keys is a 401.',
  },
} as const;

export const HEADERS = {
  RateLimit: {
    description:
      'Requests left for this key in the rolling window and whole seconds until a slot frees: `"default";r=<remaining>;t=<seconds>`. On every authenticated answer while the deployment has a rate limit.',
    schema: { type: 'string', pattern: '^"default";r=\\d+;t=\\d+$' },
  },
  'RateLimit-Policy': {
    description: 'The limit and its window in seconds: `"default";q=120;w=60` by default.',
    schema: { type: 'string', pattern: '^"default";q=\\d+;w=\\d+$' },
  },
  'Retry-After': {
    description: 'Whole seconds to wait before the key may send again, at least 1.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  Allow: {
    description: 'The methods the path allows, comma-separated.',
    required: true,
    schema: { type: 'string' },
  },
  'WWW-Authenticate': {
    description: 'Always `Bearer realm="feedback-board"`.',
    required: true,
    schema: { type: 'string', const: 'Bearer realm="feedback-board"' },
  },
} as const;

/** `info.description`: the rules that hold for every operation. */
export function describeApi(basePath: string): string {
  return [
    'The Feedback Board public API: boards, posts, votes, comments, roadmap, changelog, statistics, analytics and the agent workflow, scoped to the organization that owns the API key.',
    '',
    'Every request needs a key (`Authorization: Bearer <key>` or `X-API-Key: <key>`). Scopes: `read` may call every GET; `propose` also claims, releases, adds evidence, proposes statuses, comments and creates open posts; `write` also creates, changes, merges and deletes boards and posts and votes on behalf of companies; `team` also does the team\'s own work: moderation of held posts, blocking voters, undoing merges, mail settings.',
    '',
    'Errors are `{ "error": { "code", "message", "details"? } }` with `Content-Type: application/json`. When several apply, the first of this order is answered, so nothing leaks the existence of another organization\'s data: 401, 429, the route (404 for an unknown path, 405 with `Allow` for a known path with another method; see `components.responses.NotFound` and `components.responses.MethodNotAllowed`), 404 for the board or post, 413, 415, 400, 403, 422, 409.',
    '',
    `Paths start with \`${basePath}\`. Request bodies are strict JSON objects (an unknown field is a 422); an absent or empty body counts as \`{}\`. Out-of-range values are rejected, never clamped. Strings must be well-formed Unicode without NUL; lengths count code points (post titles after trimming).`,
  ].join('\n');
}
