/**
 * `createMockServer`: a stateful, rule-true copy of the service for integrators' tests. It is the
 * real core (the same handler, services and rules) over memory storage, loaded from a fixture,
 * with a controllable clock, a request history, fault injection and recorded notifications.
 */
import { createMemoryStorage } from '../adapters/memory/index.js';
import { apiHandlerOf, createFeedbackBoard, type FeedbackBoard } from '../src/board.js';
import { createClient, type ClientOptions } from '../src/client/create-client.js';
import type { FeedbackBoardClient } from '../src/client/types.js';
import { parseFixture, type LoadedFixture } from '../src/fixture/load.js';
import type { Fixture } from '../src/fixture/schema.js';
import type { RateLimitOptions } from '../src/http/rate-limit.js';
import { requestTarget } from '../src/http/request-path.js';
import { matchRoute } from '../src/http/router.js';
import { toIso } from '../src/domain/time.js';
import type { VoterNotification } from '../src/domain/ports.js';
import { createRecordingNotifier } from '../src/services/notifications.js';
import type { Storage } from '../src/storage/contract.js';
import { createMockClock, type ClockStart } from './clock.js';
import { FaultRegistry } from './faults.js';
import { forwarder } from './forward.js';
import { CallHistory, DEFAULT_HISTORY_LIMIT, recordedBody, recordedText, type RecordedCall } from './history.js';
import { GlobalInstall, normalizeBase, type GlobalFetch } from './install.js';
import { lightRequest } from './light-request.js';
import type { MockServer } from './types.js';
import { mockWebhooks, WebhookRelay } from './webhooks.js';

/**
 * Options of {@link createMockServer}. Everything is optional: `createMockServer()` is an empty
 * service at `http://feedback-board.test` on a frozen clock, with the service's own rate limit.
 */
export interface MockServerOptions {
  /** The data to start from (docs/errors-scopes-limits.md#fixtures), loaded again by every `reset()`. Default: no organizations. */
  fixture?: Fixture;
  /** Where the mock answers; the API is at `<baseUrl>/api/v1`. Default `http://feedback-board.test`. */
  baseUrl?: string;
  /** Start of the mock clock: an instant (frozen until moved) or `'real'`. Default `DEFAULT_CLOCK_START` (2026-11-20T12:00:00Z). */
  clock?: ClockStart;
  /** The per-key rate limit (default: the service's 120 per rolling 60 s, on the mock clock), or `false`. */
  rateLimit?: RateLimitOptions | false;
  /** The server's agent-publishing setting (a fixture's `agentPublishing: true` also turns it on). Default false. */
  agentPublishing?: boolean;
  /**
   * How many requests the history keeps: the oldest is dropped when a new one would exceed it, so
   * a long-running mock does not grow without bound. Default {@link DEFAULT_HISTORY_LIMIT}
   * (1000); `Infinity` keeps every request.
   */
  historyLimit?: number;
  /** Makes a fresh, empty storage; called at creation and by every `reset()`. Default: memory storage. */
  storage?: () => Storage;
}

interface State {
  board: FeedbackBoard;
  loaded: Promise<LoadedFixture>;
  /** True once `loaded` has resolved: requests then need not wait for it. */
  ready: boolean;
}

const API_PREFIX = '/api/v1';
const API_PREFIX_SLASH = `${API_PREFIX}/`;

/** Rejects with the signal's reason as soon as it aborts. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const wait = (ms: number, signal: AbortSignal) => abortable(sleep(ms), signal);

/**
 * Creates a mock server. The fixture is validated at once (an invalid one throws a
 * `validation_error` naming the path of the offending field) and loaded in the background:
 * every request and dashboard call waits for it.
 *
 * @example
 * ```ts
 * import { createMockServer } from 'feedback-board/mock-server';
 *
 * const mock = createMockServer({ fixture });
 * beforeEach(() => mock.reset());
 *
 * it('survives a rate limit', async () => {
 *   mock.fail('listPosts', { status: 429, code: 'rate_limited', retryAfter: 2, times: 1 });
 *   const client = mock.client('acme-write-0123456789', { retry: {} }); // waits out the 429
 *   await client.posts.list('features');
 *   expect(mock.calls('listPosts').map((c) => c.status)).toEqual([429, 200]);
 * });
 * ```
 */
