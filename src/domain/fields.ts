/**
 * A board's custom fields: what the submission form asks beside the title and body (text, a
 * number, or one choice of a list), and the values posts carry for them, keyed by each field's
 * key. A post's values are checked against its board's fields whenever they are written; a field
 * removed takes its values with it.
 */

/** What a field holds: free text, a number, or one of its `options`. */
export type FieldType = 'text' | 'number' | 'choice';

/** A value of a field: text for `text` and `choice` fields, a number for `number` ones. */
export type FieldValue = string | number;

/** A post's values, by field key. */
export type FieldValues = Record<string, FieldValue>;

/** A stored field of a board. */
export interface FieldRecord {
  id: number;
  board_id: number;
  /** Unique per board; lower-case letters, digits and `_`, starting with a letter. Never changes. */
  key: string;
  label: string;
  type: FieldType;
  /** The choices of a `choice` field, in the order offered; empty for the others. */
  options: string[];
  /** A new post must give it a value. */
  required: boolean;
  /** Order of the board's fields on the form (then id). */
  position: number;
}
