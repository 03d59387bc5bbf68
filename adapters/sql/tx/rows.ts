/**
 * Rows as the SQL stores return them, and their conversion to the contract's records (a boolean
 * column to a boolean, the proposal's four columns to one object). Every conversion builds a new
 * object, so records handed out never alias anything a store keeps.
 */
import type { BoardRecord } from '../../../src/domain/records.js';
import { flag } from '../statements.js';

/** A boolean column as SQLite (0/1) or PostgreSQL (a boolean) returns it. */
export type Flag = 0 | 1 | boolean;

export type BoardRow = Omit<BoardRecord, 'published'> & { published: Flag };

export function toBoard(row: BoardRow): BoardRecord {
  return { ...row, published: flag(row.published) };
}
