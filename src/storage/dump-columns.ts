/**
 * Dump rows to SQL columns and back, for both SQL adapters: the same tables and columns (`fb_` +
 * the record table's name), flags as 0/1 in SQLite, JSON in text or jsonb columns, a post's
 * proposal in four columns, what a merge moved in one JSON column, and a post's case-folded copies
 * of title and body, which are derived and so written here but never dumped.
 */
import type { PostRecord, PostStatus } from '../domain/records.js';
import type { DumpRow, DumpTable } from './dump-tables.js';
import { foldCase } from './text.js';

/** How an SQL dialect binds a flag (SQLite: 0/1, PostgreSQL: a boolean). */
export type FlagValue = (flag: boolean) => unknown;

/** A row read from SQL (any column order) as a dump row. */
export function recordFromColumns(table: DumpTable, row: Readonly<Record<string, unknown>>): DumpRow {
  const record: Record<string, unknown> = { ...row };
  for (const field of table.flags) record[field] = row[field] === 1 || row[field] === true;
  for (const field of table.json) record[field] = typeof row[field] === 'string' ? JSON.parse(row[field]) : row[field];
  for (const field of table.bigints) record[field] = typeof row[field] === 'string' ? Number(row[field]) : row[field];
  if (table.name === 'posts') return postFromColumns(record);
  if (table.name === 'post_merges') {
    const { moved, ...keys } = record;
    return { ...keys, ...(moved as object) };
  }
  return record;
}

function postFromColumns(record: Record<string, unknown>): DumpRow {
  const { title_folded, body_folded, proposal_status, proposal_note, proposal_proposed_at, proposal_api_key_id, proposal_connection_id, ...post } = record;
  post['proposal'] =
    proposal_status === null
      ? null
      : {
          status: proposal_status as PostStatus,
          note: proposal_note ?? '',
          proposed_at: proposal_proposed_at ?? '',
          proposed_by_api_key_id: proposal_api_key_id ?? null,
          proposed_by_connection_id: proposal_connection_id ?? null,
        };
  return post;
}

/** A dump row as the SQL columns to insert (name to value), flags bound by `flag`. */
export function columnsFromRecord(table: DumpTable, row: DumpRow, flag: FlagValue): Record<string, unknown> {
  if (table.name === 'post_merges') {
    // A merge record holds what the merge moved as its own fields; SQL keeps them in `moved`.
    const { source_id, target_id, board_id, merged_at, ...moved } = row;
    return { source_id, target_id, board_id, merged_at, moved: JSON.stringify(moved) };
  }
  const columns: Record<string, unknown> = { ...row };
  for (const field of table.flags) columns[field] = flag(row[field] === true);
  // A JSON column that may be NULL (a post without custom field values) stays NULL, not JSON `null`.
  for (const field of table.json) columns[field] = row[field] === null ? null : JSON.stringify(row[field]);
  if (table.name === 'posts') {
    const { proposal, ...post } = columns as unknown as PostRecord;
    return {
      ...post,
      // NULL for a post without values (and one of a dump written before custom fields).
      fields: row['fields'] == null ? null : JSON.stringify(row['fields']),
      proposal_status: proposal?.status ?? null,
      proposal_note: proposal?.note ?? null,
      proposal_proposed_at: proposal?.proposed_at ?? null,
      proposal_api_key_id: proposal?.proposed_by_api_key_id ?? null,
      proposal_connection_id: proposal?.proposed_by_connection_id ?? null,
      title_folded: foldCase(String(row['title'])),
      body_folded: foldCase(String(row['body'])),
    };
  }
  return columns;
}
