/**
 * Matches a method and path against the operation table: the operation with its path parameters,
 * the methods the path allows (for a 405), or nothing (404).
 */
import type { HttpMethod, OperationName } from './operations.js';
import { operationNames, routes as table } from './routes.js';

export interface PathParams {
  slug?: string;
  /** A post id: digits only, a safe integer; anything else makes the route "not found". */
  id?: number;
}

export type RouteMatch =
  | { kind: 'operation'; name: OperationName; params: PathParams }
  | { kind: 'method_not_allowed'; allow: HttpMethod[] }
  | { kind: 'not_found' };

interface CompiledRoute {
  name: OperationName;
  method: HttpMethod;
  pattern: RegExp;
  keys: string[];
}

const routes: CompiledRoute[] = operationNames.map((name) => {
  const { method, path } = table[name];
  const keys: string[] = [];
  const source = path.replace(/\{(\w+)\}/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { name, method, pattern: new RegExp(`^${source}$`), keys };
});

const POST_ID = /^[1-9][0-9]{0,15}$/;

function decodeParams(keys: string[], values: string[]): PathParams | null {
  const params: PathParams = {};
  for (const [i, key] of keys.entries()) {
    let value: string;
    try {
      value = decodeURIComponent(values[i] ?? '');
    } catch {
      return null;
    }
    if (key === 'id') {
      if (!POST_ID.test(value) || !Number.isSafeInteger(Number(value))) return null;
      params.id = Number(value);
    } else {
      params.slug = value;
    }
  }
  return params;
}

export function matchRoute(method: string, path: string): RouteMatch {
  const allow: HttpMethod[] = [];
  let malformed = false;
  for (const route of routes) {
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
  // A path whose post id is not an id names nothing, whatever the method.
  if (allow.length === 0 || malformed) return { kind: 'not_found' };
  return { kind: 'method_not_allowed', allow };
}
