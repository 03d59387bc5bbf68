/**
 * Reading a feedback CSV file (docs/import.md) into checked rows: posts, votes and comments, each
 * with the line it starts on. Every rule a row can break without looking at the store is checked
 * here, before anything is written, so a refusal names the line and the store is never touched.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { POST_STATUSES, type PostStatus } from '../domain/records.js';
import { InvalidUtf8Error, utf8LinesWithEndings } from './utf8-lines.js';

/** A CSV file that cannot be imported; nothing of it was stored. */
export class CsvImportError extends Error {
  override name = 'CsvImportError';
}

/** Columns every file must have (a column may be blank on rows of a type that does not use it). */
export const REQUIRED_CSV_COLUMNS = ['type', 'id', 'post_id', 'title', 'body', 'email', 'created_at'] as const;
/** Columns a file may add. */
export const OPTIONAL_CSV_COLUMNS = ['parent_id', 'status', 'name', 'shipped_at'] as const;

type Column = (typeof REQUIRED_CSV_COLUMNS)[number] | (typeof OPTIONAL_CSV_COLUMNS)[number];

/** The fields of a voter named on a row: blank e-mail means the board team. */
interface Author {
  /** Lower-cased e-mail, or null for the board team. */
  email: string | null;
  name: string;
}

/** A post row. */
export interface CsvPost extends Author {
  line: number;
  id: string;
  title: string;
  body: string;
  status: PostStatus;
  created_at: string;
  shipped_at: string | null;
}

/** A vote row: always a voter's. */
export interface CsvVote {
  line: number;
  post_id: string;
  email: string;
  name: string;
  created_at: string;
}

/** A comment row. */
export interface CsvComment extends Author {
  line: number;
  id: string;
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

/** Reads one record's fields by column name, refusing blanks and bad values with its line. */
class Fields {
  constructor(
    readonly line: number,
    private readonly values: Partial<Record<Column, string>>,
  ) {}

  fail(message: string): never {
    throw new CsvImportError(`line ${this.line}: ${message}`);
  }

  text(column: Column): string {
    return (this.values[column] ?? '').trim();
  }

  required(column: Column, type: string): string {
    const value = this.text(column);
    if (value === '') this.fail(`a ${type} needs a ${column}`);
    return value;
  }

