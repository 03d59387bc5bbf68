/**
 * The conformance suite's plumbing: the target and test-runner shapes, a per-test storage, and
 * the registration of tests against the target's skip list.
 *
 * The suite receives the runner's functions instead of importing one, so that it runs under
 * vitest and under a minimal in-browser harness alike. It therefore uses only these matchers:
 * toBe, toEqual, toBeNull, toHaveLength, toContain, toBeGreaterThan, toBeGreaterThanOrEqual,
 * toBeLessThan, toBeTruthy, toBeFalsy, `.not`, and `rejects.toThrow`; and no Node built-ins.
 */
import type { Storage, StorageTx } from '../src/storage/contract.js';

/** The storage under test: how to make a new one, and how to reopen a persistent one. */
export interface ConformanceTarget {
  /** Shown in the suite's name. */
  name: string;
  /** A new, empty storage. */
  create(): Promise<Storage>;
  /** Persistent stores: closes `storage` and opens the same data again. */
  reopen?(storage: Storage): Promise<Storage>;
  /**
   * The stored rows of the tables among `names` that the storage has (`posts`, `votes`, the
   * maintained counter tables such as `board_days`...), by name: the suite recounts the declared
   * counters from them. Without it, that test is skipped.
   */
  readTables?(storage: Storage, names: readonly string[]): Promise<Record<string, readonly object[]>>;
  /**
   * Test name -> the reason it does not apply to this target. The test is registered with
   * `it.skip` and the reason in its name (left out where the runner has no `it.skip`).
   */
  skip?: Record<string, string>;
}

/** A test's or hook's body. */
export type TestBody = () => Promise<void> | void;
/** `it` (or `it.skip`): registers a test with a name, a body and an optional timeout in ms. */
export type TestFunction = (name: string, fn: TestBody, timeout?: number) => void;

/** The matchers the suite uses, with vitest's (and Jest's) meaning; each throws when it fails. */
export interface Matchers {
  /** `Object.is` equality. */
  toBe(expected: unknown): void;
  /** Deep equality of plain data. */
  toEqual(expected: unknown): void;
  /** The value is `null`. */
  toBeNull(): void;
  /** An array or string of this length. */
  toHaveLength(length: number): void;
  /** An array holding the item (by `===`), or a string holding the substring. */
  toContain(item: unknown): void;
  /** A number greater than `value`. */
  toBeGreaterThan(value: number): void;
  /** A number at least `value`. */
  toBeGreaterThanOrEqual(value: number): void;
  /** A number less than `value`. */
  toBeLessThan(value: number): void;
  /** A truthy value. */
  toBeTruthy(): void;
  /** A falsy value. */
  toBeFalsy(): void;
}

/** What `expect(actual)` returns: the matchers, their negation, and `rejects` for promises. */
export interface Assertion extends Matchers {
  /** The matchers negated. */
  not: Matchers;
  /** For a promise: it rejects, with an error whose message contains `expected` (or matches it). */
  rejects: {
    /** Resolves when the promise rejected as expected; rejects otherwise. */
    toThrow(expected?: string | RegExp): Promise<void>;
  };
}

/** The runner's functions, vitest's or a browser harness's. */
export interface TestApi {
  /** Groups tests under a name. */
  describe(name: string, fn: () => void): void;
  /** Registers a test; `it.skip`, where the runner has it, registers a skipped one. */
  it: TestFunction & { skip?: TestFunction };
  /** Starts an assertion. */
  expect(actual: unknown): Assertion;
  /** Runs before each test of the enclosing `describe`. */
  beforeEach(fn: TestBody): void;
  /** Runs after each test of the enclosing `describe`, also when it failed. */
  afterEach(fn: TestBody): void;
}

/** What every test of the suite works with. */
export interface SuiteContext {
  target: ConformanceTarget;
  t: TestApi;
  expect: TestApi['expect'];
  /** The current test's storage: created before each test, closed after it. */
  readonly storage: Storage;
  /** Replaces the current test's storage (after a reopen), so that it is the one closed. */
  useStorage(storage: Storage): void;
  /** Marks the current storage closed by the test itself. */
  markClosed(): void;
  write<T>(fn: (tx: StorageTx) => Promise<T>): Promise<T>;
  read<T>(fn: (tx: StorageTx) => Promise<T>): Promise<T>;
  /** Registers a test, honouring the target's skip list; names are unique across the suite. */
  test(name: string, body: TestBody, timeout?: number): void;
}

export function createSuiteContext(target: ConformanceTarget, t: TestApi): SuiteContext & { finish(): void } {
  let current: Storage | undefined;
  let closedByTest = false;
  const names = new Set<string>();

  const storage = (): Storage => {
    if (current === undefined) throw new Error('conformance: no storage outside a test');
    return current;
  };

  t.beforeEach(async () => {
    closedByTest = false;
    current = await target.create();
  });
  t.afterEach(async () => {
    const finished = current;
    current = undefined;
    if (finished !== undefined && !closedByTest) await finished.close();
  });

  return {
    target,
    t,
    expect: (actual) => t.expect(actual),
    get storage() {
      return storage();
    },
    useStorage(next) {
      current = next;
      closedByTest = false;
    },
    markClosed() {
      closedByTest = true;
    },
    write: (fn) => storage().transaction('write', fn),
    read: (fn) => storage().transaction('read', fn),
    test(name, body, timeout) {
      if (names.has(name)) throw new Error(`conformance: duplicate test name "${name}"`);
      names.add(name);
      const reason = target.skip?.[name];
      if (reason === undefined) t.it(name, body, timeout);
      else t.it.skip?.(`${name} (skipped: ${reason})`, body, timeout);
    },
    /** Checks, as a test of its own, that the skip list names only tests that exist. */
    finish() {
      // Read when the test runs: runners register nested describes' tests after this call.
      t.it('the skip list names only tests of the suite', () => {
        t.expect(Object.keys(target.skip ?? {}).filter((name) => !names.has(name))).toEqual([]);
      });
    },
  };
}
