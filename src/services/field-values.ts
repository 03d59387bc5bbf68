/**
 * The values a post is given for its board's custom fields, checked against the fields: a key of
 * the board's, a value of the field's type (text, checked by the request's schema, a finite
 * number, one of a choice's options), and every required field given a value on a new post and
 * never removed. Each refusal is a 422 naming the field (`fields.<key>`), before anything is stored.
 */
import { validationError } from '../domain/errors.js';
import type { FieldRecord, FieldValue, FieldValues } from '../domain/fields.js';

/** What the checks read of a field: its key, type, options and whether it is required. */
export type FieldRule = Pick<FieldRecord, 'key' | 'type' | 'options' | 'required'>;

/** Values as a request gives them: null is no value (in a change, the value removed). */
export type FieldValuesInput = Readonly<Record<string, FieldValue | null>>;

/** Why a value is refused, in the message of the 422. */
function valueIssue(field: FieldRule, value: FieldValue): string | undefined {
  if (field.type === 'number') return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
  if (typeof value !== 'string') return 'must be text';
  // Text was checked with the request (well-formed, no NUL, at most LIMITS.fieldText characters).
  return field.type === 'choice' && !field.options.includes(value) ? `must be one of: ${field.options.join(', ')}` : undefined;
}

/**
 * The post's values after `input` is applied to `current` (what it holds; null for none), or null
 * when it holds none. A new post (`creating`) must give every required field. Text is trimmed,
 * and empty text is no value. Throws a 422 naming the first field refused.
 */
export function checkFieldValues(
  fields: readonly FieldRule[],
  input: FieldValuesInput | undefined,
  current: FieldValues | null,
  creating: boolean,
): FieldValues | null {
  const next: FieldValues = { ...current };
  for (const [key, given] of Object.entries(input ?? {})) {
    const field = fields.find((f) => f.key === key);
    if (field === undefined) throw validationError(`fields.${key}`, 'is not a field of this board');
    const value = typeof given === 'string' ? given.trim() : given;
    if (value === null || value === '') {
      delete next[key];
      continue;
    }
    const issue = valueIssue(field, value);
    if (issue !== undefined) throw validationError(`fields.${key}`, issue);
    next[key] = value;
  }
  for (const field of fields) {
    // A new post must give every required field; a change may leave one alone but not remove it.
    if (field.required && next[field.key] === undefined && (creating || current?.[field.key] !== undefined || input?.[field.key] !== undefined)) {
      throw validationError(`fields.${field.key}`, 'is required');
    }
  }
  return Object.keys(next).length === 0 ? null : next;
}

/** Whether two posts' values are the same. */
export function sameFieldValues(a: FieldValues | null, b: FieldValues | null): boolean {
  const left = Object.entries(a ?? {});
  return left.length === Object.keys(b ?? {}).length && left.every(([key, value]) => b?.[key] === value);
}

/**
 * Of `values` checked earlier (a held post's, when it was submitted), those the board's fields
 * still take as they are; the values of fields removed or changed since are dropped.
 */
export function valuesStillOffered(fields: readonly FieldRecord[], values: FieldValues | null): FieldValues | null {
  const kept = Object.entries(values ?? {}).filter(([key, value]) => {
    const field = fields.find((f) => f.key === key);
    return field !== undefined && valueIssue(field, value) === undefined;
  });
  return kept.length === 0 ? null : Object.fromEntries(kept);
}
