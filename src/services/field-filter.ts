/**
 * A list's filter by a custom field's value (`field=key:value`), read against the board's fields;
 * loaded on the first list that asks for one, so the request path carries it only then.
 */
import { validationError } from '../domain/errors.js';
import type { StorageTx } from '../storage/contract.js';
import type { PostListQuery } from '../storage/contract/posts.js';

/**
 * The filter `key:value` names: the value as the field's type holds it (a number field's, a
 * number), or null when no post can match (no such field, or not a number for a number field).
 */
export async function fieldFilter(tx: StorageTx, boardId: number, filter: string): Promise<PostListQuery['field'] | null> {
  const colon = filter.indexOf(':');
  if (colon < 1) throw validationError('field', 'must be key:value');
  const key = filter.slice(0, colon);
  const text = filter.slice(colon + 1);
  const field = (await tx.listFields(boardId)).find((f) => f.key === key);
  if (field?.type !== 'number') return field ? { key, value: text } : null;
  const value = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(value) ? { key, value } : null;
}

