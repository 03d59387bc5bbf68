/**
 * The service's error codes and its one error type.
 */

/** Every error code the service produces, with its HTTP status. */
export const ERROR_STATUS = {
  invalid_json: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  publish_disabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  claim_conflict: 409,
  slug_taken: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_error: 422,
  status_unchanged: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

/** An error code of the API: `not_found`, `validation_error`, `claim_conflict`... */
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * One failed check of a validation error: `path` is the dotted field path (`tags.0`, `limit`).
 * Some checks also say what failed for a program: a `reason` code and the `values` its message
 * names (a refused upload: `too_large` with the image's `position`, its `filename` and the
 * `limit` in bytes; docs/attachments.md), so a page can say it in its reader's language while
 * `message` stays English.
 */
export interface ErrorDetail {
  path: string;
  message: string;
  reason?: string;
  values?: Readonly<Record<string, string | number>>;
}

/** The optional parts of a {@link FeedbackBoardError}. */
export interface FeedbackBoardErrorInit {
  details?: ErrorDetail[];
  /** HTTP status; defaults to the status of the code. Clients set the status they received. */
  status?: number;
  /** Seconds to wait before retrying (429 answers). */
  retryAfter?: number;
  cause?: unknown;
}

/**
 * One error type for the whole service. Its `code` is one of the API's error codes; the HTTP layer
 * maps codes to statuses, and the client rebuilds the same error from the envelope, so a caller
 * sees the same code in-process and over HTTP. Check errors with {@link isFeedbackBoardError} or by
 * `code`, not with `instanceof` alone (two copies of the package have two classes).
 *
 * @example
 * ```ts
 * try {
 *   await api.agent.claim('features', 12, { ttl_seconds: 600 });
 * } catch (error) {
 *   if (isFeedbackBoardError(error) && error.code === 'claim_conflict') return; // another agent has it
 *   throw error;
 * }
 * ```
 */
export class FeedbackBoardError extends Error {
  override readonly name = 'FeedbackBoardError';
  /** An API error code (docs/errors-scopes-limits.md), or (clients only) `network_error`, `timeout`, `http_error`. */
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  readonly retryAfter: number | undefined;

  /** An error with `code` and a short, human `message`; the status defaults to the code's. */
  constructor(code: ErrorCode | (string & {}), message: string, init: FeedbackBoardErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = code;
    this.status = init.status ?? (ERROR_STATUS as Record<string, number>)[code] ?? 500;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }
}

/** True for a FeedbackBoardError from any copy of this package. */
export function isFeedbackBoardError(value: unknown): value is FeedbackBoardError {
  return (
    value instanceof FeedbackBoardError ||
    (value instanceof Error &&
      value.name === 'FeedbackBoardError' &&
      typeof (value as { code?: unknown }).code === 'string')
  );
}

export const notFound = (what = 'Not found'): FeedbackBoardError =>
  new FeedbackBoardError('not_found', what);

export const validationError = (path: string, message: string): FeedbackBoardError =>
  new FeedbackBoardError('validation_error', `${path}: ${message}`, { details: [{ path, message }] });
