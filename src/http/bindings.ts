/**
 * What the handler does for each operation, built once, when this module loads, from the operation
 * table as the core serves it (`served-operations.ts`): where the operation's input comes from
 * (the query parameters its schema names, or the JSON body), its service function, called with
 * the path parameters and that input, and how the result becomes the answer's status and body. Inputs arrive unparsed (raw JSON body, query
 * strings): the services check scope and validate, in the order of docs/errors-scopes-limits.md,
 * "Which error wins".
 */
import type { Caller, ServiceContext } from '../services/context.js';
import type { ServedOperation, ServiceCall, SuccessRow } from './operation-row.js';
import type { OperationName } from './operations.js';
import { pathParamNames, type PathParams } from './path-params.js';
import { servedOperationNames, servedOperations } from './served-operations.js';

/** What the handler hands an operation: path parameters, the query strings it reads, the body. */
export interface OperationInput {
  params: PathParams;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

/** What an operation answers on success: the status, and the body (none for 204). */
export interface OperationResult {
  status: number;
  body?: unknown;
}

/** The handler's view of one operation. */
export interface Binding {
  /** Where its input comes from: a JSON body, the query string, or nowhere. */
  input: 'body' | 'query' | null;
  /** The query parameters it reads, in schema order (none without a query). */
  queryKeys: readonly string[];
  /** Calls its service function and turns the result into the answer's status and body. */
  call(ctx: ServiceContext, caller: Caller, input: OperationInput): Promise<OperationResult>;
}

/** How a service's result becomes the answer, by the row's `success` (see {@link SuccessRow}). */
function answerOf({ status, alsoStatus, statusFrom, bodyFrom }: Omit<SuccessRow, 'schema'>): (result: unknown) => OperationResult {
  if (status === 204) return () => ({ status });
  if (statusFrom === undefined) return (body) => ({ status, body });
  return (result) => {
    const fields = result as Record<string, unknown>;
    const decided = fields[statusFrom] === false || fields[statusFrom] === null ? (alsoStatus ?? status) : status;
    return { status: decided, body: bodyFrom === undefined ? result : fields[bodyFrom] };
  };
}

function bind({ path, input, queryKeys, success, serve }: ServedOperation): Binding {
  const call = serve as ServiceCall;
  // The router guarantees the path parameters the path declares, in path order.
  const pathKeys = pathParamNames(path);
  const answer = answerOf(success);
  return {
    input,
    queryKeys,
    async call(ctx, caller, given) {
      const args: unknown[] = pathKeys.map((key) => given.params[key]);
      if (input !== null) args.push(given[input]);
      return answer(await call(ctx, caller, ...args));
    },
  };
}

/** Every operation's binding. */
export const bindings = Object.fromEntries(
  servedOperationNames.map((name) => [name, bind(servedOperations[name])]),
) as Record<OperationName, Binding>;
