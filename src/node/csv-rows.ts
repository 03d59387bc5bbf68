/**
 * The one row path of every import (docs/import.md): a row in the columns of the feedback CSV
 * file, from that file or made by a format's mapping (Fider, UserVoice, Quackback, Canny), read
 * into a checked post, vote or comment with the place it came from. Every rule a row can break
 * without looking at the store is checked here, before anything is written, so a refusal names
 * the place and the store is never touched.
 */
import { LIMITS } from '../domain/requests.js';
import { POST_STATUSES, type PostStatus } from '../domain/records.js';
import { InvalidUtf8Error, utf8LinesWithEndings } from './utf8-lines.js';

/** A file (or rows) that cannot be imported; nothing of it was stored. */
export class CsvImportError extends Error {
  override name = 'CsvImportError';
}

/** Columns every file must have (a column may be blank on rows of a type that does not use it). */
export const REQUIRED_CSV_COLUMNS = ['type', 'id', 'post_id', 'title', 'body', 'email', 'created_at'] as const;
/** Columns a file may add. */
export const OPTIONAL_CSV_COLUMNS = ['parent_id', 'status', 'name', 'shipped_at', 'source_id', 'tags', 'hidden', 'merged_into', 'merged_at', 'board'] as const;

/** A column of the feedback CSV file. */
export type CsvColumn = (typeof REQUIRED_CSV_COLUMNS)[number] | (typeof OPTIONAL_CSV_COLUMNS)[number];

/** One row in those columns (absent columns are blank) and where it came from. */
export interface SourceRow {
  /** Its order among the rows (a CSV file's line; replies are stored after their parents whatever it is). */
  line: number;
  /** Where it came from, for messages: `line 57`, `posts.json, post 3`. */
  where: string;
  values: Readonly<Partial<Record<CsvColumn, string>>>;
}

/** Who wrote a post or comment: a voter by e-mail, a person known only by name, or the board team. */
export interface Author {
  /** Lower-cased e-mail, or null. */
  email: string | null;
  /** The display name; with no e-mail, a name alone is a person without an address, no name the board team. */
  name: string;
}

interface Placed {
  line: number;
  where: string;
}

/** A post row. */
export interface CsvPost extends Author, Placed {
  id: string;
  /** The row's id in the system it comes from, when the row names one. */
  source_id: string | null;
  title: string;
  body: string;
  status: PostStatus;
  created_at: string;
  shipped_at: string | null;
  tags: string[];
  hidden: boolean;
  /** The `id` of the post of the file it was merged into. */
  merged_into: string | null;
  merged_at: string | null;
  /** The board of the system it comes from (one per import). */
  board: string;
}

/** A vote row: always a voter's. */
export interface CsvVote extends Placed {
  post_id: string;
  email: string;
  name: string;
  created_at: string;
}

/** A comment row. */
export interface CsvComment extends Author, Placed {
  id: string;
  source_id: string | null;
  post_id: string;
  parent_id: string | null;
  body: string;
  created_at: string;
}

/** A whole file, checked. */
export interface CsvFeedback {
  posts: CsvPost[];
  votes: CsvVote[];
  comments: CsvComment[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads one record's fields by column name, refusing blanks and bad values with its place. */
class Fields {
  readonly line: number;
  readonly where: string;
  private readonly values: SourceRow['values'];

  constructor(row: SourceRow) {
    this.line = row.line;
    this.where = row.where;
    this.values = row.values;
  }

  fail(message: string): never {
    throw new CsvImportError(`${this.where}: ${message}`);
  }

  text(column: CsvColumn): string {
    return (this.values[column] ?? '').trim();
  }

  required(column: CsvColumn, type: string): string {
    const value = this.text(column);
    if (value === '') this.fail(`a ${type} needs a ${column}`);
    return value;
  }

  time(column: CsvColumn, type: string): string {
    const value = this.required(column, type);
    const time = new Date(value);
    if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time.getTime())) this.fail(`${column} '${value}' is not an ISO 8601 date and time`);
    return time.toISOString();
  }

