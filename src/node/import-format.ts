/**
 * What a format of import is: a CSV file's header it accepts, and the rows in the feedback CSV
 * columns it makes of each record (docs/import.md), which then take the one row path
 * (csv-rows.ts) like the rows of a feedback CSV file. Formats: `csv` (those columns themselves),
 * `fider`, `uservoice`, `quackback` (import-formats.ts), and Canny's API answers (import-canny.ts).
 */
import { POST_STATUSES, type PostStatus } from '../domain/records.js';
import { checkHeader, CsvImportError, type CsvColumn, type CsvFeedback } from './csv-rows.js';

/** Rows in the feedback CSV columns (absent columns are blank). */
export type RowValues = Partial<Record<CsvColumn, string>>;

/** What a format's mapping may use beyond a record. */
export interface FormatContext {
  /** The import's start (ISO), for a record without a time. */
  readonly now: string;
  /** The operator's own mapping of the source's statuses (`--status NAME=STATUS`), by {@link statusKey}. */
  readonly statuses: ReadonlyMap<string, PostStatus>;
  /** Counts `count` (default 1) of something the import leaves out, said in the summary (`votes of voters without an e-mail address`). */
  leaveOut(what: string, count?: number): void;
}

/** A CSV format: its header's check, and the rows of each record. */
export interface CsvFormat {
  /** How messages name the file's kind (`Fider's posts export`). */
  readonly label: string;
  /** Refuses a header without the columns the format reads (others are left alone, unless the format is `csv`). */
  checkHeader(header: readonly string[]): void;
  /** The rows of one record, read by header name; `where` names its place for refusals. */
  rows(record: (column: string) => string, where: string, context: FormatContext): RowValues[];
  /** Adjusts the checked rows once all are read, for what one record cannot tell (a merge into a post not in the export). */
  settle?(feedback: CsvFeedback, context: FormatContext): void;
}

/** A status name as compared: lower case, one space between words (`Under_Review` → `under review`). */
export function statusKey(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
}

/** A header name as compared: letters and digits only, lower case (`Idea ID` → `ideaid`). */
export function columnKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Our status for the source's `name`: the operator's mapping first, then the format's own table;
 * a status neither knows is refused with the option that maps it.
 */
export function mapStatus(name: string, table: Readonly<Record<string, PostStatus>>, context: FormatContext, where: string, label: string): PostStatus {
  const key = statusKey(name);
  const mapped = context.statuses.get(key) ?? table[key];
  if (mapped !== undefined) return mapped;
  throw new CsvImportError(
    `${where}: the status '${name}' of ${label} has no counterpart here: map it with --status '${name}=STATUS' (STATUS one of ${POST_STATUSES.join(', ')})`,
  );
}

/** Reads `--status` values (`NAME=STATUS`), each NAME once. */
export function parseStatusMap(values: readonly string[]): Map<string, PostStatus> {
  const map = new Map<string, PostStatus>();
  for (const value of values) {
    const at = value.lastIndexOf('=');
    const name = at <= 0 ? '' : value.slice(0, at);
    const status = value.slice(at + 1).trim();
    if (name.trim() === '' || !(POST_STATUSES as readonly string[]).includes(status)) {
      throw new CsvImportError(`--status takes NAME=STATUS with STATUS one of ${POST_STATUSES.join(', ')}, not "${value}"`);
    }
    if (map.has(statusKey(name))) throw new CsvImportError(`--status maps '${name}' twice`);
    map.set(statusKey(name), status as PostStatus);
  }
  return map;
}

/** The header of each known export, to name the format a file is in when `--from` is missing. */
const KNOWN_HEADERS: ReadonlyArray<{ from: string; label: string; columns: readonly string[] }> = [
  { from: 'fider', label: "Fider's posts export", columns: ['number', 'title', 'description', 'votescount', 'originalnumber'] },
  { from: 'uservoice', label: "UserVoice's suggestions export", columns: ['ideaid', 'ideatitle'] },
  { from: 'quackback', label: "Quackback's import template", columns: ['title', 'content', 'authoremail', 'votecount'] },
];

/** The rows of a feedback CSV file: its own columns, with `--status` mapping statuses of other names. */
export const FEEDBACK_CSV: CsvFormat = {
  label: 'the feedback CSV file',
  checkHeader(header) {
    const keys = new Set(header.map(columnKey));
    const known = KNOWN_HEADERS.find(({ columns }) => columns.every((column) => keys.has(column)));
    if (known !== undefined) throw new CsvImportError(`line 1: this looks like ${known.label}: add --from ${known.from}`);
    checkHeader(header);
  },
  rows(record, where, context) {
    const values: RowValues = {};
    for (const column of ['type', 'id', 'post_id', 'parent_id', 'title', 'body', 'status', 'shipped_at', 'email', 'name', 'created_at', 'source_id', 'tags', 'hidden', 'merged_into', 'merged_at', 'board'] as const) {
      values[column] = record(column);
    }
    const status = values.status?.trim() ?? '';
    if (status !== '' && !(POST_STATUSES as readonly string[]).includes(status) && context.statuses.has(statusKey(status))) {
      values.status = context.statuses.get(statusKey(status));
    }
    return [values];
  },
};
