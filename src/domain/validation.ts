/**
 * The building blocks of every request schema: text with the API's rules (well-formed Unicode,
 * no NUL, lengths in code points), strict integer query parameters, and the translation of zod
 * issues into the error envelope's `details`.
 *
 * Request schemas are built with `zod/mini` (a fraction of classic zod's size in a browser
 * bundle); they are the same zod core schemas, so classic zod's `toJSONSchema` still reads them.
 */
import * as z from 'zod/mini';
import { englishMessage } from './messages.js';
import { FeedbackBoardError, type ErrorDetail } from './errors.js';

/** Lengths count Unicode code points, not UTF-16 units. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const LONE_SURROGATE = /\p{Surrogate}/u;

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * `text` without lone surrogates, control characters and bidirectional controls: a name from
 * outside (a file's, an OAuth client's) that can be shown as it is and never reads backwards.
 */
export function withoutControls(text: string): string {
  return text.replace(LONE_SURROGATES, '').replace(CONTROLS, '');
}

/** True when the string has no lone surrogate (`String.prototype.isWellFormed`, where available). */
export function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(text) : !LONE_SURROGATE.test(text);
}

function textIssue(value: string, min: number, max: number): string | undefined {
  if (!isWellFormed(value)) return 'must be well-formed Unicode (no lone surrogates)';
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  const length = codePointLength(value);
  if (length < min) return min === 1 ? 'must not be empty' : `must be at least ${min} characters`;
  if (length > max) return `must be at most ${max} characters`;
  return undefined;
}

/** Text schemas with their length bounds, waiting for {@link registerTextBounds}. */
const textBounds: Array<[z.ZodMiniType, { minLength: number; maxLength: number }]> = [];

/**
 * A clone of `schema` to carry `minLength`/`maxLength` in zod's global registry, as classic zod's
 * `.meta()` would, for the JSON Schema of the OpenAPI document and the MCP tools. The registry
 * entry is only made by {@link registerTextBounds}, which the full operation table calls when it
 * loads: validation alone does not need zod's registry, and a browser bundle then carries none.
 */
function withMeta<S extends z.ZodMiniType>(schema: S, meta: { minLength: number; maxLength: number }): S {
  const clone = schema.clone();
  textBounds.push([clone, meta]);
  return clone;
}

/** Puts the length bounds of every text schema made so far into `registry` (zod's global one). */
export function registerTextBounds(registry: z.core.$ZodRegistry<Record<string, unknown>>): void {
  for (const [schema, meta] of textBounds) if (!registry.has(schema)) registry.add(schema, meta);
}

const textRule = (min: number, max: number) =>
  z.superRefine<string>((value, ctx) => {
    const message = textIssue(value, min, max);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A string of `min..max` code points, stored exactly as sent. */
export function text(min: number, max: number) {
  return withMeta(z.string().check(textRule(min, max)), { minLength: min, maxLength: max });
}

/** Like {@link text}, but trimmed of surrounding white space first (post titles only). */
export function trimmedText(min: number, max: number) {
  return withMeta(z.string().check(z.trim(), textRule(min, max)), { minLength: min, maxLength: max });
}

/** A JSON integer in `min..max` (safe integers only). */
export function int(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `between ${min} and ${max}`;
  return z.int(`must be an integer`).check(z.gte(min, `must be ${range}`), z.lte(max, `must be ${range}`));
}

/** Decimal digits only: `Number()` would accept "", "0x10", "1e3" and " 1 ". */
const STRICT_INTEGER = /^(0|-?[1-9][0-9]{0,15})$/;

/** A query parameter holding an integer in `min..max`. */
export function intParam(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z.pipe(z.pipe(z.string().check(z.regex(STRICT_INTEGER, 'must be an integer')), z.transform(Number)), int(min, max));
}

/** A query parameter holding one of `values`. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of: ${values.join(', ')}` });
}

/** Turns zod issues into envelope details (`unknown field` once per unrecognized key). */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], prefix: string[] = []): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.push({ path: [...path, key].join('.'), message: 'unknown field' });
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the branch that got furthest rather than "invalid input".
      const best = [...issue.errors].sort((a, b) => b.length - a.length)[0] ?? [];
      details.push(...issuesToDetails(best, path));
    } else {
      details.push({ path: path.join('.'), message: issue.message });
    }
  }
  return details;
}

/**
 * Zod's English messages for issues a schema leaves without one ("Invalid input: expected
 * string, received number"), unless the application configured its own messages or locale:
 * classic zod installs the English locale globally, `zod/mini` does not, and the error details
 * must read the same either way.
 */
function defaultMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const config = z.config();
  return config.customError || config.localeError ? undefined : englishMessage(issue);
}

/** `safeParse` with zod's English messages as the default (see {@link defaultMessage}). */
export function safeParse<S extends z.core.$ZodType>(schema: S, input: unknown): z.core.util.SafeParseResult<z.output<S>> {
  return z.safeParse(schema, input, { error: defaultMessage });
}

/** Parses `input` with `schema` or throws a 422 `validation_error` naming every failed field. */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  throw validationFailure(issuesToDetails(result.error.issues));
}

export function validationFailure(details: ErrorDetail[]): FeedbackBoardError {
  const first = details[0];
  const message = first
    ? `${first.path || 'body'}: ${first.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ''}`
    : 'Invalid request';
  return new FeedbackBoardError('validation_error', message, { details });
}
