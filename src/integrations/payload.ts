/**
 * Reading fields out of a provider's JSON without trusting its shape: a missing field, or one of
 * another type, reads as null, so an unexpected payload yields "nothing to do" rather than an
 * exception.
 */

/** The value at `path` inside `value`, or undefined when any step is missing or not an object. */
export function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The string at `path`, or null. */
export function stringAt(value: unknown, ...path: string[]): string | null {
  const found = at(value, ...path);
  return typeof found === 'string' ? found : null;
}

/** The finite number at `path`, or null. */
export function numberAt(value: unknown, ...path: string[]): number | null {
  const found = at(value, ...path);
  return typeof found === 'number' && Number.isFinite(found) ? found : null;
}

/** The string at `path`, or the number there written in decimal, or null: ids come as either. */
export function idAt(value: unknown, ...path: string[]): string | null {
  const found = at(value, ...path);
  if (typeof found === 'string') return found;
  return typeof found === 'number' && Number.isSafeInteger(found) ? String(found) : null;
}

/** Whether `value` at `path` is an object holding `key` (a field present, whatever its value). */
export function hasKey(value: unknown, key: string, ...path: string[]): boolean {
  const found = at(value, ...path);
  return typeof found === 'object' && found !== null && Object.hasOwn(found, key);
}
