/**
 * Fuzzing every operation through the fetch handler, on one storage: 500 random requests per
 * operation, seeded so a run repeats (fast-check prints the seed and the shrunk request of a
 * failure). Invariants: no 5xx; every error in the envelope with the status of its code; a refused
 * request changes nothing: no write transaction commits during it (every change is made in one,
 * and one that fails is rolled back whole), and for the first requests of each operation the whole
 * store is also dumped and compared whenever a write transaction began during a refusal (a refusal
 * during which none began cannot have changed the store; the dump is most of the suite's time, so
 * it is not made for every request). One file per storage
 * (fuzz-memory.test.ts, fuzz-sqlite.test.ts), so that the two run on two workers at once.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/domain/errors.js';
import { operationNames } from '../../src/http/operations.js';
import type { Storage } from '../../src/storage/contract.js';
import { BASE } from '../helpers/harness.js';
import { snapshot } from '../helpers/state.js';
import { requestFor, type FuzzRequest, type KeyChoice } from './fuzz-arbitraries.js';
import { fuzzWorld, liveIds, type FuzzWorld } from './fuzz-world.js';

const RUNS_PER_OPERATION = 500;
/**
 * The first requests of each operation whose refusals are also checked by comparing the whole
 * store before and after (a dump, most of the suite's time when done for every request); every
 * refusal, these and the rest, is checked to commit no write transaction.
 */
const COMPARED_REQUESTS = 100;
const SEED = 20261123;

function toRequest(r: FuzzRequest, keys: Record<string, string>): Request {
  const headers = new Headers();
  const key: Record<KeyChoice, () => void> = {
    team: () => headers.set('authorization', `Bearer ${keys.team}`),
    write: () => headers.set('authorization', `Bearer ${keys.write}`),
    propose: () => headers.set('authorization', `Bearer ${keys.propose}`),
    read: () => headers.set('x-api-key', keys.read!),
    other: () => headers.set('authorization', `Bearer ${keys.other}`),
    invalid: () => headers.set('authorization', 'Bearer fbk_not-a-key'),
    none: () => undefined,
    differing: () => {
      headers.set('authorization', `Bearer ${keys.write}`);
      headers.set('x-api-key', keys.read!);
    },
    basic: () => headers.set('authorization', `Basic ${keys.write}`),
  };
  key[r.key]();
  if (r.contentType !== undefined) headers.set('content-type', r.contentType);
  return new Request(`${BASE}${r.path}`, { method: r.method, headers, ...(r.body === undefined ? {} : { body: r.body }) });
}

/**
 * The error envelope of `text`, asserted. Its checks run as plain conditions, and through `expect`
 * (for its message) only when one fails: an assertion costs as much as the request it checks, and
 * the suite makes 500 of them per operation.
 */
function checkEnvelope(status: number, contentType: string | null, text: string): void {
  if (!/^application\/json/.test(contentType ?? '')) expect(contentType).toMatch(/^application\/json/);
  const json = JSON.parse(text);
  const keys = Object.keys(json);
  if (keys.length !== 1 || keys[0] !== 'error') expect(keys).toEqual(['error']);
  const { code, message, details, ...rest } = json.error;
  if (Object.keys(rest).length > 0) expect(rest).toEqual({});
  if (typeof code !== 'string') expect(typeof code).toBe('string');
  if ((ERROR_STATUS as Record<string, number>)[code] !== status) expect((ERROR_STATUS as Record<string, number>)[code]).toBe(status);
  if (!(typeof message === 'string' && message.length > 0)) expect(message).toMatch(/./);
  if (details !== undefined) {
    if (!Array.isArray(details)) expect(Array.isArray(details)).toBe(true);
    for (const d of details) {
      if (!(typeof d.path === 'string' && typeof d.message === 'string')) expect(d).toMatchObject({ path: expect.any(String), message: expect.any(String) });
    }
  }
}

/** A storage to fuzz, and what to do with it once the suite is done. */
export interface FuzzedStorage {
  storage: Storage;
  done(): void;
}

/** The fuzz suite on the storage `open` makes (`storageName` in the suite's title). */
export function defineFuzzSuite(storageName: string, open: () => FuzzedStorage): void {
  describe(`fuzzing every operation (${storageName})`, () => {
    const opened = open();
    let setup: Promise<FuzzWorld> | undefined;
    const get = () => (setup ??= fuzzWorld(opened.storage));
    afterAll(async () => {
      await (await get()).board.close();
      opened.done();
    });

    it.each(operationNames.map((name, i) => [name, i] as const))('%s: no 5xx, errors in the envelope, refusals change nothing', async (name, i) => {
      const world = await get();
      const { board, keys, logged, writes, commits } = world;
      const ids = await liveIds(world, name);
      let before = await snapshot(board);
      // Compared as text first: equal texts are equal stores, and `toEqual` (whose deep walk cost
      // as much as the requests) runs only on a difference, where it decides and explains.
      let beforeText = JSON.stringify(before);
      let requests = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestFor(name, ids), async (r) => {
          requests += 1;
          const writesBefore = writes();
          const commitsBefore = commits();
          const response = await board.fetch(toRequest(r, keys));
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500) expect(response.status, `${r.method} ${r.path} ${r.body ?? ''}`).toBeLessThan(500);
          if (response.status >= 400) checkEnvelope(response.status, response.headers.get('content-type'), text);
          else if (response.status !== 204 && r.method !== 'HEAD') JSON.parse(text);
          // A refusal commits no write transaction: one it began was rolled back whole.
          if (response.status >= 400 && commits() !== commitsBefore) expect(commits() - commitsBefore, `${r.method} ${r.path} committed a write`).toBe(0);
          if (requests <= COMPARED_REQUESTS && r.method !== 'GET' && r.method !== 'HEAD' && !(response.status >= 400 && writes() === writesBefore)) {
            const after = await snapshot(board);
            const afterText = JSON.stringify(after);
            if (response.status >= 400 && afterText !== beforeText) expect(after, `${r.method} ${r.path} changed data`).toEqual(before);
            before = after;
            beforeText = afterText;
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED + i, endOnFailure: true },
      );
      expect(requests).toBeGreaterThanOrEqual(RUNS_PER_OPERATION);
      expect(logged).toEqual([]);
      // Enough requests get through to exercise the operation itself, not only its refusals.
      const accepted = [...statuses].filter(([status]) => status < 300).reduce((n, [, count]) => n + count, 0);
      expect(accepted, JSON.stringify([...statuses])).toBeGreaterThan(RUNS_PER_OPERATION / 50);
    });
  });
}
