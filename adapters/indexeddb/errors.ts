/**
 * The errors of the IndexedDB adapter that a caller can act on. They are storage failures, not
 * API errors: through the fetch handler they surface as a 500 `internal_error`, with the cause
 * logged. An application opening the storage, or catching a transaction's rejection, checks
 * `code` (or {@link isIndexedDbStorageError}) and tells the user what to do, mostly "reload".
 */

export type IndexedDbStorageErrorCode =
  /** No IndexedDB here: no factory was given and there is no global `indexedDB`. */
  | 'unavailable'
  /** The database was upgraded by newer code (another tab, a newer release): this code is older. */
  | 'version_too_new'
  /** Upgrading was blocked: another tab keeps an older version open and did not close it in time. */
  | 'upgrade_blocked'
  /** This connection was closed so that another tab could upgrade or delete the database. */
  | 'version_changed'
  /** The browser closed the connection (storage cleared, disk error, ...). */
  | 'connection_lost'
  /** `close()` was called. */
  | 'closed'
  /**
   * A request was made after the transaction had committed: the transaction function awaited
   * something other than storage, and IndexedDB commits as soon as the event loop turns.
   */
  | 'transaction_inactive';

/** A failure of the IndexedDB storage that the application can act on; `code` says which. */
export class IndexedDbStorageError extends Error {
  override readonly name = 'IndexedDbStorageError';
  readonly code: IndexedDbStorageErrorCode;

  /** An error of `code`; the message is prefixed with `feedback-board/indexeddb:`. */
  constructor(code: IndexedDbStorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(`feedback-board/indexeddb: ${message}`, options);
    this.code = code;
  }
}

/** True for an IndexedDbStorageError from any copy of this package (checked by shape). */
export function isIndexedDbStorageError(value: unknown): value is IndexedDbStorageError {
  return value instanceof Error && value.name === 'IndexedDbStorageError' && typeof (value as { code?: unknown }).code === 'string';
}

/** True for a DOMException (or a fake's equivalent) of the given name. */
export function isDomError(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === name;
}
