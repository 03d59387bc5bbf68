/**
 * Stable facades over objects that `reset()` replaces: the mock server's `dashboard` and `voters`
 * keep working after a reset because each call looks up the current board when it is made.
 */

type AnyFunction = (...args: never[]) => unknown;

/**
 * Builds an object of the same shape as `template` whose functions call the function at the same
 * path in `current()`, after `ready()` resolves (the fixture is loaded).
 */
export function forwarder<T extends object>(template: T, current: () => T, ready: () => Promise<unknown>): T {
  return build(template, [], current, ready) as T;
}

function build(
  template: object,
  path: readonly string[],
  current: () => object,
  ready: () => Promise<unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    const at = [...path, key];
    if (typeof value === 'function') {
      out[key] = async (...args: unknown[]) => {
        await ready();
        return (resolve(current(), at) as (...a: unknown[]) => unknown)(...args);
      };
    } else if (value !== null && typeof value === 'object') {
      out[key] = build(value, at, current, ready);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function resolve(root: object, path: readonly string[]): AnyFunction {
  let node: unknown = root;
  for (const key of path) node = (node as Record<string, unknown>)[key];
  if (typeof node !== 'function') throw new TypeError(`mock server: ${path.join('.')} is not a function`);
  return node as AnyFunction;
}
