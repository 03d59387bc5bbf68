/**
 * Row copies with one spread per table. V8 copies `{ ...row }` into an object of the row's own
 * layout only while the spread has seen few row shapes; one spread shared by every table soon
 * sees dozens, and then builds each copy with four in-object fields and the rest in a separate
 * property array: 32 more bytes per post or comment. A spread per table keeps each one seeing
 * the few shapes of its table.
 */
import { cloneRow, type TableName } from '../../src/storage/record-store.js';

/** A deep copy of a row, as {@link cloneRow} makes it. */
export type RowCopier = (row: object) => object;

/** Replaces each nested object or array of a fresh shallow copy by a deep copy of it. */
function deepen(copy: Record<string, unknown>): object {
  for (const key in copy) {
    const field = copy[key];
    if (typeof field === 'object' && field !== null) {
      // Defined, not assigned: a field named `__proto__` stays an ordinary property.
      Object.defineProperty(copy, key, { value: cloneRow(field), enumerable: true, writable: true, configurable: true });
    }
  }
  return copy;
}

const POST_FIELDS = [
  'id', 'board_id', 'title', 'body', 'status', 'is_admin', 'hidden', 'pinned',
  'queue_rank', 'shipped_at', 'created_at', 'vote_count', 'comment_count', 'proposal', 'status_label_id', 'fields',
];

/** True when `row`'s own enumerable fields are exactly `fields`, in that order. */
function hasFields(row: object, fields: readonly string[]): boolean {
  let i = 0;
  for (const key in row) {
    if (key !== fields[i++] || !Object.prototype.hasOwnProperty.call(row, key)) return false;
  }
  return i === fields.length;
}

/**
 * A post built by a constructor whose prototype is `Object.prototype`: an object like any literal
 * (same prototype, own data fields in order), with every field inside the object. Not a literal:
 * V8 soon allocates the objects of a hot literal straight in the old generation, away from their
 * strings, and sorting a board's posts then ran up to three times slower on cache misses; objects
 * built by `new` start young and are moved next to their fields by the garbage collector.
 */
const PostRow = function (this: Record<string, unknown>, post: Record<string, unknown>) {
  const proposal = post.proposal;
  this.id = post.id;
  this.board_id = post.board_id;
  this.title = post.title;
  this.body = post.body;
  this.status = post.status;
  this.is_admin = post.is_admin;
  this.hidden = post.hidden;
  this.pinned = post.pinned;
  this.queue_rank = post.queue_rank;
  this.shipped_at = post.shipped_at;
  this.created_at = post.created_at;
  this.vote_count = post.vote_count;
  this.comment_count = post.comment_count;
  this.proposal = typeof proposal === 'object' && proposal !== null ? cloneRow(proposal) : proposal;
  this.status_label_id = post.status_label_id;
  const fields = post.fields;
  this.fields = typeof fields === 'object' && fields !== null ? cloneRow(fields) : fields;
} as unknown as new (post: Record<string, unknown>) => object;
PostRow.prototype = Object.prototype;

/** A copy of a post: by {@link PostRow} for a row of exactly the post fields in order. */
function copyPost(row: object): object {
  return hasFields(row, POST_FIELDS) ? new PostRow(row as Record<string, unknown>) : deepen({ ...row });
}

const BOARD_VOTER_FIELDS = ['board_id', 'voter_id', 'last_day', 'days'];

/** True for a plain object whose own enumerable values are all finite numbers other than -0. */
function isNumberRecord(value: unknown): value is Record<string, number> {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) return false;
    const field = (value as Record<string, unknown>)[key];
    if (typeof field !== 'number' || !Number.isFinite(field) || Object.is(field, -0)) return false;
  }
  return true;
}

/**
 * A `board_voters` row, its `days` record (a count per day, keys differing from voter to voter)
 * copied through JSON. A spread copy of such records gets a hidden class, and an enumeration
 * cache, of its own; objects built by JSON.parse share the classes of their common key
 * prefixes: about 50 bytes less per post on the bench board. JSON reads back a record of finite
 * numbers (not -0) exactly, keys and their order included; any other row is copied by spread.
 */
function copyBoardVoter(row: object): object {
  const fields = row as Record<string, unknown>;
  if (!hasFields(row, BOARD_VOTER_FIELDS) || !isNumberRecord(fields.days)) return deepen({ ...row });
  return new BoardVoterRow(fields);
}

/** Built by `new`, not a literal, for the reason given at {@link PostRow}. */
const BoardVoterRow = function (this: Record<string, unknown>, row: Record<string, unknown>) {
  this.board_id = row.board_id;
  this.voter_id = row.voter_id;
  this.last_day = row.last_day;
  this.days = JSON.parse(JSON.stringify(row.days)) as Record<string, number>;
} as unknown as new (row: Record<string, unknown>) => object;
BoardVoterRow.prototype = Object.prototype;

/** The tables that hold many rows, each with its own spread (see above); others use cloneRow. */
const COPIERS: Partial<Record<TableName, RowCopier>> = {
  posts: copyPost,
  comments: (row) => deepen({ ...row }),
  voters: (row) => deepen({ ...row }),
  post_tags: (row) => deepen({ ...row }),
  post_words: (row) => deepen({ ...row }),
  board_voters: copyBoardVoter,
  board_days: (row) => deepen({ ...row }),
  reactions: (row) => deepen({ ...row }),
  evidence: (row) => deepen({ ...row }),
  webhook_messages: (row) => deepen({ ...row }),
  webhook_attempts: (row) => deepen({ ...row }),
};

/** The copier of `table`'s rows. */
export function rowCopier(table: TableName): RowCopier {
  return COPIERS[table] ?? ((row) => cloneRow(row));
}
