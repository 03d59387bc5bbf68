/**
 * Rows as pg returns them and their conversion to the contract's records (the proposal's five
 * columns to one object, JSON text to arrays). Integers are `integer` columns (pg returns numbers)
 * and counts are cast to `int` in SQL, since pg returns `bigint` as a string. Every conversion
 * builds a new object, so records handed out never alias anything the adapter keeps.
 */
import type { FieldValues } from '../../../src/domain/fields.js';
import type { PostRecord, PostStatus } from '../../../src/domain/records.js';

/** The columns of a post record, qualified with the alias `p` (the folded copies are not read). */
export const POST_COLUMNS = `p.id, p.board_id, p.title, p.body, p.status, p.is_admin, p.hidden,
  p.pinned, p.queue_rank, p.shipped_at, p.created_at, p.vote_count, p.comment_count,
  p.proposal_status, p.proposal_note, p.proposal_proposed_at, p.proposal_api_key_id, p.proposal_connection_id, p.status_label_id, p.fields`;

/** A post row: the record's columns, with the proposal spread over five. */
export interface PostRow {
  id: number;
  board_id: number;
  title: string;
  body: string;
  status: PostStatus;
  is_admin: boolean;
  hidden: boolean;
  pinned: boolean;
  queue_rank: number | null;
  shipped_at: string | null;
  created_at: string;
  vote_count: number;
  comment_count: number;
  proposal_status: PostStatus | null;
  proposal_note: string | null;
  proposal_proposed_at: string | null;
  proposal_api_key_id: number | null;
  proposal_connection_id: number | null;
  status_label_id: number;
  fields: FieldValues | null;
}

export function toPost(row: PostRow): PostRecord {
  return {
    id: row.id,
    board_id: row.board_id,
    title: row.title,
    body: row.body,
    status: row.status,
    is_admin: row.is_admin,
    hidden: row.hidden,
    pinned: row.pinned,
    queue_rank: row.queue_rank,
    shipped_at: row.shipped_at,
    created_at: row.created_at,
    vote_count: row.vote_count,
    comment_count: row.comment_count,
    proposal:
      row.proposal_status === null
        ? null
        : {
            status: row.proposal_status,
            note: row.proposal_note ?? '',
            proposed_at: row.proposal_proposed_at ?? '',
            proposed_by_api_key_id: row.proposal_api_key_id,
            proposed_by_connection_id: row.proposal_connection_id,
          },
    status_label_id: row.status_label_id,
    fields: row.fields,
  };
}

