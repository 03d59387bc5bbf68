/**
 * Validation messages without zod's global English locale: `zod/mini` (what the core validates
 * with) installs none, so `englishMessage` words the issues our schemas raise without a message
 * of their own. It must say exactly what zod's `en` locale says, for every such issue, or the
 * error details of a browser build would differ from those of a Node process that loaded classic
 * zod. This file imports no classic zod; each test clears the global configuration (see beforeEach).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { FeedbackBoardError } from '../../src/domain/errors.js';
import { englishMessage } from '../../src/domain/messages.js';
import * as req from '../../src/domain/requests.js';
import { issuesToDetails, parseOrThrow } from '../../src/domain/validation.js';
import { fixtureSchema } from '../../src/fixture/schema.js';

const locale = en().localeError;
const localeMessage = (issue: z.core.$ZodRawIssue) => {
  const message = locale(issue);
  return typeof message === 'string' ? message : message?.message;
};

const schemas: Record<string, z.core.$ZodType> = {
  createBoardBody: req.createBoardBody,
  createPostBody: req.createPostBody,
  updatePostBody: req.updatePostBody,
  claimBody: req.claimBody,
  addEvidenceBody: req.addEvidenceBody,
  proposeStatusBody: req.proposeStatusBody,
  createCommentBody: req.createCommentBody,
  updateCommentBody: req.updateCommentBody,
  listPostsQuery: req.listPostsQuery,
  pageQuery: req.pageQuery,
  queueQuery: req.queueQuery,
  shipStatsQuery: req.shipStatsQuery,
  analyticsQuery: req.analyticsQuery,
  fixtureSchema,
};

const BAD_VALUES: unknown[] = [123, 1.5, -1, 1e20, Number.NaN, 'text', '', '1.5', true, null, [], ['a'], {}, { x: 1 }, new Date(0), Array(600).fill('a'), Array(101).fill({ kind: 'url', ref: 'x' })];

/** Every value of BAD_VALUES in every field of the schema's shape, plus the bare values. */
function badInputs(schema: z.core.$ZodType): unknown[] {
  const shape = (schema as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape ?? {};
  const inputs: unknown[] = [...BAD_VALUES, { unknown_field: 1, other: 2 }];
  for (const key of Object.keys(shape)) for (const value of BAD_VALUES) inputs.push({ [key]: value });
  inputs.push({ organizations: [{ name: 'Acme', apiKeys: [{ key: 'short', scope: 'admin' }], boards: [{ slug: 'a', name: 'A', posts: [{ title: 'T', tags: Array(21).fill('t'), votes: 'x', comments: [{ body: 'b', reactions: { '': -1 } }] }] }] }] });
  return inputs;
}

/** The raw issues zod hands to the error map, i.e. those with no message of ours (messages are made when read). */
function rawIssues(schema: z.core.$ZodType, input: unknown): z.core.$ZodRawIssue[] {
  const issues: z.core.$ZodRawIssue[] = [];
  const result = z.safeParse(schema, input, { error: (issue) => void issues.push(issue) });
  for (const issue of result.error?.issues ?? []) expect(typeof issue.message).toBe('string');
  return issues;
}

// zod's configuration is global to a module graph, which the files of a test worker share: a
// module that imports zod's classic build (the MCP SDK does) installs the en locale there. Each
// test starts from no error map and no locale, and the configuration found is put back after.
let found: { customError: z.core.$ZodConfig['customError']; localeError: z.core.$ZodConfig['localeError'] };
beforeEach(() => {
  const { customError, localeError } = z.config();
  found = { customError, localeError };
  z.config({ customError: undefined, localeError: undefined });
});
afterEach(() => {
  z.config(found);
});

describe('englishMessage', () => {
  it('is what the en locale says for every issue our schemas raise without a message', () => {
    expect(z.config().localeError).toBeUndefined();
    const codes = new Set<string>();
    let compared = 0;
    for (const [name, schema] of Object.entries(schemas)) {
      for (const input of badInputs(schema)) {
        for (const issue of rawIssues(schema, input)) {
          codes.add(issue.code!);
          expect({ name, input, message: englishMessage(issue) }).toEqual({ name, input, message: localeMessage(issue) });
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect([...codes].sort()).toEqual(expect.arrayContaining(['invalid_type', 'invalid_value', 'too_big', 'unrecognized_keys']));
  });

  it('words every branch as the locale does, sizes, bounds and received types included', () => {
    class Thing {}
    const issues = [
      ...[Number.NaN, Infinity, -Infinity, null, [], new Thing(), 'x', 1n, undefined, () => 1, Symbol('s')].map((input) => ({ code: 'invalid_type', expected: 'string', input })),
      { code: 'invalid_type', expected: 'nan', input: 1 },
      { code: 'invalid_value', values: ['a'], input: 'b' },
      { code: 'invalid_value', values: ['a', 2, 3n, true, null], input: 'b' },
      ...['string', 'array', 'set', 'map', 'file', 'number', 'date', undefined].flatMap((origin) =>
        [{ exact: true }, { inclusive: true }, { inclusive: false }].flatMap((flags) => [
          { code: 'too_big', origin, maximum: 5, ...flags, input: 1 },
          { code: 'too_small', origin, minimum: 1n, ...flags, input: 1 },
        ]),
      ),
      { code: 'unrecognized_keys', keys: ['a'], input: {} },
      { code: 'unrecognized_keys', keys: ['a', 'b'], input: {} },
      { code: 'invalid_key', origin: 'record', issues: [], input: {} },
      { code: 'invalid_element', origin: 'map', key: 1, issues: [], input: {} },
      { code: 'invalid_union', errors: [], input: 1 },
      { code: 'invalid_union', errors: [], inclusive: false, input: 1 },
      { code: 'custom', input: 1 },
    ] as unknown as z.core.$ZodRawIssue[];
    for (const issue of issues) expect({ issue, message: englishMessage(issue) }).toEqual({ issue, message: localeMessage(issue) });
  });
});

describe('parseOrThrow without a global locale', () => {
  const details = (schema: z.core.$ZodType, input: unknown) => {
    try {
      parseOrThrow(schema, input);
    } catch (error) {
      expect(error).toBeInstanceOf(FeedbackBoardError);
      return (error as FeedbackBoardError).details;
    }
    throw new Error('expected a validation_error');
  };

  it('gives the details the en locale would give', () => {
    for (const [schema, input] of [
      [req.createPostBody, { title: 5, pinned: 'yes', tags: 'UI', extra: 1 }],
      [req.updatePostBody, { queue_rank: 'high', implementation_evidence: [{ kind: 'wiki', ref: 1 }] }],
      [req.listPostsQuery, { sort: 'old', limit: 5 }],
      [fixtureSchema, { organizations: [{ name: 'A', apiKeys: [{ key: 'abcdefghij', scope: 'root' }] }], extra: true }],
    ] as const) {
      const expected = issuesToDetails(z.safeParse(schema, input, { error: locale }).error!.issues);
      expect(details(schema, input)).toEqual(expected);
      expect(expected.some((detail) => /^Invalid (input|option): expected/.test(detail.message))).toBe(true);
    }
  });

  it("leaves the application's own error map, or its own locale, in charge", () => {
    z.config({ customError: () => 'custom words' });
    expect(details(req.createPostBody, { title: 5 })).toEqual([{ path: 'title', message: 'custom words' }]);
    z.config({ customError: undefined, localeError: () => 'other locale' });
    expect(details(req.createPostBody, { title: 5 })).toEqual([{ path: 'title', message: 'other locale' }]);
    z.config({ localeError: undefined });
    expect(details(req.createPostBody, { title: 5 })).toEqual([{ path: 'title', message: 'Invalid input: expected string, received number' }]);
  });
});
