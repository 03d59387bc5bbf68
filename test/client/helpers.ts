/**
 * Boards for the client's tests: memory storage loaded from one fixture, a frozen clock, and the
 * two ways a client reaches a board (in-process through `board.fetch`, and real HTTP through
 * `listen()`), plus raw requests for comparing what the client returns with what the server said.
 */
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard, type FeedbackBoard, type FeedbackBoardOptions } from '../../src/board.js';
import type { FetchLike } from '../../src/client/index.js';
import type { Fixture } from '../../src/fixture/schema.js';
import { listen } from '../../src/node/listen.js';

export const KEYS = {
  write: 'acme-write-0123456789',
  propose: 'acme-propose-0123456789',
  otherAgent: 'acme-agent2-0123456789',
  read: 'acme-read-0123456789',
  team: 'acme-team-0123456789',
  beta: 'beta-write-0123456789',
} as const;

/** 2026-11-20T12:00:00Z, a Friday. */
export const START = Date.UTC(2026, 10, 20, 12, 0, 0);

const shipped = (title: string, day: number, votes: number) => ({
  title,
  status: 'shipped' as const,
  votes,
  created_at: `2026-10-0${day}T09:00:00Z`,
  shipped_at: `2026-11-${10 + day}T09:00:00Z`,
});

export const FIXTURE: Fixture = {
  organizations: [
    {
      name: 'Acme',
      apiKeys: [
        { key: KEYS.write, scope: 'write', label: 'CI' },
        { key: KEYS.propose, scope: 'propose', label: 'agent one' },
        { key: KEYS.otherAgent, scope: 'propose', label: 'agent two' },
        { key: KEYS.read, scope: 'read' },
        { key: KEYS.team, scope: 'team', label: 'triage' },
      ],
      webhooks: [{ url: 'https://hooks.example.com/fb', events: ['post.created'], description: 'sync' }],
      boards: [
        {
          slug: 'features',
          name: 'Features',
          published: true,
          posts: [
            {
              title: 'Dark mode',
              body: 'Please',
              status: 'planned',
              tags: ['UI'],
              votes: [{ voter: 'ann@example.com' }, { voter: 'bob@example.com' }],
              created_at: '2026-11-01T09:00:00Z',
              comments: [{ body: 'Yes please', reactions: { '👍': 3 }, replies: [{ body: 'Seconded' }] }],
            },
            { title: 'Export to CSV', status: 'in_progress', queue_rank: 1, votes: 7, created_at: '2026-11-02T09:00:00Z' },
            { title: 'Slack integration', status: 'open', votes: 4, created_at: '2026-11-03T09:00:00Z' },
            shipped('Keyboard shortcuts', 1, 9),
            shipped('Faster search', 2, 3),
            shipped('Two-factor login', 3, 5),
            { title: 'Hidden idea', status: 'planned', hidden: true, created_at: '2026-11-04T09:00:00Z' },
          ],
        },
        { slug: 'drafts', name: 'Drafts' },
      ],
    },
    { name: 'Beta', apiKeys: [{ key: KEYS.beta, scope: 'write' }], boards: [{ slug: 'features', name: 'Beta features' }] },
  ],
};

export const silentLogger = { error: () => undefined };

/** A clock frozen at `START` until moved. */
export function frozenClock(start = START) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

/** A board loaded with {@link FIXTURE}, on a frozen clock. */
export async function makeBoard(options: Partial<FeedbackBoardOptions> = {}) {
  const clock = frozenClock();
  const board = createFeedbackBoard({ storage: createMemoryStorage(), clock, logger: silentLogger, ...options });
  await board.loadFixture(FIXTURE);
  return { board, clock };
}

/** Where a client reaches a board, and how to stop reaching it. */
export interface Endpoint {
  baseUrl: string;
  fetch: FetchLike;
  close(): Promise<void>;
}

/** Anything with a fetch handler: a board, or a stand-in server. */
export type Served = Pick<FeedbackBoard, 'fetch'>;

export interface Transport {
  name: string;
  open(served: Served): Promise<Endpoint>;
}

export const transports: Transport[] = [
  {
    name: 'in-process board.fetch',
    open: async (board) => ({ baseUrl: 'http://board.local', fetch: board.fetch, close: async () => undefined }),
  },
  {
    name: 'real HTTP via listen()',
    open: async (board) => {
      const server = await listen(board.fetch);
      return { baseUrl: server.url, fetch: (request) => fetch(request), close: () => server.close() };
    },
  },
];

/** What the server answered to a request built by hand (not by the client). */
export async function raw(
  board: FeedbackBoard,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${key}` } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const response = await board.fetch(new Request(`http://raw.local/api/v1${path}`, init));
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
}

/** Rejects the promise's error, or fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, but the promise resolved');
}
