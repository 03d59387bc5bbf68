/**
 * A board's Fields page (docs/fields.md#on-the-pages): the custom fields its submission form asks,
 * in the form's order, each relabelled, made required or optional, given other options (a choice),
 * moved up or down, or removed (after a confirmation that says how many posts lose a value); new
 * fields are added at the end. Every change replaces the board's whole list through the team's
 * API (`PUT /boards/{slug}/fields`), so its rules are the API's; a refused form changes nothing and
 * says why, the field being added kept as it was typed.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { FieldDefinitionInput } from '../../domain/fields-requests.js';
import { LIMITS } from '../../domain/requests.js';
import type { Board, Field } from '../../domain/responses.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { notFoundPage, redirect } from '../respond.js';
import type { Route } from '../route.js';
import { counted, dashPage } from './frame.js';

const TYPE_TEXT: Record<Field['type'], string> = { text: 'Text', number: 'Number', choice: 'One choice' };

/** The page of the board's fields. */
const pathOf = (board: Board) => `/dashboard/boards/${encodeURIComponent(board.slug)}/fields`;

/** What the "Add a field" form held, kept when it is refused. */
interface NewField {
  key: string;
  label: string;
  type: string;
  options: string;
  required: boolean;
}

const NO_NEW_FIELD: NewField = { key: '', label: '', type: 'text', options: '', required: false };

/** A refusal of the API, said in words, and the "Add a field" form as it was sent. */
interface Refused {
  problem: string;
  added?: NewField;
}

/** The options typed one per line: trimmed, empty lines left out. */
const optionLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A stored field as the API takes it back. */
function definitionOf(field: Field): FieldDefinitionInput {
  return { key: field.key, label: field.label, type: field.type, ...(field.type === 'choice' ? { options: [...field.options] } : {}), required: field.required };
}

/** One field: what it is, its label, whether it is required and its options to change, moves and removal. */
function FieldRow({ ctx, board, field, first, last }: { ctx: PageContext; board: Board; field: Field; first: boolean; last: boolean }) {
  const base = `${pathOf(board)}/${field.key}`;
  const id = (part: string) => `${part}-${field.key}`;
  return (
    <tr>
      <td>
        <strong class="user-text">{field.label}</strong>
        <div class="muted small">
          <code>{field.key}</code> · {TYPE_TEXT[field.type]}
          {field.required ? ' · required' : ''}
        </div>
      </td>
      <td>
        <PostForm ctx={ctx} action={base} label={`Change ${field.label}`}>
          <div class="field">
            <label for={id('label')}>
              Label <span class="sr-only">of {field.label}</span>
            </label>
            <input id={id('label')} name="label" value={field.label} maxlength={LIMITS.fieldLabel} required />
          </div>
          {field.type === 'choice' ? (
            <div class="field">
              <label for={id('options')}>
                Options, one per line <span class="sr-only">of {field.label}</span>
              </label>
              <textarea id={id('options')} name="options" rows={Math.min(Math.max(field.options.length, 2), 8)}>
                {field.options.join('\n')}
              </textarea>
            </div>
          ) : null}
          <p class="row">
            <label class="row">
              <input type="checkbox" name="required" value="yes" checked={field.required} /> Required
              <span class="sr-only"> {field.label}</span>
            </label>
            <button type="submit" class="secondary">
              Save
            </button>
          </p>
        </PostForm>
      </td>
      <td class="nowrap">
        <PostForm ctx={ctx} action={`${base}/move`} class="inline" label={`Move ${field.label}`}>
          <button type="submit" name="direction" value="up" class="secondary" disabled={first} aria-label={`Move ${field.label} up`}>
            ↑
          </button>{' '}
          <button type="submit" name="direction" value="down" class="secondary" disabled={last} aria-label={`Move ${field.label} down`}>
            ↓
          </button>
        </PostForm>
      </td>
      <td>
        <a href={ctx.href(`${base}/remove`)} aria-label={`Remove ${field.label}`}>
          Remove
        </a>
      </td>
    </tr>
  );
}

