/**
 * Routing `globalThis.fetch` to the mock server through fetch-mock 12: one instance of its own
 * (never the shared default one), one function route for everything under the base URL, and a
 * fallback that passes every other URL to the fetch that was global before `install()`.
 */
import fetchMock, { type CallLog, type FetchMock } from 'fetch-mock';

/** Fetch's own signature, as `globalThis.fetch` has it. */
export type GlobalFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** fetch-mock route names may hold only letters, digits and hyphens. */
const ROUTE_NAME = 'feedback-board-mock-server';

/** `url` is the base URL itself or lies below it (a path, query or fragment further). */
export function isUnder(base: string, url: string): boolean {
  if (!url.startsWith(base)) return false;
  const next = url.charAt(base.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

/** The base URL normalized as fetch-mock reports URLs (`URL.href`), without a trailing slash. */
export function normalizeBase(baseUrl: string): string {
  return new URL(baseUrl).href.replace(/\/+$/, '');
}

/** One installation of the mock on `globalThis.fetch`; `uninstall()` puts the previous fetch back. */
export class GlobalInstall {
  readonly #original: typeof globalThis.fetch;
  readonly #instance: FetchMock;
  #active = true;

  constructor(base: string, serve: GlobalFetch) {
    this.#original = globalThis.fetch;
    const original = this.#original;
    const instance = fetchMock.createInstance();
    // createInstance() copies the fetch that was global when fetch-mock was first imported;
    // pass-through must reach the one that is global now.
    instance.config.fetch = original;
    const args = (log: CallLog) => log.args as [RequestInfo | URL, RequestInit?];
    instance.route((log: CallLog) => isUnder(base, log.url), (log: CallLog) => serve(...args(log)), ROUTE_NAME);
    instance.catch((log: CallLog) => original(...args(log)));
    this.#instance = instance;
    globalThis.fetch = instance.fetchHandler as typeof globalThis.fetch;
  }

  get active(): boolean {
    return this.#active;
  }

  /** Forgets fetch-mock's own record of calls (the mock server keeps its own). */
  clearHistory(): void {
    this.#instance.clearHistory();
  }

  uninstall(): void {
    if (!this.#active) return;
    this.#active = false;
    globalThis.fetch = this.#original;
    this.#instance.removeRoutes({ includeSticky: true, includeFallback: true });
    this.#instance.clearHistory();
  }
}
