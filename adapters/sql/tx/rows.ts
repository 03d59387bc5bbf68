/**
 * Rows as the SQL stores return them, and their conversion to the contract's records (a boolean
 * column to a boolean, the proposal's five columns to one object). Every conversion builds a new
 * object, so records handed out never alias anything a store keeps.
 */
import type { BoardRecord, CommentRecord, PostRecord, PostStatus } from '../../../src/domain/records.js';
import type { FieldValues } from '../../../src/domain/fields.js';
import { perDialect, type Dialect, type Planning, type SqlParams, type SqlSeam } from '../seam.js';
import { flag } from '../statements.js';

/** A boolean column as SQLite (0/1) or PostgreSQL (a boolean) returns it. */
export type Flag = 0 | 1 | boolean;

/** The columns of a post record, in the order {@link tupleToPost} reads (the folded copies are not read). */
const POST_FIELD_LIST = [
  'id', 'board_id', 'title', 'body', 'status', 'is_admin', 'hidden', 'pinned', 'queue_rank', 'shipped_at', 'created_at',
  'vote_count', 'comment_count', 'proposal_status', 'proposal_note', 'proposal_proposed_at', 'proposal_api_key_id',
  'proposal_connection_id', 'status_label_id', 'fields',
];

/** How many columns a post takes in a tuple: what follows it starts that far after it. */
export const POST_FIELD_COUNT = POST_FIELD_LIST.length;

const POST_COLUMN_LIST = POST_FIELD_LIST.map((field) => `p.${field}`);

/** The columns of a post record, qualified with the alias `p`. */
export const POST_COLUMNS = POST_COLUMN_LIST.join(', ');

/**
 * A post as one value: {@link POST_COLUMNS} as a JSON array (`json_array` in SQLite,
 * `json_build_array` in PostgreSQL), the SELECT list of {@link selectPosts} and of every read of
 * one post. better-sqlite3 under Node 20 builds a row with a call into V8 for each of its 20
 * columns, which costs more than the query: a post read as one JSON text and parsed takes half
 * the instructions (17.6 K against 35.9 K, the statement in a loop), and a page of the 100 top
 * posts in a read transaction 172 µs instead of 259 µs. PostgreSQL's driver parses the array as
 * it parses any `json` value.
 */
export const POST_ROW = perDialect((d) => d.jsonArray(POST_COLUMN_LIST));

/** {@link POST_ROW} of the columns unqualified: a RETURNING list (SQLite's takes no alias of an INSERT). */
export const RETURNED_POST_ROW = perDialect((d) => d.jsonArray(POST_FIELD_LIST));

/**
 * A post from the values of {@link POST_COLUMNS} in an array ({@link POST_ROW} parsed, or a row
 * read as a tuple by `SqlSeam.tuples`), starting at position `at`.
 */
export function tupleToPost(t: readonly unknown[], at = 0): PostRecord {
  const proposalStatus = t[at + 13] as PostStatus | null;
  return {
    id: t[at] as number,
    board_id: t[at + 1] as number,
    title: t[at + 2] as string,
    body: t[at + 3] as string,
    status: t[at + 4] as PostStatus,
    is_admin: flag(t[at + 5]),
    hidden: flag(t[at + 6]),
    pinned: flag(t[at + 7]),
    queue_rank: t[at + 8] as number | null,
    shipped_at: t[at + 9] as string | null,
    created_at: t[at + 10] as string,
    vote_count: t[at + 11] as number,
    comment_count: t[at + 12] as number,
    proposal:
      proposalStatus === null
        ? null
        : {
            status: proposalStatus,
            note: (t[at + 14] as string | null) ?? '',
            proposed_at: (t[at + 15] as string | null) ?? '',
            proposed_by_api_key_id: t[at + 16] as number | null,
            proposed_by_connection_id: t[at + 17] as number | null,
          },
    status_label_id: t[at + 18] as number,
    fields: fieldValues(t[at + 19]),
  };
}

/** A post's `fields` column: JSON text (SQLite), an object (PostgreSQL's jsonb, fresh per row), or NULL. */
export function fieldValues(value: unknown): FieldValues | null {
  return typeof value === 'string' ? (JSON.parse(value) as FieldValues) : (value as FieldValues | null);
}

/** Values to store in a post's `fields` column: JSON text, or NULL for none. */
export function fieldsColumn(values: FieldValues | null | undefined): string | null {
  return values ? JSON.stringify(values) : null;
}

/** A post from the value of {@link POST_ROW} (or {@link RETURNED_POST_ROW}) as the driver read it. */
export function postFromRow(d: Dialect, row: unknown): PostRecord {
  return tupleToPost(d.json<unknown[]>(row));
}

/** The posts selected by `text`, whose SELECT list is {@link POST_ROW}. */
export async function selectPosts(db: SqlSeam, text: string, params?: SqlParams, planning?: Planning): Promise<PostRecord[]> {
  const d = db.dialect;
  return (await db.column(text, params, planning)).map((row) => postFromRow(d, row));
}

export type BoardRow = Omit<BoardRecord, 'published'> & { published: Flag };

const BOARD_FIELD_LIST = ['id', 'organization_id', 'slug', 'name', 'description', 'welcome_message', 'published', 'logo_url', 'created_at'];

/** The columns of a board record, in the order {@link tupleToBoard} reads. */
export const BOARD_FIELDS = BOARD_FIELD_LIST.join(', ');

/** A board as one value, {@link BOARD_FIELDS} as a JSON array: cheaper to read, as {@link POST_ROW} is. */
export const BOARD_ROW = perDialect((d) => d.jsonArray(BOARD_FIELD_LIST));

/**
 * A board from a row of {@link BOARD_FIELDS} as an array ({@link BOARD_ROW} parsed, or a tuple):
 * one object of a fixed shape, where a row object (its property names looked up for every row)
 * then spread into another cost twice as much in the board lookup every request by slug starts
 * with.
 */
function tupleToBoard(t: readonly unknown[]): BoardRecord {
  return {
    id: t[0] as number,
    organization_id: t[1] as number,
    slug: t[2] as string,
    name: t[3] as string,
    description: t[4] as string,
    welcome_message: t[5] as string,
    published: flag(t[6]),
    logo_url: t[7] as string | null,
    created_at: t[8] as string,
  };
}

/** A board from the value of {@link BOARD_ROW} as the driver read it. */
export function boardFromRow(d: Dialect, row: unknown): BoardRecord {
  return tupleToBoard(d.json<unknown[]>(row));
}

export function toBoard(row: BoardRow): BoardRecord {
  return { ...row, published: flag(row.published) };
}

export type CommentRow = Omit<CommentRecord, 'is_admin' | 'hidden'> & { is_admin: Flag; hidden: Flag };

export function toComment(row: CommentRow): CommentRecord {
  return { ...row, is_admin: flag(row.is_admin), hidden: flag(row.hidden) };
}
