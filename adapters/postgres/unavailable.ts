/**
 * Telling "the database cannot be reached" from every other failure. While PostgreSQL is down,
 * restarting or unreachable, the storage rejects with a `service_unavailable` error (the HTTP face
 * answers 503 with `Retry-After`, the pages 503) instead of an internal error; the cause is kept.
 */
import { FeedbackBoardError } from '../../src/domain/errors.js';

/** Socket errors of a server that is down or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * True for a failure to reach the server: a socket error, SQLSTATE class 08 (connection exception)
 * or 57P01–57P03 (the server shutting down or not yet accepting connections), or pg's own
 * messages for a connection cut or a pool that could not connect in time.
 */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
  return typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/.test(message);
}

/** Runs `work`, turning an unreachable database into the `service_unavailable` error. */
export async function unlessUnreachable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    throw new FeedbackBoardError('service_unavailable', 'The service is unavailable: its storage cannot be used', {
      cause: new Error(`feedback-board/postgres: the database cannot be reached: ${(error as Error).message}`, { cause: error }),
    });
  }
}
