/**
 * The API's operations in-process (`board.api(key)`, `board.team(id).api`), built from the
 * operation table: one method per row, at the row's `client` place, calling the row's service
 * function as the caller, with exactly the arguments and result of that function. A new row is a
 * new method here, typed from the row and its service.
 */
import type { Caller, ServiceContext } from '../services/context.js';
import type { OperationServices, ServiceCall } from './operation-row.js';
import type { OperationName, OperationTable } from './operations.js';
import { servedOperationNames, servedOperations } from './served-operations.js';

/** The service function that serves operation `N`: the function of its name in the module its row names. */
export type ServiceFunction<N extends OperationName> =
  OperationServices[OperationTable[N]['service']] extends infer M ? (N extends keyof M ? M[N] : never) : never;

/** A service function without its first two parameters, the context and the caller. */
type AsCaller<F> = F extends (ctx: ServiceContext, caller: Caller, ...args: infer A) => infer R ? (...args: A) => R : never;
type PlaceOf<N extends OperationName> = OperationTable[N]['client'];

/** The in-process API's groups: `boards`, `posts`, `agent`, `votes`, `comments`, `roadmap`, `changelog`, `stats`, `webhooks`. */
export type ApiGroupName = PlaceOf<OperationName>[0];

/**
 * The API's operations in-process, acting as one API key (same scopes and rules as over HTTP):
 * `api[group][method](...path parameters, body or query)`, grouped as the typed client is. Each
 * method takes and returns what its service function does; `agent.claim` resolves to
 * `{ claim, created }`. What each one does is said on its row of the operation table (the
 * `operations` of `feedback-board/openapi`, its `summary`) and in the OpenAPI document.
 */
export type ApiServices = {
  [G in ApiGroupName]: {
    [N in keyof OperationTable as PlaceOf<N>[0] extends G ? PlaceOf<N>[1] : never]: AsCaller<ServiceFunction<N>>;
  };
};

/** The in-process API of `caller`. Every method is async, so that a validation error arrives as a rejection. */
export function apiFor(ctx: ServiceContext, caller: Caller): ApiServices {
  const api: Record<string, Record<string, unknown>> = {};
  for (const name of servedOperationNames) {
    const { client: [group, method], serve } = servedOperations[name];
    const call = serve as ServiceCall;
    (api[group] ??= {})[method] = async (...args: unknown[]) => call(ctx, caller, ...args);
  }
  return api as ApiServices;
}