  author(type: string, required: boolean): Author {
    const email = this.text('email').toLowerCase();
    if (email === '' && required) this.fail(`a ${type} needs an email`);
    if (email !== '' && !EMAIL.test(email)) this.fail(`email '${email}' is not an e-mail address`);
    return { email: email === '' ? null : email, name: this.text('name') };
  }

  flag(column: CsvColumn): boolean {
    const value = this.text(column).toLowerCase();
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    return this.fail(`${column} '${value}' is not true or false`);
  }

  /** Tag names separated by `|`, each as the API allows one, at most as many as a post may have. */
  tags(): string[] {
    const names = [...new Set(this.text('tags').split('|').map((name) => name.trim()).filter((name) => name !== ''))];
    const long = names.find((name) => [...name].length > LIMITS.tagName);
    if (long !== undefined) this.fail(`the tag '${long}' is longer than ${LIMITS.tagName} characters`);
    if (names.length > LIMITS.tagsPerPost) this.fail(`${names.length} tags: a post has at most ${LIMITS.tagsPerPost}`);
    return names;
  }
}

function readPost(fields: Fields): CsvPost {
  const status = fields.text('status') || 'open';
  if (!(POST_STATUSES as readonly string[]).includes(status)) fields.fail(`status '${status}' is not one of ${POST_STATUSES.join(', ')}`);
  const created_at = fields.time('created_at', 'post');
  const shipped = fields.text('shipped_at') === '' ? null : fields.time('shipped_at', 'post');
  if (shipped !== null && status !== 'shipped') fields.fail(`shipped_at is set but the status is '${status}', not shipped`);
  const merged_into = fields.text('merged_into') || null;
  const merged_at = fields.text('merged_at') === '' ? null : fields.time('merged_at', 'post');
  if (merged_at !== null && merged_into === null) fields.fail('merged_at is set but merged_into is not');
  return {
    line: fields.line, where: fields.where, id: fields.required('id', 'post'), source_id: fields.text('source_id') || null,
    title: fields.required('title', 'post'), body: fields.text('body'), status: status as PostStatus, created_at,
    shipped_at: status === 'shipped' ? (shipped ?? created_at) : null, tags: fields.tags(), hidden: fields.flag('hidden'),
    merged_into, merged_at: merged_into === null ? null : (merged_at ?? created_at), board: fields.text('board'), ...fields.author('post', false),
  };
}

/** Reads one row into `into`: the shared path of every import, which every row of every format takes. */
export function readRow(row: SourceRow, into: CsvFeedback): void {
  const fields = new Fields(row);
  const type = fields.text('type');
  if (type === 'post') {
    into.posts.push(readPost(fields));
  } else if (type === 'vote') {
    const { email, name } = fields.author('vote', true);
    into.votes.push({ line: fields.line, where: fields.where, post_id: fields.required('post_id', 'vote'), email: email!, name, created_at: fields.time('created_at', 'vote') });
  } else if (type === 'comment') {
    into.comments.push({
      line: fields.line, where: fields.where, id: fields.required('id', 'comment'), source_id: fields.text('source_id') || null,
      post_id: fields.required('post_id', 'comment'), parent_id: fields.text('parent_id') || null, body: fields.required('body', 'comment'),
      created_at: fields.time('created_at', 'comment'), ...fields.author('comment', false),
    });
  } else {
    fields.fail(`type '${type}' is not one of post, vote, comment`);
  }
}

/** Checks a feedback CSV file's header line: every column known, the required ones present, none twice. */
export function checkHeader(header: readonly string[]): void {
  const known = new Set<string>([...REQUIRED_CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS]);
  const unknown = header.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new CsvImportError(`line 1: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (the columns are ${[...known].join(', ')})`);
  const missing = REQUIRED_CSV_COLUMNS.filter((name) => !header.includes(name));
  if (missing.length > 0) throw new CsvImportError(`line 1: missing required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const twice = header.find((name, index) => header.indexOf(name) !== index);
  if (twice !== undefined) throw new CsvImportError(`line 1: column ${twice} appears twice`);
}