export function createMockServer(options: MockServerOptions = {}): MockServer {
  const fixture: Fixture = options.fixture ?? { organizations: [] };
  parseFixture(fixture);
  const base = normalizeBase(options.baseUrl ?? 'http://feedback-board.test');
  const prefix = new URL(base).pathname.replace(/\/+$/, '');
  const clock = createMockClock(options.clock);
  const notifier = createRecordingNotifier();
  const relay = new WebhookRelay();
  const history = new CallHistory(options.historyLimit ?? DEFAULT_HISTORY_LIMIT);
  const faults = new FaultRegistry();
  const makeStorage = options.storage ?? createMemoryStorage;
  const servers = new Set<{ close(): Promise<void> }>();
  let installed: GlobalInstall | undefined;
  // A limiter sized for a mock's few keys: one for 10 000 keys takes a millisecond to build,
  // which every reset() would pay.
  const rateLimit = options.rateLimit === false ? false : { maxKeys: 1000, ...options.rateLimit };

  function start(): State {
    const board = createFeedbackBoard({
      storage: makeStorage(),
      clock,
      notifier,
      agentPublishing: options.agentPublishing ?? false,
      http: { basePath: `${prefix}${API_PREFIX}`, rateLimit },
      webhooks: { fetch: relay.fetch, allowPrivateNetworks: true },
    });
    const loaded = board.loadFixture(fixture);
    const started: State = { board, loaded, ready: false };
    loaded.then(
      () => {
        started.ready = true;
      },
      () => undefined, // surfaced by the next request or reset()
    );
    return started;
  }
  let state = start();

  // A base URL with a query or fragment is served through Request only (see light-request.ts).
  const lightBase = /[?#]/.test(base) ? null : base;

  const fetch: GlobalFetch = async (input, init) => {
    // A URL and a plain init are read as given; anything else becomes a Request.
    const light = lightBase === null ? null : lightRequest(input, init, lightBase);
    // A Request passed alone is used as it is (@hono/node-server's requests cannot be copied).
    // `patch` is not normalized by the Fetch spec (fetch-mock passes methods lower-cased).
    const request =
      light ??
      (input instanceof Request && init === undefined
        ? input
        : new Request(input, init?.method ? { ...init, method: init.method.toUpperCase() } : init));
    // A request built here from a URL and no signal can never be aborted: no need to race it.
    const signal = request instanceof Request && (input instanceof Request || init?.signal != null) ? request.signal : null;
    signal?.throwIfAborted();
    const target = requestTarget(request.url);
    const method = request.method.toUpperCase();
    const path = target.path.startsWith(prefix) ? target.path.slice(prefix.length) || '/' : target.path;
    const route = path.startsWith(API_PREFIX_SLASH) ? matchRoute(method, path.slice(API_PREFIX.length)) : null;
    const call: RecordedCall = history.record({
      method,
      url: request.url,
      path,
      query: target.query === '' ? {} : Object.fromEntries(new URLSearchParams(target.query)),
      body: request instanceof Request ? (request.body ? await recordedBody(request) : undefined) : recordedText(request.text),
      operation: route?.kind === 'operation' ? route.name : null,
      status: undefined,
      faulted: false,
      at: toIso(clock.now()),
    });
    const serving = state;
    if (!serving.ready) await (signal ? abortable(serving.loaded, signal) : serving.loaded);
    const fault = faults.take(call.operation);
    if (fault) {
      call.faulted = true;
      if (fault.delayMs > 0) await (signal ? wait(fault.delayMs, signal) : sleep(fault.delayMs));
    }
    const answer = (): Promise<Response> =>
      request instanceof Request ? serving.board.fetch(request) : apiHandlerOf(serving.board)(request);
    const response = fault?.respond ? fault.respond() : await (signal ? abortable(answer(), signal) : answer());
    call.status = response.status;
    return response;
  };

  const uninstall = () => {
    installed?.uninstall();
    installed = undefined;
  };
  const current = () => state;
  const ready = () => state.loaded;
  const dashboard = forwarder(state.board.dashboard, () => current().board.dashboard, ready);
  const voters = forwarder(state.board.voters, () => current().board.voters, ready);

  return {
    baseUrl: base,
    clock,
    fetch,
    dashboard,
    voters,
    webhooks: mockWebhooks(() => current().board, ready, relay),
    loaded: ready,
    client: (apiKey: string, clientOptions: Omit<ClientOptions, 'baseUrl' | 'apiKey' | 'fetch'> = {}): FeedbackBoardClient =>
      createClient({ ...clientOptions, baseUrl: base, apiKey, fetch }),
    install() {
      if (!installed?.active) installed = new GlobalInstall(base, fetch);
    },
    uninstall,
    async listen(listenOptions = {}) {
      const { listen } = await import('../src/node/listen.js');
      const running = await listen((request) => fetch(request), listenOptions);
      servers.add(running);
      return {
        url: running.url + prefix,
        close: async () => {
          servers.delete(running);
          await running.close();
        },
      };
    },
    async reset() {
      const previous = state;
      clock.reset();
      history.clear();
      faults.clear();
      notifier.clear();
      relay.clear();
      installed?.clearHistory();
      state = start();
      await previous.board.close().catch(() => undefined);
      await state.loaded;
    },
    calls: (filter) => history.list(filter),
    clearCalls: () => history.clear(),
    notifications: (): VoterNotification[] => notifier.notifications.map((n) => structuredClone(n)),
    fail: (target, failOptions) => faults.fail(target, failOptions),
    delay: (target, ms, delayOptions) => faults.delay(target, ms, delayOptions),
    clearFaults: () => faults.clear(),
    async close() {
      uninstall();
      await Promise.all([...servers].map((s) => s.close()));
      servers.clear();
      await state.board.close();
    },
  };
}
