/**
 * A board on memory storage with a controllable clock, deterministic randomness and a recording
 * notifier, plus two organizations with one key of each scope, and a small request helper that
 * goes through the real fetch handler.
 */
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard, type FeedbackBoardOptions } from '../../src/board.js';
import { createRecordingNotifier } from '../../src/services/notifications.js';
import type { Scope } from '../../src/domain/records.js';

/** 2026-11-21T09:00:00Z, a Saturday in the ISO week of Monday 2026-11-16. */
export const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);
export const BASE = 'http://board.test/api/v1';

export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = T0): TestClock {
  let t = start;
  return { now: () => t, set: (ms) => void (t = ms), advance: (ms) => void (t += ms) };
}

/** A seeded xorshift source of bytes, so generated keys and secrets repeat from run to run. */
export function seededRandom(seed = 0x9e3779b9): (length: number) => Uint8Array {
  let s = seed >>> 0 || 1;
  return (length) => {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      out[i] = s & 0xff;
    }
    return out;
  };
}

export type Keys = Record<Scope, string> & { ids: Record<Scope, number> };

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (undefined for an empty one). */
  json: any;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is (string or bytes) instead of JSON-encoding `body`. */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export async function send(
  fetch: (r: Request) => Promise<Response>,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Reply> {
  const headers = new Headers(options.headers);
  if (options.key != null && !headers.has('authorization') && !headers.has('x-api-key')) {
    headers.set('authorization', `Bearer ${options.key}`);
  }
  let body: BodyInit | undefined = options.raw;
  if (body === undefined && options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const url = path.startsWith('http') ? path : `${BASE}${path}`;
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (body !== undefined) init.body = body;
  if (body instanceof ReadableStream) init.duplex = 'half';
  const response = await fetch(new Request(url, init));
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}

export async function createHarness(options: Partial<FeedbackBoardOptions> = {}) {
  const clock = testClock();
  const notifier = createRecordingNotifier();
  const board = createFeedbackBoard({
    storage: createMemoryStorage(),
    clock,
    random: seededRandom(),
    notifier,
    logger: { error: () => undefined },
    ...options,
  });
  const makeOrg = async (name: string) => {
    const org = await board.dashboard.organizations.create({ name });
    const keys = { ids: {} } as Keys;
    for (const scope of ['read', 'propose', 'write'] as const) {
      const created = await board.dashboard.apiKeys.create(org.id, { scope, label: `${name} ${scope}` });
      keys[scope] = created.key;
      keys.ids[scope] = created.info.id;
    }
    return { id: org.id, keys };
  };
  const a = await makeOrg('Acme');
  const b = await makeOrg('Globex');
  // The team keys come after the others, so that every other key keeps the id it had before them.
  for (const [org, name] of [[a, 'Acme'], [b, 'Globex']] as const) {
    const created = await board.dashboard.apiKeys.create(org.id, { scope: 'team', label: `${name} team` });
    org.keys.team = created.key;
    org.keys.ids.team = created.info.id;
  }

  const req = (method: string, path: string, options: RequestOptions = {}) =>
    send(board.fetch, method, path, { key: a.keys.write, ...options });

  /** Creates a board of organization A (or of `key`'s organization) and returns its slug. */
  const makeBoard = async (slug = 'features', key = a.keys.write) => {
    const r = await req('POST', '/boards', { key, body: { slug, name: slug } });
    if (r.status !== 201) throw new Error(`board setup failed: ${r.status} ${r.text}`);
    return slug;
  };

  /** Creates a post (write key) and returns its single-post shape. */
  const makePost = async (slug: string, body: Record<string, unknown>, key = a.keys.write) => {
    const r = await req('POST', `/boards/${slug}/posts`, { key, body });
    if (r.status !== 201) throw new Error(`post setup failed: ${r.status} ${r.text}`);
    return r.json as { id: number } & Record<string, any>;
  };

  /** Casts votes on a post from `count` new voters of organization `orgId`. */
  let voterSeq = 0;
  const addVotes = async (postId: number, count: number, orgId = a.id) => {
    const voterIds: number[] = [];
    for (let i = 0; i < count; i++) {
      const voter = await board.voters.register(orgId, { email: `voter${++voterSeq}@example.com`, name: `V${voterSeq}` });
      await board.voters.vote(voter.id, postId);
      voterIds.push(voter.id);
    }
    return voterIds;
  };

  return { board, clock, notifier, a, b, req, makeBoard, makePost, addVotes };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
