/**
 * Zod's English messages for the issues our request schemas can raise without a message of their
 * own ("Invalid input: expected string, received number", "Too big: expected array to have
 * <=50 items"...), word for word as zod's `en` locale writes them. Classic zod installs that
 * locale globally when it loads; `zod/mini` does not, and the whole locale (every string format's
 * name, in every wording) is a large share of a browser bundle that needs a few sentences of it.
 * Issues of other codes (string formats, multiples) are never raised without a message of ours.
 * `test/domain/messages.test.ts` checks these against the locale itself, issue by issue.
 */
import type { core } from 'zod/mini';

const UNITS: Record<string, string> = { string: 'characters', file: 'bytes', array: 'items', set: 'items', map: 'entries' };

/** The type zod reports as received (its `util.parsedType`): `array`, `null`, `nan`, a class name... */
function parsedType(data: unknown): string {
  if (typeof data === 'number') return Number.isNaN(data) ? 'nan' : 'number';
  if (typeof data !== 'object') return typeof data;
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'array';
  if (Object.getPrototypeOf(data) !== Object.prototype && 'constructor' in data && data.constructor) return (data.constructor as { name: string }).name;
  return 'object';
}

/** A primitive as zod quotes it in a message (its `util.stringifyPrimitive`). */
const quote = (value: unknown): string => (typeof value === 'bigint' ? `${value}n` : typeof value === 'string' ? `"${value}"` : `${String(value)}`);

/** A type's name as the locale prints it: `NaN` for NaN, `Infinity` for an infinite number. */
function typeName(type: string, input?: unknown): string {
  if (type === 'number' && typeof input === 'number' && !Number.isFinite(input)) return String(input);
  return type === 'nan' ? 'NaN' : type;
}

/** A size or value bound: "to have <=50 items" for sized origins, "to be >=1" for the rest. */
function bound(origin: string | undefined, adjective: string, limit: { toString(): string }): string {
  const unit = origin === undefined ? undefined : UNITS[origin];
  return unit ? `to have ${adjective}${limit.toString()} ${unit}` : `to be ${adjective}${limit.toString()}`;
}

/** The English message of `issue`, as zod's `en` locale words it. */
export function englishMessage(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${typeName(issue.expected)}, received ${typeName(parsedType(issue.input), issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${quote(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(quote).join('|')}`;
    case 'too_big': {
      const adjective = issue.exact ? 'exactly ' : issue.inclusive ? '<=' : '<';
      return `Too big: expected ${issue.origin ?? 'value'} ${bound(issue.origin, adjective, issue.maximum)}`;
    }
    case 'too_small': {
      const adjective = issue.exact ? 'exactly ' : issue.inclusive ? '>=' : '>';
      return `Too small: expected ${issue.origin} ${bound(issue.origin, adjective, issue.minimum)}`;
    }
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map(quote).join(', ')}`;
    case 'invalid_key':
      return `Invalid key in ${issue.origin}`;
    case 'invalid_element':
      return `Invalid value in ${issue.origin}`;
    case 'invalid_union':
      return issue.inclusive === false ? 'Invalid input: more than one option matched' : 'Invalid input';
    default:
      return 'Invalid input';
  }
}
