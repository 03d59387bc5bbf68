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
  'queue_rank', 'shipped_at', 'created_at', 'vote_count', 'comment_count', 'proposal',
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
 * Posts reach the store from many spreads (a counter moved, a patch), and even a spread of their
 * own leaves some with the split layout; a literal of the post fields always has all of them in
 * the object. Used only for a row of exactly those fields in that order.
 */
function copyPost(row: object): object {
  if (!hasFields(row, POST_FIELDS)) return deepen({ ...row });
  const post = row as Record<string, unknown>;
  const proposal = post.proposal;
  return {
    id: post.id,
    board_id: post.board_id,
    title: post.title,
    body: post.body,
    status: post.status,
    is_admin: post.is_admin,
    hidden: post.hidden,
    pinned: post.pinned,
    queue_rank: post.queue_rank,
    shipped_at: post.shipped_at,
    created_at: post.created_at,
    vote_count: post.vote_count,
    comment_count: post.comment_count,
    proposal: typeof proposal === 'object' && proposal !== null ? cloneRow(proposal) : proposal,
  };
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
  return {
    board_id: fields.board_id,
    voter_id: fields.voter_id,
    last_day: fields.last_day,
    days: JSON.parse(JSON.stringify(fields.days)) as Record<string, number>,
  };
}

/** The tables that hold many rows, each with its own spread (see above); others use cloneRow. */
const COPIERS: Partial<Record<TableName, RowCopier>> = {
  posts: copyPost,
  comments: (row) => deepen({ ...row }),
  voters: (row) => deepen({ ...row }),
  post_tags: (row) => deepen({ ...row }),
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
