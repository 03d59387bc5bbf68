/**
 * A board's custom fields on the pages (docs/fields.md#on-the-pages): one input per field on the
 * idea form, the values a form sent as the service takes them, a refusal of the service shown next
 * to the field it names, and a post's values as a short list of label and value.
 */
import { isFeedbackBoardError } from '../domain/errors.js';
import type { FieldValues } from '../domain/fields.js';
import type { Field } from '../domain/responses.js';
import { LIMITS } from '../domain/requests.js';
import type { MessageKey } from '../i18n/catalogs.js';
import type { PageContext } from './context.js';

/** The form values of the fields, as typed (kept when the form comes back), by key. */
export type FieldDraft = Record<string, string>;

/** A field refused by the service: its key and the message shown next to it. */
export interface FieldRefusal {
  key: string;
  message: MessageKey;
}

/** The name of a field's input on the form. */
const inputName = (key: string) => `field.${key}`;

/** The values the form sent for the board's `fields` (others are ignored), as typed. */
export function fieldDraftFromForm(form: FormData, fields: readonly Field[]): FieldDraft {
  const draft: FieldDraft = {};
  for (const field of fields) {
    const value = form.get(inputName(field.key));
    if (typeof value === 'string' && value !== '') draft[field.key] = [...value].slice(0, LIMITS.fieldText + 1).join('');
  }
  return draft;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The values to give the service: text as typed (it trims, and empty text is no value), a number
 * field's text read as a number when it is one (else the text, which the service refuses).
 */
export function fieldValuesOf(draft: FieldDraft, fields: readonly Field[]): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const field of fields) {
    const typed = draft[field.key];
    if (typed === undefined) continue;
    const trimmed = typed.trim();
    values[field.key] = field.type === 'number' && NUMBER.test(trimmed) && Number.isFinite(Number(trimmed)) ? Number(trimmed) : typed;
  }
  return values;
}

/**
 * The field a validation error of the service names (`fields.<key>`), with the message to show
 * next to it in the page's language; null for any other error.
 */
export function fieldRefusalOf(error: unknown, fields: readonly Field[], draft: FieldDraft): FieldRefusal | null {
  if (!isFeedbackBoardError(error) || error.code !== 'validation_error') return null;
  const path = error.details?.[0]?.path ?? '';
  const field = fields.find((f) => path === `fields.${f.key}`);
  if (!field) return null;
  const typed = (draft[field.key] ?? '').trim();
  if (typed === '') return { key: field.key, message: 'idea.fieldMissing' };
  if (field.type === 'number') return { key: field.key, message: 'idea.fieldNumber' };
  if (field.type === 'choice') return { key: field.key, message: 'idea.fieldChoice' };
  return { key: field.key, message: 'idea.fieldTooLong' };
}

/** One input per field, in the board's order: text, number, or a select of a choice's options. */
export function FieldInputs(props: { ctx: PageContext; fields: readonly Field[]; draft: FieldDraft; refusal?: FieldRefusal | null }) {
  const { ctx, fields, draft, refusal } = props;
  return (
    <>
      {fields.map((field) => {
        const id = `idea-field-${field.key}`;
        const refused = refusal?.key === field.key;
        const errorId = `${id}-error`;
        const value = draft[field.key] ?? '';
        const common = {
          id,
          name: inputName(field.key),
          required: field.required,
          'aria-invalid': refused ? 'true' : undefined,
          'aria-describedby': refused ? errorId : undefined,
        };
        return (
          <div class="field">
            <label for={id}>
              <bdi class="user-text">{field.label}</bdi>
              {field.required ? <span class="required"> {ctx.t('idea.fieldRequired')}</span> : null}
            </label>
            {refused ? (
              <p class="field-error" id={errorId}>
                {ctx.t(refusal!.message)}
              </p>
            ) : null}
            {field.type === 'choice' ? (
              <select {...common}>
                {/* A required choice starts unchosen, so that a voter chooses rather than sends the first option. */}
                {field.required ? (
                  <option value="" disabled selected={value === ''}>
                    {ctx.t('idea.fieldChoose')}
                  </option>
                ) : (
                  <option value="">{ctx.t('idea.fieldNone')}</option>
                )}
                {field.options.map((option) => (
                  <option value={option} selected={option === value}>
                    {option}
                  </option>
                ))}
              </select>
            ) : field.type === 'number' ? (
              <input {...common} type="number" step="any" inputmode="decimal" value={value} />
            ) : (
              <input {...common} maxlength={LIMITS.fieldText} value={value} autocomplete="off" />
            )}
          </div>
        );
      })}
    </>
  );
}

/** A post's values as label and value, in the board's order (a choice's value is its text); nothing when it has none. */
export function FieldValuesList(props: { fields: readonly Field[]; values: FieldValues; number: (value: number) => string }) {
  const shown = props.fields.filter((field) => props.values[field.key] !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl class="post-fields">
      {shown.map((field) => {
        const value = props.values[field.key]!;
        return (
          <div>
            <dt class="user-text">{field.label}</dt>
            <dd class="user-text">{typeof value === 'number' ? props.number(value) : value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
