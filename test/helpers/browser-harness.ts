/**
 * A minimal test runner for a browser page: the {@link TestApi} the conformance suite needs
 * (describe, it, it.skip, beforeEach, afterEach, expect with the suite's matchers) and a `run()`
 * that executes the registered tests one after another and returns every test's result.
 *
 * No Node built-ins and no dependencies, so that it bundles for the browser as is. The matchers
 * follow vitest's semantics for the values the suite compares: `toBe` is `Object.is`; `toEqual`
 * is recursive, ignores properties whose value is undefined, compares Maps, Sets, Dates and
 * Errors by content and distinguishes arrays from objects; `rejects.toThrow` matches the
 * message by substring or RegExp.
 */
import type { Assertion, Matchers, TestApi } from '../../testing/harness.js';

export interface TestResult {
  /** Suite names and the test name joined by " > ". */
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  /** The failure's message (and stack when there is one). */
  error?: string;
  ms: number;
}

type Body = () => Promise<void> | void;

interface Suite {
  names: string[];
  beforeEach: Body[];
  afterEach: Body[];
  parent: Suite | undefined;
}

interface Registered {
  name: string;
  body: Body;
  timeout: number;
  suite: Suite;
  skip: boolean;
}

export interface Harness {
  api: TestApi;
  /** The full names of the tests registered so far, in order. */
  names(): string[];
  run(onResult?: (result: TestResult) => void): Promise<TestResult[]>;
}

const DEFAULT_TIMEOUT = 30_000;

export function createHarness(): Harness {
  const root: Suite = { names: [], beforeEach: [], afterEach: [], parent: undefined };
  let current = root;
  const tests: Registered[] = [];

  const register = (skip: boolean) => (name: string, body: Body, timeout?: number) => {
    tests.push({ name: [...current.names, name].join(' > '), body, timeout: timeout ?? DEFAULT_TIMEOUT, suite: current, skip });
  };
  const it = Object.assign(register(false), { skip: register(true) });

  const api: TestApi = {
    describe(name, fn) {
      const suite: Suite = { names: [...current.names, name], beforeEach: [], afterEach: [], parent: current };
      current = suite;
      try {
        fn();
      } finally {
        current = suite.parent!;
      }
    },
    it,
    expect,
    beforeEach: (fn) => current.beforeEach.push(fn),
    afterEach: (fn) => current.afterEach.push(fn),
  };

  async function runOne(test: Registered): Promise<TestResult> {
    const started = performance.now();
    if (test.skip) return { name: test.name, status: 'skipped', ms: 0 };
    const chain: Suite[] = [];
    for (let suite: Suite | undefined = test.suite; suite !== undefined; suite = suite.parent) chain.unshift(suite);
    let failure: unknown;
    let failed = false;
    try {
      for (const suite of chain) for (const hook of suite.beforeEach) await hook();
      await withTimeout(test.body, test.timeout);
    } catch (error) {
      failed = true;
      failure = error;
    }
    // afterEach hooks run however the test ended, innermost first, as in vitest.
    for (const suite of [...chain].reverse()) {
      for (const hook of suite.afterEach) {
        try {
          await hook();
        } catch (error) {
          if (!failed) [failed, failure] = [true, error];
        }
      }
    }
    const ms = Math.round(performance.now() - started);
    return failed ? { name: test.name, status: 'failed', error: describeError(failure), ms } : { name: test.name, status: 'passed', ms };
  }

  return {
    api,
    names: () => tests.map((test) => test.name),
    async run(onResult) {
      const results: TestResult[] = [];
      for (const test of tests) {
        const result = await runOne(test);
        results.push(result);
        onResult?.(result);
      }
      return results;
    },
  };
}

async function withTimeout(body: Body, timeout: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`test timed out after ${timeout} ms`)), timeout);
  });
  try {
    await Promise.race([Promise.resolve().then(body), expired]);
  } finally {
    clearTimeout(timer);
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack?.includes(error.message) ? error.stack : `${error.message}\n${error.stack ?? ''}`;
  return show(error);
}

/** A short, readable rendering of a value for failure messages. */
export function show(value: unknown): string {
  const text = (() => {
    if (value instanceof Map) return `Map ${show([...value])}`;
    if (value instanceof Set) return `Set ${show([...value])}`;
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'number' && Object.is(value, -0)) return '-0';
    try {
      return JSON.stringify(value, (_key, item: unknown) => (item === undefined ? '<undefined>' : item instanceof Map || item instanceof Set ? show(item) : item)) ?? String(value);
    } catch {
      return String(value);
    }
  })();
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/** vitest's `toEqual` over plain data, Maps, Sets, Dates and Errors. */
export function equals(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.prototype.toString.call(a) !== Object.prototype.toString.call(b)) return false;
  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (a instanceof Error && b instanceof Error) return a.message === b.message;
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [key, item] of a) if (!b.has(key) || !equals(item, b.get(key))) return false;
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false;
    for (const item of a) if (!b.has(item) && ![...b].some((other) => equals(item, other))) return false;
    return true;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return false;
  const keysOf = (value: object) => Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  const left = keysOf(a);
  const right = keysOf(b);
  if (left.length !== right.length) return false;
  const record = b as Record<string, unknown>;
  return left.every((key) => Object.prototype.hasOwnProperty.call(b, key) && equals((a as Record<string, unknown>)[key], record[key]));
}

function matchers(actual: unknown, negated: boolean): Matchers {
  const check = (pass: boolean, message: string): void => {
    if (pass === negated) throw new Error(negated ? `expected not: ${message}` : `expected: ${message}`);
  };
  const number = (value: unknown): number => {
    if (typeof value !== 'number') throw new Error(`expected a number, got ${show(value)}`);
    return value;
  };
  return {
    toBe: (expected) => check(Object.is(actual, expected), `${show(actual)} to be ${show(expected)}`),
    toEqual: (expected) => check(equals(actual, expected), `${show(actual)} to equal ${show(expected)}`),
    toBeNull: () => check(actual === null, `${show(actual)} to be null`),
    toHaveLength: (length) =>
      check((actual as { length?: unknown } | null)?.length === length, `${show(actual)} to have length ${length}`),
    toContain: (item) =>
      check(
        typeof actual === 'string' ? typeof item === 'string' && actual.includes(item) : Array.from(actual as Iterable<unknown>).includes(item),
        `${show(actual)} to contain ${show(item)}`,
      ),
    toBeGreaterThan: (value) => check(number(actual) > value, `${show(actual)} > ${value}`),
    toBeGreaterThanOrEqual: (value) => check(number(actual) >= value, `${show(actual)} >= ${value}`),
    toBeLessThan: (value) => check(number(actual) < value, `${show(actual)} < ${value}`),
    toBeTruthy: () => check(Boolean(actual), `${show(actual)} to be truthy`),
    toBeFalsy: () => check(!actual, `${show(actual)} to be falsy`),
  };
}

export function expect(actual: unknown): Assertion {
  return {
    ...matchers(actual, false),
    not: matchers(actual, true),
    rejects: {
      async toThrow(expected) {
        let error: unknown;
        try {
          await actual;
        } catch (caught) {
          error = caught ?? new Error(String(caught));
        }
        if (error === undefined) throw new Error('expected the promise to reject, but it resolved');
        if (expected === undefined) return;
        const message = error instanceof Error ? error.message : String(error);
        const pass = typeof expected === 'string' ? message.includes(expected) : expected.test(message);
        if (!pass) throw new Error(`expected the rejection's message ${show(message)} to match ${show(String(expected))}`);
      },
    },
  };
}
