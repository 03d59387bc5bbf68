/**
 * `feedback-board/mock-server`: a stateful, rule-true copy of the feedback-board API for your
 * tests. It is the real service (same handler, same rules, same errors) over memory storage,
 * loaded from a fixture, plus what tests need: a controllable clock, a history of requests,
 * fault injection, recorded voter notifications, and one-call reset.
 *
 * Reach it three ways: `mock.fetch` or `mock.client(key)` in-process; `mock.install()` to route
 * `globalThis.fetch` for the base URL to it (needs the optional peer dependency fetch-mock 12);
 * `mock.listen()` for real HTTP (Node).
 *
 * ```ts
 * import { createMockServer } from 'feedback-board/mock-server';
 * import { beforeEach, expect, it } from 'vitest';
 *
 * const mock = createMockServer({
 *   fixture: {
 *     organizations: [{
 *       name: 'Acme',
 *       apiKeys: [{ key: 'acme-agent-0123456789', scope: 'propose' }],
 *       boards: [{ slug: 'features', name: 'Features', posts: [{ title: 'Dark mode', status: 'planned' }] }],
 *     }],
 *   },
 * });
 * beforeEach(() => mock.reset());
 *
 * it('lets a claim lapse after its TTL', async () => {
 *   const agent = mock.client('acme-agent-0123456789');
 *   await agent.agent.claim('features', 1, { ttl_seconds: 60 });
 *   mock.clock.advance(61_000);
 *   expect((await agent.posts.get('features', 1)).claim).toBeNull();
 * });
 * ```
 *
 * The clock starts frozen at {@link DEFAULT_CLOCK_START} (2026-11-20T12:00:00Z) so ids,
 * timestamps and statistics are the same on every run; `clock: 'real'` follows the real time.
 * Fixture objects without a timestamp get the clock's time at load.
 *
 * @module feedback-board/mock-server
 */
export { createMockServer, type MockServerOptions } from './server.js';
export type { MockServer, ListeningMockServer, MockClientOptions } from './types.js';
export { createMockClock, DEFAULT_CLOCK_START, type MockClock, type ClockStart } from './clock.js';
export type { FailOptions, DelayOptions, FaultTarget } from './faults.js';
export type { RecordedCall, CallFilter } from './history.js';
export { DEFAULT_HISTORY_LIMIT } from './history.js';
export type { GlobalFetch } from './install.js';
export type { MockWebhooks, MockWebhookMessage, SentWebhook, WebhookAnswer } from './webhooks.js';
export type { Fixture } from '../src/fixture/schema.js';
export { parseFixture } from '../src/fixture/parse.js';
export type { LoadedFixture } from '../src/fixture/load.js';
export type { VoterNotification } from '../src/domain/ports.js';
