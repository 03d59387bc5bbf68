/**
 * The router tries a path only against the routes with as many slashes; this checks it answers
 * exactly as trying every route of the table in order would, on generated paths and methods.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationNames, operationTable, type HttpMethod } from '../../src/http/operations.js';
import { matchRoute, type RouteMatch } from '../../src/http/router.js';

/** Every route of the table, in order: the plain reading of the operation table. */
function reference(method: string, path: string): RouteMatch {
  const allow: HttpMethod[] = [];
  let malformed = false;
  for (const name of operationNames) {
    const spec = operationTable[name];
    const keys: string[] = [];
    const pattern = new RegExp(`^${spec.path.replace(/\{(\w+)\}/g, (_, key: string) => (keys.push(key), '([^/]+)'))}$`);
    const m = pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string | number> = {};
    let ok = true;
    keys.forEach((key, i) => {
      let value = '';
      try {
        value = decodeURIComponent(m[i + 1]!);
      } catch {
        ok = false;
        return;
      }
      if (key === 'slug') params[key] = value;
      else if (!/^[1-9][0-9]{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) ok = false;
      else params[key] = Number(value);
    });
    if (!ok) {
      malformed = true;
      continue;
    }
    if (spec.method === method) return { kind: 'operation', name, params };
    allow.push(spec.method);
  }
  if (allow.length === 0 || malformed) return { kind: 'not_found' };
  return { kind: 'method_not_allowed', allow };
}

const segment = fc.constantFrom(
  'boards', 'posts', 'queue', 'claim', 'evidence', 'propose-status', 'votes', 'comments', 'roadmap', 'changelog',
  'ship-stats', 'analytics', 'webhooks', 'publish', 'unpublish', 'activity', 'unmerge', 'held-posts', 'approve', 'reject',
  'voters', 'block', 'mail-settings', 'features', '1', '42', '0', '007', '9007199254740993',
  '%E2%9C%93', '%zz', '', 'x',
);
const path = fc.array(segment, { minLength: 0, maxLength: 6 }).map((parts) => `/${parts.join('/')}`);
const method = fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD');

describe('matchRoute', () => {
  it('answers as trying every route of the table in order', () => {
    fc.assert(
      fc.property(method, path, (m, p) => {
        expect(matchRoute(m, p)).toEqual(reference(m, p));
      }),
      { numRuns: 5000 },
    );
  });

  it('every operation is reachable at its own path', () => {
    for (const name of operationNames) {
      const { method: m, path: p } = operationTable[name];
      const concrete = p.replace('{slug}', 'features').replace(/\{\w+\}/g, '12');
      expect(matchRoute(m, concrete)).toEqual(reference(m, concrete));
      expect(matchRoute(m, concrete)).toMatchObject({ kind: 'operation', name });
    }
  });
});
