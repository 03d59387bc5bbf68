/**
 * Fault injection: the next N calls of an operation (or of every operation) answer an error of
 * your choosing, or wait first. Faults act before the board sees the request, so a faulted call
 * changes nothing and does not count toward the rate limit.
 */
import type { ErrorDetail } from '../src/domain/errors.js';
import type { OperationName } from '../src/http/operations.js';

/** An operation name, or `'*'` for every request under the mock's base URL. */
export type FaultTarget = OperationName | '*';

/** An error answer to inject. */
export interface FailOptions {
  /** HTTP status of the answer. */
  status: number;
  /** The envelope's `error.code` (a contract code such as `internal_error`, or any string). */
  code: string;
  /** The envelope's `error.message`. Default: `Injected fault`. */
  message?: string;
  /** The envelope's `error.details`. */
  details?: ErrorDetail[];
  /** `Retry-After` in seconds; sent with every 429 (default 1) and with other statuses when given. */
  retryAfter?: number;
  /** How many calls it answers. Default: every call until `clearFaults()`. */
  times?: number;
  /** Real milliseconds to wait before answering. */
  delayMs?: number;
}

/** A delay to inject before the board answers normally. */
export interface DelayOptions {
  /** How many calls it delays. Default: every call until `clearFaults()`. */
  times?: number;
}

/** A fault about to be applied to one call. */
export interface AppliedFault {
  delayMs: number;
  /** The answer to give instead of the board's, or undefined to let the board answer. */
  respond?: () => Response;
}

interface Fault {
  target: FaultTarget;
  remaining: number;
  delayMs: number;
  respond?: () => Response;
}

function countOf(times: number | undefined): number {
  if (times === undefined) return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be an integer >= 1');
  return times;
}

function errorAnswer(options: FailOptions): () => Response {
  const { status, code, message = 'Injected fault', details } = options;
  if (!Number.isInteger(status) || status < 200 || status > 599) throw new RangeError('status must be 200..599');
  const retryAfter = options.retryAfter ?? (status === 429 ? 1 : undefined);
  const body = JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } });
  return () => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
    if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter);
    return new Response(body, { status, headers });
  };
}

/** The faults of one mock server, applied first-registered first. */
export class FaultRegistry {
  readonly #faults: Fault[] = [];

  fail(target: FaultTarget, options: FailOptions): void {
    this.#faults.push({
      target,
      remaining: countOf(options.times),
      delayMs: Math.max(0, options.delayMs ?? 0),
      respond: errorAnswer(options),
    });
  }

  delay(target: FaultTarget, ms: number, options: DelayOptions = {}): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('delay takes a number of milliseconds >= 0');
    this.#faults.push({ target, remaining: countOf(options.times), delayMs: ms });
  }

  /** Takes the first fault that applies to a call of `operation` (null: an unknown route), counting it used. */
  take(operation: OperationName | null): AppliedFault | undefined {
    if (this.#faults.length === 0) return undefined;
    const index = this.#faults.findIndex((f) => f.target === '*' || f.target === operation);
    const fault = this.#faults[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#faults.splice(index, 1);
    return { delayMs: fault.delayMs, ...(fault.respond ? { respond: fault.respond } : {}) };
  }

  /** Faults still pending (each counts once however many calls it has left). */
  get size(): number {
    return this.#faults.length;
  }

  clear(): void {
    this.#faults.length = 0;
  }
}
