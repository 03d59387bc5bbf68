/** The fields aggregate of the storage contract: each board's custom fields, and the values posts hold for them. */
import type { FieldRecord, FieldValue } from '../../domain/fields.js';
import type { AggregateDefinition, NewRecord } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Fields of a custom field to change; absent fields are unchanged (a key and a board never change). */
export type FieldPatch = Partial<Pick<FieldRecord, 'label' | 'type' | 'options' | 'required' | 'position'>>;

/** A board's custom fields, and the removal of their values from its posts. */
export interface FieldsTx {
  /** The board's fields, by position, then id. */
  listFields(boardId: number): Promise<FieldRecord[]>;
  /** Inserts a field; the caller checked that its key is free on the board. */
  insertField(row: NewRecord<FieldRecord>): Promise<FieldRecord>;
  /** The updated record, or null if there is no such field. */
  updateField(id: number, patch: FieldPatch): Promise<FieldRecord | null>;
  /** Removes the field (not its values: see {@link FieldsTx.clearFieldValues}); false if there was none. */
  deleteField(id: number): Promise<boolean>;
  /**
   * Removes the value of `key` from the board's posts, or only the values among `values` when
   * given; a post left with no value holds none (null). The number of posts changed.
   */
  clearFieldValues(boardId: number, key: string, values?: readonly FieldValue[]): Promise<number>;
  /** How many of the board's posts (hidden and merged ones included) hold a value of `key`. */
  countFieldValues(boardId: number, key: string): Promise<number>;
}

/** The fields aggregate: which methods write; no generic fallbacks. */
export const FIELDS_AGGREGATE = {
  writes: {
    listFields: false,
    insertField: true,
    updateField: true,
    deleteField: true,
    clearFieldValues: true,
    countFieldValues: false,
  },
  fallbacks: {},
} satisfies AggregateDefinition<FieldsTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const FIELDS_SCOPES = {
  listFields: 'board',
  insertField: 'board.board_id',
  updateField: 'field',
  deleteField: 'field',
  clearFieldValues: 'board',
  countFieldValues: 'board',
} satisfies ScopeTable<FieldsTx>;
