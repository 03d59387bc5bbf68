/** Shared by the mock server's tests: the client tests' fixture and keys, and a mock loaded with them. */
import { createMockServer, type MockServerOptions } from '../../mock-server/index.js';
import { FIXTURE, KEYS } from '../client/helpers.js';

export { FIXTURE, KEYS };

/** A mock server on the shared fixture. */
export function makeMock(options: MockServerOptions = {}) {
  return createMockServer({ fixture: FIXTURE, ...options });
}

/** A raw request through a fetch, the way an application without the client would send it. */
export function request(
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  url: string,
  key: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(url, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });
}
