/**
 * The mock server's record of requests: what was asked (method, path, query, body), which
 * operation the route named, and the status answered.
 */
import type { OperationName } from '../src/http/operations.js';

/** One request the mock server received. */
export interface RecordedCall {
  /** Upper-case HTTP method. */
  method: string;
  /** The full URL requested. */
  url: string;
  /** The path below the mock's base URL, e.g. `/api/v1/boards/features/posts`. */
  path: string;
  /** Query parameters (the last value of a repeated one). */
  query: Record<string, string>;
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  /** The operation the route names; null for a path or method the API does not have. */
  operation: OperationName | null;
  /** The status answered; undefined while in flight, or when the call was aborted or failed. */
  status: number | undefined;
  /** True when an injected fault answered or delayed it. */
  faulted: boolean;
  /** When it arrived, by the mock clock (ISO 8601). */
  at: string;
}

/** Which calls to return: an operation name, fields that must match, or a predicate. */
export type CallFilter =
  | OperationName
  | { operation?: OperationName | null; method?: string; status?: number; path?: string }
  | ((call: RecordedCall) => boolean);

function matches(call: RecordedCall, filter: CallFilter | undefined): boolean {
  if (filter === undefined) return true;
  if (typeof filter === 'string') return call.operation === filter;
  if (typeof filter === 'function') return filter(call);
  return (
    (filter.operation === undefined || call.operation === filter.operation) &&
    (filter.method === undefined || call.method === filter.method.toUpperCase()) &&
    (filter.status === undefined || call.status === filter.status) &&
    (filter.path === undefined || call.path === filter.path)
  );
}

/** Reads a request body for the record without consuming the request's own. */
export async function recordedBody(request: Request): Promise<unknown> {
  if (!request.body) return undefined;
  return recordedText(await request.clone().text());
}

/** A body's text as the record keeps it: parsed JSON, else the text; undefined when empty. */
export function recordedText(text: string | null): unknown {
  if (text === null || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** How many requests a mock server's history keeps unless told otherwise. */
export const DEFAULT_HISTORY_LIMIT = 1000;

/**
 * The calls of one mock server, oldest first: at most `limit` of them (the oldest are dropped).
 * Kept in a ring, so recording costs the same however long the mock has run.
 */
export class CallHistory {
  readonly #limit: number;
  #calls: RecordedCall[] = [];
  /** Index of the oldest call once the ring is full. */
  #start = 0;

  /** Keeps the last `limit` calls (an integer >= 0, or Infinity). */
  constructor(limit: number = DEFAULT_HISTORY_LIMIT) {
    if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 0))) {
      throw new RangeError('historyLimit must be an integer >= 0 or Infinity');
    }
    this.#limit = limit;
  }

  record(call: RecordedCall): RecordedCall {
    if (this.#limit === 0) return call;
    if (this.#calls.length < this.#limit) {
      this.#calls.push(call);
    } else {
      this.#calls[this.#start] = call;
      this.#start = (this.#start + 1) % this.#limit;
    }
    return call;
  }

  /** The kept calls, oldest first. */
  #ordered(): RecordedCall[] {
    return this.#start === 0 ? this.#calls : [...this.#calls.slice(this.#start), ...this.#calls.slice(0, this.#start)];
  }

  /** Copies of the matching calls, oldest first. */
  list(filter?: CallFilter): RecordedCall[] {
    return this.#ordered().filter((call) => matches(call, filter)).map((call) => ({ ...call, query: { ...call.query } }));
  }

  clear(): void {
    this.#calls = [];
    this.#start = 0;
  }
}
