/**
 * Telling "the database cannot be used now" from every other failure. While PostgreSQL is down,
 * restarting or unreachable, or when a statement gave up waiting (a lock held past the statement
 * timeout, a deadlock), the storage rejects with a `service_unavailable` error (the HTTP face
 * answers 503 with `Retry-After`, the pages 503) instead of an internal error; the cause is kept.
 * Either way the transaction changed nothing.
 */
import { FeedbackBoardError } from '../../src/domain/errors.js';

/** Socket errors of a server that is down or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a statement that gave up rather than failed: 57014 query_canceled (the statement
 * timeout, or an administrator's cancel), 55P03 lock_not_available (`lock_timeout`), 40P01
 * deadlock_detected (this transaction was chosen to end a deadlock) and 40001
 * serialization_failure. The server rolled the transaction back whole; the same request may
 * succeed once the other transaction is done.
 */
const GAVE_UP_CODES = new Set(['57014', '55P03', '40P01', '40001']);

/**
 * True for a failure to reach the server: a socket error, SQLSTATE class 08 (connection exception)
 * or 57P01–57P03 (the server shutting down or not yet accepting connections), or pg's own
 * messages for a connection cut, a pool that could not connect in time, or a statement sent on a
 * connection the server ended while it sat between two statements of a transaction (pg reported
 * that end on the client, with no statement to fail, and refuses the next one).
 */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
  return typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(message);
}

/**
 * True for a statement that gave up waiting: one of {@link GAVE_UP_CODES}, or pg's own read
 * timeout (`query_timeout`, a little after the server's statement timeout: the server did not
 * answer in time).
 */
export function gaveUpWaiting(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return GAVE_UP_CODES.has(code);
  return message === 'Query read timeout';
}

/** Runs `work`, turning an unreachable database, or a statement that gave up waiting, into the `service_unavailable` error. */
export async function unlessUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnreachable(error)) {
      throw new FeedbackBoardError('service_unavailable', 'The service is unavailable: its storage cannot be used', {
        cause: new Error(`feedback-board/postgres: the database cannot be reached: ${(error as Error).message}`, { cause: error }),
      });
    }
    if (gaveUpWaiting(error)) {
      throw new FeedbackBoardError('service_unavailable', 'The service is busy: this change waited too long and was not made; try again', {
        cause: new Error(`feedback-board/postgres: a statement gave up waiting (${String((error as { code?: unknown }).code ?? 'no answer')}): ${(error as Error).message}`, { cause: error }),
      });
    }
    throw error;
  }
}