/** GET /dashboard/boards/{slug}/fields; a refused form shows it again with the reason (422). */
async function fieldsPage(ctx: PageContext, slug: string, refused?: Refused): Promise<Response> {
  const board = await ctx.team.api.boards.get(slug);
  const { fields } = await ctx.team.api.fields.list(board.slug);
  const added = refused?.added ?? NO_NEW_FIELD;
  return dashPage(
    ctx,
    'boards',
    `Fields of ${board.name}`,
    <>
      <p class="small">
        <a href={ctx.href('/dashboard/boards')}>← Boards</a>
      </p>
      <h1>Fields of {board.name}</h1>
      <p class="lead">
        What the form of a new idea asks beside its title and text, in this order. Posts show their values; the key names a value in the API and never
        changes. At most {LIMITS.fieldsPerBoard} fields. An option taken away from a choice is taken from the posts that chose it.
      </p>
      {refused ? (
        <div class="notice error" role="alert">
          Nothing was changed: {refused.problem}
        </div>
      ) : null}
      {fields.length === 0 ? (
        <p class="muted">This board asks no fields yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Label and settings</th>
              <th scope="col">Order</th>
              <th scope="col">Remove</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, i) => (
              <FieldRow ctx={ctx} board={board} field={field} first={i === 0} last={i === fields.length - 1} />
            ))}
          </tbody>
        </table>
      )}
      <h2>Add a field</h2>
      <PostForm ctx={ctx} action={pathOf(board)} class="card" label="Add a field">
        <div class="row">
          <div class="field">
            <label for="new-label">Label</label>
            <input id="new-label" name="label" maxlength={LIMITS.fieldLabel} required value={added.label} placeholder="Plan" />
          </div>
          <div class="field">
            <label for="new-key">Key (a-z, 0-9 and _)</label>
            <input id="new-key" name="key" maxlength={40} required pattern="[a-z][a-z0-9_]*" value={added.key} placeholder="plan" />
          </div>
          <div class="field">
            <label for="new-type">Type</label>
            <select id="new-type" name="type">
              {(['text', 'number', 'choice'] as const).map((type) => (
                <option value={type} selected={added.type === type}>
                  {TYPE_TEXT[type]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div class="field">
          <label for="new-options">Options of a choice, one per line</label>
          <textarea id="new-options" name="options" rows={3} placeholder={'Free\nPro\nEnterprise'}>
            {added.options}
          </textarea>
        </div>
        <p>
          <label class="row">
            <input type="checkbox" name="required" value="yes" checked={added.required} /> Required: a new idea must give it a value
          </label>
        </p>
        <button type="submit">Add field</button>
      </PostForm>
    </>,
    refused ? 422 : 200,
  );
}

/** `fields.2.options` of the API as words: the field's label (or key) and the part refused. */
function problemOf(message: string, path: string, definitions: readonly FieldDefinitionInput[]): string {
  const [, index, part] = path.split('.');
  const definition = index === undefined ? undefined : definitions[Number(index)];
  if (definition === undefined) return path === 'fields' ? `a board has ${message}.` : `${message}.`;
  const name = definition.label.trim() || definition.key || `field ${Number(index) + 1}`;
  return `${name}: the ${part ?? 'field'} ${message}.`;
}

/** Replaces the board's fields with `definitions`: back to the page, or the page again with the API's reason (422). */
async function saveFields(ctx: PageContext, board: Board, definitions: FieldDefinitionInput[], added?: NewField): Promise<Response> {
  try {
    await ctx.team.api.fields.update(board.slug, { fields: definitions });
    return redirect(ctx, pathOf(board), 'saved');
  } catch (error) {
    if (!isFeedbackBoardError(error) || error.code !== 'validation_error') throw error;
    const detail = error.details?.[0];
    const problem = detail ? problemOf(detail.message, detail.path, definitions) : error.message;
    return fieldsPage(ctx, board.slug, { problem, ...(added ? { added } : {}) });
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The board and its fields, as the API has them (a board of another organization is not found). */
async function boardAndFields(ctx: PageContext, slug: string): Promise<{ board: Board; fields: Field[] }> {
  const board = await ctx.team.api.boards.get(slug);
  return { board, fields: (await ctx.team.api.fields.list(board.slug)).fields };
}

/** POST /dashboard/boards/{slug}/fields: adds a field at the end. */
async function addFieldAction(ctx: PageContext, slug: string, form: FormData): Promise<Response> {
  const { board, fields } = await boardAndFields(ctx, slug);
  const added: NewField = { key: text(form, 'key').trim(), label: text(form, 'label'), type: text(form, 'type'), options: text(form, 'options'), required: form.get('required') === 'yes' };
  const options = optionLines(added.options);
  // Options are sent only when some were typed: a text or number field given some is refused, as by the API.
  const definition = { key: added.key, label: added.label, type: added.type, ...(added.type === 'choice' || options.length > 0 ? { options } : {}), required: added.required };
  return saveFields(ctx, board, [...fields.map(definitionOf), definition as FieldDefinitionInput], added);
}

/** POST /dashboard/boards/{slug}/fields/{key}: a field's label, whether it is required, a choice's options. */
async function updateFieldAction(ctx: PageContext, slug: string, key: string, form: FormData): Promise<Response> {
  const { board, fields } = await boardAndFields(ctx, slug);
  if (!fields.some((f) => f.key === key)) return notFoundPage(ctx);
  const definitions = fields.map((field) => {
    if (field.key !== key) return definitionOf(field);
    return { ...definitionOf(field), label: text(form, 'label'), required: form.get('required') === 'yes', ...(field.type === 'choice' ? { options: optionLines(text(form, 'options')) } : {}) };
  });
  return saveFields(ctx, board, definitions);
}

/** POST /dashboard/boards/{slug}/fields/{key}/move: swaps a field with its neighbour (`up` or `down`). */
async function moveFieldAction(ctx: PageContext, slug: string, key: string, form: FormData): Promise<Response> {
  const { board, fields } = await boardAndFields(ctx, slug);
  const index = fields.findIndex((f) => f.key === key);
  if (index < 0) return notFoundPage(ctx);
  const direction = text(form, 'direction');
  if (direction !== 'up' && direction !== 'down') return fieldsPage(ctx, board.slug, { problem: 'choose up or down.' });
  const other = index + (direction === 'up' ? -1 : 1);
  if (other < 0 || other >= fields.length) return redirect(ctx, pathOf(board));
  const order = [...fields];
  [order[index], order[other]] = [order[other]!, order[index]!];
  return saveFields(ctx, board, order.map(definitionOf));
}

/** How many of the board's posts hold a value of `key`. */
async function postsWithValue(ctx: PageContext, board: Board, key: string): Promise<number> {
  return ctx.board.storage.transaction('read', async (tx) => {
    const record = await tx.getBoardBySlug(ctx.team.organizationId, board.slug);
    return record ? tx.countFieldValues(record.id, key) : 0;
  });
}

/** GET /dashboard/boards/{slug}/fields/{key}/remove: what removing the field does, and the button that does it. */
async function removeFieldPage(ctx: PageContext, slug: string, key: string): Promise<Response> {
  const { board, fields } = await boardAndFields(ctx, slug);
  const field = fields.find((f) => f.key === key);
  if (!field) return notFoundPage(ctx);
  const count = await postsWithValue(ctx, board, field.key);
  return dashPage(
    ctx,
    'boards',
    `Remove ${field.label}`,
    <>
      <p class="small">
        <a href={ctx.href(pathOf(board))}>← Fields of {board.name}</a>
      </p>
      <h1>
        Remove <span class="user-text">{field.label}</span>?
      </h1>
      <p class="lead">
        {count === 0
          ? `No post has a value for ${field.label}. The form of a new idea no longer asks it.`
          : `${counted(count, 'post')} ${count === 1 ? 'has a value' : 'have a value'} for ${field.label}; removing it deletes those values. The form of a new idea no longer asks it.`}
      </p>
      <PostForm ctx={ctx} action={`${pathOf(board)}/${field.key}/remove`} label={`Remove ${field.label}`}>
        <button type="submit" class="danger">
          {count === 0 ? `Remove ${field.label}` : `Remove ${field.label} and its values on ${counted(count, 'post')}`}
        </button>{' '}
        <a class="button secondary" href={ctx.href(pathOf(board))}>
          Keep it
        </a>
      </PostForm>
    </>,
  );
}

/** POST /dashboard/boards/{slug}/fields/{key}/remove. */
async function removeFieldAction(ctx: PageContext, slug: string, key: string): Promise<Response> {
  const { board, fields } = await boardAndFields(ctx, slug);
  if (!fields.some((f) => f.key === key)) return notFoundPage(ctx);
  return saveFields(ctx, board, fields.filter((f) => f.key !== key).map(definitionOf));
}

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/** The routes of a board's Fields page. */
export const boardFieldsRoutes: Route[] = [
  { method: 'GET', pattern: path('/dashboard/boards/:p/fields'), handler: (ctx, [slug]) => fieldsPage(ctx, slug!) },
  { method: 'POST', pattern: path('/dashboard/boards/:p/fields'), handler: (ctx, [slug], form) => addFieldAction(ctx, slug!, form) },
  { method: 'POST', pattern: path('/dashboard/boards/:p/fields/:p'), handler: (ctx, [slug, key], form) => updateFieldAction(ctx, slug!, key!, form) },
  { method: 'POST', pattern: path('/dashboard/boards/:p/fields/:p/move'), handler: (ctx, [slug, key], form) => moveFieldAction(ctx, slug!, key!, form) },
  { method: 'GET', pattern: path('/dashboard/boards/:p/fields/:p/remove'), handler: (ctx, [slug, key]) => removeFieldPage(ctx, slug!, key!) },
  { method: 'POST', pattern: path('/dashboard/boards/:p/fields/:p/remove'), handler: (ctx, [slug, key]) => removeFieldAction(ctx, slug!, key!) },
];
