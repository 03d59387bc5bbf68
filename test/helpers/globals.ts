/**
 * The globals a test might replace and forget to put back (see globals-guard.ts): the Fetch
 * classes (a server bridge may install its own), `fetch`, the clock and timers (fake timers), and
 * `crypto`. A snapshot holds each one's value. (Node defines several of them as getters that load
 * their module on first use and then turn into plain values, so the descriptors of an untouched
 * global change on its first read; its value does not.)
 */
export const WATCHED_GLOBALS = [
  'Request',
  'Response',
  'Headers',
  'fetch',
  'FormData',
  'Blob',
  'URL',
  'Date',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'queueMicrotask',
  'crypto',
] as const;

export type GlobalsSnapshot = ReadonlyMap<string, unknown>;

export function globalsSnapshot(): GlobalsSnapshot {
  return new Map(WATCHED_GLOBALS.map((name) => [name, (globalThis as Record<string, unknown>)[name]]));
}

/** The watched globals whose value differs between the two snapshots. */
export function changedGlobals(before: GlobalsSnapshot, after: GlobalsSnapshot): string[] {
  return WATCHED_GLOBALS.filter((name) => before.get(name) !== after.get(name));
}
