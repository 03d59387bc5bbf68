/**
 * A board's custom fields (docs/fields.md): what its submission form asks beside the title and
 * body. Listing them is `read` (a client building a form needs them); replacing them is the
 * team's (`team` scope). A field removed takes its values from every post of the board; a field
 * whose type changes loses them too; a choice loses the values of the options it no longer offers.
 */
import { validationError } from '../domain/errors.js';
import type { FieldRecord, FieldValue } from '../domain/fields.js';
import { updateFieldsBody, type UpdateFieldsInput } from '../domain/fields-requests.js';
import type { Field, FieldList } from '../domain/responses.js';
import { requireScope } from '../domain/scopes.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { read, write, type Caller, type ServiceContext } from './context.js';
import { boardOf } from './lookup.js';

function presentField(f: FieldRecord): Field {
  return { key: f.key, label: f.label, type: f.type, options: [...f.options], required: f.required };
}

/** The board's fields, in form order; `read` scope. */
export function listFields(ctx: ServiceContext, caller: Caller, slug: string): Promise<FieldList> {
  requireScope(caller.scope, 'read');
  return read(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    return { fields: (await tx.listFields(board.id)).map(presentField) };
  });
}

type Definition = ReturnType<typeof updateFieldsBody.parse>['fields'][number];

/** A choice's options, each once; none for the other types (a choice must offer one at least). */
function optionsOf(definition: Definition, index: number): string[] {
  const options = definition.options ?? [];
  if (definition.type !== 'choice') {
    if (options.length > 0) throw validationError(`fields.${index}.options`, 'are only for a choice field');
    return [];
  }
  if (options.length === 0) throw validationError(`fields.${index}.options`, 'must offer at least one option');
  if (new Set(options).size !== options.length) throw validationError(`fields.${index}.options`, 'must each be offered once');
  return options;
}

/**
 * Replaces the board's fields with `fields`, in that order (a field keeps its values while its key
 * and type stay); `team` scope. The board's fields, as stored.
 */
export function updateFields(ctx: ServiceContext, caller: Caller, slug: string, body: UpdateFieldsInput): Promise<FieldList> {
  requireScope(caller.scope, 'team');
  const input = parseOrThrow(updateFieldsBody, body);
  const keys = new Set<string>();
  const wanted = input.fields.map((definition, position) => {
    if (keys.has(definition.key)) throw validationError(`fields.${position}.key`, 'is the key of another field');
    keys.add(definition.key);
    return { key: definition.key, label: definition.label, type: definition.type, options: optionsOf(definition, position), required: definition.required ?? false, position };
  });
  return write(ctx, async (tx) => {
    const board = await boardOf(tx, caller, slug);
    const existing = await tx.listFields(board.id);
    for (const field of existing) {
      const next = wanted.find((w) => w.key === field.key);
      if (next === undefined || next.type !== field.type) await tx.clearFieldValues(board.id, field.key);
      if (next === undefined) await tx.deleteField(field.id);
      else {
        if (next.type === field.type && field.type === 'choice') await clearDropped(tx, board.id, field, next.options);
        await tx.updateField(field.id, { label: next.label, type: next.type, options: next.options, required: next.required, position: next.position });
      }
    }
    for (const next of wanted) if (!existing.some((field) => field.key === next.key)) await tx.insertField({ board_id: board.id, ...next });
    return { fields: (await tx.listFields(board.id)).map(presentField) };
  });
}

/** Removes the values of the options a choice no longer offers. */
async function clearDropped(tx: StorageTx, boardId: number, field: FieldRecord, options: readonly string[]): Promise<void> {
  const dropped: FieldValue[] = field.options.filter((option) => !options.includes(option));
  if (dropped.length > 0) await tx.clearFieldValues(boardId, field.key, dropped);
}