  time(column: Column, type: string): string {
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
}

function readRow(fields: Fields, into: CsvFeedback): void {
  const type = fields.text('type');
  if (type === 'post') {
    const status = fields.text('status') || 'open';
    if (!(POST_STATUSES as readonly string[]).includes(status)) fields.fail(`status '${status}' is not one of ${POST_STATUSES.join(', ')}`);
    const created_at = fields.time('created_at', 'post');
    const shipped = fields.text('shipped_at') === '' ? null : fields.time('shipped_at', 'post');
    if (shipped !== null && status !== 'shipped') fields.fail(`shipped_at is set but the status is '${status}', not shipped`);
    into.posts.push({
      line: fields.line, id: fields.required('id', 'post'), title: fields.required('title', 'post'), body: fields.text('body'),
      status: status as PostStatus, created_at, shipped_at: status === 'shipped' ? (shipped ?? created_at) : null, ...fields.author('post', false),
    });
  } else if (type === 'vote') {
    const { email, name } = fields.author('vote', true);
    into.votes.push({ line: fields.line, post_id: fields.required('post_id', 'vote'), email: email!, name, created_at: fields.time('created_at', 'vote') });
  } else if (type === 'comment') {
    into.comments.push({
      line: fields.line, id: fields.required('id', 'comment'), post_id: fields.required('post_id', 'comment'),
      parent_id: fields.text('parent_id') || null, body: fields.required('body', 'comment'), created_at: fields.time('created_at', 'comment'),
      ...fields.author('comment', false),
    });
  } else {
    fields.fail(`type '${type}' is not one of post, vote, comment`);
  }
}

function checkHeader(header: string[]): void {
  const known = new Set<string>([...REQUIRED_CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS]);
  const unknown = header.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new CsvImportError(`line 1: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (the columns are ${[...known].join(', ')})`);
  const missing = REQUIRED_CSV_COLUMNS.filter((name) => !header.includes(name));
  if (missing.length > 0) throw new CsvImportError(`line 1: missing required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const twice = header.find((name, index) => header.indexOf(name) !== index);
  if (twice !== undefined) throw new CsvImportError(`line 1: column ${twice} appears twice`);
}

/** Checks that ids are unique and every reference names a row of the file. */
function checkReferences(feedback: CsvFeedback): void {
  const posts = new Map<string, CsvPost>();
  for (const post of feedback.posts) {
    if (posts.has(post.id)) throw new CsvImportError(`line ${post.line}: post id '${post.id}' is also the id of the post on line ${posts.get(post.id)!.line}`);
    posts.set(post.id, post);
  }
  for (const vote of feedback.votes) {
    if (!posts.has(vote.post_id)) throw new CsvImportError(`line ${vote.line}: post_id '${vote.post_id}' is not the id of a post in the file`);
  }
  const comments = new Map<string, CsvComment>();
  for (const comment of feedback.comments) {
    if (comments.has(comment.id)) throw new CsvImportError(`line ${comment.line}: comment id '${comment.id}' is also the id of the comment on line ${comments.get(comment.id)!.line}`);
    if (!posts.has(comment.post_id)) throw new CsvImportError(`line ${comment.line}: post_id '${comment.post_id}' is not the id of a post in the file`);
    comments.set(comment.id, comment);
  }
  for (const comment of feedback.comments) {
    if (comment.parent_id === null) continue;
    const parent = comments.get(comment.parent_id);
    if (parent === undefined) throw new CsvImportError(`line ${comment.line}: parent_id '${comment.parent_id}' is not the id of a comment in the file`);
    if (parent.post_id !== comment.post_id) throw new CsvImportError(`line ${comment.line}: parent_id '${comment.parent_id}' is a comment on another post`);
  }
}

/**
 * Reads and checks a whole CSV file (strict UTF-8, a header line, RFC 4180 quoting: fields may
 * hold commas, quotes and line breaks).
 *
 * @throws {@link CsvImportError} naming the line of the first bad record (or of bytes that are
 *   not UTF-8), or the header's problem.
 */
export async function readFeedbackCsv(input: Readable): Promise<CsvFeedback> {
  const parser = parse({ bom: true, skip_empty_lines: true, info: true });
  // The parser is fed the file's lines decoded strictly; a bad byte fails the parser's reading below.
  pipeline(Readable.from(utf8LinesWithEndings(input)), parser).catch(() => undefined);
  const feedback: CsvFeedback = { posts: [], votes: [], comments: [] };
  let header: string[] | undefined;
  // The parser counts the lines read up to a record's end; a record starts on the line after the
  // previous record's end and the blank lines skipped since.
  let lastEnd = 0;
  let lastEmpty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; empty_lines: number } }>) {
      const line = lastEnd + 1 + info.empty_lines - lastEmpty;
      lastEnd = info.lines;
      lastEmpty = info.empty_lines;
      if (header === undefined) {
        header = record.map((name) => name.trim());
        checkHeader(header);
        continue;
      }
      const values = Object.fromEntries(header.map((name, index) => [name, record[index]]));
      readRow(new Fields(line, values), feedback);
    }
  } catch (error) {
    if (error instanceof CsvImportError) throw error;
    if (error instanceof InvalidUtf8Error) throw new CsvImportError(error.message);
    const { lines, message } = error as { lines?: number; message: string };
    const reason = message.replace(/ (on|at) line \d+$/, '');
    throw new CsvImportError(`${lines === undefined ? '' : `line ${lines}: `}not valid CSV (${reason})`);
  }
  if (header === undefined) throw new CsvImportError('the file is empty (no header line)');
  checkReferences(feedback);
  return feedback;
}
