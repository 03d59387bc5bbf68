/**
 * Matches a method and path against the operation table (as the core serves it,
 * `served-operations.ts`): the operation with its path parameters, the methods the path allows
 * (for a 405), or nothing (404).
 */
import type { HttpMethod } from './operation-row.js';
import type { OperationName } from './operations.js';
import type { PathParamName, PathParams } from './path-params.js';
import { servedOperationNames, servedOperations as table } from './served-operations.js';

export type { PathParams } from './path-params.js';

export type RouteMatch =
  | { kind: 'operation'; name: OperationName; params: PathParams }
  | { kind: 'method_not_allowed'; allow: HttpMethod[] }
  | { kind: 'not_found' };

interface CompiledRoute {
  name: OperationName;
  method: HttpMethod;
  pattern: RegExp;
  keys: PathParamName[];
}

const routes: CompiledRoute[] = servedOperationNames.map((name) => {
  const { method, path } = table[name];
  const keys: PathParamName[] = [];
  const source = path.replace(/\{(\w+)\}/g, (_, key: PathParamName) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { name, method, pattern: new RegExp(`^${source}$`), keys };
});

/** How many `/` a path holds: a route's pattern matches only paths with as many as its own. */
function slashes(path: string): number {
  let count = 0;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) count++;
  return count;
}

// The routes by their number of slashes, in table order, so a path is tried only against the few
// patterns that could match it (a parameter matches `[^/]+`, never a slash).
const routesBySlashes = new Map<number, CompiledRoute[]>();
for (const route of routes) {
  const count = slashes(table[route.name].path);
  routesBySlashes.set(count, [...(routesBySlashes.get(count) ?? []), route]);
}
const NO_ROUTES: CompiledRoute[] = [];

/** An id in a path: digits only, a safe integer; anything else makes the route "not found". */
const ID = /^[1-9][0-9]{0,15}$/;

function decodeParams(keys: PathParamName[], values: string[]): PathParams | null {
  const params: PathParams = {};
  for (const [i, key] of keys.entries()) {
    let value = values[i] ?? '';
    // Most segments carry no escape: decoding them would only copy them.
    if (value.includes('%')) {
      try {
        value = decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    if (key === 'slug') {
      params.slug = value;
    } else {
      if (!ID.test(value) || !Number.isSafeInteger(Number(value))) return null;
      params[key] = Number(value);
    }
  }
  return params;
}

export function matchRoute(method: string, path: string): RouteMatch {
  const allow: HttpMethod[] = [];
  let malformed = false;
  for (const route of routesBySlashes.get(slashes(path)) ?? NO_ROUTES) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    const params = decodeParams(route.keys, m.slice(1));
    if (!params) {
      malformed = true;
      continue;
    }
    if (route.method === method) return { kind: 'operation', name: route.name, params };
    allow.push(route.method);
  }
  // A path whose id is not an id names nothing, whatever the method.
  if (allow.length === 0 || malformed) return { kind: 'not_found' };
  return { kind: 'method_not_allowed', allow };
}
