/** The public face of a mock server. */
import type { FeedbackBoard } from '../src/board.js';
import type { ClientOptions } from '../src/client/create-client.js';
import type { FeedbackBoardClient } from '../src/client/types.js';
import type { LoadedFixture } from '../src/fixture/load.js';
import type { VoterNotification } from '../src/domain/ports.js';
import type { MockClock } from './clock.js';
import type { DelayOptions, FailOptions, FaultTarget } from './faults.js';
import type { CallFilter, RecordedCall } from './history.js';
import type { GlobalFetch } from './install.js';
import type { MockWebhooks } from './webhooks.js';

/** A mock server reachable over real HTTP. */
export interface ListeningMockServer {
  /** The base URL to give a client, e.g. `http://127.0.0.1:53121` (the API is at `<url>/api/v1`). */
  url: string;
  /** Stops the HTTP server. */
  close(): Promise<void>;
}

/** Options of a client bound to the mock (everything but where and how it sends). */
export type MockClientOptions = Omit<ClientOptions, 'baseUrl' | 'apiKey' | 'fetch'>;

/**
 * A mock server: the real service in-process, plus the controls a test needs. Made by
 * `createMockServer()`; every member can be used detached (`const { reset } = mock`).
 *
 * @example
 * ```ts
 * const mock = createMockServer({ fixture });
 * beforeEach(() => mock.reset());
 * afterAll(() => mock.close());
 *
 * it('shows a claim conflict', async () => {
 *   await mock.client(agentA).agent.claim('features', 1);
 *   await expect(mock.client(agentB).agent.claim('features', 1)).rejects.toMatchObject({ code: 'claim_conflict' });
 *   expect(mock.calls({ operation: 'claimPost', status: 409 })).toHaveLength(1);
 * });
 * ```
 */
export interface MockServer {
  /** The normalized base URL (no trailing slash); the API is at `<baseUrl>/api/v1`. */
  readonly baseUrl: string;
  /**
   * The clock the board reads: claims expire, rate-limit windows slide and statistics move with
   * it. Frozen at `DEFAULT_CLOCK_START` (2026-11-20T12:00:00Z) unless the `clock` option says otherwise.
   */
  readonly clock: MockClock;
  /**
   * Serves the API in-process, with fetch's signature. Requests are recorded in the history and
   * subject to faults, exactly as through `install()` or `listen()`.
   */
  readonly fetch: GlobalFetch;
  /**
   * The dashboard side of the board (organizations, API keys, proposals, webhooks, settings,
   * moderation). Calls wait for the fixture and always reach the current board, also after `reset()`.
   *
   * @example
   * ```ts
   * await mock.dashboard.proposals.confirm(postId); // a human confirms an agent's proposal
   * await mock.dashboard.settings.setAgentPublishing(true);
   * ```
   */
  readonly dashboard: FeedbackBoard['dashboard'];
  /** The voter side: register voters, vote, react, comment as a voter. */
  readonly voters: FeedbackBoard['voters'];
  /**
   * Webhooks: events are recorded as messages and sent only by `deliverDue()`, on the mock clock,
   * to the test's answer function (or over the network without one).
   *
   * @example
   * ```ts
   * mock.webhooks.answer(() => 500);
   * await mock.webhooks.deliverDue();      // first attempt fails
   * mock.clock.advance(5_000);
   * mock.webhooks.answer(() => 204);
   * await mock.webhooks.deliverDue();      // the retry succeeds
   * expect((await mock.webhooks.messages())[0].status).toBe('delivered');
   * ```
   */
  readonly webhooks: MockWebhooks;
  /** Waits for the fixture to be loaded; resolves with the ids it received and its raw keys. */
  loaded(): Promise<LoadedFixture>;
  /** A typed client bound to this mock (through {@link MockServer.fetch}; no `install()` needed). */
  client(apiKey: string, options?: MockClientOptions): FeedbackBoardClient;
  /**
   * Routes `globalThis.fetch` to the mock for every URL under `baseUrl` (through a fetch-mock
   * instance); any other URL goes to the fetch that was global before. Calling it twice is harmless.
   */
  install(): void;
  /** Puts back the fetch that was global before `install()`. */
  uninstall(): void;
  /** Serves the mock over real HTTP (Node only; 127.0.0.1, a free port unless `port` is given). */
  listen(options?: { port?: number; host?: string }): Promise<ListeningMockServer>;
  /**
   * Back to the start in one call: fresh storage with the fixture loaded again (so the same ids),
   * the clock at its start, an empty rate limiter, and no history, faults or notifications.
   * Fast enough for `beforeEach`: measured at about 1 ms for a board with one post and 3.5 ms for
   * a fixture of some hundred records (posts, voters, votes, comments), on a busy two-core machine.
   */
  reset(): Promise<void>;
  /**
   * The requests received, oldest first, optionally filtered: by operation name
   * (`calls('claimPost')`), by fields (`calls({ method: 'POST', status: 409 })`) or a predicate.
   */
  calls(filter?: CallFilter): RecordedCall[];
  /** Empties the history of requests. */
  clearCalls(): void;
  /** The voter notifications that would have been sent (a status change with `notify_voters`, a confirmed proposal). */
  notifications(): VoterNotification[];
  /**
   * Makes calls of `target` (an operation name, or `'*'` for all) answer an error instead of the
   * board: `times` calls (default every one until `clearFaults()`), after `delayMs` if given.
   * A 429 carries `Retry-After` (default 1 s). Faults apply first-registered first.
   *
   * @example
   * ```ts
   * mock.fail('claimPost', { status: 503, code: 'unavailable', times: 2 });
   * mock.fail('*', { status: 429, code: 'rate_limited', retryAfter: 5, times: 1 });
   * ```
   */
  fail(target: FaultTarget, options: FailOptions): void;
  /** Makes calls of `target` wait `ms` real milliseconds before the board answers them normally. */
  delay(target: FaultTarget, ms: number, options?: DelayOptions): void;
  /** Removes every pending fault and delay. */
  clearFaults(): void;
  /** Uninstalls, stops every `listen()` server and closes the storage. */
  close(): Promise<void>;
}
