/**
 * The request schemas of a board's custom fields (docs/fields.md). A module of their own, named by
 * the operation table beside `requests.ts`: the core's browser bundle holds `requests.ts` whole,
 * and these load only with the service that replaces a board's fields.
 */
import * as z from 'zod/mini';
import { LIMITS } from './requests.js';
import { trimmedText } from './validation.js';

/** A custom field's key: a lower-case letter, then lower-case letters, digits and `_`; never changes. */
export const fieldKey = /* @__PURE__ */ z.string().check(z.regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be a lower-case letter, then up to 39 lower-case letters, digits and _'));

/** One of a board's custom fields, as the team declares it. */
export const fieldDefinition = /* @__PURE__ */ z.strictObject({
  key: fieldKey,
  label: trimmedText(1, LIMITS.fieldLabel),
  type: z.enum(['text', 'number', 'choice'], { error: 'must be one of: text, number, choice' }),
  /** The choices of a `choice` field (required for one, refused for the others). */
  options: z.optional(z.array(trimmedText(1, LIMITS.fieldOption)).check(z.maxLength(LIMITS.fieldOptions, `at most ${LIMITS.fieldOptions} options`))),
  required: z.optional(z.boolean()),
});

/** Body of `PUT /boards/{slug}/fields`: the board's fields in form order, replacing the ones it had. */
export const updateFieldsBody = /* @__PURE__ */ z.strictObject({
  fields: z.array(fieldDefinition).check(z.maxLength(LIMITS.fieldsPerBoard, `at most ${LIMITS.fieldsPerBoard} fields`)),
});

/** Body of `PUT /boards/{slug}/fields`: `fields`, the board's fields in form order. */
export type UpdateFieldsInput = z.input<typeof updateFieldsBody>;
/** One field of {@link UpdateFieldsInput}: `key`, `label`, `type`, `options` (a choice's), `required`. */
export type FieldDefinitionInput = z.input<typeof fieldDefinition>;
